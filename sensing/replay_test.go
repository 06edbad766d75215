package sensing_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"gammond/calib"
	"gammond/engine"
	"gammond/sensing"
	"gammond/sensing/health"
)

// replayed is what a trace's replay through the sensor model gave.
type replayed struct {
	settled  []engine.Occupancy // every position the board settled on, in order
	atRoll   []engine.Occupancy // the settled position at each roll
	atDone   []engine.Occupancy // what each DONE was judged on
	pending  int                // DONEs pressed while the board was unsettled
	findings []health.Finding
	frames   int
}

// replay runs the trace at path the way the daemon does: the sensor model
// observes every frame, and each time the board settles (every reading
// held still for calib.SettleWindow: a trace writes no frame while the
// readings hold, so that is noticed at the next item) it reads the frame
// on its own (Evaluate, Best) and follows it; each DONE is judged on the
// settled position, or the next one if the board is still moving.
func replay(t testing.TB, path string) replayed {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tr, err := sensing.NewTraceReader(f, nil)
	if err != nil {
		t.Fatal(err)
	}
	m, err := calib.NewModel(&tr.Header().Calibration)
	if err != nil {
		t.Fatal(err)
	}
	mon := health.NewMonitor(m, nil)
	var (
		r       replayed
		board   engine.Occupancy // the position last settled on
		still   bool             // the board holds still on it
		waiting bool             // a DONE waits for the board to settle
	)
	settle := func(at time.Time) {
		if still || !m.Settled(at) {
			return
		}
		still = true
		m.Evaluate(at)
		m.Best(&board)
		m.Follow(at)
		if len(r.settled) == 0 || board != r.settled[len(r.settled)-1] {
			r.settled = append(r.settled, board) // a new one, not the board come back
		}
		if waiting {
			r.atDone, waiting = append(r.atDone, board), false
		}
	}
	for {
		it, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		settle(it.At)
		if it.Kind == sensing.FrameItem {
			r.frames++
			still = m.Observe(it.At, it.Frame) && still
			mon.Observe(it.At, it.Frame)
			continue
		}
		switch it.Event.Kind {
		case sensing.Roll:
			r.atRoll = append(r.atRoll, board)
		case sensing.Done:
			if !still {
				r.pending++
				waiting = true
				continue
			}
			r.atDone = append(r.atDone, board)
		}
	}
	r.findings = mon.Findings()
	return r
}

// occupancyOf is what the sensors of the reference board show for board b,
// whose side 0 (the side not on roll) is the colour mover: every point's
// checkers from slot 0, up to 6 slots, and each colour's bar checkers on its
// own half.
func occupancyOf(b engine.Board, mover engine.Side) engine.Occupancy {
	o := engine.Occupancy{SlotsPerPoint: 6, SlotsPerBarHalf: 4}
	for k, side := range [2]engine.Side{mover, mover.Other()} {
		h := &b[k]
		for q := 1; q <= 24; q++ {
			p := q
			if side == engine.Black {
				p = 25 - q
			}
			o.Points[p-1][side] = uint8(min(h.On(q), 6))
		}
		o.Bar[side][side] = uint8(min(h.On(engine.Bar), 4))
	}
	return o
}

// expected is what an .expect.json says a replay must find.
type expected struct {
	dones    []engine.Occupancy // what each DONE shows: an illegal play, then its correction
	openings []int              // the index of each game's opening roll
}

func readExpected(t *testing.T, path string) expected {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	type position struct {
		Turn   int         `json:"turn"`
		Side   engine.Side `json:"side"`
		After  string      `json:"after"`
		Played string      `json:"played"`
	}
	var exp struct {
		Games []struct {
			Plays   []position `json:"plays"`
			Illegal []position `json:"illegal"`
		} `json:"games"`
	}
	if err := json.Unmarshal(b, &exp); err != nil {
		t.Fatal(err)
	}
	var e expected
	add := func(id string, mover engine.Side) {
		board, err := engine.ParsePositionID(id)
		if err != nil {
			t.Fatal(err)
		}
		e.dones = append(e.dones, occupancyOf(board, mover))
	}
	rolls := 0
	for _, g := range exp.Games {
		e.openings = append(e.openings, rolls)
		rolls += len(g.Plays) // an illegal play is put right without a new roll
		for _, p := range g.Plays {
			for _, ill := range g.Illegal {
				if ill.Turn == p.Turn {
					add(ill.Played, ill.Side)
				}
			}
			add(p.After, p.Side)
		}
	}
	return e
}

// traceFiles lists the traces to replay: those in ../testdata/traces, and
// those in the directory $GAMMOND_TRACES (shared/traces) when it is set.
func traceFiles(t testing.TB) []string {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "traces", "*.trace.jsonl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no trace in ../testdata/traces: %v", err)
	}
	if dir := os.Getenv("GAMMOND_TRACES"); dir != "" {
		more, err := filepath.Glob(filepath.Join(dir, "*.trace.jsonl"))
		if err != nil || len(more) == 0 {
			t.Fatalf("no trace in GAMMOND_TRACES=%s: %v", dir, err)
		}
		for _, f := range more {
			if !slices.ContainsFunc(files, func(g string) bool { return filepath.Base(g) == filepath.Base(f) }) {
				files = append(files, f)
			}
		}
	}
	return files
}

// startingPosition is what the sensors show at the start of a game.
var startingPosition = func() engine.Occupancy {
	o := engine.Occupancy{SlotsPerPoint: 6, SlotsPerBarHalf: 4}
	for p, n := range map[int]uint8{24: 2, 13: 5, 8: 3, 6: 5} {
		o.Points[p-1][engine.White] = n
	}
	for p, n := range map[int]uint8{1: 2, 12: 5, 17: 3, 19: 5} {
		o.Points[p-1][engine.Black] = n
	}
	return o
}()

// TestReplay runs whole matches recorded on the reference board through
// the sensor model, and checks what a referee would see against the
// match's .expect.json.
func TestReplay(t *testing.T) {
	for _, path := range traceFiles(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			r := replay(t, path)
			exp := readExpected(t, strings.TrimSuffix(path, ".trace.jsonl")+".expect.json")
			// The players set the board up from empty, a checker at a
			// time, and each checker held longer than the window.
			if len(r.settled) == 0 || r.settled[0] != (engine.Occupancy{SlotsPerPoint: 6, SlotsPerBarHalf: 4}) {
				t.Errorf("first settled occupancy:\n%s\nwant the empty board", show(r.settled, 0))
			}
			for g, roll := range exp.openings {
				if roll >= len(r.atRoll) || r.atRoll[roll] != startingPosition {
					t.Errorf("game %d: settled at the opening roll:\n%s\nwant the starting position:\n%s", g+1, show(r.atRoll, roll), format(startingPosition))
				}
			}
			if len(r.atDone) != len(exp.dones) {
				t.Fatalf("%d DONEs judged, want %d", len(r.atDone), len(exp.dones))
			}
			for i, want := range exp.dones {
				if r.atDone[i] != want {
					t.Errorf("DONE %d judged on\n%s\nwant\n%s", i+1, format(r.atDone[i]), format(want))
				}
			}
			// A new settled occupancy takes a move: at least one per
			// turn, and at most one per 4 frames (a checker set down
			// reads part-way for 3 frames before it lands).
			if n := len(r.settled); n < len(exp.dones) || n > r.frames/4 {
				t.Errorf("%d settled occupancies for %d DONEs and %d frames", n, len(exp.dones), r.frames)
			}
			for i := 1; i < len(r.settled); i++ {
				if r.settled[i] == r.settled[i-1] {
					t.Errorf("settled occupancy %d repeats the one before", i)
				}
			}
			// The recorded sensors are healthy: their only faults are
			// rare one-frame spikes.
			for _, f := range r.findings {
				if f.Problem != health.OutOfRange || f.Frames > 3 {
					t.Errorf("finding %v, want only a spike or a few", f)
				}
			}
			t.Logf("%d frames, %d settled occupancies, %d DONEs (%d pressed while pending), %d spikes",
				r.frames, len(r.settled), len(r.atDone), r.pending, len(r.findings))
		})
	}
}

func show(occs []engine.Occupancy, i int) string {
	if i >= len(occs) {
		return "none"
	}
	return format(occs[i])
}

// format draws an occupancy as two lines, board points 13..24 over 12..1
// as a player sees it, with W or B and the slots covered.
func format(o engine.Occupancy) string {
	cell := func(p int) string {
		c := o.Points[p-1]
		switch {
		case c[0] > 0 && c[1] > 0:
			return fmt.Sprintf("W%dB%d", c[0], c[1])
		case c[0] > 0:
			return fmt.Sprintf("W%d", c[0])
		case c[1] > 0:
			return fmt.Sprintf("B%d", c[1])
		}
		return "."
	}
	var top, bottom strings.Builder
	for p := 13; p <= 24; p++ {
		fmt.Fprintf(&top, "%5s", cell(p))
		fmt.Fprintf(&bottom, "%5s", cell(25-p))
	}
	return fmt.Sprintf("%s  bar %v\n%s  unsure %d", top.String(), o.Bar, bottom.String(), o.Unsure)
}
