package calib

import "math"

// Estimate is what the model believes of one sensor now, in counts: its
// baseline and its gain for each colour (by engine.Side), each with its
// standard deviation.
type Estimate struct {
	Baseline, BaselineSigma float64
	Gain, GainSigma         [2]float64
}

// Estimate returns sensor i's estimates, for a health monitor.
func (m *Model) Estimate(i int) Estimate {
	e := &m.est[i]
	return Estimate{
		Baseline: e.x[stBase], BaselineSigma: math.Sqrt(e.p[stBase][stBase]),
		Gain:      [2]float64{e.x[stWhite], e.x[stBlack]},
		GainSigma: [2]float64{math.Sqrt(e.p[stWhite][stWhite]), math.Sqrt(e.p[stBlack][stBlack])},
	}
}

// Misfit returns, for pile p of the frame last evaluated (the board's
// points 1..24 at 0..23, then the bar's halves), by how many nats its
// slots' readings are explained better one by one, each slot in its own
// likeliest state, than by the pile's likeliest state: near 0 when
// checkers stacked from slot 0 explain them, large when no such pile
// does (a slot empty under covered ones, two colours on one point). 0
// before any evaluation.
func (m *Model) Misfit(p int) float64 {
	scores, first, slots := m.bar[0], m.geo.Points*m.geo.Slots, m.geo.BarSlots
	switch {
	case p < m.geo.Points:
		scores, first, slots = m.points[p], p*m.geo.Slots, m.geo.Slots
	case p > m.geo.Points:
		scores, first = m.bar[1], first+slots
	}
	own := 0.0
	for _, s := range m.ll[first : first+slots] {
		own += max(s.empty, s.one[0], s.one[1], s.stacked[0], s.stacked[1], max(s.part[0], s.part[1])+logPart)
	}
	best, _ := top2(scores)
	return max(own-scores[best], 0)
}
