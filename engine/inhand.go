package engine

// InHand reports whether the occupancy shows a legal result of the turn
// but for its last checker still on the way: DONE pressed before the
// mover's last checker landed, before a blot it hit reached the bar, or
// with the blot not yet lifted from under or beside its hitter. A checker
// borne off by a legal play is no checker missing: a board that fits a
// legal result is not one in hand. With masked slots (dead sensors) a
// checker missing may sit on one: the board is judged as seen.
func (m *Matcher) InHand(o *Occupancy) bool {
	if o.Masked != [24]uint8{} || o.BarMasked != [2]uint8{} {
		return false
	}
	return m.OneShort(o)
}

// OneShort is InHand with masked slots too: the occupancy shows a legal
// result of the turn but for one checker not seen. On a board with masked
// slots that shows so, the last checker may yet be in the hand, or on a
// masked slot: the referee waits for it only briefly.
func (m *Matcher) OneShort(o *Occupancy) bool {
	for i := range m.plays {
		after := m.plays[i].After.Swap()
		if o.Fits(&after, m.onRoll) {
			return false
		}
	}
	for i := range m.plays {
		after := m.plays[i].After.Swap()
		if m.fitsOneShort(o, after) || m.fitsHitUnfinished(o, after) {
			return true
		}
	}
	return false
}

// ShortOf returns the index into Plays of a legal play whose result the
// occupancy shows but for one checker not seen (OneShort's), or -1: the
// play a checker in the hand, or on a sensor that does not read, hides.
func (m *Matcher) ShortOf(o *Occupancy) int {
	for i := range m.plays {
		after := m.plays[i].After.Swap()
		if m.fitsOneShort(o, after) || m.fitsHitUnfinished(o, after) {
			return i
		}
	}
	return -1
}

// fitsHitUnfinished reports whether the occupancy shows b (the side on
// roll in b[Mover]) with a blot the mover hit still on its point instead of
// the bar: beside the hitter, or under it (the hitter unseen).
func (m *Matcher) fitsHitUnfinished(o *Occupancy, b Board) bool {
	mover, opp := &b[Mover], &b[Opponent]
	if opp[Bar-1] == 0 {
		return false
	}
	opp[Bar-1]--
	for p := 1; p <= 24; p++ {
		if mover[p-1] == 0 || opp[24-p] != 0 {
			continue
		}
		opp[24-p]++ // the blot, on the mover's point p
		fits := o.Fits(&b, m.onRoll)
		if !fits {
			mover[p-1]--
			fits = o.Fits(&b, m.onRoll)
			mover[p-1]++
		}
		opp[24-p]--
		if fits {
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
