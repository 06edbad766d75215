package calib

import (
	"math"
	"time"

	"gammond/engine"
)

// vec is a quantity over an estimate's state: baseline, gain per colour.
type vec struct {
	base float64
	gain [2]float64
}

func (v vec) dot(w vec) float64 { return v.base*w.base + v.gain[0]*w.gain[0] + v.gain[1]*w.gain[1] }

// less takes k·w from v.
func (v *vec) less(k float64, w vec) {
	v.base -= k * w.base
	v.gain[0] -= k * w.gain[0]
	v.gain[1] -= k * w.gain[1]
}

// estimate is one sensor's Kalman filter over its baseline and its gain
// for each colour, in counts (a gain is positive: White reads above the
// baseline, Black below), and its noise.
type estimate struct {
	x vec
	p struct { // x's covariance, by rows
		base vec
		gain [2]vec
	}
	noise float64   // the reading's noise variance, counts²
	at    time.Time // when p was last carried forward
	// fresh[c]: the slot has read empty since colour c's gain last
	// learnt from it, so its checker may be another one.
	fresh [2]bool
	// rest: the reading of the checker at rest on the slot, when the
	// baseline's variance was restVar; pose: the last reading of a field
	// posed (Model.pose), when it was poseVar; told, toldVar: the first;
	// first: the reading of the model's first frame.
	rest, restVar, pose, poseVar, told, toldVar, first float64
	restValid, posed                                   bool
	// masked: no evidence (Mask); dead: reading its baseline under a
	// known checker; proven: seen to read a field (notice) since the model
	// started; doubted: not proven, judged as maybe dead (DoubtUnproven).
	masked, dead, proven, doubted bool
}

// prior returns sensor i's estimate before any frame: cal's levels where
// it has them (a calibrated gain is one checker's, as uncertain as a
// magnet), else HARDWARE.md's: a baseline about the ADC's mid-scale, as
// uncertain as drift makes any (DriftRange), gains nominalGain ± MagnetSpread of it.
func (m *Model) prior(cal *Calibration, i int) estimate {
	e := estimate{noise: sq(NominalNoise * m.scale), fresh: [2]bool{true, true}}
	e.x.base, e.p.base.base = float64(m.geo.MaxReading())/2, sq(DriftRange/2*m.scale)
	if len(cal.Baseline) > 0 {
		e.x.base, e.p.base.base = float64(cal.Baseline[i]), sq(2*NominalNoise*m.scale)
	}
	if len(cal.Noise) > 0 {
		e.noise = heldNoise(sq(cal.Noise[i]))
	}
	for c, level := range [2][]uint16{cal.White, cal.Black} {
		g := &e.x.gain[c]
		*g, e.p.gain[c].gain[c] = nominalGain*m.scale, sq(MagnetSpread*nominalGain*m.scale)
		if len(level) > 0 {
			*g = polarity(engine.Side(c)) * (float64(level[i]) - e.x.base)
			e.p.gain[c].gain[c] = strengthVar(*g)
		}
	}
	return e
}

// strengthVar is the variance of the field of gain g from a checker of
// unknown strength, uniform in 1 ± MagnetSpread.
func strengthVar(g float64) float64 { return MagnetSpread * MagnetSpread / 3 * g * g }

// heldNoise holds a noise variance to HARDWARE.md's 2-6 counts with room,
// half to twice NominalNoise: drift or a hand nearby, or a quiet spell,
// must not make a sensor noisier or quieter than sensors are.
func heldNoise(v float64) float64 { return min(max(v, sq(NominalNoise/2)), sq(2*NominalNoise)) }

func sq(x float64) float64 { return x * x }

// polarity is the sign of side's field: White reads above the baseline.
func polarity(side engine.Side) float64 { return float64(1 - 2*int(side)) }

// silent reports whether the sensor gives no evidence.
func (e *estimate) silent() bool { return e.masked || e.dead || e.doubted }

// notice marks, from every frame, a slot reading empty (its next checker
// may be another) and a sensor proven alive: reading half a field or
// more off a baseline known apart from that reading (three sigmas), or
// off the first frame's reading, more than drift can move a dead one's.
// A baseline unknown, learnt from a dead sensor's reading under a
// checker taken for a field, proves nothing.
func (e *estimate) notice(r uint16, scale float64) {
	d, g := math.Abs(float64(r)-e.x.base), min(e.x.gain[0], e.x.gain[1])
	if d < 0.15*g {
		e.fresh = [2]bool{true, true}
		e.restValid, e.posed = false, false
	}
	moved := math.Abs(float64(r)-e.first) - DriftRange/2*scale
	e.proven = e.proven || d > 0.5*g+3*math.Sqrt(e.p.base.base) || moved > 0.5*g
}

// carry carries the estimate forward to at: the baseline may have
// drifted by DriftRate a second, but no further than DriftRange allows.
func (e *estimate) carry(at time.Time, scale float64) {
	if !e.at.IsZero() && at.After(e.at) {
		grown := sq(DriftRate*scale) * at.Sub(e.at).Seconds()
		v := &e.p.base.base
		*v = max(*v, min(*v+grown, sq(DriftRange/2*scale)))
	}
	e.at = at
}

// update takes the measurement z = h·x + v, v of variance r, and reports
// true; or false if its innovation is beyond gate sigmas (a part, a spike).
func (e *estimate) update(h vec, z, r, gate float64) bool {
	ph := vec{e.p.base.dot(h), [2]float64{e.p.gain[0].dot(h), e.p.gain[1].dot(h)}}
	s := r + h.base*ph.base + h.gain[0]*ph.gain[0] + h.gain[1]*ph.gain[1]
	innov := z - h.dot(e.x)
	if innov*innov > gate*gate*s {
		return false
	}
	e.x.base += ph.base / s * innov
	e.p.base.less(ph.base/s, ph)
	for c := range 2 {
		e.x.gain[c] += ph.gain[c] / s * innov
		e.p.gain[c].less(ph.gain[c]/s, ph)
	}
	return true
}

// pose takes reading r of sensor e, a field at rest no centred checker
// gives (side's top checker off-centre, a part of a field). A pose that
// holds follows r; else r is posed if the slot reads a field, not its
// baseline (an unknown baseline, or a dead sensor, holds still too).
func (m *Model) pose(e *estimate, r float64, side engine.Side) {
	if !e.posed || !e.holds(r) {
		s := e.slot(r, m.spikeLL())
		e.told, e.toldVar, e.posed = r, e.p.base.base, max(s.one[side], s.part[0], s.part[1]) > s.empty
	}
	e.pose, e.poseVar = r, e.p.base.base
}

// spread returns the variance of a field at rest read now against a
// reading of it when the baseline's variance was v: both readings'
// noise and the drift since.
func (e *estimate) spread(v float64) float64 { return 2*e.noise + max(e.p.base.base-v, 0) }

// holds reports whether reading r still holds the pose: within six sigmas
// (the settling's stillness) of the field as first posed, drift allowed; a
// field that creeps further (a hand lowering a checker) is another.
func (e *estimate) holds(r float64) bool {
	d := r - e.told
	return e.posed && d*d <= 36*e.spread(e.toldVar)
}

// learnEmpty takes reading r of a slot known empty: a measurement of the
// baseline, and of the noise.
func (e *estimate) learnEmpty(r float64) {
	innov := r - e.x.base
	if e.update(vec{base: 1}, r, e.noise, 5) {
		e.noise = heldNoise(e.noise + 0.05*(max(innov*innov-e.p.base.base, 0)-e.noise))
	}
}

// learnCovered takes reading r of a slot under one centred checker of
// side's colour: a measurement of the drift since it was set down and,
// with gains (the position known) and a checker maybe new, of the
// baseline and the gain; or, at the baseline, of a dead sensor.
func (e *estimate) learnCovered(side engine.Side, r float64, gains bool) {
	g, x := e.x.gain[side], e.share(side, r)
	switch {
	case x < 0.2 && gains:
		e.dead = true // no magnet reads so little: the weakest, off-centre, reads 0.75 × 0.3
		return
	case x > 0.5:
		e.dead = false
	}
	e.followRest(g, r, 0)
	if gains && e.fresh[side] && !e.dead { // a dead sensor's reading says nothing of its gain
		h := vec{base: 1}
		h.gain[side] = polarity(side)
		if e.update(h, r, e.noise+strengthVar(g), 4) {
			e.fresh[side] = false
		}
	}
	e.atRest(r)
}

// followRest takes reading r of the checker at rest on the slot, of gain
// g: if it moved no more than the baseline can have drifted since, the
// baseline moved, as sure now as then (a variance floor at least). It
// reports whether it did.
func (e *estimate) followRest(g, r, floor float64) bool {
	drifted := max(e.p.base.base-e.restVar, 0)
	if !e.restValid || math.Abs(r-e.rest) >= 0.1*g+4*math.Sqrt(drifted) {
		return false
	}
	e.x.base += r - e.rest
	e.p.base.base = max(e.p.base.base-drifted, floor)
	return true
}

// atRest takes r for the reading of the checker now at rest on the slot.
func (e *estimate) atRest(r float64) { e.rest, e.restVar, e.restValid = r, e.p.base.base, true }

// Learn takes the frame of a position known (the start, the result of a
// judged play), laid out as l, read at at: every slot's reading measures
// its sensor's baseline, gain and noise (learnPile). Allocation budget:
// none.
func (m *Model) Learn(at time.Time, frame []uint16, l *engine.Layout) {
	if len(frame) != len(m.est) {
		return
	}
	for p := 1; p <= m.geo.Points; p++ {
		side, n := engine.White, l[engine.White][p]
		if l[engine.Black][p] > 0 {
			if n > 0 {
				continue // no position has both; teach nothing from it
			}
			side, n = engine.Black, l[engine.Black][p]
		}
		m.learnPile(at, frame, p-1, side, n, true)
	}
	if l[engine.White][engine.Bar] == 0 && l[engine.Black][engine.Bar] == 0 {
		for k := m.geo.Points; k < len(m.piles); k++ {
			m.learnPile(at, frame, k, engine.White, 0, true) // the bar's halves
		}
	}
}

// learnPile learns from pile p holding n of side's checkers (more than
// slots: some stacked), the gains too when the position is known. A free
// slot that may read part of a field, and the top checker below it,
// teach nothing but are posed, the pile's state with them its rest.
func (m *Model) learnPile(at time.Time, frame []uint16, p int, side engine.Side, n int, gains bool) {
	first, slots := m.geo.Pile(p)
	m.rests[p] = -1
	for k := range slots {
		i := first + k
		e := &m.est[i]
		if e.masked {
			continue
		}
		e.carry(at, m.scale)
		r := float64(frame[i])
		switch {
		case k == n && m.freeSlotReads(at, frame, i, side, n):
			m.pose(e, r, side)
			m.rests[p] = stateOf(side, n, slots)
		case k >= n:
			e.learnEmpty(r)
		case n > slots: // any slot may hold a stacked checker, whose share moves it as drift would
			g := e.x.gain[side]
			e.followRest(g, r, sq(StackShare*g))
			e.atRest(r)
		case k+1 == slots || k+1 < n || !m.freeSlotReads(at, frame, i+1, side, n):
			e.learnCovered(side, r, gains)
		default:
			m.pose(e, r, side)
		}
	}
}

// freeSlotReads reports whether sensor i, a pile's first free slot above
// n of side's checkers, may read more than empty: a part of a field
// held above, unless the slot reads empty by FitMargin (a hand held
// still reads like drift), or the top checker set down between the two.
// A baseline that drifted far is learnt once its variance makes it decisive.
func (m *Model) freeSlotReads(at time.Time, frame []uint16, i int, side engine.Side, n int) bool {
	e := &m.est[i]
	if e.silent() {
		return false
	}
	e.carry(at, m.scale)
	s := e.slot(float64(frame[i]), m.spikeLL())
	if max(s.part[engine.White], s.part[engine.Black])+logPart > s.empty-FitMargin {
		return true
	}
	if n == 0 {
		return false
	}
	centred := s.empty // over a silent slot, the top checker's share here is all there is to read
	if lo := &m.est[i-1]; !lo.silent() {
		centred += lo.band(side, float64(frame[i-1]), 1-MagnetSpread, 1+MagnetSpread)
	}
	return m.offCentre(frame, i-1, side)+logOffCentre > centred
}

// Follow lets the estimates follow the board at rest: the frame last
// evaluated, read at at, where its best reading is decisive on a pile,
// is that pile's known layout. Allocation budget: none.
func (m *Model) Follow(at time.Time) {
	for p, scores := range m.piles {
		first, slots := m.geo.Pile(p)
		best, second := top2(scores)
		side, n := pileState(best, slots)
		switch {
		case scores[best]-second < FitMargin:
			m.followRests(at, first, slots)
		case n == slots:
			m.learnPile(at, m.last, p, side, n+1, false) // "slots or more": maybe stacked, no drift to read
		default:
			m.learnPile(at, m.last, p, side, n, false)
		}
	}
}

// followRests follows the drift of the checkers at rest on the pile of
// sensors first..first+slots-1, no state of which is decisive: a checker
// at rest stays so, maybe with one stacked on it, until its slot reads
// empty or its reading moves more than drift can.
func (m *Model) followRests(at time.Time, first, slots int) {
	for i := first; i < first+slots; i++ {
		e := &m.est[i]
		if !e.restValid || e.masked {
			continue
		}
		e.carry(at, m.scale)
		side := engine.White
		if e.rest < e.x.base {
			side = engine.Black
		}
		r, g := float64(m.last[i]), e.x.gain[side]
		if e.restValid = e.followRest(g, r, sq(StackShare*g)); e.restValid {
			e.atRest(r)
		}
	}
}

// top2 returns the index of the highest of scores, and the second score.
func top2(scores []float64) (best int, second float64) {
	second = math.Inf(-1)
	for i, s := range scores {
		switch {
		case s > scores[best]:
			second, best = scores[best], i
		case i != best && s > second:
			second = s
		}
	}
	return best, second
}
