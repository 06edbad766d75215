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

type tokenAlphabet struct {
	name  string
	chars string
}

// tokenAlphabets are the alphabets a token is taken to be drawn from, the
// smallest first: a token's strength is counted in the smallest that
// holds all its characters.
var tokenAlphabets = []tokenAlphabet{
	{"digits", "0123456789"},
	{"hexadecimal digits", "0123456789abcdef"},
	{"hexadecimal digits", "0123456789ABCDEF"},
	{"lower-case letters and digits", "abcdefghijklmnopqrstuvwxyz0123456789"},
	{"upper-case letters and digits", "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"},
	{"letters and digits", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"},
	{"base64", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_="},
	{"printable characters", "!\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~"},
}

// CheckToken says why token is too weak to be a director token, or nil.
// It refuses characters a header cannot carry as typed (spaces, control
// and non-ASCII characters), too few distinct characters to be random
// ("aaaa...", "abab..."), and a token whose characters cannot carry
// MinTokenBits: its length times the bits of a character of the smallest
// alphabet holding it. A random draw from a larger alphabet can land in a
// smaller one by chance ("openssl rand -hex 16" gives 32 digits once in
// three million), so a token is taken as such a draw whenever that chance
// is above unluckyDraw: a 128-bit token made the usual way is refused
// less often than that.
// The token itself is never in the error: it must not reach a log.
func CheckToken(token string) error {
	for i, a := range tokenAlphabets {
		if !holds(a.chars, token) {
			continue
		}
		if bits := alphabetBits(token, a.chars); bits < MinTokenBits && !unluckyDrawFromLarger(token, a.chars, tokenAlphabets[i+1:]) {
			return fmt.Errorf("%d characters, all %s: at most %d bits of randomness, want %d: %s", len(token), a.name, int(bits), MinTokenBits, MakeTokenHint)
		}
		if d, want := distinct(token), min(8, len(a.chars)/2); d < want {
			return fmt.Errorf("%d characters, only %d of them distinct, want %d or more: a token must be random; %s", len(token), d, want, MakeTokenHint)
		}
		return nil
	}
	return errors.New("spaces, control or non-ASCII characters: use letters, digits and punctuation only; " + MakeTokenHint)
}

// unluckyDraw is the chance below which a token is not taken for a random
// draw from a larger alphabet that happened to miss its other characters.
const unluckyDraw = 1e-12

// unluckyDrawFromLarger says whether token, held by the alphabet small,
// may be a draw of MinTokenBits or more from one of the larger alphabets
// holding small, with a chance above unluckyDraw of looking as it does.
func unluckyDrawFromLarger(token, small string, larger []tokenAlphabet) bool {
	for _, b := range larger {
		if !holds(b.chars, small) || alphabetBits(token, b.chars) < MinTokenBits {
			continue
		}
		chanceLog2 := float64(len(token)) * math.Log2(float64(len(small))/float64(len(b.chars)))
		if chanceLog2 > math.Log2(unluckyDraw) {
			return true
		}
	}
	return false
}

// alphabetBits is the randomness of token drawn uniformly from alphabet.
func alphabetBits(token, alphabet string) float64 {
	return float64(len(token)) * math.Log2(float64(len(alphabet)))
}

// holds says whether every character of s is in alphabet.
func holds(alphabet, s string) bool {
	return strings.Trim(s, alphabet) == ""
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
