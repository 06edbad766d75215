package engine

import (
	"errors"
	"strings"
	"testing"
)

func TestCheckName(t *testing.T) {
	for _, tc := range []struct {
		name string
		ok   bool
	}{
		{"Alice", true},
		{"Jean-Pierre O'Neill", true},
		{"Ålice Ålice Ålice Ålice Ålice Ål", true}, // 32 characters, more bytes
		{"李小龍", true},
		{"", false},
		{"Alice\n", false},
		{"Al\x00ice", false},
		{"A\xff", false},
		{"Al\u200bice", false}, // a zero-width space does not print
		{strings.Repeat("B", 33), false},
		{strings.Repeat("B", 5000), false},
	} {
		err := CheckName(tc.name)
		if (err == nil) != tc.ok || (err != nil && !errors.Is(err, ErrName)) {
			t.Errorf("CheckName(%q) = %v, want ok %v", tc.name, err, tc.ok)
		}
		if err != nil && len(err.Error()) > 120 {
			t.Errorf("CheckName(%.20q…): a %d-byte error quotes too much", tc.name, len(err.Error()))
		}
	}
}

func TestCheckMatchLength(t *testing.T) {
	for n, ok := range map[int]bool{-1: false, 0: true, 1: true, 25: true, MaxMatchLength: true, MaxMatchLength + 1: false, 1_000_000: false} {
		if err := CheckMatchLength(n); (err == nil) != ok {
			t.Errorf("CheckMatchLength(%d) = %v, want ok %v", n, err, ok)
		}
	}
}
