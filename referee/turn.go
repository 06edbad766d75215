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
		r.endGrace() // the opponent's roll ends the wait for a checker in hand: the play is judged first
	}
	if reason := r.touchRefusal(side); reason != "" {
		r.irregular(side, reason)
		return
	}
	switch {
	case r.phase == settingUp:
		r.startGame(side)
	case r.phase == flagged && side != r.onRoll:
		r.early = nil // rolled again: this roll is the one
		r.accept()
	case r.phase == moving && side != r.onRoll:
		r.holdEarlyRoll(side, d)
		return
	}
	if r.phase != awaitingRoll || side != r.onRoll {
		r.irregular(side, fmt.Sprintf("%v rolled %s out of turn", side, Roll(d)))
		return
	}
	if r.turn > 0 {
		r.matchErr(side, r.match.Roll(side))
	}
	r.turn++
	r.checkSetupDeadline()
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
	r.setupWrongAtStart = !r.haveBoard || len(r.setupWrong) > 0
	r.setupOfficial, r.outOfPlay = !r.setupWrongAtStart, [2]int{}
	if r.setupWrongAtStart {
		r.irregular(opener, fmt.Sprintf("the game starts with the board not in the starting position (points %v): %s", r.setupWrong, r.setupDeadlineText()))
	}
	r.game++
	r.turn, r.lastGame = 0, nil
	r.onRoll = opener
	r.oneLine(engine.StartingBoard)
	r.startMatchGame()
	r.phase = awaitingRoll
	r.clockStart(opener)
	r.send(Event{Kind: GameStarted, Side: opener, Board: engine.StartingBoard, OnRoll: opener})
}

// Done tells the referee that side pressed DONE: its turn is over. The play
// is judged on the board once it has settled.
func (r *Referee) Done(side engine.Side) {
	r.stood = nil // the roller's DONE plays the early roll let stand
	if r.inferDone(side) {
		return
	}
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
// The lines it leaves reuse the matchers of the spare ones, and keep the
// plays since the ambiguity began only while there is one.
//
// Allocation budget: none for a turn with one line and one fit, once the
// matchers have met their largest roll (TestSteadyTurnAllocatesNothing).
func (r *Referee) advance(fits []fit) {
	ambiguous := len(r.lines) > 1 || len(fits) > 1
	hidden := r.fitsOnMasked(fits)
	next := r.spare[:0]
	var current TurnPlay
	for _, f := range fits {
		l := &r.lines[f.line]
		p := l.matcher.Plays()[f.play]
		if containsBoard(next, p.After) {
			continue // two hypotheses meet again: either history leads here
		}
		current = TurnPlay{Turn: r.turn, Side: r.onRoll, Dice: r.dice, Before: l.matcher.Before(), Play: p}
		next = growLines(next)
		n := &next[len(next)-1]
		n.board, n.plays = p.After, nil
		if ambiguous {
			n.plays = append(append([]TurnPlay(nil), l.plays...), current)
		}
	}
	r.lines, r.spare = next, r.lines
	survivor := &r.lines[0]
	if ambiguous {
		current = survivor.plays[len(survivor.plays)-1]
	}
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
		Board: after, OnRoll: r.onRoll, Ambiguous: len(r.lines) > 1 || hidden})
	r.endTurn(current.Side, after)
	r.releaseEarlyRoll()
}

// fitsOnMasked reports whether a play fits the board only thanks to its
// masked slots (engine.Occupancy.FitsMasked): an illegal play the dead
// sensors hide would fit as well, so the play is reported ambiguous,
// never as certain.
func (r *Referee) fitsOnMasked(fits []fit) bool {
	if r.board.Masked == [24]uint8{} && r.board.BarMasked == [2]uint8{} {
		return false
	}
	for _, f := range fits {
		after := r.lines[f.line].matcher.Plays()[f.play].After.Swap()
		if r.board.HidesAnother(&after, r.onRoll) {
			return true
		}
	}
	return false
}

// growLines returns lines one longer, the new line's matcher one kept in
// the slice's spare capacity when there is one.
func growLines(lines []line) []line {
	if len(lines) < cap(lines) {
		return lines[:len(lines)+1]
	}
	return append(lines, line{})
}

// oneLine makes b, the side on roll in Board[Mover], the only hypothesis,
// keeping the matchers' buffers.
func (r *Referee) oneLine(b engine.Board) {
	r.lines = growLines(r.lines[:0])
	r.lines[0].board, r.lines[0].plays = b, nil
	r.ambiguousFrom = 0
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
	r.oneLine(shown.Swap())
	r.phase = awaitingRoll
	r.matchErr(mover, r.match.EndTurn(mover))
	r.clockPress(mover)
	moves, err := deriveMoves(&before, &shown, mover, r.dice)
	reason := ""
	if err != nil {
		reason = err.Error()
	}
	r.send(Event{Kind: IllegalAccepted, Side: mover, Dice: r.dice, Before: before,
		Moves: moves, Board: shown.Swap(), OnRoll: r.onRoll, Reason: reason})
}

// LetStand is the director's ruling on a flagged play: it stands, and play
// goes on from the position on the board, as when the opponent rolls.
func (r *Referee) LetStand() {
	if r.phase != flagged {
		r.irregular(r.onRoll, "the director let a play stand with none flagged")
		return
	}
	r.accept()
	r.releaseEarlyRoll()
}

// SetScore is the director's correction of the score.
func (r *Referee) SetScore(score [2]int) {
	if err := r.match.SetScore(score); err != nil {
		r.irregular(r.onRoll, fmt.Sprintf("score correction: %v", err))
		return
	}
	r.irregular(r.onRoll, fmt.Sprintf("the director set the score to %d-%d", score[0], score[1]))
	if r.phase == settingUp {
		r.announceCrawford() // the corrected score may make the next game the Crawford game (Danish 4.7)
	}
}
