package calib

import (
	"math"

	"gammond/engine"
)

// Score returns the log-likelihood of the frame last evaluated given the
// position l: how well l explains it. Only differences between scores
// mean anything; FitMargin is the difference that tells two positions
// apart. A silent sensor adds the same to every position. Allocation
// budget: none.
func (m *Model) Score(l *engine.Layout) float64 {
	s := 0.0
	for p := 1; p <= m.geo.Points; p++ {
		s += m.pointScore(l, p)
	}
	return s + m.barScore(l[engine.White][engine.Bar], l[engine.Black][engine.Bar])
}

// pointScore returns board point p's log-likelihood under l; -Inf where
// l has both colours on it.
func (m *Model) pointScore(l *engine.Layout, p int) float64 {
	white, black := l[engine.White][p], l[engine.Black][p]
	switch {
	case white > 0 && black > 0:
		return math.Inf(-1)
	case black > 0:
		return m.points[p-1][stateOf(engine.Black, black, m.geo.Slots)]
	}
	return m.points[p-1][stateOf(engine.White, white, m.geo.Slots)]
}

// barScore returns the bar's log-likelihood with white and black
// checkers on it: each colour on its own half, or on the other, or both
// colours' on one half when the other colour has none there.
func (m *Model) barScore(white, black int) float64 {
	if m.geo.BarSlots == 0 {
		return 0
	}
	slots := m.geo.BarSlots
	w := [2]float64{m.bar[0][stateOf(engine.White, white, slots)], m.bar[1][stateOf(engine.White, white, slots)]}
	b := [2]float64{m.bar[0][stateOf(engine.Black, black, slots)], m.bar[1][stateOf(engine.Black, black, slots)]}
	best := max(w[0]+b[1], w[1]+b[0])
	if black == 0 {
		best = max(best, w[0]+m.bar[1][0], w[1]+m.bar[0][0])
	}
	if white == 0 {
		best = max(best, b[0]+m.bar[1][0], b[1]+m.bar[0][0])
	}
	return best
}

// Best fills o with the position the frame last evaluated reads on its
// own, every point and bar half in its likeliest state, and returns its
// log-likelihood: no position scores higher. Allocation budget: none.
func (m *Model) Best(o *engine.Occupancy) float64 {
	*o = engine.Occupancy{SlotsPerPoint: uint8(m.geo.Slots), SlotsPerBarHalf: uint8(m.geo.BarSlots)}
	s := 0.0
	for p, scores := range m.points {
		best, _ := top2(scores)
		side, n := m.pointState(best)
		o.Points[p][side] = uint8(n)
		s += scores[best]
	}
	for h, scores := range m.bar {
		if len(scores) == 0 {
			continue
		}
		best, _ := top2(scores)
		side, n := pileState(best, m.geo.BarSlots)
		o.Bar[h][side] = uint8(n)
		s += scores[best]
	}
	return s
}

// Departures appends to dst the board points (1..24, engine.BarPoint for
// the bar) whose reading departs from l decisively: where a state other
// than l's explains the point better by FitMargin. They are the points
// to light for a play that leaves no legal position.
func (m *Model) Departures(dst []int, l *engine.Layout) []int {
	for p := 1; p <= m.geo.Points; p++ {
		best, _ := top2(m.points[p-1])
		if m.points[p-1][best]-m.pointScore(l, p) > FitMargin {
			dst = append(dst, p)
		}
	}
	if m.geo.BarSlots > 0 {
		b0, _ := top2(m.bar[0])
		b1, _ := top2(m.bar[1])
		if m.bar[0][b0]+m.bar[1][b1]-m.barScore(l[engine.White][engine.Bar], l[engine.Black][engine.Bar]) > FitMargin {
			dst = append(dst, engine.BarPoint)
		}
	}
	return dst
}

// Verdict is what a settled frame says of a turn's candidates.
type Verdict uint8

// The verdicts.
const (
	// Played: one legal result explains the frame better than every
	// other candidate by FitMargin.
	Played Verdict = iota
	// Ambiguous: other candidates, legal or not, come within FitMargin
	// of the best legal result; the frame cannot tell them apart.
	Ambiguous
	// InProgress: a position before the turn's end (the board before it,
	// a legal result with a checker in the hand) explains the frame
	// decisively better than every legal result.
	InProgress
	// Illegal: the frame's own best reading explains it decisively better
	// than every candidate, legal or short: no legal play leaves what the
	// board shows, nor is one under way. At the end of the grace for a
	// checker in the hand, a frame still InProgress is judged with the
	// board before the turn alone as short: a play left short is illegal.
	Illegal
)

// String returns the verdict's name.
func (v Verdict) String() string {
	return [...]string{"played", "ambiguous", "in progress", "illegal"}[v]
}

// Judgement is a verdict on a turn's candidates, with the index of the
// best legal result and the margins it was decided by.
type Judgement struct {
	Verdict Verdict
	// Play is the index of the best-scoring legal result.
	Play int
	// Lead is by how much (nats) it beats the next candidate, legal or
	// not; Short by how much the frame's own best reading beats it.
	Lead, Short float64
}

// Judge scores the frame last evaluated against a turn's legal results
// and the positions short of them (the board before the turn, the legal
// results with one checker in hand), and gives the verdict. legal must
// not be empty. Allocation budget: none.
func (m *Model) Judge(legal, short []engine.Layout) Judgement {
	var o engine.Occupancy
	read := m.Best(&o)
	j := Judgement{}
	best, second := math.Inf(-1), math.Inf(-1)
	for i := range legal {
		switch s := m.Score(&legal[i]); {
		case s > best:
			second, best, j.Play = best, s, i
		case s > second:
			second = s
		}
	}
	other := math.Inf(-1)
	for i := range short {
		other = max(other, m.Score(&short[i]))
	}
	j.Lead, j.Short = best-max(second, other), read-best
	switch {
	case read-max(best, other) > FitMargin:
		j.Verdict = Illegal
	case other-best > FitMargin:
		j.Verdict = InProgress
	case j.Lead < FitMargin:
		j.Verdict = Ambiguous
	default:
		j.Verdict = Played
	}
	return j
}
