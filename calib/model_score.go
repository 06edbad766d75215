package calib

import (
	"math"
	"time"

	"gammond/engine"
)

// slotLL is one slot's log-likelihood of each state it may be in: empty,
// covered by one checker or a stack, or reading part of a field, of
// either colour.
type slotLL struct {
	empty              float64
	one, stacked, part [2]float64
}

// Prior log-odds of what a hand leaves: a checker set down between two
// slots (one in three in the behaviours tested), a part of a field over a
// free slot in a settled frame (a held hand wobbles: it rarely settles).
var (
	logOffCentre = math.Log(0.2)
	logPart      = math.Log(1e-3)
)

// spikeLL is the least any one slot contributes: a reading no state
// explains is a spike (HARDWARE.md), one in ten thousand, to any value.
func (m *Model) spikeLL() float64 { return math.Log(1e-4 / float64(m.geo.MaxReading()+1)) }

// Evaluate reads the last frame observed, at at, into every pile's
// log-likelihood of each state, for Score, Best, Judge and Departures.
// Allocation budget: none.
func (m *Model) Evaluate(at time.Time) {
	m.evaluated = at
	floor := m.spikeLL()
	for i := range m.est {
		e := &m.est[i]
		e.carry(at, m.scale)
		m.ll[i] = e.slot(float64(m.last[i]), floor)
	}
	for k := range m.piles {
		m.pile(k)
	}
	m.tabulate()
}

// tabulate lays the piles' states out by checkers (pointLL, barLL): a
// decision at DONE scores thousands of candidates.
func (m *Model) tabulate() {
	for p, scores := range m.piles[:m.geo.Points] {
		for side := range 2 {
			for n := range m.pointLL[p][side] {
				m.pointLL[p][side][n] = scores[stateOf(engine.Side(side), n, m.geo.Slots)]
			}
		}
	}
	for w := range m.barLL {
		for b := range m.barLL[w] {
			m.barLL[w][b] = m.barScore(w, b)
		}
	}
}

// slot returns the log-likelihood of reading r in each state, none below
// floor; a silent sensor's is 0 in every state.
func (e *estimate) slot(r, floor float64) slotLL {
	var s slotLL
	if e.silent() {
		return s
	}
	s.empty = max(normalLL(r-e.x.base, e.noise+e.p.base.base), floor)
	for side := range 2 {
		s.one[side] = max(e.band(engine.Side(side), r, 1-MagnetSpread, 1+MagnetSpread), floor)
		s.stacked[side] = max(e.band(engine.Side(side), r, 1-MagnetSpread, (1+MagnetSpread)*(1+2*StackShare)), floor)
		s.part[side] = max(e.band(engine.Side(side), r, 0.1, PartShare*(1+MagnetSpread)), floor)
	}
	return s
}

// normalLL returns the log-likelihood of a miss d of variance v.
func normalLL(d, v float64) float64 { return -d*d/(2*v) - 0.5*math.Log(2*math.Pi*v) }

// band returns the log-likelihood of reading r when the slot's field is
// lo..hi of side's gain: flat inside the band, Gaussian outside it, each
// edge as uncertain as its own field (the noise, the baseline's and that
// share of the gain's uncertainty).
func (e *estimate) band(side engine.Side, r, lo, hi float64) float64 {
	g, x := e.x.gain[side], polarity(side)*(r-e.x.base)
	vlo, vhi := e.fieldVar(side, lo), e.fieldVar(side, hi)
	d, v := 0.0, vlo
	switch {
	case x < lo*g:
		d = lo*g - x
	case x > hi*g:
		d, v = x-hi*g, vhi
	}
	return -d*d/(2*v) - math.Log((hi-lo)*g+0.5*math.Sqrt(2*math.Pi*vlo)+0.5*math.Sqrt(2*math.Pi*vhi))
}

// fieldVar returns the variance of a reading of share of side's gain: the
// noise, the baseline's and that share of the gain's uncertainty, with
// their covariance. A slot learnt only under a checker knows the sum
// (White) or difference (Black) of the two, not each: their errors cancel
// in a share near the whole.
func (e *estimate) fieldVar(side engine.Side, share float64) float64 {
	return e.noise + max(e.p.base.base+share*share*e.p.gain[side].gain[side]+2*polarity(side)*share*e.p.base.gain[side], 0)
}

// offCentre returns the log-likelihood of sensors i and i+1 reading, in
// frame, one checker of side's colour set down between their slots:
// 30-70% of its field on each, its strength 1 ± MagnetSpread. Where one
// of the two is silent, the other's part is all there is to read.
func (m *Model) offCentre(frame []uint16, i int, side engine.Side) float64 {
	lo, hi := &m.est[i], &m.est[i+1]
	switch {
	case lo.silent() && hi.silent():
		return math.Inf(-1) // the slots' own states say it all
	case lo.silent():
		return hi.band(side, float64(frame[i+1]), 0.3*(1-MagnetSpread), 0.7*(1+MagnetSpread))
	case hi.silent():
		return lo.band(side, float64(frame[i]), 0.3*(1-MagnetSpread), 0.7*(1+MagnetSpread))
	}
	xl, xh := lo.share(side, float64(frame[i])), hi.share(side, float64(frame[i+1]))
	total := min(max(xl+xh, 1-MagnetSpread), 1+MagnetSpread)
	share := 0.5
	if xl+xh > 0 {
		share = min(max(xh/(xl+xh), 0.3), 0.7)
	}
	ll := -math.Log(2 * MagnetSpread * 0.4 * lo.x.gain[side] * hi.x.gain[side])
	ll -= lo.miss(side, xl, (1-share)*total)
	ll -= hi.miss(side, xh, share*total)
	return ll
}

// share returns reading r as a share of side's gain over the baseline.
func (e *estimate) share(side engine.Side, r float64) float64 {
	return polarity(side) * (r - e.x.base) / e.x.gain[side]
}

// miss returns how far share x of side's gain misses share p, squared
// over twice its variance.
func (e *estimate) miss(side engine.Side, x, p float64) float64 {
	v := e.noise + e.p.base.base + p*p*e.p.gain[side].gain[side]
	d := (x - p) * e.x.gain[side]
	return d * d / (2 * v)
}

// pileState returns the side and count of a pile's state. A pile of slots
// (a point, a bar half) has 1 + 2*slots states: 0 empty, then n
// (1..slots) of White's checkers, then n of Black's; n = slots means
// slots or more.
func pileState(state, slots int) (engine.Side, int) {
	if state == 0 {
		return engine.White, 0
	}
	side := engine.Side((state - 1) / slots)
	return side, (state-1)%slots + 1
}

// stateOf returns the index of the state of n of side's checkers on a
// pile of slots.
func stateOf(side engine.Side, n, slots int) int {
	if n <= 0 {
		return 0
	}
	return int(side)*slots + min(n, slots)
}

// pile fills pile k's log-likelihood of each of its states: its top
// checker may be set down between its slot and the next, its first free
// slot read part of a field from a checker held above.
func (m *Model) pile(k int) {
	first, slots := m.geo.Pile(k)
	scores, ll := m.piles[k], m.ll[first:first+slots]
	empty := 0.0
	for _, s := range ll {
		empty += s.empty
	}
	scores[0] = empty + freeSlot(ll, 0)
	for side := range 2 {
		covered := 0.0 // slots 0..n-1 covered, the rest empty
		rest := empty
		for n := 1; n <= slots; n++ {
			top := n - 1
			one := ll[top].one[side]
			if n == slots {
				one = ll[top].stacked[side] // "slots or more": the stack may be anywhere
				covered = stackedBelow(ll, side, top)
			}
			rest -= ll[top].empty
			best := covered + one + rest + freeSlot(ll, n)
			if n < slots {
				off := covered + m.offCentre(m.last, first+top, engine.Side(side)) + logOffCentre + rest - ll[n].empty
				best = max(best, off)
			}
			scores[stateOf(engine.Side(side), n, slots)] = best
			covered += ll[top].one[side]
		}
	}
	if rest := m.rests[k]; rest >= 0 {
		side, n := pileState(rest, slots)
		scores[rest] = max(scores[rest], m.atRest(first, slots, n, side))
	}
}

// atRest returns the log-likelihood of the pile of sensors
// first..first+slots-1 holding n of side's checkers with the fields
// posed on its top slot and slot n when it was last learnt: a field at
// rest, a band in general, is known (docs/SENSING.md). -Inf unless both
// slots still hold their poses.
func (m *Model) atRest(first, slots, n int, side engine.Side) float64 {
	s := 0.0
	for k := range slots {
		i := first + k
		e, ll, r := &m.est[i], &m.ll[i], float64(m.last[i])
		switch {
		case e.silent():
		case k < n-1:
			s += ll.one[side]
		case k > n:
			s += ll.empty
		case !e.holds(r):
			return math.Inf(-1)
		default:
			s += normalLL(r-e.pose, e.spread(e.poseVar))
		}
	}
	return s
}

// stackedBelow returns the log-likelihood of slots 0..k-1 all covered by
// side's checkers, maybe stacked.
func stackedBelow(ll []slotLL, side, k int) float64 {
	s := 0.0
	for j := range k {
		s += ll[j].stacked[side]
	}
	return s
}

// freeSlot returns what a pile's first free slot, slot n (if any), adds
// when it may read part of a field: the better of its empty reading and
// a part of either colour at its prior.
func freeSlot(ll []slotLL, n int) float64 {
	if n >= len(ll) {
		return 0
	}
	s := ll[n]
	return max(s.empty, max(s.part[0], s.part[1])+logPart) - s.empty
}
