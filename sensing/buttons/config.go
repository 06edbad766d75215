package buttons

import (
	"fmt"
	"time"

	"gammond/check"
	"gammond/engine"
	"gammond/sensing/mux"
)

// Config is the [buttons] section of gammond's config file: the players'
// push buttons, on the scan section's GPIO chip.
type Config struct {
	Debounce  time.Duration `toml:"debounce"`
	LongPress time.Duration `toml:"long_press"` // A CUBE press this long passes.
	White     SideConfig    `toml:"white"`
	Black     SideConfig    `toml:"black"`
}

// SideConfig are one side's button lines.
type SideConfig struct {
	Done mux.Line `toml:"done"`
	Cube mux.Line `toml:"cube"`
	Roll mux.Line `toml:"roll"`
}

// DefaultConfig returns reference board R1's buttons (docs/HARDWARE.md).
func DefaultConfig() Config {
	return Config{
		Debounce:  DefaultOpts.Debounce,
		LongPress: DefaultOpts.LongPress,
		White:     SideConfig{Done: mux.Line{Offset: 17}, Cube: mux.Line{Offset: 22}, Roll: mux.Line{Offset: 24}},
		Black:     SideConfig{Done: mux.Line{Offset: 27}, Cube: mux.Line{Offset: 23}, Roll: mux.Line{Offset: 25}},
	}
}

// Check reports every setting out of range, and a line used twice: by two
// buttons, or by a button and one of muxLines (the config's
// scan.mux_lines).
func (c *Config) Check(p *check.Problems, muxLines []mux.Line) {
	p.DurationRange("debounce", c.Debounce, 0, time.Second)
	p.DurationRange("long_press", c.LongPress, 100*time.Millisecond, 10*time.Second)
	p.Check("long_press", c.LongPress > c.Debounce, "%v: must be longer than buttons.debounce (%v)", c.LongPress, c.Debounce)
	used := map[mux.Line]string{}
	for i, l := range muxLines {
		used[l] = fmt.Sprintf("scan.mux_lines[%d]", i)
	}
	for _, side := range []struct {
		name string
		b    SideConfig
	}{{"white", c.White}, {"black", c.Black}} {
		for _, btn := range []struct {
			name string
			l    mux.Line
		}{{"done", side.b.Done}, {"cube", side.b.Cube}, {"roll", side.b.Roll}} {
			key := side.name + "." + btn.name
			p.Error(key, btn.l.Validate())
			if other, ok := used[btn.l]; ok {
				p.Add(key, "line %s is also %s", btn.l, other)
			}
			used[btn.l] = "buttons." + key
		}
	}
}

// Opts are the buttons' options for Open: their lines on chip (the
// config's scan.gpio_chip), else on the Pi's header chip.
func (c *Config) Opts(chip, consumer string) Opts {
	var lines []Line
	for side, b := range [2]SideConfig{c.White, c.Black} {
		for button, l := range map[Button]mux.Line{DoneButton: b.Done, CubeButton: b.Cube, RollButton: b.Roll} {
			lines = append(lines, Line{Side: engine.Side(side), Button: button, Name: l.Name, Offset: l.PinOffset()})
		}
	}
	return Opts{Chips: append([]string{chip}, mux.PiChips...), Lines: lines,
		Debounce: c.Debounce, LongPress: c.LongPress, Consumer: consumer}
}
