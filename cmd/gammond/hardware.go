package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"periph.io/x/host/v3"

	"gammond/board"
	"gammond/calib"
	"gammond/display/panel"
	"gammond/sensing"
	"gammond/sensing/buttons"
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
		log.Info("no calibration file, or baselines only: the board calibrates itself from what it reads (gammon calibrate -config writes a whole one)", "file", cfg.CalibrationFile)
	}
	if _, err := host.Init(); err != nil {
		return fmt.Errorf("periph: %w", err)
	}
	scanner, closeScan, err := scan.Open(&cfg.Scan, cfg.Board.Sensors(), "gammond")
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
