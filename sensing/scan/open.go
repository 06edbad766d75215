package scan

import (
	"fmt"

	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi/spireg"
	"periph.io/x/host/v3"

	"gammond/sensing/mcp3208"
	"gammond/sensing/mux"
)

// Open opens the board's hardware as the [scan] section c wires it (the
// multiplexers' select lines, one MCP3208 per SPI port) and returns the
// Scanner of its sensors, with the function that releases the hardware.
// gammond and gammon calibrate both scan a live board through it.
func Open(c *Config, sensors int, consumer string) (*Scanner, func(), error) {
	if _, err := host.Init(); err != nil {
		return nil, nil, fmt.Errorf("periph: %w", err)
	}
	sel, err := mux.Open(&mux.Opts{Pins: c.Pins(), Consumer: consumer})
	if err != nil {
		return nil, nil, err
	}
	closers := []func() error{sel.Close}
	closeAll := func() {
		for _, c := range closers {
			c()
		}
	}
	var adcs []ADC
	for _, name := range c.ADCPorts {
		port, err := spireg.Open(name)
		if err != nil {
			closeAll()
			return nil, nil, fmt.Errorf("ADC %s: %w", name, err)
		}
		closers = append(closers, port.Close)
		adc, err := mcp3208.New(port, &mcp3208.Opts{Freq: physic.Frequency(c.ADCHz) * physic.Hertz, Batch: mcp3208.DefaultOpts.Batch})
		if err != nil {
			closeAll()
			return nil, nil, fmt.Errorf("ADC %s: %w", name, err)
		}
		adcs = append(adcs, adc)
	}
	opts := DefaultOpts
	opts.Sensors, opts.Rate = sensors, c.Rate
	opts.Muxes = DefaultMuxes((sensors+Channels-1)/Channels, sensors)
	s, err := New(sel, adcs, &opts)
	if err != nil {
		closeAll()
		return nil, nil, err
	}
	return s, closeAll, nil
}
