package calib

import (
	"math"
	"slices"

	"gammond/engine"
)

// Score returns the log-likelihood of the frame last evaluated given the
// position l: how well l explains it. Only differences between scores mean
// anything (FitMargin tells two positions apart). Allocation budget: none.
func (m *Model) Score(l *engine.Layout) float64 {
	s := m.barLL[checkers(l[engine.White][engine.Bar])][checkers(l[engine.Black][engine.Bar])]
	for p := 1; p <= m.geo.Points; p++ {
		s += m.pointScore(l, p)
	}
	return s
}

// pointScore returns board point p's log-likelihood under l; -Inf where
// l has both colours on it.
func (m *Model) pointScore(l *engine.Layout, p int) float64 {
	white, black := l[engine.White][p], l[engine.Black][p]
	if white > 0 && black > 0 {
		return math.Inf(-1)
	}
	side := engine.White
	if black > 0 {
		side = engine.Black
	}
	return m.pointLL[p-1][side][min(white+black, engine.CheckersPerSide)]
}

// checkers returns a count of checkers held to what one side has.
func checkers(n int) int { return min(max(n, 0), engine.CheckersPerSide) }

// barScore returns the bar's log-likelihood with white and black
// checkers on it: each colour on its own half, or on the other, or both
// colours' on one half when the other colour has none there.
func (m *Model) barScore(white, black int) float64 {
	bar, slots := m.piles[m.geo.Points:], m.geo.BarSlots
	w := [2]float64{bar[0][stateOf(engine.White, white, slots)], bar[1][stateOf(engine.White, white, slots)]}
	b := [2]float64{bar[0][stateOf(engine.Black, black, slots)], bar[1][stateOf(engine.Black, black, slots)]}
	best := max(w[0]+b[1], w[1]+b[0])
	if black == 0 {
		best = max(best, w[0]+bar[1][0], w[1]+bar[0][0])
	}
	if white == 0 {
		best = max(best, b[0]+bar[1][0], b[1]+bar[0][0])
	}
	return best
}

// Best fills o with the position the frame last evaluated reads on its
// own, every pile in its likeliest state, and returns its log-likelihood:
// no position scores higher. Allocation budget: none.
func (m *Model) Best(o *engine.Occupancy) float64 {
	*o = engine.Occupancy{SlotsPerPoint: uint8(m.geo.Slots), SlotsPerBarHalf: uint8(m.geo.BarSlots)}
	s := 0.0
	for p, scores := range m.piles {
		_, slots := m.geo.Pile(p)
		best, _ := top2(scores)
		side, n := pileState(best, slots)
		covered, _ := pileIn(o, p)
		covered[side] = uint8(n)
		s += scores[best]
	}
	return s
}

// pileIn returns pile p's slots covered by each side in o, and masked.
func pileIn(o *engine.Occupancy, p int) (covered *[2]uint8, masked *uint8) {
	if p < len(o.Points) {
		return &o.Points[p], &o.Masked[p]
	}
	return &o.Bar[p-len(o.Points)], &o.BarMasked[p-len(o.Points)]
}

// Revise brings o, a position read from an earlier frame or known, up to
// the frame last evaluated: a pile takes its likeliest state only where
// that beats o's by more than margin (ReadingSlack: no flicker between two
// states; FitMargin: a known position stands unless the frame departs from
// it decisively). The silent sensors right above a pile's checkers are
// masked: each may hide one more. Allocation budget: none.
func (m *Model) Revise(o *engine.Occupancy, margin float64) {
	o.SlotsPerPoint, o.SlotsPerBarHalf, o.Unsure = uint8(m.geo.Slots), uint8(m.geo.BarSlots), 0
	for p, scores := range m.piles {
		first, slots := m.geo.Pile(p)
		covered, masked := pileIn(o, p)
		side := engine.White
		if covered[engine.Black] > 0 {
			side = engine.Black
		}
		n := int(min(covered[side], uint8(slots)))
		if best, _ := top2(scores); scores[best]-scores[stateOf(side, n, slots)] > margin {
			side, n = pileState(best, slots)
		}
		*covered = [2]uint8{}
		covered[side] = uint8(n)
		k := n // past the silent sensors right above the covered slots
		for k < slots && m.est[first+k].silent() {
			k++
		}
		*masked = uint8(k - n)
	}
}

// Departures appends to dst the board points (1..24, engine.BarPoint for
// the bar) a state other than l's explains better by FitMargin: the
// points to light for a play that leaves no legal position.
func (m *Model) Departures(dst []int, l *engine.Layout) []int {
	for p := 1; p <= m.geo.Points; p++ {
		if m.bestOf(p-1)-m.pointScore(l, p) > FitMargin {
			dst = append(dst, p)
		}
	}
	bar := m.barLL[checkers(l[engine.White][engine.Bar])][checkers(l[engine.Black][engine.Bar])]
	if m.bestOf(m.geo.Points)+m.bestOf(m.geo.Points+1)-bar > FitMargin {
		dst = append(dst, engine.BarPoint)
	}
	return dst
}

// bestOf returns pile p's best score.
func (m *Model) bestOf(p int) float64 {
	best, _ := top2(m.piles[p])
	return m.piles[p][best]
}

// Verdict is what a settled frame says of a turn's candidates.
type Verdict uint8

// The verdicts.
const (
	// Played: one legal result explains the frame better than every
	// other candidate by FitMargin, the frame's own best reading among
	// them where it departs from that result (ReadingSlack).
	Played Verdict = iota
	// Ambiguous: other candidates come within FitMargin of the best
	// legal result; the frame cannot tell them apart.
	Ambiguous
	// InProgress: a position short of the turn's end (the board before
	// it, a legal result with a checker in the hand) explains the frame
	// decisively better than every legal result.
	InProgress
	// Illegal: the frame's own best reading explains it decisively better
	// than every candidate, legal or short.
	Illegal
)

// String returns the verdict's name.
func (v Verdict) String() string {
	return [...]string{"played", "ambiguous", "in progress", "illegal"}[v]
}

// Judgement is a verdict on a turn's candidates, and what decided it.
type Judgement struct {
	Verdict Verdict
	// Play is the index of the best-scoring legal result.
	Play int
	// Lead is by how much (nats) it beats the next candidate, legal or
	// not, the frame's own best reading among them when that is not the
	// best legal result; Short by how much that reading beats it.
	Lead, Short float64
	// Unread: the frame's own best reading, a position other than the
	// best legal result, is what keeps it from leading by FitMargin.
	Unread bool
}

// Turn is what a turn can leave, for Judge.
type Turn struct {
	// Legal holds the layouts of every legal result; never empty.
	Legal []engine.Layout
	// Before is the board before the turn: a play not yet begun (or,
	// the one legal result, a turn with no move).
	Before engine.Layout
	// Mover is the side playing the turn.
	Mover engine.Side
	// InHand: a legal result with one checker still in the hand (one of
	// the mover's from any point it holds, or the opponent's hit and not
	// yet on the bar) is short of the turn's end too.
	InHand bool
}

// Judge scores the frame last evaluated against a turn's legal results
// and the positions short of them, and gives the verdict. Allocation
// budget: none.
func (m *Model) Judge(t *Turn) Judgement {
	var o engine.Occupancy
	read := m.Best(&o)
	j := Judgement{}
	best, second, other := math.Inf(-1), math.Inf(-1), math.Inf(-1)
	stuck := slices.Contains(t.Legal, t.Before) // no move: nothing is short of the one legal result
	if !stuck {
		other = m.Score(&t.Before)
	}
	for i := range t.Legal {
		s := m.Score(&t.Legal[i])
		switch {
		case s > best:
			second, best, j.Play = best, s, i
		case s > second:
			second = s
		}
		if t.InHand && !stuck {
			other = max(other, m.inHand(&t.Legal[i], s, t))
		}
	}
	j.Lead, j.Short = best-max(second, other), read-best
	if rival := m.rivalReading(read, &t.Legal[j.Play], &t.Before); !stuck && j.Lead >= FitMargin && best-rival < FitMargin {
		j.Lead, j.Unread = best-rival, true
	}
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

// DoubtUnproven makes every sensor no field has read on since the model
// started silent, or speak again, and reports whether there is any: one
// dead from the start reads the checker landed on it missing. It holds
// from the next Evaluate.
func (m *Model) DoubtUnproven(doubt bool) bool {
	some := false
	for i := range m.est {
		e := &m.est[i]
		e.doubted = doubt && !e.proven && !e.masked && !e.dead
		some = some || e.doubted
	}
	return some
}

// rivalReading returns read, the score of the frame's own best reading,
// when that reading departs from l by more than ReadingSlack on a point
// l changes from before, or reads more checkers on a point than l has;
// else -Inf. A point l leaves as it was, read a checker short, says
// nothing of whether l was played (a sensor not yet known dead reads a
// checker missing there); a field where l has none, no dead sensor gives.
func (m *Model) rivalReading(read float64, l, before *engine.Layout) float64 {
	for p := 1; p <= m.geo.Points; p++ {
		scores := m.piles[p-1]
		best, _ := top2(scores)
		side, n := pileState(best, m.geo.Slots)
		moved := l[engine.White][p] != before[engine.White][p] || l[engine.Black][p] != before[engine.Black][p]
		more := n > min(l[side][p], m.geo.Slots)
		if (moved || more) && scores[best]-m.pointScore(l, p) > ReadingSlack {
			return read
		}
	}
	return math.Inf(-1)
}

// inHand returns the best score of the legal result l, scoring s, with
// one checker still in the hand (the mover's from a point it holds, or
// the opponent's hit and not yet on the bar): l's score with one point's
// changed. A checker atop a pile taller than its slots no sensor tells.
func (m *Model) inHand(l *engine.Layout, s float64, t *Turn) float64 {
	best := math.Inf(-1)
	white, black := l[engine.White][engine.Bar], l[engine.Black][engine.Bar]
	bar := m.barLL[checkers(white)][checkers(black)]
	if opp := t.Mover.Other(); l[opp][engine.Bar] > t.Before[opp][engine.Bar] {
		best = max(best, s-bar+m.barWithout(white, black, opp))
	}
	if n := l[t.Mover][engine.Bar]; n > 0 && n <= m.geo.BarSlots {
		best = max(best, s-bar+m.barWithout(white, black, t.Mover))
	}
	for p := range m.pointLL {
		if n := l[t.Mover][p+1]; n > 0 && n <= m.geo.Slots {
			row := &m.pointLL[p][t.Mover]
			best = max(best, s-row[n]+row[n-1])
		}
	}
	return best
}

// barWithout returns the bar's log-likelihood with white and black
// checkers on it but one of side's.
func (m *Model) barWithout(white, black int, side engine.Side) float64 {
	if side == engine.White {
		return m.barLL[checkers(white-1)][checkers(black)]
	}
	return m.barLL[checkers(white)][checkers(black-1)]
}
