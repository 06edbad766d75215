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
// roll), its dead sensors masked; onRoll is the mover's colour.
func (h *hypotheses) play(after *engine.Board, onRoll engine.Side, d engine.Dice, g calib.Geometry, dead []int) {
	shown := after.Swap()
	o := seen(&shown, onRoll, g, dead)
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

// seen returns the occupancy the sensors show of b (the side on roll, of
// colour onRoll, in b[Mover]) once the referee has masked the dead
// sensors: a dead slot under the highest one seen covered counts as
// covered, the dead slots right above it are masked (calib.Model.Revise).
func seen(b *engine.Board, onRoll engine.Side, g calib.Geometry, dead []int) engine.Occupancy {
	o := engine.OccupancyOf(b, onRoll, g.Slots, g.BarSlots)
	if len(dead) == 0 {
		return o
	}
	isDead := func(p calib.Place) bool { return slices.Contains(dead, g.Sensor(p)) }
	for p := range o.Points {
		o.Points[p], o.Masked[p] = maskCounts(o.Points[p], g.Slots, func(s int) bool { return isDead(calib.Place{Point: p + 1, Slot: s}) })
	}
	for h := range o.Bar {
		half := engine.Side(h)
		o.Bar[h], o.BarMasked[h] = maskCounts(o.Bar[h], g.BarSlots, func(s int) bool { return isDead(calib.Place{Half: half, Slot: s}) })
	}
	return o
}

// maskCounts returns the covered counts of a point or bar half of n slots
// that covered says one side covers, and its masked slots, with the slots
// dead says are masked.
func maskCounts(covered [2]uint8, n int, dead func(slot int) bool) ([2]uint8, uint8) {
	side := 0
	if covered[1] > 0 {
		side = 1
	}
	top := int(covered[side]) - 1
	for top >= 0 && dead(top) {
		top--
	}
	covered[side] = uint8(top + 1)
	var masked uint8
	for s := top + 1; s < n && dead(s); s++ {
		masked++
	}
	return covered, masked
}
