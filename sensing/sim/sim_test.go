package sim_test

import (
	"bytes"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gammond/calib"
	"gammond/engine"
	"gammond/record/mat"
	"gammond/sensing"
	"gammond/sensing/sim"
)

func readMatch(t *testing.T, name string) *mat.Match {
	t.Helper()
	m, err := mat.ReadFile(filepath.Join("..", "..", "testdata", "matches", name+".mat"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// scriptOf returns a match's script, failing the test on a record the
// simulator cannot have.
func scriptOf(t *testing.T, m *mat.Match) *sim.Script {
	t.Helper()
	s, err := m.Script()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func simulate(t *testing.T, m *mat.Match, opts sim.Opts) ([]byte, *sim.Expect) {
	t.Helper()
	var trace bytes.Buffer
	want, err := sim.Simulate(&trace, scriptOf(t, m), &opts)
	if err != nil {
		t.Fatal(err)
	}
	return trace.Bytes(), want
}

// TestExpectOfRecordedMatches: for a match played legally, the expectation
// is the recorded traces' own, byte for byte.
func TestExpectOfRecordedMatches(t *testing.T) {
	for _, tc := range []struct{ match, expect string }{
		{"match-004-1pt", "match-004"},
		{"match-007-5pt", "match-007"},
	} {
		t.Run(tc.match, func(t *testing.T) {
			opts := sim.DefaultOpts
			opts.Seed = 11
			_, got := simulate(t, readMatch(t, tc.match), opts)
			var buf bytes.Buffer
			if err := got.Write(&buf); err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join("..", "..", "testdata", "traces", tc.expect+".expect.json"))
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.TrimSuffix(buf.String(), "\n"); got != string(want) {
				t.Errorf("expectation differs from %s.expect.json:\n%.400s", tc.expect, got)
			}
			back, err := sim.ReadExpect(&buf)
			if err != nil {
				t.Fatal(err)
			}
			if len(back.Games) != len(got.Games) || len(back.Games[0].Plays) != len(got.Games[0].Plays) {
				t.Errorf("ReadExpect gives %d games, want %d", len(back.Games), len(got.Games))
			}
		})
	}
}

func TestSimulateIsDeterministic(t *testing.T) {
	m := readMatch(t, "match-004-1pt")
	opts := sim.DefaultOpts
	opts.Seed, opts.IllegalRate = 5, 0.2
	a, _ := simulate(t, m, opts)
	b, _ := simulate(t, m, opts)
	if !bytes.Equal(a, b) {
		t.Error("the same seed gives two traces")
	}
	opts.Seed = 6
	if c, _ := simulate(t, m, opts); bytes.Equal(a, c) {
		t.Error("seeds 5 and 6 give the same trace")
	}
}

// TestTraceReads reads a trace back as the daemon does and checks its
// shape: the header, a first full frame, times, and a roll and a DONE for
// every play.
func TestTraceReads(t *testing.T) {
	m := readMatch(t, "match-007-5pt")
	opts := sim.DefaultOpts
	opts.Seed, opts.IllegalRate = 3, 0.2
	trace, want := simulate(t, m, opts)
	tr, err := sensing.NewTraceReader(bytes.NewReader(trace), nil)
	if err != nil {
		t.Fatal(err)
	}
	h := tr.Header()
	if h.Board != calib.ReferenceBoard || h.Match != (sensing.Match{Length: 5, White: m.Players[0], Black: m.Players[1]}) {
		t.Errorf("header board %+v match %+v", h.Board, h.Match)
	}
	for i := range h.Calibration.Baseline {
		base, white, black := int(h.Calibration.Baseline[i]), int(h.Calibration.White[i]), int(h.Calibration.Black[i])
		if base < 1900 || base > 2200 || white-base < 480 || white-base > 760 || base-black < 480 || base-black > 760 {
			t.Fatalf("sensor %d calibrated %d/%d/%d, not like the reference board's", i, black, base, white)
		}
	}
	first := true
	var presses [sensing.Drop + 1]int
	for {
		it, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if first && (it.Kind != sensing.FrameItem || it.At.UnixMilli() != 0 || !strings.Contains(lineOf(trace, 2), `"frame"`)) {
			t.Fatalf("the trace starts with %+v, want a full frame at t 0", it)
		}
		first = false
		if it.Kind == sensing.EventItem {
			presses[it.Event.Kind]++
		}
	}
	var plays, illegal, cube int
	for _, g := range want.Games {
		plays, illegal, cube = plays+len(g.Plays), illegal+len(g.Illegal), cube+len(g.Cube)
	}
	if illegal == 0 {
		t.Error("no illegal play at a rate of 0.2")
	}
	if presses[sensing.Roll] != plays || presses[sensing.Done] != plays+illegal ||
		presses[sensing.Double]+presses[sensing.Take]+presses[sensing.Drop] != cube {
		t.Errorf("presses %v, want %d rolls, %d DONEs, %d cube actions", presses, plays, plays+illegal, cube)
	}
}

// lineOf returns the n-th line of a trace (1 is the header).
func lineOf(trace []byte, n int) string {
	lines := bytes.SplitN(trace, []byte("\n"), n+1)
	return string(lines[n-1])
}

// sightings counts what a trace shows of the hand's habits.
type sightings struct {
	setDowns    int // a slot read about 0.35, 0.70, 0.95 and landed
	rebounds    int // a lift's 0.05 frame, then the level, then empty
	slides      int // an empty slot read part way and empty again
	mixed       int // frames with both colours on a point: a hitter on a blot
	earlyDones  int // DONE pressed while a slot reads part way
	spikes      int // readings past 1.4 levels
	emptyBoards int // frames with every slot empty, after the first roll
}

// watch reads a trace and counts its sightings.
func watch(t *testing.T, trace []byte) sightings {
	t.Helper()
	tr, err := sensing.NewTraceReader(bytes.NewReader(trace), nil)
	if err != nil {
		t.Fatal(err)
	}
	c := &tr.Header().Calibration
	g := c.Board
	var s sightings
	n := g.Sensors()
	level := make([]float64, n)
	hist := make([][4]float64, n) // each sensor's last four distinct levels, newest last
	rolled := false
	near := func(x, want float64) bool { return math.Abs(x-want) < 0.06 }
	for {
		it, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return s
		}
		if err != nil {
			t.Fatal(err)
		}
		if it.Kind == sensing.EventItem {
			rolled = rolled || it.Event.Kind == sensing.Roll
			if it.Event.Kind == sensing.Done && partWay(level) {
				s.earlyDones++
			}
			continue
		}
		empty := true
		for i, r := range it.Frame {
			level[i] = levelOf(c, i, r)
			x := math.Abs(level[i])
			empty = empty && x < 0.15
			if x > 1.4 {
				s.spikes++
			}
			h := &hist[i]
			if math.Abs(x-h[3]) < 0.1 {
				continue
			}
			copy(h[:3], h[1:])
			h[3] = x
			switch {
			case near(h[0], 0) && near(h[1], 0.35) && near(h[2], 0.70) && near(h[3], 0.95):
				s.setDowns++
			case near(h[1], 0.05) && near(h[2], 1) && near(h[3], 0):
				s.rebounds++
			case near(h[1], 0) && h[2] > 0.2 && h[2] < 0.85 && near(h[3], 0) && !near(h[2], 0.35),
				near(h[0], 0) && h[1] > 0.2 && h[1] < 0.85 && h[2] > 0.2 && h[2] < 0.85 && near(h[3], 0) && !near(h[1], 0.7):
				s.slides++
			}
		}
		if rolled && empty {
			s.emptyBoards++
		}
		if mixedPoint(level, g.Slots) {
			s.mixed++
		}
	}
}

// levelOf places a reading on its sensor's scale: 0 empty, 1 a White
// checker, -1 a Black one.
func levelOf(c *calib.Calibration, i int, r uint16) float64 {
	base := float64(c.Baseline[i])
	if x := float64(r); x >= base {
		return (x - base) / (float64(c.White[i]) - base)
	} else {
		return -(base - x) / (base - float64(c.Black[i]))
	}
}

func partWay(level []float64) bool {
	for _, x := range level {
		if a := math.Abs(x); a > 0.15 && a < 0.85 {
			return true
		}
	}
	return false
}

func mixedPoint(level []float64, slots int) bool {
	for p := range 24 {
		white, black := false, false
		for _, x := range level[p*slots : (p+1)*slots] {
			white, black = white || x > 0.85, black || x < -0.85
		}
		if white && black {
			return true
		}
	}
	return false
}

// TestHabits: each habit of the hand shows in the trace when its rate is
// 1, and not when it is 0.
func TestHabits(t *testing.T) {
	m := readMatch(t, "match-007-5pt")
	// quiet sees one habit at a time: nothing else that could look like it.
	quiet := sim.DefaultOpts
	quiet.Seed = 2
	quiet.TryRate, quiet.EarlyDoneRate, quiet.SlideRate, quiet.HitterFirstRate = 0, 0, 0, 0
	quiet.ShuffleRate, quiet.ClearRate, quiet.SpikesPerMinute = 0, 1, 0
	for _, tc := range []struct {
		name  string
		set   func(o *sim.Opts, on bool)
		count func(s sightings) int
	}{
		{"checkers slide over points", func(o *sim.Opts, on bool) { o.SlideRate = rate(on) }, func(s sightings) int { return s.slides }},
		{"hitters land on the blot first", func(o *sim.Opts, on bool) { o.HitterFirstRate = rate(on) }, func(s sightings) int { return s.mixed }},
		{"lifts rebound", func(o *sim.Opts, on bool) { o.ReboundRate = rate(on) }, func(s sightings) int { return s.rebounds }},
		{"DONE during the last set-down", func(o *sim.Opts, on bool) { o.EarlyDoneRate = rate(on) }, func(s sightings) int { return s.earlyDones }},
		{"spikes", func(o *sim.Opts, on bool) { o.SpikesPerMinute = 60 * rate(on) }, func(s sightings) int { return s.spikes }},
		{"the board cleared between games", func(o *sim.Opts, on bool) { o.ClearRate = rate(on) }, func(s sightings) int { return s.emptyBoards }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			for _, on := range []bool{true, false} {
				opts := quiet
				tc.set(&opts, on)
				trace, _ := simulate(t, m, opts)
				if n := tc.count(watch(t, trace)); (n > 0) != on {
					t.Errorf("rate on %v: seen %d times", on, n)
				}
			}
		})
	}
}

func rate(on bool) float64 {
	if on {
		return 1
	}
	return 0
}

// TestMoreHandling: tries, stops on the way and illegal plays each add
// set-downs to the same match (the board cleared between games, so the
// set-ups set down as many checkers each time).
func TestMoreHandling(t *testing.T) {
	m := readMatch(t, "match-007-5pt")
	base := sim.DefaultOpts
	base.Seed, base.TryRate, base.StopRate, base.CarryRate, base.ClearRate, base.HitterFirstRate = 8, 0, 0, 1, 1, 0
	trace, _ := simulate(t, m, base)
	plain := watch(t, trace)
	if plain.setDowns == 0 {
		t.Fatalf("a plain match shows %+v", plain)
	}
	for _, tc := range []struct {
		name string
		set  func(o *sim.Opts)
	}{
		{"tries", func(o *sim.Opts) { o.TryRate = 1 }},
		{"stops on the way", func(o *sim.Opts) { o.StopRate = 1 }},
		{"illegal plays", func(o *sim.Opts) { o.IllegalRate = 1 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			opts := base
			tc.set(&opts)
			trace, want := simulate(t, m, opts)
			if got := watch(t, trace).setDowns; got <= plain.setDowns {
				t.Errorf("%d set-downs, the plain match %d", got, plain.setDowns)
			}
			illegal := 0
			for _, g := range want.Games {
				illegal += len(g.Illegal)
			}
			if (illegal > 0) != (opts.IllegalRate > 0) {
				t.Errorf("%d illegal turns at rate %v", illegal, opts.IllegalRate)
			}
		})
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestSimulateErrors(t *testing.T) {
	goodMatch := readMatch(t, "match-004-1pt")
	good := scriptOf(t, goodMatch)
	record := func(moves string) *sim.Script {
		m, err := mat.Read(strings.NewReader(" 1 point match\n\n Game 1\n A : 0   B : 0\n  1) "+moves+"\n"), "bad.mat")
		if err != nil {
			t.Fatal(err)
		}
		return scriptOf(t, m)
	}
	// game returns a script of one game of the actions.
	game := func(actions ...sim.Action) *sim.Script {
		return &sim.Script{Length: 1, Games: []sim.GameScript{{Number: 1, Actions: actions}}}
	}
	roll := func(d engine.Dice, moves ...engine.Move) sim.Action {
		return sim.Action{Kind: sim.Roll, Side: engine.White, Number: 1, Dice: d, Moves: moves}
	}
	opening := roll(engine.Dice{3, 1}, engine.Move{From: 8, To: 5}, engine.Move{From: 6, To: 5})
	opts := func(set func(o *sim.Opts)) *sim.Opts {
		o := sim.DefaultOpts
		set(&o)
		return &o
	}
	for _, tc := range []struct {
		name string
		w    io.Writer
		m    *sim.Script
		opts *sim.Opts
		want string
	}{
		{"no match", io.Discard, nil, nil, "no match"},
		{"rate above 1", io.Discard, good, opts(func(o *sim.Opts) { o.IllegalRate = 1.5 }), "IllegalRate"},
		{"rate not a number", io.Discard, good, opts(func(o *sim.Opts) { o.TryRate = math.NaN() }), "TryRate"},
		{"noise", io.Discard, good, opts(func(o *sim.Opts) { o.NoiseCounts = -1 }), "NoiseCounts"},
		{"no bar sensors", io.Discard, good, opts(func(o *sim.Opts) { o.Board.BarSlots = 0 }), "bar"},
		{"bad geometry", io.Discard, good, opts(func(o *sim.Opts) { o.Board.Slots = 0 }), "geometry"},
		{"8-bit ADC", io.Discard, good, opts(func(o *sim.Opts) { o.Board.ADCBits = 8 }), "8-bit"},
		{"Welsh rules for the standard game", io.Discard, good, opts(func(o *sim.Opts) { o.Rules = engine.RulesWelsh }), `Rules "welsh"`},
		{"unknown rules", io.Discard, good, opts(func(o *sim.Opts) { o.Rules = "dutch" }), `Rules "dutch"`},
		{"illegal recorded play", io.Discard, record("31: 24/20 13/10"), nil, "game 1 move 1 White: 31 24/20 13/10 is not a legal play"},
		{"move from an empty point", io.Discard, game(roll(engine.Dice{3, 1}, engine.Move{From: 22, To: 19}, engine.Move{From: 13, To: 12})), nil, "game 1 move 1 White: 31 22/19"},
		{"a die too high", io.Discard, game(roll(engine.Dice{7, 1}, engine.Move{From: 24, To: 17}, engine.Move{From: 6, To: 5})), nil, "game 1 move 1 White: 71"},
		{"a forfeit with moves to make", io.Discard, game(roll(engine.Dice{3, 1})), nil, "game 1 move 1 White: 31  is not a legal play"},
		{"no such side", io.Discard, game(opening, sim.Action{Kind: sim.Double, Side: 2, Number: 1}), nil, "side 2"},
		{"no such kind", io.Discard, game(opening, sim.Action{Kind: 9, Number: 1}), nil, "kind 9"},
		{"no opening roll", io.Discard, record(" Doubles => 2"), nil, "no opening roll"},
		{"a negative match length", io.Discard, &sim.Script{Length: -1}, nil, "a match of -1 points"},
		{"an empty game", io.Discard, &sim.Script{Games: []sim.GameScript{{Number: 3}}}, nil, "game 3 has no opening roll"},
		{"write error", failWriter{}, good, nil, "disk full"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			w := tc.w
			if w == io.Discard {
				w = &out
			}
			got, err := sim.Simulate(w, tc.m, tc.opts)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one saying %q", err, tc.want)
			}
			if got != nil || (tc.w == io.Discard && out.Len() > 0 && !strings.Contains(tc.name, "write")) {
				t.Errorf("an error, yet %d bytes written and expectation %v", out.Len(), got)
			}
		})
	}
}

// TestResignation: a game the record ends with a resignation has no roll
// for it on the board; the players set up the next game at once, and its
// opening roll comes with the board in the starting position.
func TestResignation(t *testing.T) {
	m, err := mat.Read(strings.NewReader(` 3 point match

 Game 1
 A : 0                          B : 0
  1) 31: 8/5 6/5                 42: 8/4 6/4
  2) 63:                         Wins 1 point

 Game 2
 A : 0                          B : 1
  1) 21: 13/11 6/5               61: 13/7 8/7
      Wins 2 points
`), "resign.mat")
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(5) {
		opts := sim.DefaultOpts
		opts.Seed = seed
		trace, want := simulate(t, m, opts)
		if g := want.Games[0]; len(g.Plays) != 2 || g.Winner == nil || *g.Winner != engine.Black || g.Points != 1 {
			t.Errorf("seed %d: game 1 expected as %+v", seed, g)
		}
		if got, want := rollsAtStart(t, trace), []bool{true, false, true, false}; !slices.Equal(got, want) {
			t.Errorf("seed %d: starting position at the rolls: %v, want %v (the resigning side does not roll)", seed, got, want)
		}
	}
}

// rollsAtStart reports, for each roll of a trace, whether the board showed
// the starting position.
func rollsAtStart(t *testing.T, trace []byte) []bool {
	t.Helper()
	tr, err := sensing.NewTraceReader(bytes.NewReader(trace), nil)
	if err != nil {
		t.Fatal(err)
	}
	m, err := calib.NewModel(&tr.Header().Calibration)
	if err != nil {
		t.Fatal(err)
	}
	var atRolls []bool
	for {
		it, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return atRolls
		}
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case it.Kind == sensing.FrameItem:
			m.Observe(it.At, it.Frame)
		case it.Event.Kind == sensing.Roll:
			var occ engine.Occupancy
			m.Evaluate(it.At)
			m.Best(&occ)
			start := engine.StartingBoard
			atRolls = append(atRolls, occ.Fits(&start, engine.White))
		}
	}
}
