package calib

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"gammond/engine"
)

// physBoard is a board drawn anywhere in HARDWARE.md's ranges: each
// sensor's baseline, gains and noise, each checker's magnet, how much a
// stacked checker adds. It renders a layout's frame; the model is told
// none of it but the calibration a calibration would measure.
type physBoard struct {
	rng      *rand.Rand
	geo      Geometry
	base     []float64
	gain     [][2]float64
	noise    []float64
	dead     []bool
	strength [2][]float64 // each side's checkers' magnets, in the order they fill the board
	stack    float64      // what a stacked checker adds, a share of a field
	// offCentre: the top checker of a point with a free slot above it is
	// set down between the two, this share on the slot above (0: none).
	offCentre map[int]float64
}

func newPhysBoard(seed uint64) *physBoard {
	rng := rand.New(rand.NewPCG(seed, 21))
	g := ReferenceBoard
	n := g.Sensors()
	b := &physBoard{rng: rng, geo: g, base: make([]float64, n), gain: make([][2]float64, n), noise: make([]float64, n), dead: make([]bool, n),
		stack: 0.01 + 0.03*rng.Float64(), offCentre: map[int]float64{}}
	for i := range n {
		b.base[i] = 1900 + 300*rng.Float64()
		b.gain[i] = [2]float64{480 + 280*rng.Float64(), 480 + 280*rng.Float64()}
		b.noise[i] = 2 + 4*rng.Float64()
	}
	for s := range b.strength {
		b.strength[s] = make([]float64, engine.CheckersPerSide)
		for k := range b.strength[s] {
			b.strength[s][k] = 1 + MagnetSpread*(2*rng.Float64()-1)
		}
	}
	return b
}

// calibration returns what "gammon calibrate" measures: each level read
// with one checker, itself of some strength.
func (b *physBoard) calibration() *Calibration {
	n := b.geo.Sensors()
	c := &Calibration{Board: b.geo, Baseline: make([]uint16, n), White: make([]uint16, n), Black: make([]uint16, n)}
	for i := range n {
		c.Baseline[i] = uint16(math.Round(b.base[i]))
		c.White[i] = uint16(math.Round(b.base[i] + b.gain[i][0]*(1+MagnetSpread*(2*b.rng.Float64()-1))))
		c.Black[i] = uint16(math.Round(b.base[i] - b.gain[i][1]*(1+MagnetSpread*(2*b.rng.Float64()-1))))
	}
	return c
}

// frame renders the layout, each side's checkers taking their magnets in
// board order.
func (b *physBoard) frame(l *engine.Layout) []uint16 {
	field := make([]float64, b.geo.Sensors())
	side := func(s engine.Side) float64 { return float64(1 - 2*int(s)) }
	for s := range 2 {
		k := 0
		put := func(first, slots, n int, p int) {
			for c := range n {
				f := b.strength[s][k%engine.CheckersPerSide] * side(engine.Side(s))
				k++
				slot := c % slots
				if c >= slots {
					f *= b.stack
				}
				if share, ok := b.offCentre[p]; ok && c == n-1 && n < slots && p > 0 {
					field[first+slot+1] += f * share
					f *= 1 - share
				}
				field[first+slot] += f
			}
		}
		for p := 1; p <= 24; p++ {
			put(b.geo.Sensor(Place{Point: p}), b.geo.Slots, l[s][p], p)
		}
		put(b.geo.Sensor(Place{Half: engine.Side(s)}), b.geo.BarSlots, l[s][engine.Bar], 0)
	}
	out := make([]uint16, len(field))
	for i, f := range field {
		g := b.gain[i][0]
		if f < 0 {
			g = b.gain[i][1]
		}
		if b.dead[i] {
			f = 0
		}
		out[i] = uint16(math.Round(min(max(b.base[i]+f*g+b.noise[i]*b.rng.NormFloat64(), 0), 4095)))
	}
	return out
}

// show makes the model observe the frame long enough to settle, and
// evaluates it.
func show(m *Model, at *time.Time, frame []uint16) {
	for range 3 {
		*at = at.Add(100 * time.Millisecond)
		m.Observe(*at, frame)
	}
	m.Evaluate(*at)
}

var start = engine.LayoutOf(&engine.StartingBoard, engine.White)

// calibratedModel returns a board drawn from seed and a model of it
// given its calibration.
func calibratedModel(t *testing.T, seed uint64) (*physBoard, *Model) {
	t.Helper()
	b := newPhysBoard(seed)
	m, err := NewModel(b.calibration())
	if err != nil {
		t.Fatal(err)
	}
	return b, m
}

func TestModelSettles(t *testing.T) {
	b, m := calibratedModel(t, 1)
	at := time.Unix(0, 0)
	still := b.frame(&start)
	if m.Observe(at, still) {
		t.Fatal("settled on the first frame")
	}
	quiet := slices.Clone(still)
	quiet[5] += 3 // noise
	if m.Observe(at.Add(100*time.Millisecond), quiet) {
		t.Error("settled after 100 ms")
	}
	if !m.Observe(at.Add(160*time.Millisecond), still) {
		t.Error("not settled after 160 ms of readings within their noise")
	}
	glitch := slices.Clone(still)
	for _, i := range []int{3, 19, 35, 51, 67, 83, 99, 115} {
		glitch[i] = 4095
	}
	if !m.Observe(at.Add(170*time.Millisecond), glitch) || m.Frame()[3] == 4095 {
		t.Error("a bus glitch moved the board or was kept")
	}
	moved := slices.Clone(still)
	moved[30] += 400 // a checker set down
	if m.Observe(at.Add(180*time.Millisecond), moved) || !m.Observe(at.Add(330*time.Millisecond), moved) {
		t.Error("a checker set down did not restart the settle window")
	}
}

// TestModelGainLearnsOncePerChecker: a weak checker left on a slot for a
// whole game is one measurement of the sensor's gain, not twenty: the
// gain stays where the first moved it, and checkers coming and going
// bring it to the sensor's own.
func TestModelGainLearnsOncePerChecker(t *testing.T) {
	b := newPhysBoard(2)
	m, err := NewModel(&Calibration{Board: b.geo}) // no calibration: wide gains
	if err != nil {
		t.Fatal(err)
	}
	const p = 3 // an empty point of the start
	i := b.geo.Sensor(Place{Point: p})
	var one engine.Layout
	one[engine.White][p] = 1
	at := time.Unix(0, 0)
	b.strength[engine.White][0] = 1 - MagnetSpread
	show(m, &at, b.frame(&engine.Layout{}))
	m.Learn(at, m.Frame(), &engine.Layout{})
	show(m, &at, b.frame(&one))
	m.Learn(at, m.Frame(), &one)
	first := m.est[i].x.gain[engine.White]
	for range 20 {
		show(m, &at, b.frame(&one))
		m.Learn(at, m.Frame(), &one)
	}
	if got := m.est[i].x.gain[engine.White]; math.Abs(got-first) > 5 {
		t.Errorf("the same weak checker moved the gain from %.0f to %.0f", first, got)
	}
	if sd := math.Sqrt(m.est[i].p.gain[engine.White].gain[engine.White]); sd < 0.1*first {
		t.Errorf("one checker's measurement left the gain %.0f ± %.0f: surer than a magnet's spread", first, sd)
	}
	for k := range 40 {
		b.strength[engine.White][0] = 1 + MagnetSpread*(2*b.rng.Float64()-1)
		show(m, &at, b.frame(&engine.Layout{}))
		m.Learn(at, m.Frame(), &engine.Layout{})
		show(m, &at, b.frame(&one))
		m.Learn(at, m.Frame(), &one)
		_ = k
	}
	if got, want := m.est[i].x.gain[engine.White], b.gain[i][0]; math.Abs(got-want) > 0.06*want {
		t.Errorf("after 40 checkers the gain is %.0f, the sensor's %.0f", got, want)
	}
}

// TestModelDeadSensor: a sensor reading its baseline under a known
// checker is dead and gives no evidence: positions that differ only
// there score the same.
func TestModelDeadSensor(t *testing.T) {
	b := newPhysBoard(3)
	dead := b.geo.Sensor(Place{Point: 6, Slot: 4}) // the top of White's 6-point
	b.dead[dead] = true
	m, err := NewModel(b.calibration())
	if err != nil {
		t.Fatal(err)
	}
	at := time.Unix(0, 0)
	show(m, &at, b.frame(&start))
	four := start
	four[engine.White][6]--
	four[engine.White][engine.Off]++
	if d := m.Score(&four) - m.Score(&start); d < FitMargin {
		t.Fatalf("before it is known dead, the dead sensor gives %.1f nats for the checker it hides: want more than the margin", d)
	}
	m.Learn(at, m.Frame(), &start)
	m.Evaluate(at)
	if !m.est[dead].dead {
		t.Fatal("a sensor reading its baseline under a known checker is not dead")
	}
	if d := m.Score(&start) - m.Score(&four); math.Abs(d) > 1e-9 {
		t.Errorf("the dead sensor still gives %.1f nats", d)
	}
}

// TestModelDeadSensorLearnsNoGain: a dead sensor whose baseline drifts
// away from its estimate reads, under the next checker known on it, some
// of a gain: too much to read dead again, too little to be alive. It says
// nothing of the sensor's gain, which must not learn from it.
func TestModelDeadSensorLearnsNoGain(t *testing.T) {
	b, m := calibratedModel(t, 11)
	const p = 3 // an empty point of the start
	dead := b.geo.Sensor(Place{Point: p})
	b.dead[dead] = true
	var one, none engine.Layout
	one[engine.White][p] = 1
	at := time.Unix(0, 0)
	show(m, &at, b.frame(&one))
	m.Learn(at, m.Frame(), &one)
	if !m.est[dead].dead {
		t.Fatal("a sensor reading its baseline under a known checker is not dead")
	}
	gain := m.est[dead].x.gain[engine.White]
	show(m, &at, b.frame(&none)) // lifted: the next checker may be another
	b.base[dead] += 0.35 * gain  // the dead sensor's baseline drifts, unseen
	show(m, &at, b.frame(&one))
	m.Learn(at, m.Frame(), &one)
	if got := m.est[dead].x.gain[engine.White]; math.Abs(got-gain) > 1 {
		t.Errorf("the dead sensor's White gain moved from %.0f to %.0f", gain, got)
	}
}

// turnCandidates returns the layouts of a roll's legal results from
// before (the mover, White, on roll), and the board before.
func turnCandidates(before engine.Board, d engine.Dice) (legal []engine.Layout, plays []engine.Play, beforeLayout engine.Layout) {
	var gen engine.Generator
	plays = slices.Clone(gen.Plays(before, d))
	for i := range plays {
		legal = append(legal, engine.LayoutOf(&plays[i].After, engine.Black))
	}
	return legal, plays, engine.LayoutOf(&before, engine.White)
}

// opening31 returns a model of a board drawn from seed that has learnt
// the start, with the legal results of 3-1 from it, the index of 8/5 6/5
// among them, and the start.
func opening31(t *testing.T, seed uint64) (b *physBoard, m *Model, at time.Time, legal []engine.Layout, played int, before engine.Layout) {
	b = newPhysBoard(seed)
	m, err := NewModel(b.calibration())
	if err != nil {
		t.Fatal(err)
	}
	at = time.Unix(0, 0)
	show(m, &at, b.frame(&start))
	m.Learn(at, m.Frame(), &start)
	legal, _, before = turnCandidates(engine.StartingBoard, engine.Dice{3, 1})
	played = slices.IndexFunc(legal, func(l engine.Layout) bool { return l[engine.White][5] == 2 && l[engine.White][8] == 2 })
	return b, m, at, legal, played, before
}

func TestModelJudge(t *testing.T) {
	b, m, at, legal, played, before := opening31(t, 4)
	turn := Turn{Legal: legal, Before: before, Mover: engine.White}
	waiting := turn
	waiting.InHand = true

	show(m, &at, b.frame(&legal[played]))
	if j := m.Judge(&turn); j.Verdict != Played || j.Play != played {
		t.Errorf("8/5 6/5: %v play %d (lead %.1f), want played %d", j.Verdict, j.Play, j.Lead, played)
	}
	if j := m.Judge(&waiting); j.Verdict != Played {
		t.Errorf("a candidate with a checker in hand took the played position: %v", j.Verdict)
	}

	inHand := legal[played]
	inHand[engine.White][5]--
	show(m, &at, b.frame(&inHand))
	if j := m.Judge(&waiting); j.Verdict != InProgress {
		t.Errorf("a checker in the hand: %v, want in progress", j.Verdict)
	}
	if j := m.Judge(&turn); j.Verdict != Illegal {
		t.Errorf("a checker left in the hand at the grace's end: %v, want illegal", j.Verdict)
	}

	wrong := legal[played]
	wrong[engine.White][5]--
	wrong[engine.White][4]++ // 8/4 6/5: 4 pips and 1
	show(m, &at, b.frame(&wrong))
	j := m.Judge(&waiting)
	if j.Verdict != Illegal {
		t.Errorf("8/4 6/5 with 31: %v, want illegal", j.Verdict)
	}
	if got := m.Departures(nil, &legal[played]); !slices.Equal(got, []int{4, 5}) {
		t.Errorf("8/4 6/5 departs from 8/5 6/5 on %v, want [4 5]", got)
	}
}

// TestModelOffCentre: a checker set down between two slots reads as one
// checker, not two nor none.
func TestModelOffCentre(t *testing.T) {
	b, m, at, legal, played, before := opening31(t, 5)
	for _, share := range []float64{0.3, 0.5, 0.7} {
		b.offCentre[5] = share
		show(m, &at, b.frame(&legal[played]))
		if j := m.Judge(&Turn{Legal: legal, Before: before, Mover: engine.White}); j.Verdict != Played || j.Play != played {
			t.Errorf("the top checker on 5 set %.0f%% towards the next slot: %v play %d, want played %d", 100*share, j.Verdict, j.Play, played)
		}
	}
}

// TestModelLearnsNoOffCentreShare: a minute after the board was last
// learnt, each baseline is uncertain by DriftRate·√60 (over 100 counts),
// and the top checker of a point is set down halfway to the next slot.
// That slot's reading is the checker's share, not its baseline: learning
// the position leaves the baseline where it was.
func TestModelLearnsNoOffCentreShare(t *testing.T) {
	b, m := calibratedModel(t, 7)
	at := time.Unix(0, 0)
	show(m, &at, b.frame(&start))
	m.Learn(at, m.Frame(), &start)
	at = at.Add(time.Minute)
	for _, p := range []int{6, 8, 13} {
		b.offCentre[p] = 0.5
	}
	show(m, &at, b.frame(&start))
	m.Learn(at, m.Frame(), &start)
	for _, p := range []int{6, 8, 13} {
		above := b.geo.Sensor(Place{Point: p, Slot: int(start[engine.White][p])})
		if got := m.est[above].x.base; math.Abs(got-b.base[above]) > 20 {
			t.Errorf("point %d: the slot above its off-centre top checker learnt baseline %.0f, want %.0f", p, got, b.base[above])
		}
	}
}

// TestModelFollowsDrift: the board warms up, every sensor's output
// moving up to 300 counts its own way, steadily over five minutes or
// fast, with a time constant of 20 s: at up to 15 counts a second, a
// baseline moves past a tenth of its gain between two rests of the
// board. The model, shown the board at rest now and then, still reads it.
func TestModelFollowsDrift(t *testing.T) {
	for _, c := range []struct {
		name  string
		steps int
		every time.Duration
		share func(at time.Duration) float64 // of the drift, at at
	}{
		{"linear over five minutes", 300, 700 * time.Millisecond, func(at time.Duration) float64 { return min(at.Seconds()/210, 1) }},
		{"time constant 20 s, at rest every 5 s", 12, 5 * time.Second, func(at time.Duration) float64 { return -math.Expm1(-at.Seconds() / 20) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			b, m := calibratedModel(t, 6)
			drift := make([]float64, len(b.base))
			for i := range drift {
				drift[i] = 300 * (2*b.rng.Float64() - 1)
			}
			base := slices.Clone(b.base)
			at := time.Unix(0, 0)
			for s := range c.steps {
				for i := range b.base {
					b.base[i] = base[i] + drift[i]*c.share(time.Duration(s)*c.every)
				}
				show(m, &at, b.frame(&start))
				m.Follow(at)
				at = at.Add(c.every)
			}
			var o engine.Occupancy
			m.Best(&o)
			want := engine.OccupancyOf(&engine.StartingBoard, engine.White, b.geo.Slots, b.geo.BarSlots)
			if o.Points != want.Points {
				t.Errorf("after the drift the board reads %v, want %v", o.Points, want.Points)
			}
		})
	}
}

// TestModelLearnsNoOffCentreShareOverADeadSlot: a checker set down
// between a dead slot and the free slot above reads only its share, on
// the slot above. Judged 20 s after the slot's baseline was last
// measured (the baseline uncertain by 70 counts), that share is the
// checker's, not a drifted baseline to learn.
func TestModelLearnsNoOffCentreShareOverADeadSlot(t *testing.T) {
	b, m := calibratedModel(t, 10)
	const p = 3 // an empty point of the start
	dead, above := b.geo.Sensor(Place{Point: p}), b.geo.Sensor(Place{Point: p, Slot: 1})
	b.dead[dead] = true
	if err := m.Mask(dead); err != nil {
		t.Fatal(err)
	}
	at := time.Unix(0, 0)
	show(m, &at, b.frame(&start))
	m.Learn(at, m.Frame(), &start)
	blot := start
	blot[engine.White][6]--
	blot[engine.White][p]++
	b.offCentre[p] = 0.45
	at = at.Add(20 * time.Second)
	show(m, &at, b.frame(&blot))
	m.Learn(at, m.Frame(), &blot)
	if got, want := m.est[above].x.base, b.base[above]; math.Abs(got-want) > 30 {
		t.Errorf("the slot above the dead one learnt its baseline as %.0f, the sensor's %.0f: the checker's share taken for drift", got, want)
	}
}

// TestModelRestFollowsDriftNotAPush: a checker set down off-centre and
// left at rest 13 s after its slot's baseline was measured, then pushed
// in 4 s later: its reading jumps by 0.4 of a gain, more than a baseline
// drifts in 4 s (15 counts a second). The push is no drift, however
// long the baseline went unmeasured before the checker came to rest.
func TestModelRestFollowsDriftNotAPush(t *testing.T) {
	b, m := calibratedModel(t, 12)
	e := &m.est[b.geo.Sensor(Place{Point: 3})]
	at := time.Unix(0, 0)
	e.carry(at, m.scale)
	base, g := e.x.base, e.x.gain[engine.White]
	at = at.Add(13 * time.Second)
	e.carry(at, m.scale)
	e.learnCovered(engine.White, base+0.6*g, false) // at rest, off-centre
	at = at.Add(4 * time.Second)
	e.carry(at, m.scale)
	e.learnCovered(engine.White, base+g, false) // pushed in
	if got := e.x.base; math.Abs(got-base) > 1 {
		t.Errorf("the push moved the baseline from %.0f to %.0f", base, got)
	}
}

// TestModelDriftsFromTheFirstFrame: a board warming up fast from the
// moment it is switched on, its first position known only 20 s later (the
// players set up, then roll): its calibrated baselines have drifted by
// then, and the model, whose estimates are as uncertain as that much
// drift makes them, learns them from the start position and reads it.
func TestModelDriftsFromTheFirstFrame(t *testing.T) {
	b, m := calibratedModel(t, 9)
	base := slices.Clone(b.base)
	at := time.Unix(0, 0)
	setUp := func(share float64) {
		for i := range b.base {
			b.base[i] = base[i] + 300*share*float64(1-2*(i%2)) // up or down, a 20 s time constant
		}
	}
	m.Observe(at, b.frame(&engine.Layout{})) // switched on: the players set up, nothing settles
	at = at.Add(20 * time.Second)
	setUp(-math.Expm1(-1))
	show(m, &at, b.frame(&start))
	m.Learn(at, m.Frame(), &start)
	at = at.Add(time.Second)
	setUp(-math.Expm1(-21.0 / 20))
	show(m, &at, b.frame(&start))
	var o engine.Occupancy
	m.Best(&o)
	if want := engine.OccupancyOf(&engine.StartingBoard, engine.White, b.geo.Slots, b.geo.BarSlots); o != want {
		t.Errorf("the start reads %v bar %v, want %v bar %v", o.Points, o.Bar, want.Points, want.Bar)
	}
}

// TestModelProperty: on random positions and plays, on boards drawn
// anywhere in HARDWARE.md's ranges (baselines, gains, noise, magnets,
// stacks, checkers set down off-centre, up to three dead sensors), the
// best-scoring candidate is the play made, or the turn is ambiguous with
// the play made among the best: never another play decisively, never a
// false flag.
func TestModelProperty(t *testing.T) {
	var gen engine.Generator
	trials := 300
	if testing.Short() {
		trials = 60
	}
	var played, ambiguous int
	for trial := range trials {
		b := newPhysBoard(uint64(100 + trial))
		rng := b.rng
		for range rng.IntN(4) {
			b.dead[rng.IntN(len(b.dead))] = true
		}
		m, err := NewModel(b.calibration())
		if err != nil {
			t.Fatal(err)
		}
		for i, dead := range b.dead {
			if dead {
				m.Mask(i) // as the health monitor or a known checker finds it
			}
		}
		board := engine.StartingBoard
		for range 1 + rng.IntN(30) { // a random game's position
			plays := gen.Plays(board, engine.Dice{1 + rng.IntN(6), 1 + rng.IntN(6)})
			if len(plays) == 0 {
				board = board.Swap()
				continue
			}
			board = plays[rng.IntN(len(plays))].After
		}
		if board[engine.Mover].BorneOff() > 0 || board[engine.Opponent].BorneOff() > 0 {
			continue
		}
		d := engine.Dice{1 + rng.IntN(6), 1 + rng.IntN(6)}
		legal, _, before := turnCandidates(board, d)
		if len(legal) == 0 {
			continue
		}
		at := time.Unix(0, 0)
		show(m, &at, b.frame(&before))
		m.Learn(at, m.Frame(), &before)
		truth := rng.IntN(len(legal))
		for p := 1; p <= 24; p++ {
			if rng.IntN(5) == 0 {
				b.offCentre[p] = 0.3 + 0.4*rng.Float64()
			}
		}
		show(m, &at, b.frame(&legal[truth]))
		j := m.Judge(&Turn{Legal: legal, Before: before, Mover: engine.White})
		switch {
		case j.Verdict == Played && legal[j.Play] == legal[truth]:
			played++
		case j.Verdict == Ambiguous && m.Score(&legal[truth]) > m.Score(&legal[j.Play])-FitMargin:
			ambiguous++
		default:
			t.Errorf("trial %d: %v play %d (lead %.1f, short %.1f), the play made is %d; departs on %v", trial, j.Verdict, j.Play, j.Lead, j.Short, truth, m.Departures(nil, &legal[truth]))
		}
	}
	t.Logf("%d played, %d ambiguous", played, ambiguous)
	if played == 0 {
		t.Error("no trial judged")
	}
}

// benchModel returns a model of a board drawn from seed, and two frames
// of the start on it, for a benchmark.
func benchModel(b *testing.B, seed uint64) (*Model, *physBoard, [2][]uint16) {
	pb := newPhysBoard(seed)
	m, err := NewModel(pb.calibration())
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	return m, pb, [2][]uint16{pb.frame(&start), pb.frame(&start)}
}

// BenchmarkModelFrame is the cost of a frame observed and evaluated, as
// a settled frame is.
func BenchmarkModelFrame(b *testing.B) {
	m, _, frames := benchModel(b, 7)
	at := time.Unix(0, 0)
	for k := 0; b.Loop(); k++ {
		at = at.Add(10 * time.Millisecond)
		m.Observe(at, frames[k%2])
		m.Evaluate(at)
	}
}

// BenchmarkModelObserve is the per-frame cost: a frame observed, not
// evaluated.
func BenchmarkModelObserve(b *testing.B) {
	m, _, frames := benchModel(b, 7)
	at := time.Unix(0, 0)
	for k := 0; b.Loop(); k++ {
		at = at.Add(10 * time.Millisecond)
		m.Observe(at, frames[k%2])
	}
}

// BenchmarkModelJudge is the decision at DONE: a settled frame evaluated
// and every legal result of 1-1 from the start, each with a checker in
// the hand, and the board before scored.
func BenchmarkModelJudge(b *testing.B) {
	m, pb, _ := benchModel(b, 8)
	legal, _, before := turnCandidates(engine.StartingBoard, engine.Dice{1, 1})
	at := time.Unix(0, 0)
	show(m, &at, pb.frame(&legal[0]))
	turn := Turn{Legal: legal, Before: before, Mover: engine.White, InHand: true}
	for b.Loop() {
		m.Evaluate(at)
		m.Judge(&turn)
	}
	b.ReportMetric(float64(len(legal)), "legal")
}

// TestModelNoPlayOverACloseReading: a point one checker short of a legal
// result, its top checker set down between two slots, can read nearly as
// well as the legal result's pile: a frame whose own best reading departs
// from the best legal result, within FitMargin of it, is no play made.
// Over boards and shares, every such frame is judged other than Played.
func TestModelNoPlayOverACloseReading(t *testing.T) {
	near := 0
	for seed := uint64(1); seed <= 40; seed++ {
		b, m, at, legal, played, before := opening31(t, seed)
		short := legal[played]
		short[engine.White][5]-- // 8/5 6/5 with a checker gone from 5
		for _, share := range []float64{0.4, 0.5, 0.6} {
			b.offCentre[5] = share
			show(m, &at, b.frame(&short))
			j := m.Judge(&Turn{Legal: legal, Before: before, Mover: engine.White})
			if j.Short <= ReadingSlack || j.Short >= FitMargin || j.Play != played {
				continue
			}
			near++
			if j.Verdict == Played {
				t.Errorf("seed %d share %.1f: played %d, the frame's own reading %.1f nats better", seed, share, j.Play, j.Short)
			}
		}
	}
	if near == 0 {
		t.Fatal("no frame read within FitMargin of a legal result it is not")
	}
	t.Logf("%d frames read close to a legal result they are not", near)
}

// TestModelReviseHoldsBetweenStates: a point read between two states
// keeps the state read before, whichever it was; a frame that reads
// another state decisively changes it; a silent sensor right above a
// point's checkers is masked.
func TestModelReviseHoldsBetweenStates(t *testing.T) {
	b, m := calibratedModel(t, 5)
	at := time.Unix(0, 0)
	show(m, &at, b.frame(&start))
	var o engine.Occupancy
	m.Revise(&o, ReadingSlack)
	if !o.Fits(&engine.StartingBoard, engine.White) {
		t.Fatalf("revised from nothing, the starting position reads %v", o.Points)
	}
	three, four := o, o
	four.Points[7][engine.White] = 4 // White's 8-point holds 3 at the start
	slot := b.geo.Sensor(Place{Point: 8, Slot: 3})
	between := b.frame(&start)
	lo, hi := 0.0, 1.0 // the share of a field on the slot at which 3 and 4 score alike
	for range 40 {
		x := (lo + hi) / 2
		between[slot] = uint16(math.Round(b.base[slot] + x*b.gain[slot][engine.White]))
		show(m, &at, between)
		if m.pointLL[7][engine.White][4] > m.pointLL[7][engine.White][3] {
			hi = x
		} else {
			lo = x
		}
	}
	for _, o := range []engine.Occupancy{three, four} {
		was := o.Points[7][engine.White]
		if m.Revise(&o, ReadingSlack); o.Points[7][engine.White] != was {
			t.Errorf("read between 3 and 4, the 8-point read %d before reads %d", was, o.Points[7][engine.White])
		}
	}
	landed := start
	landed[engine.White][8]++
	landed[engine.White][6]--
	show(m, &at, b.frame(&landed))
	if m.Revise(&three, ReadingSlack); three.Points[7][engine.White] != 4 || three.Points[5][engine.White] != 4 {
		t.Errorf("a checker moved 6/8 reads %v", three.Points)
	}
	if err := m.Mask(slot + 1); err != nil {
		t.Fatal(err)
	}
	show(m, &at, b.frame(&landed))
	if m.Revise(&three, ReadingSlack); three.Masked[7] != 1 {
		t.Errorf("the silent sensor above the 8-point's checkers: %d masked, want 1", three.Masked[7])
	}
}

// TestModelTallPileFollowsDrift: a point of seven checkers at rest for
// a minute and a half. Its slots, stacked or not, follow the baseline's
// drift from the readings at rest (but for what a stacked checker may
// add): their baselines stay as sure as then, and the point reads six
// or more decisively, not five with the top one set down between two
// slots on baselines a random walk of that long could have moved.
func TestModelTallPileFollowsDrift(t *testing.T) {
	b, m := calibratedModel(t, 12)
	at := time.Unix(0, 0)
	show(m, &at, b.frame(&start))
	m.Learn(at, m.Frame(), &start)
	tall := start
	tall[engine.White][8] -= 2
	tall[engine.White][6] += 2
	show(m, &at, b.frame(&tall))
	m.Learn(at, m.Frame(), &tall)
	for range 90 {
		at = at.Add(time.Second)
		show(m, &at, b.frame(&tall))
		m.Follow(at)
	}
	six := m.pointLL[6-1][engine.White]
	if lead := six[6] - six[5]; lead < FitMargin {
		t.Errorf("seven checkers read as six or more by %.1f nats over five, want %v", lead, FitMargin)
	}
}

// TestModelCountsAStackComingDown: a point holding more checkers than it
// has slots stands for ten minutes, the board at rest now and then, no
// slot of it ever empty; then a checker borne off leaves it five, the
// sixth slot empty again. Its baselines were not measured for ten
// minutes, but drift is bounded and the checkers at rest on them follow
// it: the sensors still tell five checkers from six (six and more, the
// board before, read alike).
func TestModelCountsAStackComingDown(t *testing.T) {
	for seed := uint64(1); seed <= 8; seed++ {
		b, m := calibratedModel(t, seed)
		at := time.Unix(0, 0)
		var tall engine.Layout
		tall[engine.Black] = start[engine.Black]
		tall[engine.White][6], tall[engine.White][5] = 9, 6
		for range 120 {
			show(m, &at, b.frame(&tall))
			m.Follow(at)
			at = at.Add(5 * time.Second)
		}
		var legal [2]engine.Layout // five and six left on the 6 point, the rest borne off
		for k := range legal {
			legal[k] = tall
			legal[k][engine.White][6] = 5 + k
			legal[k][engine.White][engine.Off] = 4 - k
		}
		show(m, &at, b.frame(&legal[0]))
		if j := m.Judge(&Turn{Legal: legal[:], Before: tall, Mover: engine.White}); j.Verdict != Played || j.Play != 0 {
			t.Errorf("seed %d, five checkers left on the 6 point: %v %d checkers (lead %.1f)", seed, j.Verdict, 5+j.Play, j.Lead)
		}
	}
}

// TestModelUnprovenSensor: a sensor dead from the start on a slot no
// checker has covered yet (the sixth of White's 13 point) reads empty
// under the checker of 24/13 landed on it: the frame reads a checker
// missing, no legal result of 6-5, and at DONE the play is illegal. As
// the turn's last word (DoubtUnproven) it is the legal play: a sensor
// that has never read a field may be dead. A sensor proven alive, dying
// under a checker at rest, reads a checker missing that stays illegal.
func TestModelUnprovenSensor(t *testing.T) {
	legal, plays, before := turnCandidates(engine.StartingBoard, engine.Dice{6, 5})
	played := slices.IndexFunc(plays, func(p engine.Play) bool {
		return engine.FormatPlay(engine.StartingBoard, p.Steps()) == "24/13"
	})
	if played < 0 {
		t.Fatal("no 24/13 among the plays of 65")
	}
	for _, c := range []struct {
		name     string
		dead     Place
		unproven Verdict // judged as the turn's last word
	}{
		{"dead from the start, never covered", Place{Point: 13, Slot: 5}, Played},
		{"alive at the start, dead since", Place{Point: 6, Slot: 4}, Illegal},
	} {
		t.Run(c.name, func(t *testing.T) {
			b, m := calibratedModel(t, 13)
			dead := b.geo.Sensor(c.dead)
			b.dead[dead] = c.dead.Point == 13
			at := time.Unix(0, 0)
			show(m, &at, b.frame(&start))
			m.Learn(at, m.Frame(), &start)
			b.dead[dead] = true
			show(m, &at, b.frame(&legal[played]))
			turn := Turn{Legal: legal, Before: before, Mover: engine.White}
			if j := m.Judge(&turn); j.Verdict != Illegal {
				t.Errorf("at DONE: %v, want illegal", j.Verdict)
			}
			if !m.DoubtUnproven(true) {
				t.Fatal("no sensor to doubt")
			}
			m.Evaluate(at)
			j := m.Judge(&turn)
			if j.Verdict != c.unproven || j.Verdict == Played && j.Play != played {
				t.Errorf("as the turn's last word: %v play %d, want %v %d", j.Verdict, j.Play, c.unproven, played)
			}
			m.DoubtUnproven(false)
			if m.est[dead].doubted {
				t.Error("the sensor is still doubted after the judgement")
			}
		})
	}
}

// TestModelNoPlayOverAnExtraField: after 8/5 6/5, a frame that reads a
// field on the free slot above the checkers of the mid-point, a point the
// play leaves as it was, which a sixth checker there explains a little
// better than a hand held above it, is no play made: no dead sensor
// shows a field, so the reading is a rival the legal result must lead.
func TestModelNoPlayOverAnExtraField(t *testing.T) {
	near := 0
	for seed := uint64(1); seed <= 20; seed++ {
		b, m, at, legal, played, before := opening31(t, seed)
		slot := b.geo.Sensor(Place{Point: 13, Slot: 5}) // White's mid-point holds five
		frame := b.frame(&legal[played])
		for x := 0.3; x <= 1.2; x += 0.05 {
			frame[slot] = uint16(math.Round(b.base[slot] + x*b.gain[slot][engine.White]))
			show(m, &at, frame)
			j := m.Judge(&Turn{Legal: legal, Before: before, Mover: engine.White})
			if j.Short <= ReadingSlack || j.Short >= FitMargin || j.Play != played {
				continue
			}
			near++
			if j.Verdict == Played || !j.Unread {
				t.Errorf("seed %d field %.2f: verdict %v, unread %v, the frame's own reading %.1f nats better: want no play made", seed, x, j.Verdict, j.Unread, j.Short)
			}
		}
	}
	if near == 0 {
		t.Fatal("no frame read an extra field within FitMargin of 8/5 6/5")
	}
	t.Logf("%d frames read an extra field close to the play", near)
}
