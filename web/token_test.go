package web

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"strings"
	"testing"
)

func TestCheckTokenRefuses(t *testing.T) {
	for _, tc := range []struct {
		name, token, want string
	}{
		{"16 spaces", strings.Repeat(" ", 16), "spaces"},
		{"a space inside", "0123456789abcdef 0123456789abcdef", "spaces"},
		{"a tab", "0123456789abcdef\t0123456789abcdef", "spaces"},
		{"non-ASCII", "ça-ne-se-tape-pas-dans-un-en-tête", "non-ASCII"},
		{"a word", "secret", "6 characters, all lower-case letters and digits: at most 31 bits"},
		{"16 characters", "Tr0ub4dor&3horse", "at most 104 bits"},
		{"12 bytes in hex", strings.Repeat("0123456789abcdef", 2)[:24], "at most 96 bits"},
		{"30 digits", strings.Repeat("0123456789", 3), "30 characters, all digits: at most 99 bits"},
		{"one character repeated", strings.Repeat("a", 40), "only 1 of them distinct"},
		{"two characters alternating", strings.Repeat("Ab", 30), "only 2 of them distinct"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckToken(tc.token)
			if err == nil {
				t.Fatalf("accepted, want refused with %q", tc.want)
			}
			for _, want := range []string{tc.want, "openssl rand -hex 16"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("%q, want %q in it", err, want)
				}
			}
			if strings.TrimSpace(tc.token) != "" && strings.Contains(err.Error(), tc.token) {
				t.Errorf("the error %q shows the token", err)
			}
		})
	}
}

// TestCheckTokenAccepts: what the usual tools make passes, every
// time (a random token must never be refused for looking weak).
func TestCheckTokenAccepts(t *testing.T) {
	for _, token := range []string{
		"director-secret-0123456789",
		`k#9!Lp@2xQ$7mZ&4rT^w`,
		"314159265358979323846264338327950288419", // 39 digits
		// Unlucky draws of 128-bit tokens, from a smaller alphabet:
		"31415926535897932384626433832795", // hex 16 bytes, all digits
		"SS4K4YF8RVC9KQ3BPJX63Q",           // base64 16 bytes, no lower case
		"ABCDEF234567FEDCBA765432AB",       // rand.Text, upper-case hex only
		"0123456789abcdef0123456789abcd",   // 120 bits in hex, 155 in base36
	} {
		if err := CheckToken(token); err != nil {
			t.Errorf("%q: %v", token, err)
		}
	}
	for range 2000 {
		b := rand.Text() // 26 base32 characters, 130 bits
		key := make([]byte, 16)
		rand.Read(key)
		for _, token := range []string{b, hex.EncodeToString(key), strings.ToUpper(hex.EncodeToString(key)),
			base64.StdEncoding.EncodeToString(key), base64.RawURLEncoding.EncodeToString(key)} {
			if err := CheckToken(token); err != nil {
				t.Fatalf("%q: %v", token, err)
			}
		}
	}
}
