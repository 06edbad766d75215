package web

import (
	"errors"
	"fmt"
	"math"
	"strings"
)

// MinTokenBits is the least randomness a director token must carry: 2^128
// guesses are out of reach of anyone on the hall's network.
const MinTokenBits = 128

// MakeTokenHint says how to make a token that passes CheckToken.
const MakeTokenHint = `make one with "openssl rand -hex 16"`

// tokenAlphabets are the alphabets a token is taken to be drawn from, the
// smallest first: a token's strength is counted in the smallest that
// holds all its characters.
var tokenAlphabets = []struct {
	name  string
	chars string
}{
	{"digits", "0123456789"},
	{"hexadecimal digits", "0123456789abcdef"},
	{"hexadecimal digits", "0123456789ABCDEF"},
	{"lower-case letters and digits", "abcdefghijklmnopqrstuvwxyz0123456789"},
	{"upper-case letters and digits", "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"},
	{"letters and digits", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"},
	{"base64", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_="},
	{"printable characters", "!\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~"},
}

// CheckToken says why token is too weak to be a director token, or nil: an
// upper bound of its randomness (its length times the bits of a character
// of the smallest alphabet holding it) under MinTokenBits, characters a
// header cannot carry as typed (spaces, control and non-ASCII characters),
// or too few distinct characters to be random ("aaaa...", "abab...").
// The token itself is never in the error: it must not reach a log.
func CheckToken(token string) error {
	for _, a := range tokenAlphabets {
		if strings.Trim(token, a.chars) != "" {
			continue
		}
		bits := int(float64(len(token)) * math.Log2(float64(len(a.chars))))
		if bits < MinTokenBits {
			return fmt.Errorf("%d characters, all %s: at most %d bits of randomness, want %d: %s", len(token), a.name, bits, MinTokenBits, MakeTokenHint)
		}
		if d, want := distinct(token), min(8, len(a.chars)/2); d < want {
			return fmt.Errorf("%d characters, only %d of them distinct, want %d or more: a token must be random; %s", len(token), d, want, MakeTokenHint)
		}
		return nil
	}
	return errors.New("spaces, control or non-ASCII characters: use letters, digits and punctuation only; " + MakeTokenHint)
}

// distinct counts the distinct characters of an ASCII string.
func distinct(s string) int {
	var seen [128]bool
	n := 0
	for _, c := range []byte(s) {
		if !seen[c&127] {
			seen[c&127] = true
			n++
		}
	}
	return n
}
