package segment

import (
	"fmt"
	"strconv"
	"unicode"
)

// Segment bits of a digit's row byte.
const (
	SegA  byte = 1 << iota // top
	SegB                   // top right
	SegC                   // bottom right
	SegD                   // bottom
	SegE                   // bottom left
	SegF                   // top left
	SegG                   // middle
	SegDP                  // decimal point
)

// NumDigits is the number of digits on the display.
const NumDigits = 4

// Cells is one picture of the display: the segments of each digit, left to
// right.
type Cells [NumDigits]byte

// End is an end of the display, as seen when reading it.
type End uint8

// The display's ends.
const (
	Left End = iota
	Right
)

func (e End) String() string {
	if e == Right {
		return "right"
	}
	return "left"
}

// WithDot returns c with the decimal point at end e lit: the first digit's
// for Left, the last digit's for Right.
func (c Cells) WithDot(e End) Cells {
	i := 0
	if e == Right {
		i = NumDigits - 1
	}
	c[i] |= SegDP
	return c
}

var font = map[rune]byte{
	' ': 0,
	'-': SegG,
	'0': SegA | SegB | SegC | SegD | SegE | SegF,
	'1': SegB | SegC,
	'2': SegA | SegB | SegD | SegE | SegG,
	'3': SegA | SegB | SegC | SegD | SegG,
	'4': SegB | SegC | SegF | SegG,
	'5': SegA | SegC | SegD | SegF | SegG,
	'6': SegA | SegC | SegD | SegE | SegF | SegG,
	'7': SegA | SegB | SegC,
	'8': SegA | SegB | SegC | SegD | SegE | SegF | SegG,
	'9': SegA | SegB | SegC | SegD | SegF | SegG,
	'A': SegA | SegB | SegC | SegE | SegF | SegG,
	'B': SegC | SegD | SegE | SegF | SegG, // b
	'C': SegA | SegD | SegE | SegF,
	'D': SegB | SegC | SegD | SegE | SegG, // d
	'E': SegA | SegD | SegE | SegF | SegG,
	'F': SegA | SegE | SegF | SegG,
	'G': SegA | SegC | SegD | SegE | SegF,
	'H': SegB | SegC | SegE | SegF | SegG,
	'I': SegE | SegF, // Left bars: not the digit 1.
	'L': SegD | SegE | SegF,
	'N': SegC | SegE | SegG, // n
	'O': SegA | SegB | SegC | SegD | SegE | SegF,
	'P': SegA | SegB | SegE | SegF | SegG,
	'R': SegE | SegG, // r
	'S': SegA | SegC | SegD | SegF | SegG,
	'T': SegD | SegE | SegF | SegG, // t
	'U': SegB | SegC | SegD | SegE | SegF,
	'W': SegB | SegC | SegD | SegE | SegF | SegG, // An upside-down A.
}

// Glyph returns the segments that draw r, in either case, and whether the
// font has it.
func Glyph(r rune) (byte, bool) {
	b, ok := font[unicode.ToUpper(r)]
	return b, ok
}

// Text returns s drawn from the left, blanks after it. s has at most 4
// characters, each one the font has.
func Text(s string) (Cells, error) {
	var c Cells
	i := 0
	for _, r := range s {
		if i == NumDigits {
			return Cells{}, fmt.Errorf("segment: %q is longer than %d digits", s, NumDigits)
		}
		b, ok := Glyph(r)
		if !ok {
			return Cells{}, fmt.Errorf("segment: %q: no glyph for %q", s, r)
		}
		c[i] = b
		i++
	}
	return c, nil
}

// Cube returns the cube value centred on the display (see the package doc),
// with dashes in the free digits if the cube is dead. value is 1 to 9999.
func Cube(value int, dead bool) (Cells, error) {
	if value < 1 || value > 9999 {
		return Cells{}, fmt.Errorf("segment: cube value %d: want 1 to 9999", value)
	}
	s := strconv.Itoa(value)
	first := 1 // Digits 1 and 2 are the centre.
	switch len(s) {
	case 1:
		first = 2
	case 4:
		first = 0
	}
	var c Cells
	if dead {
		c = Cells{font['-'], font['-'], font['-'], font['-']}
	}
	for i, r := range s {
		c[first+i] = font[r]
	}
	return c, nil
}

// Dice returns a roll as " 6-3": the first die, a dash, the second.
func Dice(a, b int) (Cells, error) {
	if a < 1 || a > 6 || b < 1 || b > 6 {
		return Cells{}, fmt.Errorf("segment: dice %d-%d: each die is 1 to 6", a, b)
	}
	return Cells{0, font[rune('0'+a)], font['-'], font[rune('0'+b)]}, nil
}
