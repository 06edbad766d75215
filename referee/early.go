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
//
// The mover may choose before or after its DONE: at the DONE the roll
// stands (the default), and a reroll chosen after it voids the roll while
// the roller has moved no checker and pressed nothing (US 4.6 gives the
// choice once the turn is complete).

// earlyRoll is a roll held until the mover's DONE.
type earlyRoll struct {
	side   engine.Side
	dice   engine.Dice
	reroll bool // the mover chose to have it rerolled
}

// holdEarlyRoll holds side's roll d made while the mover plays.
func (r *Referee) holdEarlyRoll(side engine.Side, d engine.Dice) {
	if r.early != nil {
		r.irregular(side, fmt.Sprintf("%v rolled %s again before %v pressed DONE: the first early roll is held", side, Roll(d), r.onRoll))
		return
	}
	r.early = &earlyRoll{side: side, dice: d}
	r.send(Event{Kind: EarlyRoll, Side: side, Dice: d,
		Reason: fmt.Sprintf("US 4.6: %v rolled %s before %v pressed DONE; %v finishes the turn, then the roll stands or is rerolled", side, Roll(d), r.onRoll, r.onRoll)})
}

// ChooseEarlyRoll is the mover's choice on the early roll held, or let
// stand at its DONE and not yet played: reroll, or let it stand. It is
// refused (an Irregularity) with no such roll or from the side that
// rolled.
func (r *Referee) ChooseEarlyRoll(side engine.Side, reroll bool) {
	e := r.choosable()
	switch {
	case e == nil:
		r.irregular(side, fmt.Sprintf("%v's choice on an early roll refused: no early roll is held", side))
		return
	case side == e.side:
		r.irregular(side, fmt.Sprintf("%v's choice on an early roll refused: the choice is %v's", side, side.Other()))
		return
	}
	e.reroll = reroll
	choice := "stands"
	if reroll {
		choice = "is to be rerolled"
	}
	r.send(Event{Kind: EarlyRollChoice, Side: side, Dice: e.dice, Reroll: reroll,
		Reason: fmt.Sprintf("%v chose: %v's early roll of %s %s", side, e.side, Roll(e.dice), choice)})
	if e == r.stood {
		r.stood = nil
		if reroll {
			r.voidStoodRoll(e)
		}
	}
}

// choosable returns the early roll the mover may still choose on: the one
// held, or the one let stand at its DONE that the roller has not begun to
// play; nil when there is none.
func (r *Referee) choosable() *earlyRoll {
	if r.early != nil {
		return r.early
	}
	return r.stood
}

// voidStoodRoll takes back the early roll e let stand at the mover's DONE:
// the roller is on roll again, before its roll, and may double.
func (r *Referee) voidStoodRoll(e *earlyRoll) {
	if err := r.match.Unroll(e.side); err != nil {
		r.matchErr(e.side, err)
		return
	}
	r.turn--
	r.phase, r.dice = awaitingRoll, engine.Dice{}
	r.send(Event{Kind: EarlyRollChoice, Side: e.side.Other(), Dice: e.dice, Reroll: true,
		Reason: fmt.Sprintf("%v's early roll of %s is void: %v rolls again", e.side, Roll(e.dice), e.side)})
}

// closeChoice ends the mover's choice on the early roll let stand once
// the roller begins to play it: a checker of the position moved, or a
// press of the roller's.
func (r *Referee) closeChoice() {
	if r.stood != nil && (r.phase != moving || !r.fitsSomeLine()) {
		r.stood = nil
	}
}

// chooseByCube is the mover's CUBE while an early roll is held: a press
// asks for a reroll, a long press lets the roll stand. It reports whether
// there was a roll to choose on.
func (r *Referee) chooseByCube(side engine.Side, long bool) bool {
	if e := r.choosable(); e == nil || side == e.side {
		return false
	}
	r.ChooseEarlyRoll(side, !long)
	return true
}

// confirmOnEarlyRoll confirms a play flagged at DONE on the early roll
// held: the opponent's roll came before it, so the flag has its last
// word now, on the board judged, and the roll is released once the play
// stands.
func (r *Referee) confirmOnEarlyRoll() {
	if r.phase == flagged && r.rollHeld() && r.endFlag() {
		r.releaseEarlyRoll()
	}
}

// rollHeld reports whether the opponent's early roll is held for the
// mover's DONE.
func (r *Referee) rollHeld() bool { return r.early != nil && r.early.side != r.onRoll }

// releaseEarlyRoll applies the early roll held once the mover's turn is
// over: the roll stands (the mover's choice still open, r.stood), or the
// roller is to roll again.
func (r *Referee) releaseEarlyRoll() {
	e := r.early
	if e == nil || r.phase != awaitingRoll {
		return
	}
	r.early = nil
	if e.reroll {
		r.send(Event{Kind: EarlyRollChoice, Side: e.side.Other(), Dice: e.dice, Reroll: true,
			Reason: fmt.Sprintf("%v's early roll of %s is void: %v rolls again", e.side, Roll(e.dice), e.side)})
		return
	}
	r.Roll(e.side, e.dice)
	if r.phase == moving && r.onRoll == e.side {
		r.stood = e // the mover may still have it rerolled
	}
}

// RollRefused tells the referee that the board refused side's ROLL
// because the mover has not pressed DONE (electronic dice, US 4.6): it
// prompts the mover, lighting nothing, and changes nothing.
func (r *Referee) RollRefused(side engine.Side) {
	r.send(Event{Kind: RollRefused, Side: side,
		Reason: fmt.Sprintf("US 4.6: %v's ROLL refused: %v, press DONE first", side, r.onRoll)})
}
