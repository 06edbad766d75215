package engine

// HidesAnother reports whether masked slots let the occupancy, which fits
// b (the side on roll, of colour onRoll, in b[Mover]), fit as well a board
// where one of the mover's checkers stands elsewhere: a checker more or
// less on a point whose count its masked slots leave open, and one less or
// more in another place on the board whose count is open too (another
// such point, a point all of whose slots are covered, a full bar half).
// Such a board may be an illegal play the dead sensors hide, so a play
// that fits may not be the play made. A masked slot that no checker could
// move to or from unseen hides nothing. A checker borne off instead
// (unsensed) is left out: in a bear-off that puts a dead sensor under the
// top checker of a point in doubt at nearly every turn.
func (o *Occupancy) HidesAnother(b *Board, onRoll Side) bool {
	mover := &b[Mover]
	for p := 1; p <= 24; p++ {
		if o.Masked[p-1] == 0 {
			continue
		}
		for _, d := range [2]int{1, -1} {
			if o.openBy(mover, onRoll, p, d) && o.openElsewhere(mover, onRoll, p, -d) {
				return true
			}
		}
	}
	return false
}

// openBy reports whether the mover's count on board point p (White's
// numbering), changed by d, still fits the occupancy.
func (o *Occupancy) openBy(mover *Half, onRoll Side, p, d int) bool {
	n := mover.On(own(onRoll, p)) + d
	return n >= 0 && o.pointFits(p, onRoll, n)
}

// openElsewhere reports whether some place other than board point skip
// can take d more of the mover's checkers unseen.
func (o *Occupancy) openElsewhere(mover *Half, onRoll Side, skip, d int) bool {
	for q := 1; q <= 24; q++ {
		if q != skip && o.openBy(mover, onRoll, q, d) {
			return true
		}
	}
	n := mover.On(Bar) + d
	return n >= 0 && o.barFits(onRoll, n)
}

// own returns the side of colour s's own point number of board point p.
func own(s Side, p int) int {
	if s == White {
		return p
	}
	return 25 - p
}
