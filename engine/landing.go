package engine

// Landings returns the mover's points (ascending; Off for bearing off)
// where the mover may set down a checker in hand on the way to a legal
// play of d from before. hand is what the board shows while the checker is
// held: the position of the part of the play made so far (a Partial's
// Board), less that checker. A point is a landing when hand with the
// checker set down there, and the blots it hit on its way on the bar, is a
// position on the way to a legal play (Partials).
//
// Putting the checker back where it came from is a landing too: shuffling
// is allowed. Landings is nil when hand is no such position less one
// checker.
//
// It runs Partials on g: the slice Partials returned last is no longer
// valid.
func (g *Generator) Landings(before Board, d Dice, hand *Board) []int {
	var land [Bar]bool // by the mover's points, Off included
	for _, p := range g.Partials(before, d) {
		if to, ok := landing(hand, &p.Board); ok {
			land[to] = true
		}
	}
	var points []int
	for p, ok := range land {
		if ok {
			points = append(points, p)
		}
	}
	return points
}

// landing returns the mover's point (or Off) where the checker in hand was
// set down to give position, if it was: the mover's checkers are the
// hand's with one more on that point (or as many, the checker borne off),
// and the opponent's have at most left points for the bar.
func landing(hand, position *Board) (int, bool) {
	to, added := Off, false
	for p := 1; p <= Bar; p++ {
		switch position[Mover].On(p) - hand[Mover].On(p) {
		case 0:
		case 1:
			if added || p == Bar {
				return 0, false
			}
			to, added = p, true
		default:
			return 0, false
		}
	}
	for p := 1; p < Bar; p++ {
		if position[Opponent].On(p) > hand[Opponent].On(p) {
			return 0, false
		}
	}
	return to, true
}
