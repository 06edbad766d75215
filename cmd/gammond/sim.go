package main

import (
	"context"
	"log/slog"
	"time"
)

// runSim runs the daemon on a simulated board until ctx is done: the board
// is set up for a new game (or as the journal left it) and played from the
// web page.
func runSim(ctx context.Context, log *slog.Logger, cfg Config) error {
	b := newSimBoard(uint64(time.Now().UnixNano()))
	d, err := openDaemon(log, cfg, b.cal, time.Now())
	if err != nil {
		return err
	}
	defer d.close()
	b.place(d.view.status.Checkers)
	stop, err := d.startOutputs(ctx, cfg.Web.Listen, b)
	if err != nil {
		return err
	}
	defer stop()
	log.Info("simulated board", "state", cfg.StateDir)
	return d.run(ctx, simItems(ctx, b, 50))
}
