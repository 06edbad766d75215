package referee

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"gammond/engine"
)

// Inferred dice are the club table's: physical dice and nobody to enter
// them. No roll reaches the referee: at the mover's DONE it takes the
// smallest roll some legal play of which the board shows (the mover's side
// and the turn order still checked), says so (DiceInferred, Ambiguous when
// other rolls fit too), and goes on as if that roll had been entered. Only
// a play no roll allows is flagged, judged against the roll whose legal
// plays it is nearest; its correction may show any roll. A flagged play
// is put right or let stand by the director: the opponent cannot accept
// it by rolling, as nobody rolls on the board.

// SetInferredDice makes the referee infer every roll from the play. Call
// it before the first game.
func (r *Referee) SetInferredDice() { r.inferred = true }

// inferRolls are the rolls in the order the smallest is taken: fewest
// pips (doubles count four dice), then the lower high die.
var inferRolls = func() []engine.Dice {
	var rolls []engine.Dice
	for hi := 1; hi <= 6; hi++ {
		for lo := 1; lo <= hi; lo++ {
			rolls = append(rolls, engine.Dice{hi, lo})
		}
	}
	pips := func(d engine.Dice) int {
		if d[0] == d[1] {
			return 4 * d[0]
		}
		return d[0] + d[1]
	}
	slices.SortStableFunc(rolls, func(a, b engine.Dice) int {
		return cmp.Or(cmp.Compare(pips(a), pips(b)), cmp.Compare(a[0], b[0]))
	})
	return rolls
}()

// inferDone takes side's DONE with the dice inferred, and reports whether
// it did: the opening play between games, a play on the side's turn, or
// the correction of its flagged play.
func (r *Referee) inferDone(side engine.Side) bool {
	if !r.inferred || !r.haveBoard {
		return false
	}
	switch {
	case r.phase == settingUp:
		r.inferTurn(side, engine.StartingBoard, true)
	case r.phase == awaitingRoll && side == r.onRoll:
		r.inferTurn(side, r.lines[0].board, false)
	case r.phase == flagged && side == r.onRoll:
		r.reinfer()
	default:
		return false
	}
	return true
}

// inferTurn rolls, for side, the smallest roll the board shows a legal
// play of from before, or the one it is nearest to, and judges the play.
func (r *Referee) inferTurn(side engine.Side, before engine.Board, opening bool) {
	fit := r.fittingRolls(before, side, opening)
	d := r.nearestRoll(before, side, opening)
	if len(fit) > 0 {
		d = fit[0]
	}
	if opening {
		r.setupWrong = r.setupWrong[:0] // the board shows the opening play, not the set-up
	}
	r.Roll(side, d)
	if r.phase != moving {
		return // the roll was refused
	}
	r.judgeNow()
	if len(fit) > 0 { // after the play, for the record's note on it
		r.send(Event{Kind: DiceInferred, Side: side, Dice: d, Ambiguous: len(fit) > 1, Reason: inferredText(side, fit)})
	}
}

// reinfer judges the correction of a flagged play under every roll: the
// turn's roll becomes the smallest the corrected board shows.
func (r *Referee) reinfer() {
	before := r.lines[0].matcher.Before()
	side := r.onRoll
	fit := r.fittingRolls(before, side, r.turn == 1)
	if len(fit) > 0 && fit[0] != r.dice {
		r.dice = fit[0]
		for i := range r.lines {
			r.lines[i].matcher.Start(r.lines[i].matcher.Before(), side, r.dice)
		}
	}
	r.judgeNow()
	if len(fit) > 0 {
		r.send(Event{Kind: DiceInferred, Side: side, Dice: fit[0], Ambiguous: len(fit) > 1, Reason: inferredText(side, fit)})
	}
}

// fittingRolls returns the rolls, smallest first, a legal play of which
// from before (side on roll) the board shows; an opening roll is never a
// double.
func (r *Referee) fittingRolls(before engine.Board, side engine.Side, opening bool) []engine.Dice {
	var fit []engine.Dice
	for _, d := range inferRolls {
		if opening && d[0] == d[1] {
			continue
		}
		r.inferMatcher.Start(before, side, d)
		if complete, _ := r.inferMatcher.Match(&r.board); len(complete) > 0 {
			fit = append(fit, d)
		}
	}
	return fit
}

// nearestRoll returns the roll whose nearest legal result differs from the
// board on the fewest points: the one to judge a play no roll allows by.
func (r *Referee) nearestRoll(before engine.Board, side engine.Side, opening bool) engine.Dice {
	best, fewest := engine.Dice{2, 1}, -1
	for _, d := range inferRolls {
		if opening && d[0] == d[1] {
			continue
		}
		r.inferMatcher.Start(before, side, d)
		_, r.points = r.inferMatcher.Nearest(&r.board, r.points[:0])
		if fewest < 0 || len(r.points) < fewest {
			best, fewest = d, len(r.points)
		}
	}
	return best
}

// inferredText says which roll was taken and which others fit.
func inferredText(side engine.Side, fit []engine.Dice) string {
	s := fmt.Sprintf("dice inferred: %v played %v", side, fit[0])
	if len(fit) > 1 {
		others := make([]string, 0, len(fit)-1)
		for _, d := range fit[1:] {
			others = append(others, d.String())
		}
		s += fmt.Sprintf(" (the smallest; %s fit too)", strings.Join(others, ", "))
	}
	return s
}
