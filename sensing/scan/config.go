package scan

import (
	"fmt"
	"slices"

	"gammond/check"
	"gammond/sensing/mux"
)

// Config is the [scan] section of gammond's config file: how the sensors
// are read.
type Config struct {
	Rate     int        `toml:"rate"`      // Frames per second.
	GPIOChip string     `toml:"gpio_chip"` // Name (gpiochip0) or label (pinctrl-bcm2711).
	MuxLines []mux.Line `toml:"mux_lines"` // Multiplexer select lines S0-S3.
	ADCPorts []string   `toml:"adc_ports"` // One SPI port per MCP3208.
	ADCHz    int        `toml:"adc_hz"`
}

// DefaultConfig returns reference board R1's (docs/HARDWARE.md): S0-S3 on
// GPIO 5, 6, 13 and 26, the ADCs on SPI0's two chip selects at 1 MHz.
func DefaultConfig() Config {
	return Config{
		Rate:     100,
		GPIOChip: "gpiochip0",
		MuxLines: []mux.Line{{Offset: 5}, {Offset: 6}, {Offset: 13}, {Offset: 26}},
		ADCPorts: []string{"/dev/spidev0.0", "/dev/spidev0.1"},
		ADCHz:    1_000_000,
	}
}

// Check reports every setting out of range.
func (c *Config) Check(p *check.Problems) {
	p.IntRange("rate", c.Rate, 1, 1000)
	p.Check("gpio_chip", c.GPIOChip != "", "empty: want a GPIO chip name or label")
	p.Check("mux_lines", len(c.MuxLines) >= 1 && len(c.MuxLines) <= 8, "%d lines: want 1 to 8", len(c.MuxLines))
	for i, l := range c.MuxLines {
		p.Error(fmt.Sprintf("mux_lines[%d]", i), l.Validate())
	}
	p.Check("adc_ports", len(c.ADCPorts) >= 1, "empty: want one SPI port per ADC")
	for i, port := range c.ADCPorts {
		key := fmt.Sprintf("adc_ports[%d]", i)
		p.Check(key, port != "", "empty: want an SPI port such as /dev/spidev0.0")
		p.Check(key, !slices.Contains(c.ADCPorts[:i], port), "%q is listed twice", port)
	}
	p.IntRange("adc_hz", c.ADCHz, 10_000, 2_000_000)
}

// Pins are the select lines for mux.Open: on GPIOChip, else on the Pi's
// header chip.
func (c *Config) Pins() mux.Pins {
	pins := mux.Pins{Chips: append([]string{c.GPIOChip}, mux.PiChips...)}
	for _, l := range c.MuxLines {
		pins.Names, pins.Offsets = append(pins.Names, l.Name), append(pins.Offsets, l.PinOffset())
	}
	return pins
}
