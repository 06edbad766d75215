package referee

import (
	"io"
	"slices"
	"testing"
	"time"

	"gammond/calib"
	"gammond/engine"
	"gammond/sensing"
)

// items is a Source of items given in advance.
type items []sensing.Item

func (s *items) Next() (sensing.Item, error) {
	if len(*s) == 0 {
		return sensing.Item{}, io.EOF
	}
	it := (*s)[0]
	*s = (*s)[1:]
	return it, nil
}

// Levels of every sensor of the pipeline tests' board.
const (
	testBase, testWhite, testBlack = 2000, 2600, 1400
)

// frameOf returns what the reference board's sensors read for a board,
// its side on roll of colour onRoll.
func frameOf(b engine.Board, onRoll engine.Side) []uint16 {
	g := calib.ReferenceBoard
	f := make([]uint16, g.Sensors())
	for i := range f {
		f[i] = testBase
	}
	l := engine.LayoutOf(&b, onRoll)
	for s, on := range l {
		level := uint16(testWhite)
		if engine.Side(s) == engine.Black {
			level = testBlack
		}
		for p := 1; p <= 24; p++ {
			for k := range min(on[p], g.Slots) {
				f[(p-1)*g.Slots+k] = level
			}
		}
		for k := range min(on[engine.Bar], g.BarSlots) {
			f[g.Points*g.Slots+s*g.BarSlots+k] = level
		}
	}
	return f
}

func frameAt(ms int, f []uint16) sensing.Item {
	return sensing.Item{At: time.UnixMilli(int64(ms)), Kind: sensing.FrameItem, Frame: f}
}

func pressAt(ms int, k sensing.EventKind, side engine.Side, d engine.Dice) sensing.Item {
	return sensing.Item{At: time.UnixMilli(int64(ms)), Kind: sensing.EventItem, Event: sensing.Event{Kind: k, Side: side, Dice: d}}
}

// TestPipelineDoneBeforeTheBoardSettles: a DONE pressed before the board
// settled is judged on the play even when the opponent rolls soon after.
func TestPipelineDoneBeforeTheBoardSettles(t *testing.T) {
	start := frameOf(engine.StartingBoard, engine.White)
	play := engine.LegalPlays(engine.StartingBoard, engine.Dice{3, 1})[0]
	after := frameOf(play.After, engine.Black)
	opening := []sensing.Item{frameAt(0, start), pressAt(1000, sensing.Roll, engine.White, engine.Dice{3, 1})}
	for _, tc := range []struct {
		name  string
		items []sensing.Item
	}{
		{"DONE right after the last change", []sensing.Item{
			frameAt(2000, after), pressAt(2005, sensing.Done, engine.White, engine.Dice{}),
			pressAt(2200, sensing.Roll, engine.Black, engine.Dice{2, 1}),
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := items(append(slices.Clone(opening), tc.items...))
			cal := calib.Calibration{Board: calib.ReferenceBoard}
			for range calib.ReferenceBoard.Sensors() {
				cal.Baseline, cal.White, cal.Black = append(cal.Baseline, testBase), append(cal.White, testWhite), append(cal.Black, testBlack)
			}
			cl, err := calib.NewClassifier(&cal, nil)
			if err != nil {
				t.Fatal(err)
			}
			m, err := engine.NewMatch(1, engine.MatchOpts{})
			if err != nil {
				t.Fatal(err)
			}
			var kinds []Kind
			clock := sensing.NewVirtualClock(time.UnixMilli(0))
			p := Pipeline{Source: &src, Classifier: cl, Settler: sensing.NewSettler(sensing.DefaultSettleWindow),
				Referee: New(m, clock, func(e Event) {
					if e.Kind != SetupWrong {
						kinds = append(kinds, e.Kind)
					}
				})}
			if err := p.Run(); err != nil {
				t.Fatal(err)
			}
			want := []Kind{GameStarted, Rolled, PlayMade, Rolled}
			if !slices.Equal(kinds, want) {
				t.Errorf("events %v, want %v", kinds, want)
			}
		})
	}
}

// testClassifier returns a classifier for the pipeline tests' board, every
// sensor calibrated at testBase, testWhite and testBlack.
func testClassifier(t *testing.T) *calib.Classifier {
	t.Helper()
	cal := calib.Calibration{Board: calib.ReferenceBoard}
	for range calib.ReferenceBoard.Sensors() {
		cal.Baseline, cal.White, cal.Black = append(cal.Baseline, testBase), append(cal.White, testWhite), append(cal.Black, testBlack)
	}
	cl, err := calib.NewClassifier(&cal, nil)
	if err != nil {
		t.Fatal(err)
	}
	return cl
}

// testPipeline returns a pipeline for a 1-point match reading src with
// cl, and the kinds of the events it emits.
func testPipeline(t *testing.T, src sensing.Source, cl *calib.Classifier) (*Pipeline, *[]Kind) {
	t.Helper()
	m, err := engine.NewMatch(1, engine.MatchOpts{})
	if err != nil {
		t.Fatal(err)
	}
	kinds := new([]Kind)
	p := &Pipeline{Source: src, Classifier: cl, Settler: sensing.NewSettler(sensing.DefaultSettleWindow)}
	p.Referee = New(m, sensing.NewVirtualClock(time.UnixMilli(0)), func(e Event) {
		p.Learn(e)
		*kinds = append(*kinds, e.Kind)
	})
	return p, kinds
}

// TestPipelineMasksStuckSensor: a sensor whose reading holds while its
// neighbours' change is found stuck by health, and masked.
func TestPipelineMasksStuckSensor(t *testing.T) {
	stuck := calib.ReferenceBoard.Sensor(calib.Place{Point: 7, Slot: 2})
	var src items
	for k := range 300 {
		f := frameOf(engine.StartingBoard, engine.White)
		for i := range f {
			if i != stuck {
				f[i] += uint16(k % 3) // live sensors' noise
			}
		}
		src = append(src, frameAt(10*k, f))
	}
	cl := testClassifier(t)
	p, _ := testPipeline(t, &src, cl)
	p.Health = calib.NewMonitor(cl, &calib.HealthOpts{StuckChanges: 50, StuckFor: time.Second, InconsistentFor: time.Hour})
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	for i := range calib.ReferenceBoard.Sensors() {
		if got, want := cl.Masked(i), i == stuck; got != want {
			t.Errorf("sensor %d masked %v, want %v", i, got, want)
		}
	}
}

// TestPipelineHeldPartWithoutFrames: on a board learning its levels, the
// top checker of a stack set down off-centre leaves part of its field on
// the slot above, and the board is unsure until that part has held for a
// while (calib.Classifier.Wake). A trace sends no frame while the readings
// hold, so the pipeline reads the last frame again then: the board
// settles on the whole stack before the next press, not never, and at
// once, as it has been still since the part's frame.
func TestPipelineHeldPartWithoutFrames(t *testing.T) {
	checkHeldPartSettles(t, true)
}

// TestPipelineHeldPartAtTheEnd: as TestPipelineHeldPartWithoutFrames, with
// the trace ending on the frame of the checker set down off-centre: the
// last occupancy the pipeline reads, the one its end is judged on, is the
// whole stack, read again once the part has held (catchUpAll).
func TestPipelineHeldPartAtTheEnd(t *testing.T) {
	checkHeldPartSettles(t, false)
}

// checkHeldPartSettles plays a stack whose top checker is set down
// off-centre on a board learning its levels, then a roll (press) or the
// end of the trace, and checks the last board settled before it.
func checkHeldPartSettles(t *testing.T, press bool) {
	t.Helper()
	g := calib.ReferenceBoard
	start := frameOf(engine.StartingBoard, engine.White)
	five := -1 // the first slot of a point holding five White checkers
	for p := 0; p < g.Points && five < 0; p++ {
		if start[p*g.Slots+4] == testWhite && start[p*g.Slots+5] == testBase {
			five = p * g.Slots
		}
	}
	if five < 0 {
		t.Fatal("the starting position has no point of five White checkers")
	}
	off := slices.Clone(start)
	off[five+4] = testBase + (testWhite-testBase)*9/10 // the top checker's own slot
	off[five+5] = testBase + (testWhite-testBase)/4    // the rest, on the slot above
	src := items{frameAt(0, start), frameAt(10, start), frameAt(20, off)}
	last := InputEnd
	if press {
		src = append(src, pressAt(1200, sensing.Roll, engine.White, engine.Dice{3, 1}))
		last = InputRoll
	}
	base := make([]uint16, g.Sensors())
	for i := range base {
		base[i] = testBase
	}
	cl, err := calib.NewClassifier(&calib.Calibration{Board: g, Baseline: base}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var inputs []Input
	p := &Pipeline{Source: &src, Classifier: cl, Settler: sensing.NewSettler(sensing.DefaultSettleWindow),
		Deliver: func(in Input) { inputs = append(inputs, in) }}
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	point := five / g.Slots
	if !press {
		if got := p.occ.Points[point][engine.White]; got != 5 || p.occ.Unsure != 0 {
			t.Errorf("at the end: point %d %d White, %d unsure; want 5, none unsure", point+1, got, p.occ.Unsure)
		}
		return
	}
	var settled *Input
	for k, in := range inputs {
		if in.Kind == last {
			break
		}
		if in.Kind == InputSettled {
			settled = &inputs[k]
		}
	}
	if settled == nil {
		t.Fatalf("no settled board before %v: inputs %v", last, inputs)
	}
	if got := p.occ.Points[point][engine.White]; got != 5 || p.occ.Unsure != 0 {
		t.Errorf("settled before %v: point %d %d White, %d unsure; want 5, none unsure", last, point+1, got, p.occ.Unsure)
	}
	// The readings held still from the part's frame on: the board settles
	// as soon as the part has held (300 ms), not a settle window later.
	if latest := time.UnixMilli(20 + 300); settled.At.After(latest) {
		t.Errorf("settled at %v, want by %v", settled.At.Sub(time.UnixMilli(0)), latest.Sub(time.UnixMilli(0)))
	}
}
