package panel

import (
	"slices"

	"gammond/engine"
)

// Hints returns the board points (1..24, ascending) where the side on roll
// may set down the checker it holds: the hint mode's blue LEDs.
//
// before is the board the turn started from (the side on roll in
// Board[Mover], of colour onRoll), d the roll and now what the sensors see.
// The side on roll holds a checker when now shows, not a position on the
// way to a legal play of d (engine.Generator.Partials), but such a position
// with one of the mover's checkers taken off a point or the bar: the hand.
// Which point it came from does not matter, and often cannot be told (after
// 13/7, lifting that checker from 7 leaves the board of the roll with one
// lifted from 13). A point t is a landing when the hand with the checker
// set down on t is a position on the way to a legal play, once the blots
// the checker hits on its way are on the bar: the opponent's checkers may
// only have gone from points to the bar.
//
// So putting the checker back where it came from lights too: shuffling is
// allowed. Bearing off lights nothing: the trays have no LED. Hints returns
// nil when nothing is held: now shows a position on the way (a checker
// lifted where it could have been borne off, or from a stack taller than
// its point's slots, looks just so), or no such position less one checker.
//
// Cost: about 0.1 ms and 60 kB for a double (BenchmarkHints): call it for
// each settled occupancy, not each frame.
func Hints(before engine.Board, onRoll engine.Side, d engine.Dice, now *engine.Occupancy) []int {
	var g engine.Generator
	partials := g.Partials(before, d)
	for i := range partials {
		if now.Fits(&partials[i].Board, onRoll) {
			return nil
		}
	}
	var land [24]bool // by the mover's points
	for _, hand := range hands(partials, onRoll, now) {
		for i := range partials {
			if p, ok := landing(&hand, &partials[i].Board); ok {
				land[p-1] = true
			}
		}
	}
	var points []int
	for p, ok := range land {
		if ok {
			points = append(points, engine.BoardPoint(onRoll, p+1))
		}
	}
	slices.Sort(points)
	return points
}

// hands returns the boards that now shows with a checker in the mover's
// hand: a partial position less one of the mover's checkers.
func hands(partials []engine.Partial, onRoll engine.Side, now *engine.Occupancy) []engine.Board {
	var out []engine.Board
	for i := range partials {
		for p := 1; p <= engine.Bar; p++ {
			hand := partials[i].Board
			if hand[engine.Mover][p-1] == 0 {
				continue
			}
			hand[engine.Mover][p-1]--
			if now.Fits(&hand, onRoll) && !slices.Contains(out, hand) {
				out = append(out, hand)
			}
		}
	}
	return out
}

// landing returns the mover's point where the checker in hand was set down
// to give position, if it was: the mover's checkers are the hand's with one
// more on that point, and the opponent's have at most left points for the
// bar.
func landing(hand, position *engine.Board) (int, bool) {
	to := 0
	for p := 1; p <= engine.Bar; p++ {
		switch position[engine.Mover].On(p) - hand[engine.Mover].On(p) {
		case 0:
		case 1:
			if to != 0 || p == engine.Bar {
				return 0, false
			}
			to = p
		default:
			return 0, false
		}
	}
	for p := 1; p < engine.Bar; p++ {
		if position[engine.Opponent].On(p) > hand[engine.Opponent].On(p) {
			return 0, false
		}
	}
	return to, to != 0
}
