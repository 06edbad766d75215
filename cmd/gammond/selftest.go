package main

import (
	"fmt"
	"io"
	"log/slog"
	"os"
	"time"

	"gammond/engine"
	"gammond/referee"
	"gammond/sensing"
)

// selftest checks, on the machine it runs on, the engine against GNU
// Backgammon's counts, a simulated board through the whole pipeline, and
// the journal in a temporary directory.
func selftest(w io.Writer) int {
	failed := 0
	for _, c := range selfChecks {
		if err := c.run(); err != nil {
			fmt.Fprintf(w, "selftest: %s: FAIL: %v\n", c.name, err)
			failed++
			continue
		}
		fmt.Fprintf(w, "selftest: %s: ok\n", c.name)
	}
	if failed > 0 {
		return 1
	}
	return 0
}

// selfChecks are the checks of -selftest, in order.
var selfChecks = []struct {
	name string
	run  func() error
}{
	{"engine: legal plays of every opening roll agree with GNU Backgammon", checkEngine},
	{"simulated board: a play sensed, settled and refereed; the journal replays it", checkBoardAndJournal},
}

// openingPlays is how many distinct plays GNU Backgammon lists for each
// opening roll (shared/oracle/README.md).
var openingPlays = map[engine.Dice]int{
	{2, 1}: 15, {3, 1}: 16, {4, 1}: 14, {5, 1}: 8, {6, 1}: 10, {3, 2}: 17, {4, 2}: 18,
	{5, 2}: 8, {6, 2}: 14, {4, 3}: 17, {5, 3}: 9, {6, 3}: 14, {5, 4}: 9, {6, 4}: 14,
	{6, 5}: 7, {1, 1}: 42, {2, 2}: 75, {3, 3}: 73, {4, 4}: 52, {5, 5}: 4, {6, 6}: 11,
}

func checkEngine() error {
	var g engine.Generator
	for d, want := range openingPlays {
		if got := len(g.Plays(engine.StartingBoard, d)); got != want {
			return fmt.Errorf("%v from the opening position: %d plays, want %d", d, got, want)
		}
	}
	return nil
}

// checkBoardAndJournal plays White's opening 31 (8/5 6/5) on a simulated
// board through the daemon, in a temporary state directory, then restarts
// the daemon there and checks that the journal brings it back.
func checkBoardAndJournal() (err error) {
	dir, err := os.MkdirTemp("", "gammond-selftest")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	cfg := DefaultConfig()
	cfg.StateDir = dir
	b := newSimBoard(1)
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	start := time.Unix(1_000_000_000, 0).UTC()
	d, err := openDaemon(quiet, cfg, b.cal, start)
	if err != nil {
		return err
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	at := start
	steady := func() { // the board held still for a settle window and more
		frame := make([]uint16, b.geo.Sensors())
		for range 30 {
			at = at.Add(10 * time.Millisecond)
			b.Frame(frame)
			d.clock.Set(at)
			d.pipe.Step(sensing.Item{At: at, Kind: sensing.FrameItem, Frame: frame})
		}
	}
	steady()
	d.deliver(referee.Input{At: at, Kind: referee.InputRoll, Side: engine.White, Dice: engine.Dice{3, 1}})
	for _, m := range [][2]int{{8, 5}, {6, 5}} {
		if err := b.Move(engine.White, m[0], m[1]); err != nil {
			return err
		}
	}
	steady()
	d.deliver(referee.Input{At: at, Kind: referee.InputDone, Side: engine.White})
	d.publishStatus()
	played := d.view.status
	if n := len(d.view.events); n == 0 || d.view.events[n-1].Play != "8/5 6/5" {
		return fmt.Errorf("after White's 31 and DONE the events are %v, want the play 8/5 6/5", d.view.events)
	}
	if err := d.close(); err != nil {
		return err
	}
	again, err := openDaemon(quiet, cfg, b.cal, start)
	if err != nil {
		return fmt.Errorf("reopening: %w", err)
	}
	defer again.close()
	if again.view.status.Position != played.Position || again.view.status.OnRoll != engine.Black {
		return fmt.Errorf("after a restart the board is %s with %v on roll, want %s with Black", again.view.status.Position, again.view.status.OnRoll, played.Position)
	}
	return nil
}
