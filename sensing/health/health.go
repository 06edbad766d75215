// Package health watches the board's sensors for faults and reports them.
//
// A Monitor reads every raw frame, and the sensor model's estimates of
// each sensor (calib.Model: the model the referee reads the board by),
// for five problems: a reading stuck while its neighbours' change, a
// reading at the ADC's rails or beyond any magnet, a point no pile of
// checkers explains, a baseline drifted far, a sensor the model has found
// dead. It only reports: what the model trusts is the model's to decide
// (a dead sensor already gives it no evidence).
package health

import (
	"fmt"
	"math"
	"time"

	"gammond/calib"
)

// Problem is what is wrong with a sensor.
type Problem uint8

// The problems a Monitor finds.
const (
	// Stuck: the reading has not changed, by a single count, while the
	// other sensors of its point (or bar half) kept changing. A live ADC
	// reading never holds that still: the channel or the sensor is dead.
	Stuck Problem = iota + 1
	// OutOfRange: the reading is at either rail of the ADC (an open or
	// shorted sensor, a garbled transfer) or farther from the baseline
	// than any magnet takes it (reach).
	OutOfRange
	// Inconsistent: the point (or bar half) reads, for a long time, what
	// no pile of checkers gives, as a slot read empty under covered ones,
	// or two colours on one point. The measure is the model's own
	// (calib.Model.Misfit, on the frame it last evaluated: the board as
	// last settled): by how much the slots' readings, each in the state
	// that explains it best, explain the frame better than the point's
	// likeliest pile does. Each reading alone may be plausible; only
	// together do they break a pile. At calib.FitMargin or more, the
	// margin by which the model tells two positions apart, the readings
	// say decisively that no pile is there: a weak magnet, a checker set
	// down off-centre or a hand held above are piles the model explains,
	// and score near 0. The finding names the point's first sensor.
	Inconsistent
	// Drifted: the model's baseline has moved calib.DriftRange or more
	// from where it was first known: the board needs calibrating again,
	// or the sensor is failing.
	Drifted
	// Dead: the model has found the sensor dead under a known checker,
	// or it was masked: it gives no evidence (calib.Model.Silent).
	Dead
)

// problems is the number of Problem values, for per-problem arrays.
const problems = int(Dead)

// problemNames are the problems in words.
var problemNames = [...]string{Stuck: "stuck", OutOfRange: "out of range", Inconsistent: "inconsistent with its neighbours",
	Drifted: "drifted far", Dead: "dead (no evidence)"}

// String returns the problem in words.
func (p Problem) String() string {
	if int(p) < len(problemNames) && problemNames[p] != "" {
		return problemNames[p]
	}
	return fmt.Sprintf("Problem(%d)", uint8(p))
}

// Finding is one sensor's problem, over all the frames that showed it.
type Finding struct {
	Sensor  int
	Place   calib.Place
	Problem Problem
	// Reading is the latest reading that showed the problem.
	Reading uint16
	// Frames counts the frames that showed it; First and Last are the
	// times of the first and the latest.
	Frames      int
	First, Last time.Time
}

// String returns the finding for a log line or a report.
func (f Finding) String() string {
	return fmt.Sprintf("%s (sensor %d): %s, reading %d, %d frames from %s to %s",
		f.Place, f.Sensor, f.Problem, f.Reading, f.Frames,
		f.First.Format(time.StampMilli), f.Last.Format(time.StampMilli))
}

// Opts tune a Monitor.
type Opts struct {
	// StuckChanges and StuckFor: a sensor is stuck once its reading has
	// held while its neighbours' readings changed StuckChanges times, and
	// for StuckFor or longer.
	StuckChanges int
	StuckFor     time.Duration
	// InconsistentFor is how long a point must read what no pile gives
	// before it is reported: long enough for any checker being moved to
	// have settled.
	InconsistentFor time.Duration
}

// DefaultOpts suit the reference board, live (100 frames a second,
// every reading changing most frames) and replayed from a trace (sample
// and hold: a healthy sensor of the recorded matches held for up to 53
// of its neighbours' changes and 16 s).
var DefaultOpts = Opts{
	// Four times the longest healthy hold in the traces.
	StuckChanges: 200,
	// Twice the longest healthy hold in the traces; 3000 frames live.
	StuckFor: 30 * time.Second,
	// Over three times the longest a point's pile broke in the recorded
	// matches: 9 s, when players setting the board up put White checkers
	// beside the Black ones still on a point.
	InconsistentFor: 30 * time.Second,
}

// knownSigma is the baseline's standard deviation, as a share of
// calib.DriftRange, under which the model knows a baseline well enough
// for its drift to be measured from it.
const knownSigma = 0.1

// record accumulates one sensor's frames showing one problem.
type record struct {
	frames      int
	first, last time.Time
	reading     uint16
}

// Monitor watches the sensors of one board for the Problems, frame by
// frame. It reads the model, never changes it. It is not safe for
// concurrent use, nor with the model's own use: call Observe on the
// goroutine that runs the model.
type Monitor struct {
	model *calib.Model
	geo   calib.Geometry
	opts  Opts
	scale float64 // counts of this ADC per count of a 12-bit one
	// Per sensor: the reading last seen, since when it has held, and how
	// many of its neighbours' changes it has held through; the baseline
	// first known, startKnown once it is.
	last       []uint16
	since      []time.Time
	held       []int
	start      []float64
	startKnown []bool
	// Per pile (calib.Geometry.Pile): how many of its sensors changed in
	// this frame, and since when it has read what no pile gives (zero
	// while it does not).
	changed     []int
	misfitSince []time.Time
	seen        bool
	records     [problems][]record
}

// NewMonitor returns a Monitor of the board m models, with the
// DefaultOpts when opts is nil.
func NewMonitor(m *calib.Model, opts *Opts) *Monitor {
	if opts == nil {
		opts = &DefaultOpts
	}
	g := m.Geometry()
	n := g.Sensors()
	mo := &Monitor{model: m, geo: g, opts: *opts, scale: float64(g.MaxReading()) / 4095,
		last: make([]uint16, n), since: make([]time.Time, n), held: make([]int, n),
		start: make([]float64, n), startKnown: make([]bool, n)}
	piles := g.Points + 2
	mo.changed, mo.misfitSince = make([]int, piles), make([]time.Time, piles)
	for p := range mo.records {
		mo.records[p] = make([]record, n)
	}
	return mo
}

// Observe checks the raw frame read at at; a frame of the wrong length is
// ignored (the pipeline refuses it). The model's estimates are as its
// owner last left them.
//
// Observe is on the per-frame path: it allocates nothing
// (BenchmarkMonitor).
func (mo *Monitor) Observe(at time.Time, frame []uint16) {
	if len(frame) != len(mo.last) {
		return
	}
	if !mo.seen {
		mo.seen = true
		copy(mo.last, frame)
		for i := range mo.since {
			mo.since[i] = at
		}
	}
	for p := range mo.changed {
		mo.changed[p] = 0
		first, slots := mo.geo.Pile(p)
		for i := first; i < first+slots; i++ {
			if frame[i] != mo.last[i] {
				mo.changed[p]++
			}
		}
	}
	for p := range mo.changed {
		first, slots := mo.geo.Pile(p)
		for i := first; i < first+slots; i++ {
			e := mo.model.Estimate(i)
			mo.checkReading(at, i, frame[i], mo.changed[p], &e)
			mo.checkEstimate(at, i, frame[i], &e)
		}
		mo.checkPile(at, p, frame)
	}
}

// checkReading checks sensor i's reading r for Stuck and OutOfRange;
// changed is how many sensors of its pile changed in this frame, e the
// model's estimates of it.
func (mo *Monitor) checkReading(at time.Time, i int, r uint16, changed int, e *calib.Estimate) {
	switch {
	case r != mo.last[i]:
		mo.last[i], mo.since[i], mo.held[i] = r, at, 0
	case changed > 0:
		mo.held[i]++
	}
	if mo.held[i] >= mo.opts.StuckChanges && at.Sub(mo.since[i]) >= mo.opts.StuckFor {
		mo.note(Stuck, at, i, r)
	}
	if r == 0 || int(r) == mo.geo.MaxReading() || math.Abs(float64(r)-e.Baseline) > reach(e, r) {
		mo.note(OutOfRange, at, i, r)
	}
}

// reach returns how far from the baseline any magnet may take a reading
// of the colour r's side of it: the model's strongest field, a stacked
// slot's band top ((1 + calib.MagnetSpread) × (1 + 2 calib.StackShare)),
// of the gain three of its sigmas up, and six of the baseline's sigmas
// (the model's stillness bound) on top.
func reach(e *calib.Estimate, r uint16) float64 {
	side := 0 // White reads above the baseline
	if float64(r) < e.Baseline {
		side = 1
	}
	return (1+calib.MagnetSpread)*(1+2*calib.StackShare)*(e.Gain[side]+3*e.GainSigma[side]) + 6*e.BaselineSigma
}

// checkEstimate checks the model's estimates e of sensor i, reading r,
// for Drifted and Dead.
func (mo *Monitor) checkEstimate(at time.Time, i int, r uint16, e *calib.Estimate) {
	if mo.model.Silent(i) {
		mo.note(Dead, at, i, r)
		return
	}
	if !mo.startKnown[i] {
		mo.start[i], mo.startKnown[i] = e.Baseline, e.BaselineSigma <= knownSigma*calib.DriftRange*mo.scale
		return
	}
	if math.Abs(e.Baseline-mo.start[i]) >= calib.DriftRange*mo.scale {
		mo.note(Drifted, at, i, r)
	}
}

// checkPile reports pile p once it has read what no pile of checkers
// gives for InconsistentFor.
func (mo *Monitor) checkPile(at time.Time, p int, frame []uint16) {
	if mo.model.Misfit(p) < calib.FitMargin {
		mo.misfitSince[p] = time.Time{}
		return
	}
	if mo.misfitSince[p].IsZero() {
		mo.misfitSince[p] = at
	}
	if at.Sub(mo.misfitSince[p]) >= mo.opts.InconsistentFor {
		i, _ := mo.geo.Pile(p)
		mo.note(Inconsistent, at, i, frame[i])
	}
}

func (mo *Monitor) note(p Problem, at time.Time, i int, r uint16) {
	rec := &mo.records[p-1][i]
	if rec.frames == 0 {
		rec.first = at
	}
	rec.frames++
	rec.last, rec.reading = at, r
}

// Findings returns every problem seen so far, by sensor and then by
// Problem. It allocates: call it for a report, not per frame.
func (mo *Monitor) Findings() []Finding {
	var fs []Finding
	for i := range mo.last {
		for p := range mo.records {
			if rec := mo.records[p][i]; rec.frames > 0 {
				fs = append(fs, Finding{
					Sensor: i, Place: mo.geo.Place(i), Problem: Problem(p + 1),
					Reading: rec.reading, Frames: rec.frames, First: rec.first, Last: rec.last,
				})
			}
		}
	}
	return fs
}
