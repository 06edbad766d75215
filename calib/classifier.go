package calib

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"gammond/engine"
)

// ProvisionalThresholds place the bands of a sensor whose level for a
// colour is not known yet (a calibration with baselines only, or none),
// on the scale of NominalGain. They must hold every sensor of the
// reference board, whose gains are 480..760 counts (0.77..1.23 of the
// nominal gain, 1.27 with a stack): one checker enters at 0.65, so a
// checker set down reads as one from its 0.95 frame on even on the
// weakest sensor, and stays up to 1.6. A checker half on its slot reads
// 0.61 at most on the strongest sensor: unsure, never a checker.
var ProvisionalThresholds = Thresholds{
	EmptyEnter: 0.12, EmptyStay: 0.2,
	CheckerEnter: 0.65, CheckerStay: 0.55,
	CheckerMax: 1.6, CheckerStayMax: 1.7,
}

// NominalGain is the gain, in counts of a 12-bit ADC, assumed for a
// sensor whose level for a colour is not known yet: the middle of the
// reference board's 480..760.
const NominalGain = 620

// GuessedThresholds are the ProvisionalThresholds of a sensor whose
// baseline is a guess: the first frame of a board without baselines read
// its slot covered (a board powered on with its checkers set up), so its
// baseline is taken a NominalGain short of that reading. The true gain
// being 0.77..1.23 of the nominal one, the empty slot then reads up to
// 0.23 of a gain either side of the guess: the empty band reaches past
// it, until a known position shows the slot empty and gives the baseline
// (Learn).
var GuessedThresholds = Thresholds{
	EmptyEnter: 0.3, EmptyStay: 0.35,
	CheckerEnter: 0.65, CheckerStay: 0.55,
	CheckerMax: 1.6, CheckerStayMax: 1.7,
}

// coveredAtStart is how far from the first frame's median, in nominal
// gains, a reading of a board without baselines is a checker's: the
// reference board's baselines spread 300 counts in all, half a gain.
const coveredAtStart = 0.5

// Tracking: while a slot's class is clear, its reading pulls the sensor's
// levels after it, all three together (a board warming up moves a
// sensor's whole output). Only readings within trackGate of the class's
// level pull, each by trackRate of the difference a frame (at 100 Hz;
// by the frames' time when they come with one: trackShare), so a hand
// held above a slot moves its levels by trackGate of a gain at most, and
// only while it stays; levels never move farther than maxDrift of a gain
// from where they started.
const (
	trackGate = 0.05
	trackRate = 1.0 / 64
	maxDrift  = 0.9
	// relockMax bounds how far from its class's level a steady reading
	// relocks the levels (relock): within the empty band's stay edge, so a
	// hand held still above a slot moves them a quarter of a gain at most
	// (a checker set down then reads steadily in its stay band:
	// steadyClass).
	relockMax = 0.25
	// DriftReport is how far, in gains, a sensor's baseline may move from
	// its starting level before health reports it (Drifted).
	DriftReport = 0.4
)

// Learning from a known position (Learn): a reading within learnGate of
// the level the position implies refines it by learnRate of the
// difference; a slot the position covers that reads empty on deadVotes
// Learns running is masked.
const (
	learnGate = 0.35
	learnRate = 0.25
	deadVotes = 2
)

// Off-centre: two neighbouring slots above a point's covered ones, each
// reading at least offCentreMin of a checker's level, the same colour,
// that together read a checker (offCentreSum up to CheckerMax) are one
// checker set down between them.
const (
	offCentreMin = 0.1
	offCentreSum = 0.75
	// offCentreSumWeak is offCentreSum on the weakest sensor of the
	// reference board (0.77 of NominalGain) read on the provisional bands.
	offCentreSumWeak = 0.58
	// pairStep: a checker read off-centre stays one while what its two
	// slots read together moves by no more than this from one frame to
	// the next. Neither slot's reading is clear, so tracking never moves
	// their levels: the pair's sum drifts with the board, slowly, while a
	// checker set down on it or lifted moves it by 0.35 a frame.
	pairStep = 0.1
)

// Self-calibration from what a still board shows: while a sensor's level
// for a colour is not known, a checker of that colour on its slot (the
// slot above reads empty or the same colour, not part of a checker set
// down off-centre or held above) whose reading holds within autoSpread of a nominal gain
// for autoFrames frames in a row gives the level. A lifted checker's
// first frame then leaves the checker's band, as on a calibrated sensor.
const (
	autoFrames = 20
	autoSpread = 0.04
	// candSure: after this many frames, a reading well short of the
	// candidate level is a checker part way, not a checker (partLevel).
	candSure = 3
	// candHold does for candSure in the frames' time (ClassifyAt): a
	// trace sends no frame while a checker stands still, so one set down
	// and lifted again (moved on, or borne off) may give the candidate a
	// single frame. Longer than the frames of a set-down (10 ms apart).
	candHold = 100 * time.Millisecond
)

// sensor is one sensor's levels now, in counts, and what is known of it.
type sensor struct {
	base, white, black float64
	// inv holds 1/gain towards White and towards Black; lo and hi bound
	// the baseline's drift (maxDrift). refresh sets them from the levels.
	inv    [2]float64
	lo, hi float64
	// start is the baseline the Classifier started from, for DriftReport.
	start float64
	// known says whether the White and Black levels were calibrated or
	// learned; until then the level is NominalGain away and the
	// ProvisionalThresholds apply.
	known [2]bool
	// masked: the sensor is dead or stuck; its slot reads "unknown".
	masked bool
	// guessed: the baseline is a guess (GuessedThresholds), guessFrom
	// the first frame's reading it was guessed from, until a known
	// position shows the slot empty (Learn) or the slot reads steadily
	// what its baseline may be (settleWhenLifted: lifted is the mean of
	// the last liftedN such readings). Its levels do not follow the
	// readings till then: the guess's error is no drift.
	guessed   bool
	guessFrom float64
	lifted    float64
	liftedN   uint8
	votes     uint8 // Learns in a row that found it empty under a checker
	// cand is the mean of the last candN readings of one checker on the
	// slot, while its level for that colour is not known: see autoFrames.
	cand   float64
	candN  uint8
	candAt time.Time // when the candidate's first reading was read
	// rel is the mean of the last relN readings of a slot whose class
	// holds but whose reading has left the tracking gate: see relock.
	rel  float64
	relN uint8
	// followedAt is when the levels last followed readings (follow)
	// that had held within the tracking gate for steadyHold since
	// trackFrom (a reading passing through the gate says nothing), or
	// the first frame's time: see stale.
	followedAt, trackFrom time.Time
	// trackedAt is when a reading last pulled the levels (follow), zero
	// at the first frame in the tracking gate.
	trackedAt time.Time
	// steady is the mean of the last steadyN readings (in gains) of an
	// unsure slot in a checker's or the empty stay band: see steadyClass.
	steady   float64
	steadyN  uint8
	steadyAt time.Time // when the first of them was read
	// classAt is when the slot's class last changed, in the frames' time.
	classAt time.Time
	// silent: the slot was counted masked under a part of a checker held
	// above it (partOverSilent) having read nothing for staleAfter since
	// liveAt, when it last read more than empty: its sensor may be dead.
	silent bool
	liveAt time.Time
	// part is the reading (in gains) of an unsure slot reading part of a
	// checker, held within autoSpread since partAt: see heldPart.
	part   float64
	partAt time.Time
	// pair is what this slot and the next read together, in gains, when
	// the last frame read them as one checker set down off-centre
	// (offCentre), zero when it did not; pairNext is the same for the
	// frame being counted.
	pair, pairNext float64
	// prev is the reading (in gains) of the frame before the last: see
	// lifting.
	prev float64
}

// steadyClass returns the class of an unsure slot reading x gains: a
// checker once the reading has held steady in a checker's stay band
// (CheckerStay..CheckerStayMax) for autoFrames frames, as it does when
// the levels moved (a hand held still above the slot relocked them) and a
// checker then landed short of the enter band; empty once it has held
// steady in the empty stay band's inner half for candSure frames, as it does when a
// checker is lifted from a slot whose baseline drifted while it was
// covered (tracking then relocks the baseline). A checker being set down
// or lifted passes through the bands in a frame or two, and a hand held
// above a slot moves.
func (s *sensor) steadyClass(x float64, t *Thresholds, now time.Time, stale bool) Class {
	ax := math.Abs(x)
	// Half-way into the empty stay band: noise at its edge never takes a
	// slot out of it and back. The whole band on a stale sensor: its
	// levels may lag the board by that.
	empty := ax <= (t.EmptyEnter+t.EmptyStay)/2 || ax <= t.EmptyStay && stale
	checker := ax >= t.CheckerStay && ax <= t.CheckerStayMax
	if !empty && !checker || s.steadyN > 0 && math.Abs(x-s.steady) > autoSpread {
		s.steady, s.steadyN = x, 0
		if !empty && !checker {
			return Unsure
		}
	}
	need := uint8(autoFrames)
	if empty {
		need = candSure
	}
	if s.steadyN < need && !s.heldSince(s.steadyN, s.steadyAt, now) {
		if s.steadyN++; s.steadyN == 1 {
			s.steadyAt = now
		}
		s.steady += (x - s.steady) / float64(s.steadyN)
		return Unsure
	}
	switch {
	case empty:
		return Empty
	case x > 0:
		return WhiteChecker
	}
	return BlackChecker
}

// staleAfter is how long a sensor's levels may go without following a
// reading (follow) before they may lag the board's drift by as much as
// the empty stay band (stale): a slot reading part of a checker set down
// off-centre follows nothing, for as long as the checker stays. The
// reference board drifts 2 counts a second at most, 0.03 of a gain in
// staleAfter.
const staleAfter = 10 * time.Second

// stale reports whether the sensor's levels have not followed a reading
// for staleAfter of the frames' time at now.
func (s *sensor) stale(now time.Time) bool {
	return !now.IsZero() && !s.followedAt.IsZero() && now.Sub(s.followedAt) >= staleAfter
}

// A slot right above a point's top checker that reads, steadily for
// driftedHold, up to driftedEmptyMax of a gain towards the other colour
// reads what no checker there can give (a checker of the other colour
// stands on nothing of its own): its empty level, left behind by the
// board's drift, which may reach half a checker's field over a match,
// while the slot read part of a checker and followed nothing (a checker
// of the other colour carried across the point moves on long before).
const (
	driftedEmptyMax = 0.5
	driftedHold     = time.Second
)

// driftedEmpty reports whether slot j, right above the top checker of
// colour below, reads its own empty level drifted: see driftedEmptyMax.
func (c *Classifier) driftedEmpty(j int, below Class) bool {
	s := &c.sensors[j]
	side, _ := below.Side()
	if s.masked || c.class[j] != Unsure || c.now.IsZero() || c.inPair(j) || c.partSide(j) == side {
		return false
	}
	return math.Abs(c.frac[j]) <= driftedEmptyMax && !s.partAt.IsZero() && c.now.Sub(s.partAt) >= driftedHold
}

// settleEmpty makes r, read on slot j (driftedEmpty), its empty
// level: the levels move to it, as far as maxDrift lets them.
func (c *Classifier) settleEmpty(j int, r uint16) {
	s := &c.sensors[j]
	s.shift(float64(r) - s.base)
	s.followedAt, s.partAt, s.steadyN, s.relN = c.now, time.Time{}, 0, 0
	d := float64(r) - s.base
	c.frac[j] = d * s.scale(d)
	if math.Abs(c.frac[j]) <= c.thresholds(j, c.frac[j]).EmptyStay {
		c.class[j] = Empty
	}
}

// inPair reports whether slot i was one of two reading one checker
// between them (offCentre) at the last frame: its reading is a part,
// whatever band it is in.
func (c *Classifier) inPair(i int) bool {
	return c.sensors[i].pair != 0 || i > 0 && c.sensors[i-1].pair != 0
}

// steadyHold is how long, in the frames' time (ClassifyAt), a reading
// that held within autoSpread counts as held for as many frames as a
// rule asks (steadyClass, relock): autoFrames frames of a board scanned
// at 100 Hz. A trace sends a frame only when a reading changes, so a
// reading that holds still comes in few frames however long it holds.
const steadyHold = 200 * time.Millisecond

// heldSince reports whether a reading held since at, over n frames
// (n > 0), has held for steadyHold of the frames' time at now; never
// when frames come without a time (Classify).
func (s *sensor) heldSince(n uint8, at, now time.Time) bool {
	return n > 0 && !at.IsZero() && !now.IsZero() && now.Sub(at) >= steadyHold
}

// refresh recomputes what follows from the levels, after a gain changed.
func (s *sensor) refresh() {
	gw, gb := s.white-s.base, s.base-s.black
	s.inv = [2]float64{1 / gw, 1 / gb}
	lim := maxDrift * min(gw, gb)
	s.lo, s.hi = s.start-lim, s.start+lim
}

// gain returns the sensor's gain towards the colour a reading d counts
// from the baseline points to (up: White).
func (s *sensor) gain(d float64) float64 {
	if d >= 0 {
		return s.white - s.base
	}
	return s.base - s.black
}

// scale returns 1/gain towards the colour d points to.
func (s *sensor) scale(d float64) float64 {
	if d >= 0 {
		return s.inv[engine.White]
	}
	return s.inv[engine.Black]
}

// shift moves all three levels by d (the gains stay), the baseline within
// maxDrift of where it started.
func (s *sensor) shift(d float64) {
	d = max(s.lo, min(s.hi, s.base+d)) - s.base
	s.base += d
	s.white += d
	s.black += d
}

// Classifier reads frames into occupancies, one board's worth of slots at a
// time. It keeps each slot's class between frames for hysteresis, so it
// must see every frame of one board, in order. Its levels follow the
// board's drift on their own, and Learn refines them from a known
// position. It is not safe for concurrent use.
type Classifier struct {
	board      Geometry
	t, tp, tg  Thresholds // calibrated, provisional and guessed
	max        float64
	sensors    []sensor
	class      []Class
	frac       []float64 // each slot's last reading, in gains (+ White)
	needBase   bool      // no baselines: the first frame gives them
	track      bool
	selfCalibr bool
	// now is the time of the frame being classified (ClassifyAt), zero
	// when frames come without one (Classify).
	now time.Time
	// wake is when a part of a checker held since the last frame will
	// have held for partHold (Wake), zero when none is waiting.
	wake time.Time
}

// NewClassifier returns a Classifier for the calibrated board, with the
// DefaultThresholds when t is nil. Every slot starts unsure.
//
// The calibration may be partial (Calibration.ValidatePartial): without
// White and Black levels each sensor starts NominalGain either side of
// its baseline, under the ProvisionalThresholds, until Learn finds its
// levels; without baselines the first frame gives them, read from an
// empty board (TRACE.md) or one already set up (baseFromFirstFrame).
func NewClassifier(c *Calibration, t *Thresholds) (*Classifier, error) {
	if t == nil {
		t = &DefaultThresholds
	}
	if err := t.Validate(); err != nil {
		return nil, err
	}
	if err := c.ValidatePartial(); err != nil {
		return nil, err
	}
	n := c.Board.Sensors()
	cl := &Classifier{
		board: c.Board, t: *t, tp: ProvisionalThresholds, tg: GuessedThresholds, max: float64(c.Board.MaxReading()),
		sensors: make([]sensor, n), class: make([]Class, n), frac: make([]float64, n),
		needBase: len(c.Baseline) == 0, track: true, selfCalibr: !c.Complete(),
	}
	if !cl.needBase {
		for i := range n {
			cl.setBase(i, float64(c.Baseline[i]))
		}
	}
	if len(c.White) == n {
		for i := range n {
			s := &cl.sensors[i]
			s.white, s.black, s.known = float64(c.White[i]), float64(c.Black[i]), [2]bool{true, true}
			s.refresh()
		}
	}
	return cl, nil
}

// setBase sets sensor i's baseline, and its unknown levels NominalGain
// away.
func (c *Classifier) setBase(i int, base float64) {
	s := &c.sensors[i]
	nominal := NominalGain * c.max / 4095
	s.base, s.start = base, base
	if !s.known[engine.White] {
		s.white = base + nominal
	}
	if !s.known[engine.Black] {
		s.black = base - nominal
	}
	s.refresh()
}

// baseFromFirstFrame takes every sensor's baseline from the first frame
// of a board without baselines. Most slots are empty even with every
// checker set up (30 of the reference board's 152), so the frame's median
// is an empty slot's reading: a reading coveredAtStart farther from it is
// a checker's, and its sensor's baseline is guessed a NominalGain short
// of it (GuessedThresholds). It runs once, off the per-frame path.
func (c *Classifier) baseFromFirstFrame(frame []uint16) {
	sorted := slices.Clone(frame)
	slices.Sort(sorted)
	median := float64(sorted[len(sorted)/2])
	nominal := NominalGain * c.max / 4095
	for i, r := range frame {
		d := float64(r) - median
		switch {
		case d >= coveredAtStart*nominal:
			c.guessBase(i, float64(r)-nominal, float64(r))
		case d <= -coveredAtStart*nominal:
			c.guessBase(i, float64(r)+nominal, float64(r))
		default:
			c.setBase(i, float64(r))
		}
	}
}

// guessBase sets sensor i's baseline to base, a guess from the reading
// from of a checker on its slot.
func (c *Classifier) guessBase(i int, base, from float64) {
	c.setBase(i, base)
	s := &c.sensors[i]
	s.guessed, s.guessFrom, s.liftedN = true, from, 0
}

// A guessed baseline (guessBase) settles on a reading that holds, for
// candSure frames, liftedMin..liftedMax nominal gains back towards empty
// from the reading it was guessed from: the checker read then was lifted,
// and the slot reads its baseline. A whole gain is 0.77..1.23 nominal
// ones; liftedMin also takes a hand that was above the slot at power-on,
// and liftedMax stops short of a checker of the other colour (1.54 or
// more).
const (
	liftedMin = 0.3
	liftedMax = 1.35
)

// settleWhenLifted settles guessed sensor i's baseline on reading r once
// it has held where the baseline may be (liftedMin..liftedMax).
func (c *Classifier) settleWhenLifted(i int, r uint16) {
	s := &c.sensors[i]
	nominal := NominalGain * c.max / 4095
	back := s.guessFrom - float64(r)
	if s.guessFrom < s.base {
		back = -back
	}
	if back < liftedMin*nominal || back > liftedMax*nominal ||
		s.liftedN > 0 && math.Abs(float64(r)-s.lifted) > autoSpread*nominal {
		s.lifted, s.liftedN = float64(r), 0
		if back < liftedMin*nominal || back > liftedMax*nominal {
			return
		}
	}
	s.liftedN++
	s.lifted += (float64(r) - s.lifted) / float64(s.liftedN)
	if s.liftedN >= candSure {
		c.settleBase(i, s.lifted)
	}
}

// SelfCalibrating reports whether the Classifier started from a partial
// calibration: it learns the levels it was not given.
func (c *Classifier) SelfCalibrating() bool { return c.selfCalibr }

// SetTracking turns the levels' following the board's drift on (the
// default) or off.
func (c *Classifier) SetTracking(on bool) { c.track = on }

// ErrFrameLength is wrapped by the error Classify returns for a frame that
// does not have one reading per sensor.
var ErrFrameLength = errors.New("frame length differs from the board's sensors")

// Classify reads a frame (one reading per sensor, in sensor order) into o,
// which it overwrites, and updates every slot's class. A point's count for a
// side is the number of its slots that side's checkers cover, the stack's
// bottom checker giving a slot its colour; a masked slot under a covered
// one counts as covered, one above the covered ones is counted in
// o.Masked; two slots each reading part of one checker count one, and so
// does a slot reading part of one beside a masked slot (the checker set
// down off-centre on a dead sensor, or towards it).
//
// Classify is on the per-frame path: it allocates nothing
// (BenchmarkClassify).
func (c *Classifier) Classify(frame []uint16, o *engine.Occupancy) error {
	return c.ClassifyAt(time.Time{}, frame, o)
}

// ClassifyAt is Classify for a frame read at time at: on a sensor whose
// level is not known yet, a part of a checker held above the top covered
// slot for partHold of the frames' time is the top checker's own, set
// down off-centre (heldPart). A trace has frames only when readings
// change, so how long a reading holds is measured in time, not frames.
func (c *Classifier) ClassifyAt(at time.Time, frame []uint16, o *engine.Occupancy) error {
	c.now = at
	if len(frame) != len(c.class) {
		return fmt.Errorf("%w: %d readings, want %d", ErrFrameLength, len(frame), len(c.class))
	}
	if c.needBase {
		c.needBase = false
		c.baseFromFirstFrame(frame)
	}
	c.countAll(frame, o)
	return nil
}

// Wake returns when the last frame, read again with no new reading, may
// be classified otherwise (ReclassifyAt): when a part of a checker held
// since will have held for partHold. It is zero when nothing waits. A
// trace has no frames while the readings hold, so the pipeline reads the
// last frame again at that time.
func (c *Classifier) Wake() time.Time { return c.wake }

// ReclassifyAt reads the last frame classified again into o at time at,
// later than its own, as if the board had sent it again unchanged: only
// how long a part of a checker has held (heldPart) can change the
// occupancy. No slot's class or level moves. It allocates nothing.
func (c *Classifier) ReclassifyAt(at time.Time, o *engine.Occupancy) {
	c.now = at
	c.countAll(nil, o)
}

// countAll counts every point and bar half of the frame into o; a nil
// frame counts the classes the last frame gave (ReclassifyAt). It then
// sets when a part of a checker held will have held long enough (wake).
func (c *Classifier) countAll(frame []uint16, o *engine.Occupancy) {
	*o = engine.Occupancy{SlotsPerPoint: uint8(c.board.Slots), SlotsPerBarHalf: uint8(c.board.BarSlots)}
	i := 0
	for p := range o.Points {
		i = c.count(frame, i, c.board.Slots, &o.Points[p], &o.Masked[p], &o.Unsure)
	}
	for h := range o.Bar {
		i = c.count(frame, i, c.board.BarSlots, &o.Bar[h], &o.BarMasked[h], &o.Unsure)
	}
	c.wake = time.Time{}
	for k := range c.sensors {
		s := &c.sensors[k]
		if s.partAt.IsZero() {
			continue
		}
		if w := s.partAt.Add(partHold); w.After(c.now) && (c.wake.IsZero() || w.Before(c.wake)) {
			c.wake = w
		}
	}
}

// count classifies the n slots of one point or bar half, starting at sensor
// i, into covered, masked and unsure (reading frame, or with the classes
// the last frame gave when it is nil); it returns the next sensor.
func (c *Classifier) count(frame []uint16, i, n int, covered *[2]uint8, masked, unsure *uint8) int {
	end := i + n
	top, colour := i-1, Unsure // the highest covered slot
	for j := i; j < end; j++ {
		cl := c.class[j]
		if frame != nil {
			cl = c.slot(j, frame[j])
		}
		if _, ok := cl.Side(); ok && !c.sensors[j].masked {
			top, colour = j, cl
		}
	}
	for j := i; j < top; j++ {
		if c.class[j] == Empty {
			// Empty under a covered slot: the checker above is set down
			// off-centre, partly on this slot (or its sensor is dead), so
			// what it reads is no drift to relock to.
			c.sensors[j].relN = 0
		}
	}
	if frame != nil && top >= i && top+1 < end && c.driftedEmpty(top+1, colour) {
		c.settleEmpty(top+1, frame[top+1])
	}
	if c.selfCalibr && frame != nil {
		c.selfLearn(frame, i, end)
	}
	covers := top
	if top > i && c.sensors[top-1].masked && c.partOverDead(top) {
		// The top checker, right above a masked slot, may be that slot's
		// checker set down off-centre, its part read as a whole one:
		// both slots either, as masked.
		covers = top - 2
		*masked += 2
	}
	for j := i; j <= covers; j++ {
		cl := c.class[j]
		if c.sensors[j].masked {
			cl = colour // a covered slot above it: it is covered
		}
		side, ok := cl.Side()
		switch {
		case j+1 == top && (cl == Unsure || c.stayOnly(j)) && c.shareOfTop(j, top):
			// Part of the top checker, set down off-centre between
			// the two slots.
			c.keepPair(j)
		case j+1 == top && c.stayOnly(j) && !c.heldPart(j):
			// Short of a whole checker under the top one, not held
			// yet: one being lifted, or a part still settling.
			inc(unsure)
		case ok:
			covered[side]++
		case cl == Unsure:
			inc(unsure)
		}
	}
	j := top + 1
	if top >= i && j < end && c.partOf(j, c.class[top]) {
		// Part of a checker above the top one, perhaps the top one's own
		// set down off-centre: its reading short of a checker is no drift
		// to relock to (relock).
		c.sensors[top].relN = 0
		if c.restOfTop(top, end) {
			c.keepPair(top)
			j++ // the top checker's part, set down off-centre
		}
	}
	above := j // the first slot above the top checker
	for ; j < end && c.sensors[j].masked; j++ {
		*masked++
	}
	if j > above && c.partOverMasked(j, end, colour) {
		// A checker set down off-centre on the masked slot below: the
		// dead sensor cannot read its part, the slot above reads the rest.
		covered[c.partSide(j)]++
		*masked--
		j++
	} else if c.partUnderMasked(j, end, colour) {
		// A checker set down off-centre towards the masked slot above:
		// its part there cannot be read, and that slot holds no other.
		covered[c.partSide(j)]++
		j += 2
	} else if j == above && c.partOverSilent(j, end, colour) {
		// Part of a checker held still over an empty slot right above
		// the top one: no checker floats, so the slot's sensor is dead
		// and not yet known so (Learn masks it), under a checker set
		// down off-centre on it or towards it. Either, as masked.
		if s := &c.sensors[j]; s.liveAt.IsZero() || c.now.Sub(s.liveAt) >= staleAfter {
			s.silent = true // read nothing for long: dead, likely
		}
		*masked++
		j += 2
	} else if j == above && j < end && c.sensors[j].silent && c.class[j] == Empty {
		// The slot counted so, its part above gone: the checker may
		// have been pushed onto the dead sensor. Either still, until
		// it reads a checker or Learn finds it empty where the
		// position leaves it empty.
		*masked++
		j++
	}
	for ; j < end; j++ {
		switch {
		case c.offCentre(j, end):
			side := engine.White
			if c.frac[j] < 0 {
				side = engine.Black
			}
			covered[side]++
			c.keepPair(j)
			j++ // its neighbour holds the same checker
		case c.class[j] == Unsure && !c.sensors[j].masked:
			inc(unsure)
		}
	}
	for j := i; j < end; j++ {
		s := &c.sensors[j]
		s.pair, s.pairNext = s.pairNext, 0
	}
	return end
}

// provisionalPartMax is the most, in nominal gains, that the part of a
// checker set down off-centre (0.7 of its field at most: the rest is on
// the slot below) reads on the strongest sensor of the reference board
// (1.23 of NominalGain). A whole checker reads 0.77 or more.
const provisionalPartMax = 0.86

// partOverDead reports whether covered slot top, on a sensor whose level
// for its colour is not known, reads no more than the part of a checker
// set down off-centre may (provisionalPartMax): on the provisional bands
// that part reads as a checker.
func (c *Classifier) partOverDead(top int) bool {
	side, _ := c.class[top].Side()
	return !c.sensors[top].known[side] && math.Abs(c.frac[top]) <= provisionalPartMax
}

// restOfTop reports whether the slot above the top covered slot top
// (below end), reading part of a checker of top's colour, reads the rest
// of top's checker, set down off-centre: top
// reads as a checker only by its stay band (short of the enter band, as
// its own share of the checker does; on a sensor whose level is known),
// nothing is above the part, and together they read one
// checker (offCentreSum..CheckerMax). A whole checker with another being
// set down on it reads more than the enter band below.
func (c *Classifier) restOfTop(top, end int) bool {
	j := top + 1
	if c.sensors[top].masked || c.offCentre(j, end) {
		return false
	}
	if j+1 < end && c.class[j+1] != Empty {
		return false
	}
	return c.shortPair(top, j)
}

// shareOfTop reports whether slot j, right under the top covered slot
// top, reads part of top's checker set down off-centre towards the slot
// above its own: j reads part of a checker of top's colour (unsure, or a
// checker by its provisional stay band alone: stayOnly), top reads as a
// checker only by its stay band, and together they read one (see
// restOfTop). top's level is not relocked to the part it reads.
func (c *Classifier) shareOfTop(j, top int) bool {
	if c.sensors[top].masked || !c.partOf(j, c.class[top]) && !(c.stayOnly(j) && c.class[j] == c.class[top]) {
		return false
	}
	c.sensors[top].relN = 0
	return c.shortPair(top, j)
}

// shortPair reports whether covered slot top, reading as a checker only
// by its stay band on a sensor whose level for its colour is known (or by
// its enter band once the part has held still for partHold: the larger
// share of a checker set down off-centre may read 0.85 of a level too,
// and no hand holds still), and slot part beside it read together one
// checker (offCentreSum to CheckerMax of one). On the provisional bands, where the part of a
// checker left on its own slot may read as a whole one (up to 0.86 of the
// nominal gain on the strongest sensor, a whole checker 0.77 on the
// weakest), the part must read less than top, unless top reads short of
// the enter band (no whole checker on any sensor: the checker may sit
// mostly on the slot above), and have held still for partHold
// (heldPart): a checker being set down passes through it.
func (c *Classifier) shortPair(top, part int) bool {
	side, _ := c.class[top].Side()
	a, b := math.Abs(c.frac[top]), math.Abs(c.frac[part])
	if c.pairHolds(min(top, part), c.frac[top]+c.frac[part]) {
		return true
	}
	if !c.sensors[top].known[side] {
		return (b < a || a < c.tp.CheckerEnter) && a+b >= offCentreSum && a+b <= c.tp.CheckerMax && c.heldPart(part)
	}
	return (a < c.t.CheckerEnter || c.heldPart(part)) && a+b >= offCentreSum && a+b <= c.t.CheckerMax
}

// partHold is how long a part of a checker must hold still, in the
// frames' time, before a sensor whose level is not known takes it for the
// rest of the checker below (shortPair): longer than a checker being set
// down takes to land, and short enough that one set down just after DONE
// has held before an opponent quick to roll (250 ms after it) does. A pair
// being lifted never holds: its first frame ends it (lifting).
const partHold = 200 * time.Millisecond

// holdPart keeps the time since which sensor s, read as cl at x gains, has
// read the same part of a checker (within autoSpread): unsure, or a
// checker by its provisional stay band alone (stayOnly).
func (c *Classifier) holdPart(s *sensor, cl Class, x float64) {
	side, covered := cl.Side()
	part := cl == Unsure || covered && !s.known[side] && math.Abs(x) < c.tp.CheckerEnter
	switch {
	case !part || math.Abs(x) < offCentreMin || c.now.IsZero():
		s.partAt = time.Time{}
	case s.partAt.IsZero() || math.Abs(x-s.part) > autoSpread:
		s.part, s.partAt = x, c.now
	}
}

// stayOnly reports whether slot j, not masked, reads a checker only by
// the stay band of the provisional bands (short of their enter band): no
// whole checker on any sensor of the reference board, but part of one set
// down off-centre, or one being lifted.
func (c *Classifier) stayOnly(j int) bool {
	side, ok := c.class[j].Side()
	return ok && !c.sensors[j].masked && !c.sensors[j].known[side] && math.Abs(c.frac[j]) < c.tp.CheckerEnter
}

// heldPart reports whether slot j has read the same part of a checker for
// partHold of the frames' time (ClassifyAt).
func (c *Classifier) heldPart(j int) bool {
	s := &c.sensors[j]
	return !s.partAt.IsZero() && c.now.Sub(s.partAt) >= partHold
}

// partOverMasked reports whether slot j (below end), right above a masked
// slot, reads part of a checker of the point's colour (any colour on an
// empty point) whose centre is on the masked slot: unsure, at least
// offCentreMin of a checker, with the slot above it empty, and not one of
// two slots sharing a checker between them (offCentre).
func (c *Classifier) partOverMasked(j, end int, colour Class) bool {
	if j >= end || !c.partOf(j, colour) {
		return false
	}
	if j+1 < end && (c.class[j+1] != Empty || c.sensors[j+1].masked) {
		return false
	}
	return !c.offCentre(j, end)
}

// partUnderMasked reports whether slot j (below end), right under a
// masked slot, reads part of a checker of the point's colour (any colour
// on an empty point) whose rest is on the masked slot: unsure, at least
// offCentreMin of a checker.
func (c *Classifier) partUnderMasked(j, end int, colour Class) bool {
	return j+1 < end && c.sensors[j+1].masked && c.partOf(j, colour)
}

// partOverSilent reports whether slot j (below end), not masked, reads
// empty under a slot reading part of a checker of colour (either on an
// empty point) that has held still for partHold (heldPart), with nothing
// above the part: a checker can stand there only on a sensor that reads
// nothing. Not when j's reading, in its empty band, and the part make one
// checker between them (offCentre): the checker is set down off-centre,
// mostly on the slot above.
func (c *Classifier) partOverSilent(j, end int, colour Class) bool {
	if j+1 >= end || c.sensors[j].masked || c.class[j] != Empty || !c.partOf(j+1, colour) {
		return false
	}
	if j+2 < end && (c.class[j+2] != Empty || c.sensors[j+2].masked) {
		return false
	}
	return !c.offCentre(j+1, end) && !c.offCentre(j, end) && c.heldPart(j+1)
}

// partOf reports whether slot j, not masked, reads part of a checker of
// colour (either when colour is Unsure): unsure, and at least
// offCentreMin of one.
func (c *Classifier) partOf(j int, colour Class) bool {
	return !c.sensors[j].masked && c.readsPart(j, colour)
}

// readsPart is partOf for slot j whether it is masked or not.
func (c *Classifier) readsPart(j int, colour Class) bool {
	if c.class[j] != Unsure || math.Abs(c.frac[j]) < offCentreMin {
		return false
	}
	side, ok := colour.Side()
	return !ok || c.partSide(j) == side
}

// partSide returns the colour slot j's reading points to.
func (c *Classifier) partSide(j int) engine.Side {
	if c.frac[j] < 0 {
		return engine.Black
	}
	return engine.White
}

// partLevel reports whether a reading d counts from the baseline, read at
// now, is only part of the level a sensor being calibrated has read
// steadily of late (cand, held for candSure frames or candHold): on the
// provisional bands a checker being lifted from a strong sensor still
// reads as one.
func (s *sensor) partLevel(d float64, t *Thresholds, now time.Time) bool {
	held := s.candN >= candSure || s.candN > 0 && !s.candAt.IsZero() && now.Sub(s.candAt) >= candHold
	level := s.cand - s.base
	return held && d*level > 0 && math.Abs(d) < t.CheckerStay*math.Abs(level)
}

// selfLearn learns, on the slots i..end-1 of one point or bar half, the
// levels not known yet of checkers standing alone on their slot: see
// autoFrames.
func (c *Classifier) selfLearn(frame []uint16, i, end int) {
	for j := i; j < end; j++ {
		side, ok := c.class[j].Side()
		s := &c.sensors[j]
		if !ok {
			s.candN = 0 // no checker now: its level says nothing of the next (partLevel)
			continue
		}
		if s.known[side] || s.masked {
			continue
		}
		if j+1 < end && c.class[j+1] != c.class[j] && c.class[j+1] != Empty || j > i && (c.readsPart(j-1, c.class[j]) || c.stayOnly(j-1) || c.sensors[j-1].masked || c.class[j-1] == Empty) {
			// Part of a checker beside it: the checker set down
			// off-centre, or one held above; or this slot's reading is
			// itself part of the checker below, set down off-centre (a
			// masked sensor below reading part of one is not dead: a
			// Learn in the set-up masked it before its checker came; a
			// dead one never shows the part below); or the slot below
			// reads empty, so this checker stands partly on it.
			s.candN = 0
			continue
		}
		r := float64(frame[j])
		if math.Abs(c.frac[j]) < c.tp.CheckerEnter {
			// Held by the stay band alone: part of a checker set down
			// off-centre, or one being lifted, is no level.
			s.candN = 0
			continue
		}
		spread := autoSpread * NominalGain * c.max / 4095
		if s.candN == 0 || r-s.cand > spread || s.cand-r > spread {
			s.cand, s.candN, s.candAt = r, 1, c.now
			continue
		}
		s.candN++
		s.cand += (r - s.cand) / float64(s.candN)
		if s.candN >= autoFrames {
			c.setLevel(s, side, s.cand)
		}
	}
}

// setLevel makes level the sensor's known level for side's checker, if it
// is far enough from the baseline (MinGain).
func (c *Classifier) setLevel(s *sensor, side engine.Side, level float64) {
	s.candN = 0
	minGain := MinGain * c.max / 4095
	switch {
	case side == engine.White && level-s.base >= minGain:
		s.white = level
	case side == engine.Black && s.base-level >= minGain:
		s.black = level
	default:
		return
	}
	s.known[side] = true
	s.refresh()
}

// offCentre reports whether slots j and j+1 (below end) read one checker
// between them: neither covered nor masked, one at least unsure, each
// reading part of the same colour's level, together about one.
func (c *Classifier) offCentre(j, end int) bool {
	if j+1 >= end || c.sensors[j].masked || c.sensors[j+1].masked {
		return false
	}
	a, b := c.frac[j], c.frac[j+1]
	if c.class[j] != Unsure && c.class[j+1] != Unsure || c.class[j] > Empty || c.class[j+1] > Empty {
		return false
	}
	if c.pairHolds(j, a+b) {
		return true // whatever either part has drifted to
	}
	if a*b <= 0 {
		return false
	}
	a, b = math.Abs(a), math.Abs(b)
	if a < offCentreMin || b < offCentreMin {
		return false
	}
	t := c.thresholds(j, c.frac[j])
	if a+b > t.CheckerMax {
		return false
	}
	provisional := t != &c.t || c.thresholds(j+1, c.frac[j+1]) != &c.t
	if a+b >= offCentreSum && !(provisional && c.lifting(j) && c.lifting(j+1)) {
		return true
	}
	// On the provisional bands two weak sensors read a checker between
	// them as little as offCentreSumWeak, and two strong ones read one
	// being lifted as much as offCentreSum at the lift's first frame:
	// one once both parts have held still for partHold, as a hand held
	// above the board or lifting a checker never does.
	return provisional && a+b >= offCentreSumWeak && c.heldPart(j) && c.heldPart(j+1)
}

// lifting reports whether slot j's reading fell, since the frame before,
// by more than autoSpread of a gain towards its baseline: with the slot
// beside it, a checker set down off-centre being lifted.
func (c *Classifier) lifting(j int) bool {
	x, prev := c.frac[j], c.sensors[j].prev
	return x*prev > 0 && math.Abs(prev)-math.Abs(x) > autoSpread
}

// pairHolds reports whether slots j and j+1, reading sum gains together
// (signed: + White), are still the checker the last frame read between
// them (pairStep): the board drifts, but neither slot's levels follow it
// while its reading is part of a checker, so a part may drift out of
// offCentreMin, even across its baseline.
func (c *Classifier) pairHolds(j int, sum float64) bool {
	p := c.sensors[j].pair
	return p != 0 && math.Abs(sum-p) <= pairStep
}

// keepPair notes that slots j and j+1 read one checker between them in
// the frame being counted (pairHolds, for the next). Neither part is drift to relock to (relock).
func (c *Classifier) keepPair(j int) {
	c.sensors[j].pairNext = c.frac[j] + c.frac[j+1]
	c.sensors[j].relN, c.sensors[j+1].relN = 0, 0
}

// inc counts one more, holding at the counter's top.
func inc(u *uint8) {
	if *u < math.MaxUint8 {
		*u++
	}
}

// thresholds returns the bands for sensor i's readings towards the colour
// x (in gains, + White) points to.
func (c *Classifier) thresholds(i int, x float64) *Thresholds {
	side := engine.White
	if x < 0 {
		side = engine.Black
	}
	switch s := &c.sensors[i]; {
	case s.guessed:
		return &c.tg
	case s.known[side]:
		return &c.t
	}
	return &c.tp
}

// slot classifies sensor i's reading r, keeps the class and the reading
// in gains, and lets the reading pull the sensor's levels.
func (c *Classifier) slot(i int, r uint16) Class {
	s := &c.sensors[i]
	if s.guessed {
		c.settleWhenLifted(i, r)
	}
	if s.followedAt.IsZero() {
		s.followedAt = c.now // the levels it started from hold at the first frame
	}
	d := float64(r) - s.base
	inv := s.scale(d)
	x := d * inv
	s.prev, c.frac[i] = c.frac[i], x
	if r == 0 || float64(r) >= c.max {
		c.class[i] = Unsure // a railed reading is a fault, never a class
		return Unsure
	}
	// Half a count of slack: a threshold falls between two readings.
	t := c.thresholds(i, x)
	cl := classify(x, 0.5*inv, c.class[i], t)
	if side, ok := cl.Side(); ok && !s.known[side] && s.partLevel(d, &c.t, c.now) {
		cl = Unsure
	}
	if cl == Unsure {
		cl = s.steadyClass(x, t, c.now, s.stale(c.now) && !c.inPair(i))
		if side, ok := cl.Side(); ok && !s.known[side] {
			// On the provisional bands a steady reading in the stay band
			// is as likely part of a checker set down off-centre, its
			// rest on the slot beside it (offCentre), as a whole one.
			cl = Unsure
		}
	} else {
		s.steadyN = 0
	}
	if cl != c.class[i] {
		s.classAt = c.now
	}
	if math.Abs(x) > t.EmptyStay {
		s.liveAt, s.silent = c.now, false // it reads something: alive
	}
	c.class[i] = cl
	c.holdPart(s, cl, x)
	switch {
	case c.inPair(i):
		// Part of a checker read between two slots at the last frame,
		// whatever band it reads in: no level to follow.
		s.relN, s.trackFrom = 0, time.Time{}
	case c.track && !s.masked && !s.guessed:
		follow(s, cl, d, x, c.now)
	}
	return cl
}

// classify returns the class of a reading x gains from the baseline (+
// White) for a slot that had class prev.
func classify(x, slack float64, prev Class, t *Thresholds) Class {
	ax := math.Abs(x)
	white, black := x > 0, x < 0
	switch {
	case prev == Empty && ax <= t.EmptyStay+slack,
		prev == WhiteChecker && white && ax >= t.CheckerStay-slack && ax <= t.CheckerStayMax+slack,
		prev == BlackChecker && black && ax >= t.CheckerStay-slack && ax <= t.CheckerStayMax+slack:
		return prev
	case ax <= t.EmptyEnter+slack:
		return Empty
	case ax >= t.CheckerEnter-slack && ax <= t.CheckerMax+slack && white:
		return WhiteChecker
	case ax >= t.CheckerEnter-slack && ax <= t.CheckerMax+slack && black:
		return BlackChecker
	}
	return Unsure
}

// follow lets a reading d counts from the baseline (x gains), read as cl,
// pull the sensor's levels: see trackGate. A reading of the class that
// holds steady outside the gate relocks them (relock).
func follow(s *sensor, cl Class, d, x float64, now time.Time) {
	var off float64 // the reading less the class's level
	switch {
	case cl == Empty:
		off = d
	case cl == WhiteChecker && s.known[engine.White]:
		off = d - (s.white - s.base)
	case cl == BlackChecker && s.known[engine.Black]:
		off = d + (s.base - s.black)
	default:
		s.relN, s.trackFrom = 0, time.Time{}
		return
	}
	g := s.gain(off)
	if off > trackGate*g || off < -trackGate*g {
		s.trackFrom = time.Time{}
		if off <= relockMax*g && off >= -relockMax*g {
			s.relock(off, g, now)
		} else {
			s.relN = 0
		}
		return
	}
	s.relN = 0
	if s.trackFrom.IsZero() {
		s.trackFrom, s.trackedAt = now, time.Time{}
	}
	s.shift(off * s.trackShare(now))
	if now.Sub(s.trackFrom) >= steadyHold {
		s.followedAt = now
	}
}

// trackTau is trackRate's time constant in the frames' time: 1/64 of
// the difference a frame at 100 Hz.
const trackTau = 640 * time.Millisecond

// trackShare returns the share of the difference between a reading
// within the tracking gate and its class's level that the levels move by
// at now: trackRate a frame without the frames' time (Classify) or at
// the first frame in the gate, else as much as trackTau gives the time
// since the last frame, in the gate too, so that a trace's few frames
// while the board is still follow a drift as a board's 100 frames a
// second do. A hand coming and going above a slot pulls a frame's worth.
func (s *sensor) trackShare(now time.Time) float64 {
	last := s.trackedAt
	s.trackedAt = now
	if now.IsZero() || last.IsZero() {
		return trackRate
	}
	return min(1, float64(now.Sub(last))/float64(trackTau))
}

// relock follows a reading off counts from its class's level, outside the
// tracking gate: the levels fell behind a drift faster than the gate (a
// sensor not read for a while, a stack's few percent on top of it). Once
// such readings have held within autoSpread of a gain for autoFrames
// frames, the levels move to them, if they are within relockMax of a
// gain.
func (s *sensor) relock(off, g float64, now time.Time) {
	if s.relN == 0 || math.Abs(off-s.rel) > autoSpread*g {
		s.rel, s.relN = off, 1
		return
	}
	s.relN++
	s.rel += (off - s.rel) / float64(s.relN)
	if s.relN >= autoFrames {
		s.relN = 0
		s.shift(s.rel)
		s.followedAt = now
	}
}

// inRange reports whether sensor i's reading r is one a slot can give:
// off the rails, and no farther from the baseline than CheckerStayMax.
func (c *Classifier) inRange(i int, r uint16) bool {
	if r == 0 || float64(r) >= c.max {
		return false
	}
	s := &c.sensors[i]
	d := float64(r) - s.base
	g := s.gain(d)
	return math.Abs(d)/g <= c.thresholds(i, d).CheckerStayMax+0.5/g
}

// Class returns the class sensor i's slot had at the last Classify.
func (c *Classifier) Class(i int) Class {
	if i < 0 || i >= len(c.class) {
		return Unsure
	}
	return c.class[i]
}

// Board returns the geometry the Classifier reads.
func (c *Classifier) Board() Geometry { return c.board }

// Reset forgets every slot's class, as after a gap in the frames: the next
// frame is read without hysteresis.
func (c *Classifier) Reset() { clear(c.class) }
