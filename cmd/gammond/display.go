package main

import (
	"context"
	"fmt"
	"time"

	"periph.io/x/conn/v3/i2c/i2creg"
	"periph.io/x/conn/v3/spi/spireg"

	"gammond/display/oled"
	"gammond/display/panel"
	"gammond/display/segment"
	"gammond/sensing"
)

// openPanel opens the LED strip, the cube display and, if configured, the
// OLED, and returns the panel that drives them and a func that closes them.
func openPanel(cfg Config) (*panel.Panel, func(), error) {
	port, err := spireg.Open(cfg.LEDs.Port)
	if err != nil {
		return nil, nil, fmt.Errorf("LEDs %s: %w", cfg.LEDs.Port, err)
	}
	closers := []func() error{port.Close}
	closeAll := func() {
		for _, c := range closers {
			c()
		}
	}
	fail := func(err error) (*panel.Panel, func(), error) {
		closeAll()
		return nil, nil, err
	}
	strip, err := cfg.LEDs.New(port)
	if err != nil {
		return fail(fmt.Errorf("LEDs %s: %w", cfg.LEDs.Port, err))
	}
	bus, err := i2creg.Open(cfg.Display.Bus)
	if err != nil {
		return fail(fmt.Errorf("I2C bus %s: %w", cfg.Display.Bus, err))
	}
	closers = append(closers, bus.Close)
	segOpts := cfg.Display.Opts()
	cube, err := segment.New(bus, &segOpts)
	if err != nil {
		return fail(err)
	}
	dev := panel.Devices{Strip: strip, Cube: cube}
	if cfg.OLED.Enabled {
		if dev.Screen, err = oled.New(bus, &oled.Opts{Addr: uint16(cfg.OLED.Address)}); err != nil {
			return fail(err)
		}
	}
	p, err := panel.New(dev, sensing.SystemClock{}, &panel.DefaultOpts)
	if err != nil {
		return fail(err)
	}
	closers = append([]func() error{p.Halt}, closers...)
	return p, closeAll, nil
}

// blink ticks the panel for its blinking until ctx is done.
func blink(ctx context.Context, p *panel.Panel) {
	t := time.NewTicker(50 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case now := <-t.C:
			p.Tick(now)
		case <-ctx.Done():
			return
		}
	}
}
