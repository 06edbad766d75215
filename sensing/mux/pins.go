package mux

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/warthog618/go-gpiocdev"
)

// PiChips are the labels of the Raspberry Pi's header GPIO chip, newest
// first, then the usual device name as the last resort.
var PiChips = []string{"pinctrl-rp1", "pinctrl-bcm2711", "pinctrl-bcm2835", "gpiochip0"}

// Pins says where a set of GPIO lines is: on which chip, under which names
// or at which offsets.
type Pins struct {
	// Chips are the candidate chips, best first, each a label
	// ("pinctrl-rp1") or a device name ("gpiochip0" or "/dev/gpiochip0"):
	// the first present is used.
	Chips []string
	// Names are the lines' names from the device tree ("GPIO5"), in order;
	// nil or "" to go by Offsets alone.
	Names []string
	// Offsets are the lines' offsets on the chip, in order, each used when
	// the line has no name or its name is not on the chip; nil or -1 to go
	// by Names alone.
	Offsets []int
}

// ChipInfo is what Resolve needs to know of a GPIO chip.
type ChipInfo struct {
	Name  string   // device name, "gpiochip0"
	Label string   // driver label, "pinctrl-rp1"
	Lines []string // line names by offset, "" for an unnamed line
}

// ErrNoChip is wrapped by Resolve's error when no candidate chip is present.
var ErrNoChip = errors.New("no such GPIO chip")

// Resolve picks the chip and the line offsets for p among chips.
func (p *Pins) Resolve(chips []ChipInfo) (chip string, offsets []int, err error) {
	n, err := p.count()
	if err != nil {
		return "", nil, err
	}
	c, err := p.pick(chips)
	if err != nil {
		return "", nil, err
	}
	offsets = make([]int, n)
	for i := range offsets {
		if offsets[i], err = p.line(c, i); err != nil {
			return "", nil, err
		}
	}
	return c.Name, offsets, nil
}

// Find resolves p among the system's GPIO chips.
func (p *Pins) Find() (chip string, offsets []int, err error) {
	chips, err := Chips()
	if err != nil {
		return "", nil, err
	}
	return p.Resolve(chips)
}

// count is the number of lines p describes.
func (p *Pins) count() (int, error) {
	switch {
	case p.Names == nil && p.Offsets == nil:
		return 0, errors.New("gpio pins: neither names nor offsets")
	case p.Names != nil && p.Offsets != nil && len(p.Names) != len(p.Offsets):
		return 0, fmt.Errorf("gpio pins: %d names %q but %d offsets %v", len(p.Names), p.Names, len(p.Offsets), p.Offsets)
	case p.Names != nil:
		return len(p.Names), nil
	}
	return len(p.Offsets), nil
}

// pick returns the first of p.Chips present in chips.
func (p *Pins) pick(chips []ChipInfo) (*ChipInfo, error) {
	for _, want := range p.Chips {
		want = strings.TrimPrefix(want, "/dev/")
		for i := range chips {
			if chips[i].Label == want || chips[i].Name == want {
				return &chips[i], nil
			}
		}
	}
	found := make([]string, len(chips))
	for i, c := range chips {
		found[i] = fmt.Sprintf("%s (%s)", c.Name, c.Label)
	}
	return nil, fmt.Errorf("gpio: none of %q among [%s]: %w", p.Chips, strings.Join(found, ", "), ErrNoChip)
}

// line is the offset of p's line i on chip c: by name, else by offset.
func (p *Pins) line(c *ChipInfo, i int) (int, error) {
	name, off := "", -1
	if p.Names != nil {
		name = p.Names[i]
	}
	if p.Offsets != nil {
		off = p.Offsets[i]
	}
	if name != "" {
		if o := slices.Index(c.Lines, name); o >= 0 {
			return o, nil
		}
		if off < 0 {
			return 0, fmt.Errorf("gpio chip %s (%s): no line named %q", c.Name, c.Label, name)
		}
	}
	switch {
	case off < 0:
		return 0, fmt.Errorf("gpio pins: line %d has neither name nor offset", i)
	case off >= len(c.Lines):
		return 0, fmt.Errorf("gpio chip %s (%s): no line %d (%d lines)", c.Name, c.Label, off, len(c.Lines))
	}
	return off, nil
}

// Chips lists the system's GPIO chips with their line names.
func Chips() ([]ChipInfo, error) {
	names := gpiocdev.Chips()
	chips := make([]ChipInfo, len(names))
	for i, name := range names {
		var err error
		if chips[i], err = chipInfo(name); err != nil {
			return nil, fmt.Errorf("gpio chip %s: %w", name, err)
		}
	}
	return chips, nil
}

func chipInfo(name string) (ChipInfo, error) {
	c, err := gpiocdev.NewChip(name)
	if err != nil {
		return ChipInfo{}, err
	}
	defer c.Close()
	info := ChipInfo{Name: c.Name, Label: c.Label, Lines: make([]string, c.Lines())}
	for o := range info.Lines {
		li, err := c.LineInfo(o)
		if err != nil {
			return ChipInfo{}, fmt.Errorf("line %d: %w", o, err)
		}
		info.Lines[o] = li.Name
	}
	return info, nil
}
