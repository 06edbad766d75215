package referee

import (
	"errors"
	"io"
	"slices"
	"testing"
	"time"

	"gammond/calib"
	"gammond/engine"
	"gammond/sensing"
	"gammond/sensing/health"
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

// TestPipelineGlitches: a bus glitch (a frame with readings at both of
// the ADC's rails) while a DONE waits is no motion, and a DONE right
// after the last change waits for the board to settle: either way the
// play is judged on the board settled after it, even when the opponent
// rolls soon after.
func TestPipelineGlitches(t *testing.T) {
	start := frameOf(engine.StartingBoard, engine.White)
	play := engine.LegalPlays(engine.StartingBoard, engine.Dice{3, 1})[0]
	after := frameOf(play.After, engine.Black)
	glitch := slices.Clone(after)
	glitch[40], glitch[41] = 4095, 0
	opening := []sensing.Item{frameAt(0, start), pressAt(1000, sensing.Roll, engine.White, engine.Dice{3, 1})}
	for _, tc := range []struct {
		name  string
		items []sensing.Item
	}{
		{"bus glitch while a DONE waits", []sensing.Item{
			frameAt(2000, after), frameAt(2010, after), pressAt(2015, sensing.Done, engine.White, engine.Dice{}),
			frameAt(2100, glitch), frameAt(2110, after),
			pressAt(2200, sensing.Roll, engine.Black, engine.Dice{2, 1}),
		}},
		{"DONE right after the last change", []sensing.Item{
			frameAt(2000, after), pressAt(2005, sensing.Done, engine.White, engine.Dice{}),
			pressAt(2200, sensing.Roll, engine.Black, engine.Dice{2, 1}),
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := items(append(slices.Clone(opening), tc.items...))
			p, kinds := testPipeline(t, &src)
			if err := p.Run(); err != nil {
				t.Fatal(err)
			}
			var got []Kind
			for _, k := range *kinds {
				if k != SetupWrong {
					got = append(got, k)
				}
			}
			if want := []Kind{GameStarted, Rolled, PlayMade, Rolled}; !slices.Equal(got, want) {
				t.Errorf("events %v, want %v", got, want)
			}
		})
	}
}

// testCalibration returns the pipeline tests' board's calibration, every
// sensor at testBase, testWhite and testBlack.
func testCalibration() *calib.Calibration {
	cal := calib.Calibration{Board: calib.ReferenceBoard}
	for range calib.ReferenceBoard.Sensors() {
		cal.Baseline, cal.White, cal.Black = append(cal.Baseline, testBase), append(cal.White, testWhite), append(cal.Black, testBlack)
	}
	return &cal
}

// testPipeline returns a pipeline for a 1-point match reading src, its
// referee's sensor model started from testCalibration, and the kinds of
// the events it emits.
func testPipeline(t *testing.T, src sensing.Source) (*Pipeline, *[]Kind) {
	t.Helper()
	m, err := engine.NewMatch(1, engine.MatchOpts{})
	if err != nil {
		t.Fatal(err)
	}
	kinds := new([]Kind)
	p := &Pipeline{Source: src}
	p.Referee = New(m, sensing.NewVirtualClock(time.UnixMilli(0)), func(e Event) { *kinds = append(*kinds, e.Kind) })
	if err := p.Referee.SetCalibration(testCalibration()); err != nil {
		t.Fatal(err)
	}
	return p, kinds
}

// TestPipelineLearnsDeadSensor: a sensor under a checker of the starting
// position that reads empty makes the set-up board one short; the game
// starts, and the referee's model, taught the starting position, finds
// the sensor dead.
func TestPipelineLearnsDeadSensor(t *testing.T) {
	dead := calib.ReferenceBoard.Sensor(calib.Place{Point: 6, Slot: 1})
	start := frameOf(engine.StartingBoard, engine.White)
	start[dead] = testBase
	hand := slices.Clone(start)
	hand[calib.ReferenceBoard.Sensor(calib.Place{Point: 3, Slot: 0})] = testBase + 300 // a hand passing
	src := items{frameAt(0, start), frameAt(1000, hand), frameAt(1100, start), frameAt(2000, start), frameAt(2500, start),
		pressAt(3000, sensing.Roll, engine.White, engine.Dice{3, 1})}
	p, kinds := testPipeline(t, &src)
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(*kinds, GameStarted) {
		t.Errorf("events %v: the game never started", *kinds)
	}
	for i := range calib.ReferenceBoard.Sensors() {
		if got, want := p.Referee.SensorModel().Silent(i), i == dead; got != want {
			t.Errorf("sensor %d silent %v, want %v", i, got, want)
		}
	}
}

// TestPipelineLearnsLevels: the checkers of a started game read 60 counts
// above the calibrated White level: the game's start teaches the
// referee's model, whose White gain moves towards the reading.
func TestPipelineLearnsLevels(t *testing.T) {
	start := frameOf(engine.StartingBoard, engine.White)
	covered := calib.ReferenceBoard.Sensor(calib.Place{Point: 24, Slot: 0}) // White's back checkers
	for i, r := range start {
		if r == testWhite {
			start[i] = testWhite + 60
		}
	}
	src := items{frameAt(0, start), frameAt(1000, start), pressAt(1500, sensing.Roll, engine.White, engine.Dice{3, 1})}
	p, kinds := testPipeline(t, &src)
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(*kinds, GameStarted) {
		t.Fatalf("events %v: the game never started", *kinds)
	}
	if g := p.Referee.SensorModel().Estimate(covered).Gain[engine.White]; g <= testWhite-testBase || g > testWhite-testBase+60 {
		t.Errorf("sensor %d's White gain %.1f after the game started, want above %d, at most %d", covered, g, testWhite-testBase, testWhite-testBase+60)
	}
}

// TestPipelineHealth: Health watches every frame and finds a sensor whose
// reading holds while its neighbours' change stuck; it only reports: the
// referee's model still reads the sensor.
func TestPipelineHealth(t *testing.T) {
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
	p, _ := testPipeline(t, &src)
	p.Health = health.NewMonitor(p.Referee.SensorModel(), &health.Opts{StuckChanges: 50, StuckFor: time.Second, InconsistentFor: time.Hour})
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	fs := p.Health.Findings()
	if len(fs) != 1 || fs[0].Sensor != stuck || fs[0].Problem != health.Stuck || fs[0].Frames != 200 {
		t.Errorf("findings %v, want sensor %d stuck in the last 200 frames", fs, stuck)
	}
	if p.Referee.SensorModel().Silent(stuck) {
		t.Errorf("sensor %d silenced by the monitor", stuck)
	}
}

// TestPipelineSettlesWithoutFrames: a trace writes no frame while the
// readings hold, so the board settles when the next item comes, or at
// the end of the source, as it has since calib.SettleWindow after the
// readings last moved.
func TestPipelineSettlesWithoutFrames(t *testing.T) {
	start := frameOf(engine.StartingBoard, engine.White)
	moved := slices.Clone(start)
	moved[calib.ReferenceBoard.Sensor(calib.Place{Point: 3})] = testWhite
	for _, tc := range []struct {
		name string
		last sensing.Item
		at   int // when the board is told it settled, in ms
	}{
		{"at a press", pressAt(2000, sensing.Roll, engine.White, engine.Dice{3, 1}), 2000},
		{"at the end", frameAt(1000, moved), 1000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := items{frameAt(0, start), frameAt(1000, moved), tc.last}
			var settled []Input
			p := &Pipeline{Source: &src, Deliver: func(in Input) {
				if in.Kind == InputSettled {
					settled = append(settled, in)
				}
			}}
			p.Referee = New(nil, sensing.NewVirtualClock(time.UnixMilli(0)), func(Event) {})
			if err := p.Referee.SetCalibration(testCalibration()); err != nil {
				t.Fatal(err)
			}
			if err := p.Run(); err != nil {
				t.Fatal(err)
			}
			if len(settled) != 2 {
				t.Fatalf("settled inputs %+v, want the start and the move", settled)
			}
			in := settled[1]
			if !in.At.Equal(time.UnixMilli(int64(tc.at))) || !in.FrameAt.Equal(time.UnixMilli(1000).Add(calib.SettleWindow)) || !slices.Equal(in.Frame, moved) {
				t.Errorf("settled at %v, still since %v; want at %d ms, still since %v, on the moved frame", in.At, in.FrameAt, tc.at, time.UnixMilli(1000).Add(calib.SettleWindow))
			}
		})
	}
}

// TestPipelineNeedsAReferee: a frame for a pipeline with no referee,
// whose sensor model gives the board's geometry, is an error, not a
// panic.
func TestPipelineNeedsAReferee(t *testing.T) {
	src := items{frameAt(0, frameOf(engine.StartingBoard, engine.White))}
	p := &Pipeline{Source: &src, Deliver: func(Input) {}}
	if err := p.Run(); !errors.Is(err, errNoModel) {
		t.Errorf("Run = %v, want %v", err, errNoModel)
	}
}
