package sim

import (
	"slices"

	"gammond/calib"
	"gammond/engine"
)

// hypotheses are the positions the sensors leave possible since the game's
// start, as a referee keeps them: when tall stacks hide which legal play
// was made, each play that fits stays a hypothesis until a later position
// rules it out. An illegal play is only made if it fits no legal play of
// any of them: else no referee could see it.
type hypotheses struct {
	boards []engine.Board // the side on roll in Board[Mover]
	next   []engine.Board
	m      engine.Matcher
}

// reset starts a game: the starting position is known.
func (h *hypotheses) reset() {
	h.boards = append(h.boards[:0], engine.StartingBoard)
}

// fitsLegal reports whether the occupancy o fits a legal play of d from
// any of the positions possible, the side on roll being of colour onRoll.
func (h *hypotheses) fitsLegal(o *engine.Occupancy, onRoll engine.Side, d engine.Dice) bool {
	for _, b := range h.boards {
		h.m.Start(b, onRoll, d)
		if fits, _ := h.m.Match(o); len(fits) > 0 {
			return true
		}
	}
	return false
}

// inHand reports whether the occupancy could be a legal result of d with
// the mover's last checker still in the hand: the referee waits for it
// rather than flag it (engine.Matcher.InHand).
func (h *hypotheses) inHand(o *engine.Occupancy, onRoll engine.Side, d engine.Dice) bool {
	for _, b := range h.boards {
		h.m.Start(b, onRoll, d)
		if h.m.InHand(o) {
			return true
		}
	}
	return false
}

// play keeps the positions a legal play of d can leave that fit what the
// sensors see of after (the position the recorded play left, opponent on
// roll); onRoll is the mover's colour.
func (h *hypotheses) play(after *engine.Board, onRoll engine.Side, d engine.Dice, g calib.Geometry) {
	shown := after.Swap()
	o := engine.OccupancyOf(&shown, onRoll, g.Slots, g.BarSlots)
	h.next = h.next[:0]
	for _, b := range h.boards {
		h.m.Start(b, onRoll, d)
		fits, _ := h.m.Match(&o)
		for _, i := range fits {
			if p := h.m.Plays()[i].After; !slices.Contains(h.next, p) {
				h.next = append(h.next, p)
			}
		}
	}
	h.boards, h.next = h.next, h.boards
}
