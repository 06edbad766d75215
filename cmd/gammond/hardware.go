package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi/spireg"
	"periph.io/x/host/v3"

	"gammond/board"
	"gammond/calib"
	"gammond/display/panel"
	"gammond/sensing"
	"gammond/sensing/buttons"
	"gammond/sensing/mcp3208"
	"gammond/sensing/mux"
	"gammond/sensing/scan"
)

// runBoard runs the daemon on the board's hardware (docs/HARDWARE.md, as
// the config wires it) until ctx is done: the scanner's
// frames and the buttons' presses reach the board as one source.
func runBoard(ctx context.Context, log *slog.Logger, cfg Config) error {
	cal, learning, err := calib.LoadFileOrLearn(cfg.CalibrationFile, cfg.Board)
	if err != nil {
		return fmt.Errorf("calibration: %w", err)
	}
	if learning {
		log.Info("no calibration file: the board calibrates itself from what it reads (gammon calibrate writes one)", "file", cfg.CalibrationFile)
	}
	if _, err := host.Init(); err != nil {
		return fmt.Errorf("periph: %w", err)
	}
	scanner, closeScan, err := openScanner(cfg)
	if err != nil {
		return err
	}
	defer closeScan()
	src := sensing.NewLive(cal.Board.Sensors())
	defer src.Close()
	p, closePanel, err := openPanel(cfg)
	if err != nil {
		return err
	}
	defer closePanel()
	opts := boardOptions(log, cfg, cal, time.Now())
	opts.Health, opts.Look = true, panel.DefaultLook
	opts.TraceLimit = cfg.Trace.Limit()
	opts.Look.WhiteEnd = cfg.Display.End()
	watchdog := newNotifier()
	opts.Alive = watchdog.alive(log)
	b, err := board.Open(opts)
	if err != nil {
		return err
	}
	defer b.Close()
	b.Register(board.PanelOutput(p))
	btns, err := openButtons(cfg, src)
	if err != nil {
		return err
	}
	defer btns.Close()
	go blink(ctx, p)
	stop, err := startOutputs(ctx, log, cfg, b, cfg.Web.Listen)
	if err != nil {
		return err
	}
	defer stop()
	if err := watchdog.send("READY=1"); err != nil {
		log.Warn("systemd notify", "err", err)
	}
	go scanInto(ctx, scanner, src)
	return b.Run(ctx, src)
}

// openScanner opens the multiplexers' select lines and the ADCs.
func openScanner(cfg Config) (*scan.Scanner, func(), error) {
	sel, err := mux.Open(&mux.Opts{Pins: cfg.Scan.Pins(), Consumer: "gammond"})
	if err != nil {
		return nil, nil, err
	}
	var adcs []scan.ADC
	closers := []func() error{sel.Close}
	closeAll := func() {
		for _, c := range closers {
			c()
		}
	}
	for _, name := range cfg.Scan.ADCPorts {
		port, err := spireg.Open(name)
		if err != nil {
			closeAll()
			return nil, nil, fmt.Errorf("ADC %s: %w", name, err)
		}
		closers = append(closers, port.Close)
		adc, err := mcp3208.New(port, &mcp3208.Opts{Freq: physic.Frequency(cfg.Scan.ADCHz) * physic.Hertz, Batch: mcp3208.DefaultOpts.Batch})
		if err != nil {
			closeAll()
			return nil, nil, fmt.Errorf("ADC %s: %w", name, err)
		}
		adcs = append(adcs, adc)
	}
	sensors := cfg.Board.Sensors()
	opts := scan.DefaultOpts
	opts.Sensors, opts.Rate = sensors, cfg.Scan.Rate
	opts.Muxes = scan.DefaultMuxes((sensors+scan.Channels-1)/scan.Channels, sensors)
	s, err := scan.New(sel, adcs, &opts)
	if err != nil {
		closeAll()
		return nil, nil, err
	}
	return s, closeAll, nil
}

// openButtons requests the players' buttons; each press goes into src.
func openButtons(cfg Config, src *sensing.Live) (*buttons.Dev, error) {
	opts := cfg.Buttons.Opts(cfg.Scan.GPIOChip, "gammond")
	return buttons.Open(&opts, func(e buttons.Event) {
		src.Send(time.Now(), sensing.Event{Kind: e.Kind, Side: e.Side})
	})
}

// scanInto scans frames into src until ctx is done; a scan's error ends
// src.
func scanInto(ctx context.Context, s *scan.Scanner, src *sensing.Live) {
	err := s.Run(ctx, src.Frame)
	if err != nil && ctx.Err() == nil {
		src.Fail(err)
	}
}
