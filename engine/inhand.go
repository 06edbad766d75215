package engine

// InHand reports whether the occupancy shows a legal result of the turn
// with one checker lifted off it and still in the hand: DONE pressed before
// the mover's last checker landed, or before a blot it hit reached the bar. A checker borne off by a legal
// play is no checker missing: a board that fits a legal result is not one
// in hand.
func (m *Matcher) InHand(o *Occupancy) bool {
	for i := range m.plays {
		after := m.plays[i].After.Swap()
		if o.Fits(&after, m.onRoll) {
			return false
		}
	}
	for i := range m.plays {
		if m.fitsOneShort(o, m.plays[i].After.Swap()) {
			return true
		}
	}
	return false
}

// fitsOneShort reports whether the occupancy shows b (the side on roll in
// b[Mover]) less one checker of either side.
func (m *Matcher) fitsOneShort(o *Occupancy, b Board) bool {
	for side := range b {
		h := &b[side]
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
	}
	return false
}
