package referee

import (
	"fmt"

	"gammond/engine"
)

// Roll tells the referee that side rolled d. Between games, with the board
// set up, it is the opening roll: side opens with both dice. An opponent's
// roll on a flagged play accepts that play.
func (r *Referee) Roll(side engine.Side, d engine.Dice) {
	if r.abandoned() {
		r.concede(true)
	}
	if side != r.onRoll {
		r.endGrace()
	}
	switch {
	case r.phase == settingUp:
		r.startGame(side)
	case r.phase == flagged && side != r.onRoll:
		r.accept()
	case r.phase == moving && side != r.onRoll:
		r.irregular(side, fmt.Sprintf("%v rolled before %v pressed DONE", side, r.onRoll))
		r.judgeNow()
		if r.phase == flagged {
			r.accept()
		}
	}
	if r.phase != awaitingRoll || side != r.onRoll {
		r.irregular(side, fmt.Sprintf("%v rolled %v out of turn", side, d))
		return
	}
	if r.turn > 0 {
		r.matchErr(side, r.match.Roll(side))
	}
	r.turn++
	r.dice = d
	for i := range r.lines {
		r.lines[i].matcher.Start(r.lines[i].board, r.onRoll, d)
	}
	r.phase = moving
	r.send(Event{Kind: Rolled, Side: side, Dice: d})
}

// startGame begins a game with side opening. The starting position is
// official whatever the board shows; a wrong set-up is reported.
func (r *Referee) startGame(opener engine.Side) {
	if !r.haveBoard || len(r.setupWrong) > 0 {
		r.irregular(opener, fmt.Sprintf("the game starts with the board not in the starting position (points %v)", r.setupWrong))
	}
	r.game++
	r.turn = 0
	r.onRoll = opener
	r.lines = append(r.lines[:0], line{board: engine.StartingBoard})
	r.ambiguousFrom = 0
	r.startMatchGame()
	r.phase = awaitingRoll
	r.clockStart(opener)
	r.send(Event{Kind: GameStarted, Side: opener, Board: engine.StartingBoard, OnRoll: opener})
}

// Done tells the referee that side pressed DONE: its turn is over. The play
// is judged on the board once it has settled.
func (r *Referee) Done(side engine.Side) {
	if (r.phase != moving && r.phase != flagged) || side != r.onRoll {
		r.irregular(side, fmt.Sprintf("%v pressed DONE out of turn", side))
		return
	}
	if r.awaitingChecker {
		return // already waiting for the checker in hand
	}
	if r.unsettled || !r.haveBoard {
		r.pendingDone = true
		return
	}
	r.judgeAtDone()
}

// judgeNow judges the play on the last settled board, settled or not: the
// turn is over whatever the board is doing.
func (r *Referee) judgeNow() {
	r.pendingDone = false
	r.judge()
}

// fit is a legal play of one line that fits the board.
type fit struct{ line, play int }

// judge decides the play at DONE: legal (one line or several), or illegal.
func (r *Referee) judge() {
	var fits []fit
	inProgress := false
	for i := range r.lines {
		complete, partial := r.lines[i].matcher.Match(&r.board)
		for _, j := range complete {
			fits = append(fits, fit{i, j})
		}
		inProgress = inProgress || partial
	}
	if len(fits) == 0 {
		r.flag(inProgress)
		return
	}
	switch {
	case r.phase == flagged && r.flaggedShort:
		r.send(Event{Kind: Withdrawn, Side: r.onRoll, Dice: r.dice})
	case r.phase == flagged:
		r.send(Event{Kind: Corrected, Side: r.onRoll, Dice: r.dice})
	}
	r.advance(fits)
}

// flag reports an illegal play at DONE with the points where the board
// differs from the nearest legal result, and waits for a correction.
func (r *Referee) flag(inProgress bool) {
	_, points := r.lines[0].matcher.Nearest(&r.board, nil)
	fault := "illegal"
	if inProgress {
		fault = "partial"
	}
	r.flaggedShort = r.moverShort()
	r.phase = flagged
	r.restored = false
	r.send(Event{Kind: IllegalPlay, Side: r.onRoll, Dice: r.dice, Points: points, Fault: fault})
}

// advance records the legal play (or the surviving hypotheses) and passes
// the turn, or ends the game when the mover has borne off its last checker.
func (r *Referee) advance(fits []fit) {
	next := make([]line, 0, len(fits))
	for _, f := range fits {
		l := &r.lines[f.line]
		p := l.matcher.Plays()[f.play]
		if containsBoard(next, p.After) {
			continue // two hypotheses meet again: either history leads here
		}
		tp := TurnPlay{Turn: r.turn, Side: r.onRoll, Dice: r.dice, Before: l.matcher.Before(), Play: p}
		next = append(next, line{board: p.After, plays: append(append([]TurnPlay(nil), l.plays...), tp)})
	}
	r.lines = next
	survivor := &r.lines[0]
	current := survivor.plays[len(survivor.plays)-1]
	if len(r.lines) == 1 {
		if r.ambiguousFrom > 0 {
			r.send(Event{Kind: Resolved, Side: current.Side, Plays: survivor.plays[:len(survivor.plays)-1]})
			r.ambiguousFrom = 0
		}
		survivor.plays = nil
	} else if r.ambiguousFrom == 0 {
		r.ambiguousFrom = r.turn
	}
	r.onRoll = current.Side.Other()
	r.phase = awaitingRoll
	after := current.Play.After
	r.send(Event{Kind: PlayMade, Side: current.Side, Dice: r.dice, Before: current.Before, Play: current.Play,
		Board: after, OnRoll: r.onRoll, Ambiguous: len(r.lines) > 1})
	r.endTurn(current.Side, after)
}

func containsBoard(lines []line, b engine.Board) bool {
	for i := range lines {
		if lines[i].board == b {
			return true
		}
	}
	return false
}

// accept lets an illegal play stand because the opponent began its turn:
// play goes on from the position on the board.
func (r *Referee) accept() {
	m := &r.lines[0].matcher
	before := m.Before()
	nearest, _ := m.Nearest(&r.board, nil)
	shown := reconstruct(&r.board, nearest.After.Swap(), r.onRoll)
	mover := r.onRoll
	r.onRoll = mover.Other()
	r.lines = append(r.lines[:0], line{board: shown.Swap()})
	r.ambiguousFrom = 0
	r.phase = awaitingRoll
	r.matchErr(mover, r.match.EndTurn(mover))
	r.clockPress(mover)
	r.send(Event{Kind: IllegalAccepted, Side: mover, Dice: r.dice, Before: before,
		Moves: deriveMoves(&before, &shown), Board: shown.Swap(), OnRoll: r.onRoll})
}

// LetStand is the director's ruling on a flagged play: it stands, and play
// goes on from the position on the board, as when the opponent rolls.
func (r *Referee) LetStand() {
	if r.phase != flagged {
		r.irregular(r.onRoll, "the director let a play stand with none flagged")
		return
	}
	r.accept()
}

// SetScore is the director's correction of the score.
func (r *Referee) SetScore(score [2]int) {
	if err := r.match.SetScore(score); err != nil {
		r.irregular(r.onRoll, fmt.Sprintf("score correction: %v", err))
		return
	}
	r.irregular(r.onRoll, fmt.Sprintf("the director set the score to %d-%d", score[0], score[1]))
}
