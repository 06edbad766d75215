package referee

import (
	"fmt"

	"gammond/engine"
)

// An early roll (US 4.6, Danish 4.1.5.1, BAA 11) is the opponent rolling
// before the mover has pressed DONE. The mover's turn is not over: the
// referee holds the roll, lets the mover finish and press DONE, judges the
// play as made, then applies the mover's choice: the roll stands (the
// default) or is rerolled. A board with electronic dice never lets it
// happen: it refuses the ROLL and prompts the mover (RollRefused).

// earlyRoll is a roll held until the mover's DONE.
type earlyRoll struct {
	side   engine.Side
	dice   engine.Dice
	reroll bool // the mover chose to have it rerolled
}

// holdEarlyRoll holds side's roll d made while the mover plays.
func (r *Referee) holdEarlyRoll(side engine.Side, d engine.Dice) {
	if r.early != nil {
		r.irregular(side, fmt.Sprintf("%v rolled %v again before %v pressed DONE: the first early roll is held", side, d, r.onRoll))
		return
	}
	r.early = &earlyRoll{side: side, dice: d}
	r.send(Event{Kind: EarlyRoll, Side: side, Dice: d,
		Reason: fmt.Sprintf("US 4.6: %v rolled %v before %v pressed DONE; %v finishes the turn, then the roll stands or is rerolled", side, d, r.onRoll, r.onRoll)})
}

// ChooseEarlyRoll is the mover's choice on the early roll held: reroll, or
// let it stand. It is refused (an Irregularity) with no early roll held or
// from the side that rolled.
func (r *Referee) ChooseEarlyRoll(side engine.Side, reroll bool) {
	switch {
	case r.early == nil:
		r.irregular(side, fmt.Sprintf("%v's choice on an early roll refused: no early roll is held", side))
		return
	case side == r.early.side:
		r.irregular(side, fmt.Sprintf("%v's choice on an early roll refused: the choice is %v's", side, side.Other()))
		return
	}
	r.early.reroll = reroll
	choice := "stands"
	if reroll {
		choice = "is to be rerolled"
	}
	r.send(Event{Kind: EarlyRollChoice, Side: side, Dice: r.early.dice, Reroll: reroll,
		Reason: fmt.Sprintf("%v chose: %v's early roll of %v %s", side, r.early.side, r.early.dice, choice)})
}

// chooseByCube is the mover's CUBE while an early roll is held: a press
// asks for a reroll, a long press lets the roll stand. It reports whether
// there was a roll to choose on.
func (r *Referee) chooseByCube(side engine.Side, long bool) bool {
	if r.early == nil || side == r.early.side {
		return false
	}
	r.ChooseEarlyRoll(side, !long)
	return true
}

// releaseEarlyRoll applies the early roll held once the mover's turn is
// over: the roll stands, or the roller is to roll again.
func (r *Referee) releaseEarlyRoll() {
	e := r.early
	if e == nil || r.phase != awaitingRoll {
		return
	}
	r.early = nil
	if e.reroll {
		r.send(Event{Kind: EarlyRollChoice, Side: e.side.Other(), Dice: e.dice, Reroll: true,
			Reason: fmt.Sprintf("%v's early roll of %v is void: %v rolls again", e.side, e.dice, e.side)})
		return
	}
	r.Roll(e.side, e.dice)
}

// RollRefused tells the referee that the board refused side's ROLL
// because the mover has not pressed DONE (electronic dice, US 4.6): it
// prompts the mover, lighting nothing, and changes nothing.
func (r *Referee) RollRefused(side engine.Side) {
	r.send(Event{Kind: RollRefused, Side: side,
		Reason: fmt.Sprintf("US 4.6: %v's ROLL refused: %v, press DONE first", side, r.onRoll)})
}
