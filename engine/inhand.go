package engine

// InHand reports whether the occupancy shows a legal result of the turn
// with one of the mover's checkers lifted off it (still in the hand: DONE
// pressed before the last checker landed), and the missing checker cannot
// have been borne off: some of the mover's checkers are seen outside its
// home board. A board that fits a legal result is not one in hand.
func (m *Matcher) InHand(o *Occupancy) bool {
	if o.allHome(m.onRoll) {
		return false
	}
	for i := range m.plays {
		if m.fitsOneShort(o, m.plays[i].After.Swap()) {
			return true
		}
	}
	return false
}

// fitsOneShort reports whether the occupancy shows b (the side on roll in
// b[Mover]) less one of the mover's checkers, and not b itself.
func (m *Matcher) fitsOneShort(o *Occupancy, b Board) bool {
	if o.Fits(&b, m.onRoll) {
		return false
	}
	h := &b[Mover]
	for p := 1; p <= Bar; p++ {
		if h[p-1] == 0 {
			continue
		}
		h[p-1]--
		fits := o.Fits(&b, m.onRoll)
		h[p-1]++
		if fits {
			return true
		}
	}
	return false
}

// allHome reports whether every checker of side's the occupancy shows is
// in side's home board (its points 1 to 6): none on the bar or beyond.
func (o *Occupancy) allHome(side Side) bool {
	if o.Bar[0][side]+o.Bar[1][side] > 0 {
		return false
	}
	for p := 7; p <= 24; p++ {
		if o.Points[BoardPoint(side, p)-1][side] > 0 {
			return false
		}
	}
	return true
}
