package segment

import (
	"slices"

	"gammond/check"
)

// Config is the [display] section of gammond's config file: the HT16K33
// cube display.
type Config struct {
	Bus        string `toml:"bus"` // I2C bus name, as periph's i2creg.Open takes it.
	Address    int    `toml:"address"`
	Digits     []int  `toml:"digits"`     // RAM rows of the 4 digits, left to right.
	Brightness int    `toml:"brightness"` // 0-15.
	WhiteEnd   string `toml:"white_end"`  // "left" or "right".
}

// DefaultConfig returns reference board R1's display: an Adafruit backpack
// at 0x70 on I2C bus 1.
func DefaultConfig() Config {
	return Config{Bus: "1", Address: 0x70, Digits: []int{0, 1, 3, 4}, Brightness: 8, WhiteEnd: "left"}
}

// Check reports every setting out of range.
func (c *Config) Check(p *check.Problems) {
	p.Check("bus", c.Bus != "", "empty: want an I2C bus such as \"1\"")
	p.Check("address", c.Address >= 0x70 && c.Address <= 0x77, "%#x: an HT16K33 is at 0x70 to 0x77", c.Address)
	ok := len(c.Digits) == 4
	for i, r := range c.Digits {
		ok = ok && r >= 0 && r <= 7 && !slices.Contains(c.Digits[:i], r)
	}
	p.Check("digits", ok, "%v: want 4 different RAM rows 0 to 7, left to right", c.Digits)
	p.IntRange("brightness", c.Brightness, 0, 15)
	p.OneOf("white_end", c.WhiteEnd, "left", "right")
}

// End is WhiteEnd as the display's End.
func (c *Config) End() End {
	if c.WhiteEnd == "right" {
		return Right
	}
	return Left
}

// Opts are the display's options from the config.
func (c *Config) Opts() Opts {
	o := Opts{Addr: uint16(c.Address), Brightness: uint8(c.Brightness), WhiteEnd: c.End()}
	for i, row := range c.Digits {
		o.Digits[i] = uint8(row)
	}
	return o
}
