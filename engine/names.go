package engine

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxNameLength is the most characters of a player's name: it fits the
// board's displays, a .mat header line and the desk's table.
const MaxNameLength = 32

// MaxMatchLength is the longest match a board plays, in points.
const MaxMatchLength = 64

// ErrName is wrapped by CheckName's errors.
var ErrName = errors.New("bad player name")

// CheckName reports a player's name that a match record or a display
// cannot carry: empty, not UTF-8, longer than MaxNameLength characters, or
// holding a control character (a newline, a NUL) or a character that does
// not print. The config, a trace's header, the page and the desk all check
// names with it.
func CheckName(name string) error {
	switch n := utf8.RuneCountInString(name); {
	case name == "":
		return fmt.Errorf("%w: empty", ErrName)
	case !utf8.ValidString(name):
		return fmt.Errorf("%w %q: not UTF-8", ErrName, name)
	case n > MaxNameLength:
		return fmt.Errorf("%w %.20q…: %d characters, more than %d", ErrName, name, n, MaxNameLength)
	}
	if i := strings.IndexFunc(name, func(r rune) bool { return !unicode.IsPrint(r) && r != ' ' }); i >= 0 {
		r, _ := utf8.DecodeRuneInString(name[i:])
		return fmt.Errorf("%w %q: %U does not print", ErrName, name, r)
	}
	return nil
}

// CheckMatchLength reports a match length out of range: 0 (money play) to
// MaxMatchLength points.
func CheckMatchLength(points int) error {
	if points < 0 || points > MaxMatchLength {
		return fmt.Errorf("match length %d: want 0 (money play) to %d points", points, MaxMatchLength)
	}
	return nil
}
