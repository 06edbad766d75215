package leds

import (
	"slices"

	"periph.io/x/conn/v3/spi"

	"gammond/check"
)

// The kinds of strip, as the config file names them.
const (
	KindAPA102 = "apa102"
	KindWS2812 = "ws2812"
)

// Config is the [leds] section of gammond's config file: the point LED
// strip.
type Config struct {
	Kind       string `toml:"kind"` // KindAPA102 or KindWS2812.
	Port       string `toml:"port"` // SPI port.
	Count      int    `toml:"count"`
	Brightness int    `toml:"brightness"` // 0-255, scales every colour.
	Hints      bool   `toml:"hints"`      // Light where a lifted checker may land: a trainer's aid, off in tournaments.
}

// DefaultConfig returns reference board R1's strip: 26 APA102 on SPI1.
func DefaultConfig() Config {
	return Config{Kind: KindAPA102, Port: "/dev/spidev1.0", Count: 26, Brightness: 64}
}

// Check reports every setting out of range, and a port that is also one of
// adcPorts (the config's scan.adc_ports).
func (c *Config) Check(p *check.Problems, adcPorts []string) {
	p.OneOf("kind", c.Kind, KindAPA102, KindWS2812)
	p.Check("port", c.Port != "", "empty: want an SPI port such as /dev/spidev1.0")
	if i := slices.Index(adcPorts, c.Port); i >= 0 {
		p.Add("port", "%q is also scan.adc_ports[%d]", c.Port, i)
	}
	p.Check("count", c.Count >= 26 && c.Count <= 1024, "%d: want 26 (24 points and 2 bar halves) to 1024", c.Count)
	p.IntRange("brightness", c.Brightness, 0, 255)
}

// New returns the strip the config describes, on port p (its Port, opened).
func (c *Config) New(p spi.Port) (*Dev, error) {
	o := Opts{NumPixels: c.Count, Brightness: uint8(c.Brightness)}
	if c.Kind == KindWS2812 {
		return NewWS2812(p, &o)
	}
	return NewAPA102(p, &o)
}
