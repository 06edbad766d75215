package oled

import "gammond/check"

// Config is the [oled] section of gammond's config file: the optional
// SSD1306 screen.
type Config struct {
	Enabled bool   `toml:"enabled"`
	Bus     string `toml:"bus"`
	Address int    `toml:"address"`
}

// DefaultConfig returns the screen's usual place, switched off.
func DefaultConfig() Config { return Config{Bus: "1", Address: 0x3C} }

// Check reports every setting out of range; a screen switched off is not
// checked.
func (c *Config) Check(p *check.Problems) {
	if !c.Enabled {
		return
	}
	p.Check("bus", c.Bus != "", "empty: want an I2C bus such as \"1\"")
	p.Check("address", c.Address == 0x3C || c.Address == 0x3D, "%#x: an SSD1306 is at 0x3c or 0x3d", c.Address)
}
