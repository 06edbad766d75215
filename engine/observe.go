package engine

import "slices"

// Colours returns the board's halves by colour, given the colour on roll:
// White's half then Black's.
func (b *Board) Colours(onRoll Side) (white, black *Half) {
	if onRoll == White {
		return &b[Mover], &b[Opponent]
	}
	return &b[Opponent], &b[Mover]
}

// BoardPoint returns the board point (White's numbering) of a side's own
// point p.
func BoardPoint(s Side, p int) int {
	if s == White {
		return p
	}
	return 25 - p
}

// BarPoint stands for the bar in lists of board points (see Occupancy.Diff).
const BarPoint = 25

// Fits reports whether the occupancy could show the board, whose side on roll
// has the colour onRoll. A point with all its slots covered fits any count
// from that many up; the bar fits when each side's sensed checkers account
// for its checkers there, a full bar half hiding any number more.
func (o *Occupancy) Fits(b *Board, onRoll Side) bool {
	white, black := b.Colours(onRoll)
	for p := 1; p <= 24; p++ {
		if !o.pointFits(p, White, white.On(p)) || !o.pointFits(p, Black, black.On(25-p)) {
			return false
		}
	}
	return o.barFits(White, white.On(Bar)) && o.barFits(Black, black.On(Bar))
}

// pointFits reports whether side's count n on board point p fits what the
// sensors saw there: the slots n covers are those seen, or up to the
// masked ones above them more.
func (o *Occupancy) pointFits(p int, s Side, n int) bool {
	seen, masked := int(o.Points[p-1][s]), int(o.Masked[p-1])
	covers := min(n, int(o.SlotsPerPoint))
	if masked > 0 && o.Points[p-1][s.Other()] > 0 {
		masked = 0 // the masked slots sit on the other side's checkers
	}
	return seen <= covers && covers <= seen+masked
}

// barFits reports whether side's n checkers on the bar fit what the bar's
// sensors saw.
func (o *Occupancy) barFits(s Side, n int) bool {
	seen, hidden := 0, false
	for half := range o.Bar {
		seen += int(o.Bar[half][s])
		if o.Bar[half][s] > 0 && o.Bar[half][White]+o.Bar[half][Black] == o.SlotsPerBarHalf {
			hidden = true
		}
	}
	masked := int(o.BarMasked[White]) + int(o.BarMasked[Black])
	return n == seen || (hidden && n > seen) || (n > seen && n <= seen+masked)
}

// Diff appends to dst the board points (1..24, BarPoint for the bar) where
// the occupancy does not fit the board, and returns it.
func (o *Occupancy) Diff(dst []int, b *Board, onRoll Side) []int {
	white, black := b.Colours(onRoll)
	for p := 1; p <= 24; p++ {
		if !o.pointFits(p, White, white.On(p)) || !o.pointFits(p, Black, black.On(25-p)) {
			dst = append(dst, p)
		}
	}
	if !o.barFits(White, white.On(Bar)) || !o.barFits(Black, black.On(Bar)) {
		dst = append(dst, BarPoint)
	}
	return dst
}

// Matcher answers, for one turn, which legal plays or which plays still in
// progress fit what the sensors see. Start it once per turn; Match is then
// cheap enough for every settled occupancy.
type Matcher struct {
	gen      Generator
	before   Board
	onRoll   Side
	plays    []Play
	partials []Partial
	fits     []int
}

// Start prepares the matcher for a turn: the board before it (the side on
// roll being Board[Mover], of colour onRoll) and the roll. A roll with no
// legal play has one result: the board unchanged.
func (m *Matcher) Start(before Board, onRoll Side, d Dice) {
	m.before, m.onRoll = before, onRoll
	m.plays = append(m.plays[:0], m.gen.Plays(before, d)...)
	if len(m.plays) == 0 {
		m.plays = append(m.plays, Play{After: before.Swap()})
	}
	m.partials = append(m.partials[:0], m.gen.Partials(before, d)...)
}

// StartPlays prepares the matcher for a turn of another game's rules:
// its legal plays and the positions on the way to them (the mover still
// on roll, as in Partial.Board) come from those rules. As with Start, no
// legal play leaves the board unchanged.
func (m *Matcher) StartPlays(before Board, onRoll Side, plays []Play, partials []Board) {
	m.before, m.onRoll = before, onRoll
	m.plays = append(m.plays[:0], plays...)
	if len(m.plays) == 0 {
		m.plays = append(m.plays, Play{After: before.Swap()})
	}
	m.partials = m.partials[:0]
	for _, b := range partials {
		m.partials = append(m.partials, Partial{Board: b})
	}
}

// Clone returns a matcher for the same turn that shares no memory with m.
func (m *Matcher) Clone() Matcher {
	return Matcher{before: m.before, onRoll: m.onRoll, plays: slices.Clone(m.plays), partials: slices.Clone(m.partials)}
}

// Before returns the board the turn started from.
func (m *Matcher) Before() Board { return m.before }

// Plays returns the turn's legal plays. The slice is the matcher's own.
func (m *Matcher) Plays() []Play { return m.plays }

// Match returns the indexes into Plays of the legal plays whose result fits
// the occupancy (where slots are masked, every play whose result the
// masked slots could hide: the referee keeps them all as hypotheses), and whether the occupancy fits a play still in progress (a
// prefix of a legal play, the unchanged board included). The slice is
// reused by the next call.
func (m *Matcher) Match(o *Occupancy) (complete []int, inProgress bool) {
	m.fits = m.fits[:0]
	for i := range m.plays {
		after := m.plays[i].After.Swap()
		if o.Fits(&after, m.onRoll) {
			m.fits = append(m.fits, i)
		}
	}
	for i := range m.partials {
		if o.Fits(&m.partials[i].Board, m.onRoll) {
			return m.fits, true
		}
	}
	return m.fits, false
}

// Nearest returns the legal play whose result differs from the occupancy on
// the fewest board points, and those points appended to dst: what to light
// for an illegal play.
func (m *Matcher) Nearest(o *Occupancy, dst []int) (*Play, []int) {
	best, bestDiff := 0, -1
	for i := range m.plays {
		after := m.plays[i].After.Swap()
		n := len(o.Diff(dst[len(dst):], &after, m.onRoll))
		if bestDiff < 0 || n < bestDiff {
			best, bestDiff = i, n
		}
	}
	after := m.plays[best].After.Swap()
	return &m.plays[best], o.Diff(dst, &after, m.onRoll)
}

// OccupancyOf returns what ideal sensors would read for the board, whose
// side on roll has the colour onRoll, on a board with the given slots per
// point and per bar half. Each side's bar checkers sit on its own bar half.
func OccupancyOf(b *Board, onRoll Side, slotsPerPoint, slotsPerBarHalf int) Occupancy {
	o := Occupancy{SlotsPerPoint: uint8(slotsPerPoint), SlotsPerBarHalf: uint8(slotsPerBarHalf)}
	white, black := b.Colours(onRoll)
	for s, h := range [2]*Half{white, black} {
		side := Side(s)
		for p := 1; p <= 24; p++ {
			o.Points[BoardPoint(side, p)-1][side] = uint8(min(h.On(p), slotsPerPoint))
		}
		o.Bar[side][side] = uint8(min(h.On(Bar), slotsPerBarHalf))
	}
	return o
}
