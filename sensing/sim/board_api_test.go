package sim_test

import (
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"gammond/calib"
	"gammond/engine"
	"gammond/sensing/sim"
)

// The methods the daemon's simulated board calls, checked at compile
// time: their names and signatures are a contract with package board.
var _ interface {
	Move(side engine.Side, from, to int) error
	Place(l engine.Layout)
	Layout() engine.Layout
	Frame(dst []uint16)
	Calibration() *calib.Calibration
} = (*sim.Board)(nil)

// startLayout is the starting position, in the board's numbering.
func startLayout() engine.Layout {
	return engine.LayoutOf(&engine.StartingBoard, engine.White)
}

// occupancy reads a board's frame through the sensor model, on its own:
// every point in the state that explains it best.
func occupancy(t *testing.T, b *sim.Board) engine.Occupancy {
	t.Helper()
	cal := b.Calibration()
	m, err := calib.NewModel(cal)
	if err != nil {
		t.Fatal(err)
	}
	frame := make([]uint16, cal.Board.Sensors())
	b.Frame(frame)
	return readFrame(m, time.Unix(0, 0), frame)
}

// readFrame reads frame, read at at, through m on its own.
func readFrame(m *calib.Model, at time.Time, frame []uint16) engine.Occupancy {
	var o engine.Occupancy
	m.Observe(at, frame)
	m.Evaluate(at)
	m.Best(&o)
	return o
}

// wantOccupancy is what the sensors of a board must show of a layout.
func wantOccupancy(t *testing.T, l engine.Layout) engine.Occupancy {
	t.Helper()
	b, err := l.Board(engine.White)
	if err != nil {
		t.Fatal(err)
	}
	g := calib.ReferenceBoard
	return engine.OccupancyOf(&b, engine.White, g.Slots, g.BarSlots)
}

func TestBoardStartsSetUp(t *testing.T) {
	b := sim.NewBoard(1)
	if got, want := b.Layout(), startLayout(); got != want {
		t.Fatalf("a new board holds %v, want the starting position %v", got, want)
	}
	o := occupancy(t, b)
	start := engine.StartingBoard
	if !o.Fits(&start, engine.White) || o.Unsure != 0 {
		t.Fatalf("a new board reads %+v, want the starting position", o)
	}
}

// TestBoardMove plays moves in order from the starting position; each
// either moves the checkers as a hand would or is refused, the board
// unchanged.
func TestBoardMove(t *testing.T) {
	b := sim.NewBoard(2)
	for _, tc := range []struct {
		name     string
		side     engine.Side
		from, to int
		want     string                      // the error, "" for none
		check    func(l *engine.Layout) bool // the layout after
	}{
		{"White runs a back checker", engine.White, 24, 18, "", func(l *engine.Layout) bool { return l[engine.White][24] == 1 && l[engine.White][18] == 1 }},
		{"White builds", engine.White, 13, 11, "", func(l *engine.Layout) bool { return l[engine.White][13] == 4 && l[engine.White][11] == 1 }},
		{"Black hits the blot on 18", engine.Black, 12, 18, "", func(l *engine.Layout) bool {
			return l[engine.White][engine.Bar] == 1 && l[engine.White][18] == 0 && l[engine.Black][18] == 1 && l[engine.Black][12] == 4
		}},
		{"White enters, hitting back", engine.White, engine.Bar, 18, "", func(l *engine.Layout) bool {
			return l[engine.White][engine.Bar] == 0 && l[engine.Black][engine.Bar] == 1 && l[engine.White][18] == 1
		}},
		{"White bears off, rules or not", engine.White, 6, engine.Off, "", func(l *engine.Layout) bool { return l[engine.White][engine.Off] == 1 && l[engine.White][6] == 4 }},
		{"no checker there", engine.White, 20, 15, "White has no checker on point 20", nil},
		{"nobody on the bar", engine.White, engine.Bar, 20, "White has no checker on the bar", nil},
		{"onto a held point", engine.White, 13, 12, "Black holds point 12", nil},
		{"to point 26", engine.White, 13, 26, "from 13 to 26: points are 1-24, 25 the bar, 0 off", nil},
		{"from off", engine.White, engine.Off, 5, "from 0 to 5: points", nil},
		{"onto the bar", engine.Black, 1, engine.Bar, "from 1 to 25", nil},
		{"no such side", 2, 13, 11, "no side 2", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := b.Layout()
			err := b.Move(tc.side, tc.from, tc.to)
			after := b.Layout()
			if tc.want != "" {
				if !errors.Is(err, sim.ErrMove) || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("Move(%v, %d, %d) = %v, want ErrMove saying %q", tc.side, tc.from, tc.to, err, tc.want)
				}
				if after != before {
					t.Fatalf("a refused move changed the board to %v", after)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !tc.check(&after) || after.Total(engine.White) != 15 || after.Total(engine.Black) != 15 {
				t.Fatalf("the board holds %v", after)
			}
			if got, want := occupancy(t, b), wantOccupancy(t, after); got != want {
				t.Fatalf("the sensors read %+v, want %+v", got, want)
			}
		})
	}
}

// TestBoardPlace: Layout gives back what Place put, and the sensors read
// it.
func TestBoardPlace(t *testing.T) {
	onBar := startLayout()
	onBar[engine.White][24], onBar[engine.White][engine.Bar] = 0, 2
	onBar[engine.Black][19], onBar[engine.Black][engine.Bar] = 1, 4
	var bearingOff engine.Layout
	bearingOff[engine.White][1], bearingOff[engine.White][2], bearingOff[engine.White][engine.Off] = 9, 1, 5
	bearingOff[engine.Black][24], bearingOff[engine.Black][engine.Off] = 3, 12
	var empty engine.Layout
	empty[engine.White][engine.Off], empty[engine.Black][engine.Off] = 15, 15
	b := sim.NewBoard(3)
	for _, tc := range []struct {
		name string
		l    engine.Layout
	}{
		{"checkers on the bar", onBar},
		{"a tall stack bearing off", bearingOff},
		{"every checker off", empty},
		{"the start again", startLayout()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b.Place(tc.l)
			if got := b.Layout(); got != tc.l {
				t.Fatalf("Layout() = %v, want %v", got, tc.l)
			}
			if got, want := occupancy(t, b), wantOccupancy(t, tc.l); got != want {
				t.Fatalf("the sensors read %+v, want %+v", got, want)
			}
		})
	}
}

// TestBoardPlaceHoldsCounts: a count out of range is held to what a side
// has, not a panic or a board of a thousand checkers.
func TestBoardPlaceHoldsCounts(t *testing.T) {
	var l, want engine.Layout
	l[engine.White][3], want[engine.White][3] = 1000, engine.CheckersPerSide
	l[engine.Black][engine.Bar], want[engine.Black][engine.Bar] = -2, 0
	l[engine.Black][engine.Off], want[engine.Black][engine.Off] = 99, engine.CheckersPerSide
	b := sim.NewBoard(8)
	b.Place(l)
	if got := b.Layout(); got != want {
		t.Errorf("Place(%v) holds %v, want %v", l, got, want)
	}
}

// TestBoardSeeded: a seed gives its board the same calibration and frames,
// another seed others.
func TestBoardSeeded(t *testing.T) {
	frames := func(seed uint64) ([]uint16, *calib.Calibration) {
		b := sim.NewBoard(seed)
		f := make([]uint16, calib.ReferenceBoard.Sensors())
		for range 5 {
			b.Frame(f)
		}
		return f, b.Calibration()
	}
	a, calA := frames(9)
	b, calB := frames(9)
	c, calC := frames(10)
	if !slices.Equal(a, b) || !slices.Equal(calA.Baseline, calB.Baseline) {
		t.Error("seed 9 gives two boards")
	}
	if slices.Equal(a, c) || slices.Equal(calA.White, calC.White) {
		t.Error("seeds 9 and 10 give the same board")
	}
}

// TestBoardCalibrationIsACopy: a caller's changes to what Calibration
// returns do not reach the board.
func TestBoardCalibrationIsACopy(t *testing.T) {
	b := sim.NewBoard(9)
	mine := b.Calibration()
	mine.Baseline[0]++
	mine.White[0]++
	if again := b.Calibration(); again.Baseline[0] == mine.Baseline[0] || again.White[0] == mine.White[0] {
		t.Error("a change to Calibration's result reached the board")
	}
}

// TestBoardConcurrent moves checkers on one goroutine while another scans
// frames, as the page and the scan loop of "gammond -sim" do: -race
// checks the locking, and the board reads, once the moves are done, the
// position they leave.
func TestBoardConcurrent(t *testing.T) {
	b := sim.NewBoard(4)
	m, err := calib.NewModel(b.Calibration())
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	moveErr := make(chan error, 1)
	wg.Go(func() {
		for range 200 {
			for _, m := range [][2]int{{13, 11}, {11, 13}} {
				if err := b.Move(engine.White, m[0], m[1]); err != nil {
					moveErr <- err
					return
				}
			}
		}
	})
	frame := make([]uint16, calib.ReferenceBoard.Sensors())
	for k := range 400 {
		b.Frame(frame)
		m.Observe(time.UnixMilli(int64(10*k)), frame)
	}
	wg.Wait()
	close(moveErr)
	if err := <-moveErr; err != nil {
		t.Fatal(err)
	}
	if got, want := b.Layout(), startLayout(); got != want {
		t.Errorf("after moving back and forth the board holds %v", got)
	}
	b.Frame(frame)
	start := engine.StartingBoard
	if o := readFrame(m, time.UnixMilli(4000), frame); !o.Fits(&start, engine.White) {
		t.Errorf("after moving back and forth the board reads %+v, want the starting position", o)
	}
}

// TestBoardFrameNoise: a still board's readings wander frame to frame,
// within three standard deviations of the noise around each slot's level.
func TestBoardFrameNoise(t *testing.T) {
	b := sim.NewBoard(7)
	cal := b.Calibration()
	g := cal.Board
	o := wantOccupancy(t, startLayout())
	level := func(i int) uint16 { // the slot's level with no noise
		p := g.Place(i)
		covered := o.Bar[p.Half]
		if p.Point > 0 {
			covered = o.Points[p.Point-1]
		}
		switch {
		case p.Slot < int(covered[engine.White]):
			return cal.White[i]
		case p.Slot < int(covered[engine.Black]):
			return cal.Black[i]
		}
		return cal.Baseline[i]
	}
	limit := 3 * sim.DefaultOpts.NoiseCounts
	first, frame := make([]uint16, g.Sensors()), make([]uint16, g.Sensors())
	b.Frame(first)
	changed := 0
	for range 50 {
		b.Frame(frame)
		for i, r := range frame {
			if d := float64(r) - float64(level(i)); d < -limit-1 || d > limit+1 {
				t.Fatalf("sensor %d (%v) reads %d, level %d: beyond the noise", i, g.Place(i), r, level(i))
			}
			if r != first[i] {
				changed++
			}
		}
	}
	if changed == 0 {
		t.Error("50 frames of a still board read the same: no noise")
	}
}

func TestBoardFrameAllocatesNothing(t *testing.T) {
	b := sim.NewBoard(5)
	frame := make([]uint16, calib.ReferenceBoard.Sensors())
	if n := testing.AllocsPerRun(100, func() { b.Frame(frame) }); n != 0 {
		t.Errorf("%v allocations a frame", n)
	}
}

// BenchmarkBoardFrame reads a frame of the reference board: no allocation.
func BenchmarkBoardFrame(bm *testing.B) {
	b := sim.NewBoard(6)
	frame := make([]uint16, calib.ReferenceBoard.Sensors())
	bm.ReportAllocs()
	for bm.Loop() {
		b.Frame(frame)
	}
}
