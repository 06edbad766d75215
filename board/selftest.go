package board

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"gammond/calib"
	"gammond/engine"
	"gammond/sensing"
	"gammond/sensing/sim"
)

// SelfTest checks, on the machine it runs on (gammond -selftest), the
// engine against GNU Backgammon's counts, a simulated board through the
// whole pipeline, and the journal in a temporary directory. It writes one
// line per check to w and reports whether every check passed.
func SelfTest(w io.Writer) bool {
	ok := true
	for _, c := range selfChecks {
		if err := c.run(); err != nil {
			fmt.Fprintf(w, "selftest: %s: FAIL: %v\n", c.name, err)
			ok = false
			continue
		}
		fmt.Fprintf(w, "selftest: %s: ok\n", c.name)
	}
	return ok
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
// board through the board, in a temporary state directory, then opens the
// board there again and checks that the journal brings it back.
func checkBoardAndJournal() error {
	dir, err := os.MkdirTemp("", "gammond-selftest")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	simulated := sim.NewBoard(1)
	start := time.Unix(1_000_000_000, 0).UTC()
	opts := Options{StateDir: dir, Calibration: simulated.Calibration(),
		Match: Match{Board: "selftest", Started: start, Length: 1, White: "White", Black: "Black",
			Rules: engine.RulesUS, Clock: engine.ClockNone}}
	b, err := Open(opts)
	if err != nil {
		return err
	}
	var moved error
	err = b.Run(context.Background(), openingPlay(simulated, start, &moved))
	played, events := b.Status(), b.Events(0)
	if err := errors.Join(err, moved, b.Close()); err != nil {
		return err
	}
	if n := len(events); n == 0 || events[n-1].Play != "8/5 6/5" {
		return fmt.Errorf("after White's 31 and DONE the events are %v, want the play 8/5 6/5", events)
	}
	again, err := Open(opts)
	if err != nil {
		return fmt.Errorf("reopening: %w", err)
	}
	defer again.Close()
	if s := again.Status(); s.Position != played.Position || s.OnRoll != engine.Black {
		return fmt.Errorf("after a restart the board is %s with %v on roll, want %s with Black", s.Position, s.OnRoll, played.Position)
	}
	return nil
}

// openingPlay is a source in which, on the simulated board, White rolls
// 31, plays 8/5 6/5 (an error of the hand's goes to moved) and presses
// DONE, the board holding still a settle window and more before and
// after each press: the scan runs on while the play is judged.
func openingPlay(simulated *sim.Board, at time.Time, moved *error) sensing.Source {
	var steps script
	frame := make([]uint16, simulated.Calibration().Board.Sensors())
	steady := func(hand func()) {
		for i := range 2 * int(calib.SettleWindow/(10*time.Millisecond)) {
			steps = append(steps, func() sensing.Item {
				if i == 0 && hand != nil {
					hand()
				}
				at = at.Add(10 * time.Millisecond)
				simulated.Frame(frame)
				return sensing.Item{At: at, Kind: sensing.FrameItem, Frame: frame}
			})
		}
	}
	press := func(e sensing.Event) {
		steps = append(steps, func() sensing.Item { return sensing.Item{At: at, Kind: sensing.EventItem, Event: e} })
	}
	steady(nil)
	press(sensing.Event{Kind: sensing.Roll, Side: engine.White, Dice: engine.Dice{3, 1}})
	steady(func() {
		*moved = errors.Join(simulated.Move(engine.White, 8, 5), simulated.Move(engine.White, 6, 5))
	})
	press(sensing.Event{Kind: sensing.Done, Side: engine.White})
	steady(nil)
	return &steps
}

// script is a Source whose items are made as they are read.
type script []func() sensing.Item

// Next implements sensing.Source.
func (s *script) Next() (sensing.Item, error) {
	if len(*s) == 0 {
		return sensing.Item{}, io.EOF
	}
	next := (*s)[0]
	*s = (*s)[1:]
	return next(), nil
}
