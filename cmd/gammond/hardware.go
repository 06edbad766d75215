package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi/spireg"
	"periph.io/x/host/v3"

	"gammond/calib"
	"gammond/display/panel"
	"gammond/engine"
	"gammond/referee"
	"gammond/sensing"
	"gammond/sensing/buttons"
	"gammond/sensing/mcp3208"
	"gammond/sensing/mux"
	"gammond/sensing/scan"
)

// runBoard runs the daemon on the board's hardware (shared/design/
// HARDWARE.md, as the config wires it) until ctx is done.
func runBoard(ctx context.Context, log *slog.Logger, cfg Config) error {
	cal, err := calib.LoadFile(cfg.CalibrationFile)
	if err != nil {
		return fmt.Errorf("calibration: %w", err)
	}
	if _, err := host.Init(); err != nil {
		return fmt.Errorf("periph: %w", err)
	}
	scanner, closeScan, err := openScanner(cfg)
	if err != nil {
		return err
	}
	defer closeScan()
	d, err := openDaemon(log, cfg, cal, time.Now())
	if err != nil {
		return err
	}
	defer d.close()
	btns, err := openButtons(ctx, cfg, d)
	if err != nil {
		return err
	}
	defer btns.Close()
	p, closePanel, err := openPanel(cfg)
	if err != nil {
		return err
	}
	defer closePanel()
	d.panel, d.look = p, panel.DefaultLook
	d.look.WhiteEnd = whiteEnd(cfg)
	d.pipe.Health = calib.NewMonitor(d.pipe.Classifier, nil)
	go blink(ctx, p)
	stop, err := d.startOutputs(ctx, cfg.Web.Listen, nil)
	if err != nil {
		return err
	}
	defer stop()
	d.notify = newNotifier()
	if err := d.notify.send("READY=1"); err != nil {
		log.Warn("systemd notify", "err", err)
	}
	return d.run(ctx, scanItems(ctx, scanner, cal.Board.Sensors()))
}

// openScanner opens the multiplexers' select lines and the ADCs.
func openScanner(cfg Config) (*scan.Scanner, func(), error) {
	pins := mux.Pins{Chips: append([]string{cfg.Scan.GPIOChip}, mux.PiChips...)}
	for _, l := range cfg.Scan.MuxLines {
		pins.Names, pins.Offsets = append(pins.Names, l.Name), append(pins.Offsets, lineOffset(l))
	}
	sel, err := mux.Open(&mux.Opts{Pins: pins, Consumer: "gammond"})
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
	sensors := calib.Geometry{Points: cfg.Board.Points, Slots: cfg.Board.Slots, BarSlots: cfg.Board.BarSlots, ADCBits: cfg.Board.ADCBits}.Sensors()
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

// lineOffset is a config line's offset, or -1 when it goes by name.
func lineOffset(l Line) int {
	if l.Name != "" {
		return -1
	}
	return l.Offset
}

// openButtons requests the players' buttons; each press reaches the
// referee on the daemon's goroutine.
func openButtons(ctx context.Context, cfg Config, d *daemon) (*buttons.Dev, error) {
	var lines []buttons.Line
	for side, b := range [2]SideButtons{cfg.Buttons.White, cfg.Buttons.Black} {
		for button, l := range map[buttons.Button]Line{buttons.DoneButton: b.Done, buttons.CubeButton: b.Cube, buttons.RollButton: b.Roll} {
			lines = append(lines, buttons.Line{Side: engine.Side(side), Button: button, Name: l.Name, Offset: lineOffset(l)})
		}
	}
	opts := buttons.Opts{Chips: append([]string{cfg.Scan.GPIOChip}, mux.PiChips...), Lines: lines,
		Debounce: cfg.Buttons.Debounce, LongPress: cfg.Buttons.LongPress, Consumer: "gammond"}
	return buttons.Open(&opts, func(e buttons.Event) {
		kind, long := buttonInput(e.Kind)
		err := d.do(ctx, func() error { return d.press(time.Now(), e.Side, kind, long) })
		if err != nil && !errors.Is(err, context.Canceled) {
			d.log.Error("button", "event", e.String(), "err", err)
		}
	})
}

// buttonInput is what a button action tells the referee.
func buttonInput(k sensing.EventKind) (kind referee.InputKind, long bool) {
	switch k {
	case sensing.Done:
		return referee.InputDone, false
	case sensing.Roll:
		return referee.InputRoll, false
	case sensing.Pass:
		return referee.InputCube, true
	}
	return referee.InputCube, false
}

// scanItems scans frames until ctx is done, ending with the scan's error.
func scanItems(ctx context.Context, s *scan.Scanner, sensors int) <-chan itemOrErr {
	ch := make(chan itemOrErr, 1)
	go func() {
		defer close(ch)
		ring := newFrameRing(sensors)
		err := s.Run(ctx, func(at time.Time, frame []uint16) {
			select {
			case ch <- itemOrErr{item: sensing.Item{At: at, Kind: sensing.FrameItem, Frame: ring.copy(frame)}}:
			case <-ctx.Done():
			}
		})
		if err != nil {
			ch <- itemOrErr{err: err}
		}
	}()
	return ch
}
