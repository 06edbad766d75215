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
		Baseline: e.x.base, BaselineSigma: math.Sqrt(e.p.base.base), Gain: e.x.gain,
		GainSigma: [2]float64{math.Sqrt(e.p.gain[0].gain[0]), math.Sqrt(e.p.gain[1].gain[1])},
	}
}

// Misfit returns, for pile p of the frame last evaluated (Geometry.Pile),
// by how many nats its
// slots' readings are explained better one by one, each slot in its own
// likeliest state, than by the pile's likeliest state: near 0 when
// checkers stacked from slot 0 explain them, large when no such pile
// does (a slot empty under covered ones, two colours on one point). 0
// before any evaluation.
func (m *Model) Misfit(p int) float64 {
	first, slots := m.geo.Pile(p)
	own := 0.0
	for _, s := range m.ll[first : first+slots] {
		own += max(s.empty, s.one[0], s.one[1], s.stacked[0], s.stacked[1], max(s.part[0], s.part[1])+logPart)
	}
	return max(own-m.bestOf(p), 0)
}
