package panel

import (
	"slices"

	"gammond/engine"
	"gammond/engine/welsh"
)

// WelshHints is Hints for Welsh backgammon: the board points (1..24,
// ascending) where the side on roll may set down the man it holds on the
// way to a legal play of t (welsh.Partials). As in Hints, the hand is what
// now shows when it is a position on the way less one of the mover's men,
// and putting the man back where it came from lights too; checking out
// lights nothing.
//
// Cost: welsh.Partials' (some milliseconds for a double), then a
// comparison of each hand with each partial: call it for each settled
// occupancy, not each frame.
func WelshHints(before engine.Board, onRoll engine.Side, t welsh.Throw, now *engine.Occupancy) []int {
	partials := welsh.Partials(before, t)
	for i := range partials {
		if now.Fits(&partials[i], onRoll) {
			return nil
		}
	}
	var points []int
	for _, hand := range welshHands(partials, onRoll, now) {
		for i := range partials {
			q, ok := landing(&hand, &partials[i])
			if !ok || q == engine.Off {
				continue
			}
			if bp := engine.BoardPoint(onRoll, q); !slices.Contains(points, bp) {
				points = append(points, bp)
			}
		}
	}
	slices.Sort(points)
	return points
}

// welshHands returns the boards now shows with a man in the mover's hand:
// a partial less one of the mover's men.
func welshHands(partials []engine.Board, onRoll engine.Side, now *engine.Occupancy) []engine.Board {
	var out []engine.Board
	for _, partial := range partials {
		out = appendHands(out, partial, onRoll, now)
	}
	return out
}

// landing reports the mover's point where one man set down on hand gives
// the position p: a point (a lone opposing man there hit onto the roof,
// rule 9), or engine.Off for a man checked out.
func landing(hand, p *engine.Board) (int, bool) {
	q := engine.Off
	for i := range hand[engine.Mover] {
		switch int(p[engine.Mover][i]) - int(hand[engine.Mover][i]) {
		case 0:
		case 1:
			if q != engine.Off {
				return 0, false
			}
			q = i + 1
		default:
			return 0, false
		}
	}
	if p[engine.Opponent] == hand[engine.Opponent] {
		return q, true
	}
	hit := hand[engine.Opponent]
	if q == engine.Off || q == engine.Bar || hit.On(25-q) != 1 {
		return 0, false
	}
	hit[24-q], hit[engine.Bar-1] = 0, hit[engine.Bar-1]+1
	return q, p[engine.Opponent] == hit
}
