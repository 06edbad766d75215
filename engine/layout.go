package engine

import "fmt"

// Layout is where every checker of both colours is, in the board's
// numbering (White's): Layout[side][p] checkers of that colour on board
// point p (1..24), Layout[side][Bar] on the bar and Layout[side][Off] borne
// off (or, on a board being set up, not on it yet). The referee's status,
// the simulated board and the page all speak of positions this way; a
// Board is the same position seen from the side on roll.
type Layout [2][26]int

// LayoutOf lays out b, whose side on roll has the colour onRoll.
func LayoutOf(b *Board, onRoll Side) Layout {
	var l Layout
	white, black := b.Colours(onRoll)
	for side, h := range [2]*Half{white, black} {
		for p := 1; p <= 24; p++ {
			l[side][BoardPoint(Side(side), p)] = h.On(p)
		}
		l[side][Bar], l[side][Off] = h.On(Bar), h.BorneOff()
	}
	return l
}

// Board returns the layout as a Board with the colour onRoll on roll. It
// fails on a layout no game can reach: a colour with more than 15 checkers
// on the board, a count out of range, or both colours on one point.
func (l *Layout) Board(onRoll Side) (Board, error) {
	var b Board
	white, black := b.Colours(onRoll)
	for side, h := range [2]*Half{white, black} {
		for p := 1; p <= Bar; p++ {
			at := Bar
			if p < Bar {
				at = BoardPoint(Side(side), p)
			}
			n := l[side][at]
			if n < 0 || n > CheckersPerSide {
				return Board{}, fmt.Errorf("%v has %d checkers on %s", Side(side), n, PointName(at))
			}
			h[p-1] = uint8(n)
		}
	}
	return b, b.Validate()
}

// Total returns how many of side's checkers the layout holds, borne-off
// ones included.
func (l *Layout) Total(side Side) int {
	n := 0
	for _, c := range l[side] {
		n += c
	}
	return n
}

// Pips returns side's pip count, as Half.Pips counts it: how far its
// checkers have to travel to bear off.
func (l *Layout) Pips(side Side) int {
	n := Bar * l[side][Bar]
	for p := 1; p <= 24; p++ {
		n += BoardPoint(side, p) * l[side][p]
	}
	return n
}
