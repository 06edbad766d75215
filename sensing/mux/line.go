package mux

import (
	"errors"
	"fmt"
	"math"
	"strconv"
)

// Line is a GPIO line in a config file, by offset on its chip or by name.
// A config finds a line used twice only when both uses spell it the same
// way.
type Line struct {
	Offset int
	Name   string // Set for a line given by name; Offset is then unused.
}

// UnmarshalTOML takes an integer (offset) or a string (line name).
func (l *Line) UnmarshalTOML(v any) error {
	switch v := v.(type) {
	case int64:
		if v < 0 || v > math.MaxInt32 {
			return fmt.Errorf("GPIO line %d: want an offset 0 or more", v)
		}
		*l = Line{Offset: int(v)}
	case string:
		if v == "" {
			return errors.New("GPIO line \"\": want an offset or a line name")
		}
		*l = Line{Name: v}
	default:
		return fmt.Errorf("GPIO line %v: want an offset (integer) or a line name (string)", v)
	}
	return nil
}

// String is the line as a config file spells it: an offset, or a quoted
// name.
func (l Line) String() string {
	if l.Name != "" {
		return strconv.Quote(l.Name)
	}
	return strconv.Itoa(l.Offset)
}

// Validate reports a line with neither a name nor an offset 0 or more.
func (l Line) Validate() error {
	if l.Name == "" && l.Offset < 0 {
		return fmt.Errorf("%s: want a line offset 0 or more, or a line name", l)
	}
	return nil
}

// PinOffset is the line's offset for Pins.Offsets: -1 when it goes by name.
func (l Line) PinOffset() int {
	if l.Name != "" {
		return -1
	}
	return l.Offset
}
