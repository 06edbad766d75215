package calib

import (
	"fmt"
	"math"
	"time"
)

// Problem is what is wrong with a sensor.
type Problem uint8

// The problems a Monitor finds.
const (
	// Stuck: the reading has not changed, by a single count, while the
	// other sensors of its point (or bar half) kept changing. A live ADC
	// reading never holds that still: the channel or the sensor is dead.
	Stuck Problem = iota + 1
	// OutOfRange: the reading is at either end of the ADC's range (an open
	// or shorted sensor) or farther from the baseline than any magnet
	// takes it (Thresholds.CheckerStayMax).
	OutOfRange
	// Inconsistent: the slot breaks its point's story for a long time: it
	// reads empty under a covered slot (checkers fill a point from slot 0)
	// or covered by the other colour than the slot below it.
	Inconsistent
	// Drifted: the sensor's baseline, followed as the board drifts, has
	// moved DriftReport of a gain or more from where it started: the
	// board needs calibrating again, or the sensor is failing.
	Drifted
	// Dead: a known position covered the slot and the sensor read empty
	// (Classifier.Learn), or it was masked (Classifier.Mask): its slot
	// reads "unknown".
	Dead
)

// String returns the problem in words.
func (p Problem) String() string {
	switch p {
	case Stuck:
		return "stuck"
	case OutOfRange:
		return "out of range"
	case Inconsistent:
		return "inconsistent with its neighbours"
	case Drifted:
		return "drifted far"
	case Dead:
		return "dead (masked)"
	}
	return fmt.Sprintf("Problem(%d)", uint8(p))
}

// problems is the number of Problem values, for per-problem arrays.
const problems = 5

// Finding is one sensor's problem, over all the frames that showed it.
type Finding struct {
	Sensor  int
	Place   Place
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

// HealthOpts tune a Monitor.
type HealthOpts struct {
	// StuckChanges and StuckFor: a sensor is stuck once its reading has
	// held while its neighbours' readings changed StuckChanges times, and
	// for StuckFor or longer.
	StuckChanges int
	StuckFor     time.Duration
	// InconsistentFor is how long a point's story must stay broken before
	// the slot that breaks it is reported: long enough for any checker
	// being moved to have settled.
	InconsistentFor time.Duration
}

// DefaultHealthOpts suit the reference board, live (100 frames a second,
// every reading changing most frames) and replayed from a trace (sample and
// hold: a healthy sensor of the recorded matches held for up to 53 of its
// neighbours' changes and 16 s).
var DefaultHealthOpts = HealthOpts{
	// Four times the longest healthy hold in the traces.
	StuckChanges: 200,
	// Twice the longest healthy hold in the traces; 3000 frames live.
	StuckFor: 30 * time.Second,
	// Over three times the longest a point's story broke in the recorded
	// matches: 9 s, when players setting the board up put White checkers
	// beside the Black ones still on a point. Gaps under a covered slot
	// lasted under a second.
	InconsistentFor: 30 * time.Second,
}

// record accumulates one sensor's frames showing one problem.
type record struct {
	frames      int
	first, last time.Time
	reading     uint16
}

// Monitor watches the sensors of one board for the Problems, frame by frame
// after its Classifier has read them. It is not safe for concurrent use.
type Monitor struct {
	cl   *Classifier
	opts HealthOpts
	// Per sensor: the reading last seen, since when it has held, and how
	// many of its neighbours' changes it has held through.
	last  []uint16
	since []time.Time
	held  []int
	// Per group (a point, then each bar half): its first sensor, its
	// number of sensors, how many of them changed in this frame, and which
	// sensor breaks its story since when (the sensor plus one, so that 0
	// means none).
	start, size, changed []int
	broken               []int
	brokenSince          []time.Time
	seen                 bool
	records              [problems][]record
	// failed holds the sensors this Observe found Stuck or Dead for the
	// first time (Failed).
	failed []int
}

// NewMonitor returns a Monitor for the board cl reads, with the
// DefaultHealthOpts when opts is nil.
func NewMonitor(cl *Classifier, opts *HealthOpts) *Monitor {
	if opts == nil {
		opts = &DefaultHealthOpts
	}
	n, g := len(cl.class), cl.board
	m := &Monitor{cl: cl, opts: *opts, last: make([]uint16, n), since: make([]time.Time, n), held: make([]int, n),
		failed: make([]int, 0, 2*n)}
	for i := 0; i < n; {
		size := g.Slots
		if i >= g.Points*g.Slots {
			size = g.BarSlots
		}
		m.start, m.size = append(m.start, i), append(m.size, size)
		i += size
	}
	groups := len(m.start)
	m.changed, m.broken, m.brokenSince = make([]int, groups), make([]int, groups), make([]time.Time, groups)
	for p := range m.records {
		m.records[p] = make([]record, n)
	}
	return m
}

// Observe checks the frame the Classifier has just read, taken at time at.
// A frame of the wrong length is ignored (Classify has refused it).
//
// Observe is on the per-frame path: it allocates nothing
// (BenchmarkMonitor).
func (m *Monitor) Observe(at time.Time, frame []uint16) {
	m.failed = m.failed[:0]
	if len(frame) != len(m.last) {
		return
	}
	if !m.seen {
		m.seen = true
		copy(m.last, frame)
		for i := range m.since {
			m.since[i] = at
		}
	}
	for g, start := range m.start {
		m.changed[g] = 0
		for i := start; i < start+m.size[g]; i++ {
			if frame[i] != m.last[i] {
				m.changed[g]++
			}
		}
	}
	for g, start := range m.start {
		for i := start; i < start+m.size[g]; i++ {
			m.checkReading(at, i, frame[i], m.changed[g])
		}
		m.checkStory(at, g, frame)
	}
}

// checkReading checks sensor i's reading r for Stuck and OutOfRange;
// changed is how many sensors of its group changed in this frame.
func (m *Monitor) checkReading(at time.Time, i int, r uint16, changed int) {
	switch {
	case r != m.last[i]:
		m.last[i], m.since[i], m.held[i] = r, at, 0
	case changed > 0:
		m.held[i]++
	}
	if m.held[i] >= m.opts.StuckChanges && at.Sub(m.since[i]) >= m.opts.StuckFor {
		m.note(Stuck, at, i, r)
	}
	if !m.cl.inRange(i, r) {
		m.note(OutOfRange, at, i, r)
	}
	s := &m.cl.sensors[i]
	if s.masked {
		m.note(Dead, at, i, r)
	}
	if math.Abs(s.base-s.start) >= DriftReport*min(s.white-s.base, s.base-s.black) {
		m.note(Drifted, at, i, r)
	}
}

// checkStory looks for the slot of group g that breaks its story, and
// reports it once it has broken it for InconsistentFor.
func (m *Monitor) checkStory(at time.Time, g int, frame []uint16) {
	i := m.storyBreaker(g)
	if i < 0 {
		m.broken[g] = 0
		return
	}
	if m.broken[g] != i+1 {
		m.broken[g], m.brokenSince[g] = i+1, at
	}
	if at.Sub(m.brokenSince[g]) >= m.opts.InconsistentFor {
		m.note(Inconsistent, at, i, frame[i])
	}
}

// storyBreaker returns the first sensor of group g whose class contradicts
// the slots below it, or -1. Unsure slots tell nothing.
func (m *Monitor) storyBreaker(g int) int {
	firstEmpty, colour := -1, Unsure
	for i := m.start[g]; i < m.start[g]+m.size[g]; i++ {
		switch c := m.cl.class[i]; c {
		case Empty:
			if firstEmpty < 0 {
				firstEmpty = i
			}
		case WhiteChecker, BlackChecker:
			if firstEmpty >= 0 {
				return firstEmpty
			}
			if colour != Unsure && c != colour {
				return i
			}
			colour = c
		}
	}
	return -1
}

func (m *Monitor) note(p Problem, at time.Time, i int, r uint16) {
	rec := &m.records[p-1][i]
	if rec.frames == 0 {
		rec.first = at
		if p == Stuck || p == Dead {
			m.failed = append(m.failed, i)
		}
	}
	rec.frames++
	rec.last, rec.reading = at, r
}

// Failed returns the sensors the last Observe found Stuck or Dead for the
// first time: a reading that cannot be trusted, to be masked
// (Classifier.Mask). The slice is reused by the next Observe.
func (m *Monitor) Failed() []int { return m.failed }

// Findings returns every problem seen so far, by sensor and then by
// Problem. It allocates: call it for a report, not per frame.
func (m *Monitor) Findings() []Finding {
	var fs []Finding
	for i := range m.last {
		for p := range m.records {
			if rec := m.records[p][i]; rec.frames > 0 {
				fs = append(fs, Finding{
					Sensor: i, Place: m.cl.board.Place(i), Problem: Problem(p + 1),
					Reading: rec.reading, Frames: rec.frames, First: rec.first, Last: rec.last,
				})
			}
		}
	}
	return fs
}
