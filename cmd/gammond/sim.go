package main

import (
	"context"
	"log/slog"
	"time"

	"gammond/board"
	"gammond/sensing"
	"gammond/sensing/sim"
)

// runSim runs the daemon on a simulated board until ctx is done: the board
// is set up for a new game (or as the journal left it) and played from the
// web page, whose presses go into the board's source with the frames.
func runSim(ctx context.Context, log *slog.Logger, cfg Config) error {
	simulated := sim.NewBoard(uint64(time.Now().UnixNano()))
	src := sensing.NewLive(simulated.Calibration().Board.Sensors())
	defer src.Close()
	opts := boardOptions(log, cfg, simulated.Calibration(), time.Now())
	opts.Sim, opts.Presses = simulated, src
	opts.TraceLimit = cfg.Trace.Limit()
	b, err := board.Open(opts)
	if err != nil {
		return err
	}
	defer b.Close()
	stop, err := startOutputs(ctx, log, cfg, b, cfg.Web.Listen)
	if err != nil {
		return err
	}
	defer stop()
	log.Info("simulated board", "state", cfg.StateDir)
	go simulated.Scan(ctx, src, time.Second/50)
	return b.Run(ctx, src)
}
