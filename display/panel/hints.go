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
// lifted from 13). Where the checker may land is the engine's to say
// (engine.Generator.Landings), for each hand now may show.
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
	var points []int
	for _, hand := range hands(partials, onRoll, now) {
		for _, p := range g.Landings(before, d, &hand) {
			if p == engine.Off {
				continue // the trays have no LED
			}
			if bp := engine.BoardPoint(onRoll, p); !slices.Contains(points, bp) {
				points = append(points, bp)
			}
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
		out = appendHands(out, partials[i].Board, onRoll, now)
	}
	return out
}

// appendHands appends to out, once each, the boards that now shows with a
// checker in the mover's hand taken from the position partial: Hints' and
// WelshHints' hands.
func appendHands(out []engine.Board, partial engine.Board, onRoll engine.Side, now *engine.Occupancy) []engine.Board {
	for p := 1; p <= engine.Bar; p++ {
		hand := partial
		if hand[engine.Mover][p-1] == 0 {
			continue
		}
		hand[engine.Mover][p-1]--
		if now.Fits(&hand, onRoll) && !slices.Contains(out, hand) {
			out = append(out, hand)
		}
	}
	return out
}
