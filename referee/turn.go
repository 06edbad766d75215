package referee

import (
	"fmt"
	"time"

	"gammond/engine"
)

// Roll tells the referee that side rolled d. Between games, with the board
// set up, it starts the game with side first (the standard game's opener
// plays both dice). An opponent's roll on a flagged play ends that play's
// turn (endFlag), the mover's own goes through moverActs.
func (r *Referee) Roll(side engine.Side, d engine.Dice) {
	if r.abandoned() {
		r.book.abandoned(true)
	}
	r.endGrace() // a roll, the opponent's or the mover's bonus throw, ends the wait for a checker in hand: the play is judged first
	if reason := r.touchRefusal(side); reason != "" {
		r.irregular(side, reason)
		return
	}
	switch {
	case r.phase == settingUp && !r.startGame(side, d):
		return
	case r.phase == flagged && side != r.onRoll && r.settling():
		// The mover's DONE again waits for the board: the flag is
		// confirmed on it once it settles.
		r.early = nil // rolled again: this roll is the one
		r.holdEarlyRoll(side, d)
		return
	case r.phase == flagged && side != r.onRoll:
		r.early = nil
		if !r.endFlag() {
			return
		}
	case r.phase == flagged:
		r.moverActs()
	case r.phase == moving && side != r.onRoll:
		r.holdEarlyRoll(side, d)
		return
	}
	if r.phase != awaitingRoll || side != r.onRoll {
		r.irregular(side, fmt.Sprintf("%v rolled %s out of turn", side, Roll(d)))
		return
	}
	t, err := r.book.throw(side, d, r.turn)
	if err != nil {
		r.irregular(side, err.Error())
		return
	}
	r.turn++
	r.checkSetupDeadline()
	r.send(Event{Kind: Rolled, Side: side, Dice: t.dice})
	switch {
	case t.void != "":
		r.send(Event{Kind: ThrowVoid, Side: side, Dice: t.dice, Reason: t.void})
		return
	case t.end.over:
		r.gameOver(t.end)
		return
	}
	r.dice, r.rolledOn, r.doneAt, r.turnFlags = t.dice, r.board, time.Time{}, 0
	for i := range r.lines {
		r.book.startTurn(&r.lines[i].matcher, r.lines[i].board, r.onRoll, r.dice)
	}
	r.phase = moving
	if t.note != "" {
		r.note(side, t.note)
	}
}

// startGame begins a game with side first, unless the game's rules refuse
// it. The starting position is official whatever the board shows; a wrong
// set-up is reported.
func (r *Referee) startGame(opener engine.Side, d engine.Dice) bool {
	if err := r.book.startGame(opener, d); err != nil {
		r.irregular(opener, err.Error())
		return false
	}
	r.setupWrongAtStart = !r.haveBoard || len(r.setupWrong) > 0
	r.setupOfficial, r.outOfPlay = !r.setupWrongAtStart, [2]int{}
	if r.setupWrongAtStart {
		r.notice(opener, fmt.Sprintf("the game starts with %s: %s", r.setupFault(opener), r.setupDeadlineText()))
	}
	r.game++
	r.turn, r.lastGame = 0, nil
	r.onRoll = opener
	r.oneLine(engine.StartingBoard)
	r.phase = awaitingRoll
	r.clockStart(opener)
	r.send(Event{Kind: GameStarted, Side: opener, Board: engine.StartingBoard, OnRoll: opener, Cube: r.book.cube()})
	return true
}

// Done tells the referee that side pressed DONE: its turn is over. The play
// is judged on the board once it has settled.
func (r *Referee) Done(side engine.Side) {
	r.stood = nil // the roller's DONE plays the early roll let stand
	if r.phase == flagged && side == r.onRoll {
		r.doubt = flagActedOn // the mover says the play is put right
	}
	if r.inferDone(side) {
		return
	}
	if (r.phase != moving && r.phase != flagged) || side != r.onRoll {
		r.irregular(side, fmt.Sprintf("%v pressed DONE out of turn", side))
		return
	}
	r.doneAt = r.clock.Now()
	if r.awaitingChecker() {
		return // already waiting for the checker in hand
	}
	// The opponent's roll held ends the wait for a checker in the hand,
	// as a roll after the DONE does: the roller has its dice and may
	// move at once, so a move after the DONE is not the mover's landing.
	handEmpty := r.rollHeld()
	if r.unsettled || !r.haveBoard {
		r.wait = doneSettling
		if handEmpty {
			r.wait = doneSettlingEmpty
		}
		return
	}
	r.judge(handEmpty)
	r.confirmOnEarlyRoll()
}

// judgeNow judges the play on the last settled board, settled or not: the
// turn is over whatever the board is doing.
func (r *Referee) judgeNow() {
	r.wait = doneNone
	r.judge(true)
	r.confirmOnEarlyRoll()
}

// fit is a legal play of one line that fits the board.
type fit struct{ line, play int }

// judge decides the play at DONE on the settled board: legal (one line
// or several), or illegal, or not yet: a checker may still be in the hand
// (doneLanding). handEmpty: the wait for a checker in the hand is over,
// the play is judged as the board stands.
func (r *Referee) judge(handEmpty bool) {
	fits, inProgress, waitUntil := r.judging.fits(r, r.fits[:0], handEmpty)
	r.fits = fits
	if !waitUntil.IsZero() {
		r.wait, r.waitUntil = doneLanding, waitUntil
		return
	}
	r.rule(fits, inProgress)
}

// rule records the play the board shows (fits, the likeliest first), or
// flags it when it shows none.
func (r *Referee) rule(fits []fit, inProgress bool) {
	if len(fits) == 0 {
		r.flag(inProgress)
		return
	}
	switch {
	case r.phase == flagged && r.doubt == flagActedOn:
		r.send(Event{Kind: Corrected, Side: r.onRoll, Dice: r.dice})
	case r.phase == flagged:
		r.send(Event{Kind: Withdrawn, Side: r.onRoll, Dice: r.dice})
	}
	r.advance(fits)
}

// flag reports an illegal play at DONE with the points where the board
// differs from the nearest legal result, and waits for a correction.
func (r *Referee) flag(inProgress bool) {
	points := r.judging.lit(r, nil)
	fault := "illegal"
	if inProgress {
		fault = "partial"
	}
	r.doubt = flagOpen
	r.phase = flagged
	r.restored = false
	r.send(Event{Kind: IllegalPlay, Side: r.onRoll, Dice: r.dice, Points: points, Fault: fault})
	r.lastWord = true // a play ending the game has no opponent's turn to be judged again at
	r.followEnd()
	r.lastWord = false
}

// advance records the legal play (or the surviving hypotheses) and passes
// the turn, or ends the game. The play the rules record is the first that
// fits; a game that keeps no hypotheses reports the play ambiguous when
// another fits too. The lines it leaves reuse the matchers of the spare
// ones, and keep the plays since the ambiguity began only while there is
// one.
//
// Allocation budget: none for a turn with one line and one fit, once the
// matchers have met their largest roll (TestSteadyTurnAllocatesNothing).
func (r *Referee) advance(fits []fit) {
	first := &r.lines[fits[0].line]
	current := TurnPlay{Turn: r.turn, Side: r.onRoll, Dice: r.dice, Before: first.matcher.Before(), Play: first.matcher.Plays()[fits[0].play]}
	te, err := r.book.endTurn(current.Side, current.Before, current.Play.After, false)
	if err != nil {
		r.irregular(current.Side, err.Error())
		return
	}
	hidden := len(fits) > 1 && !r.book.hypotheses()
	if !r.book.hypotheses() {
		fits = fits[:1]
	}
	ambiguous := len(r.lines) > 1 || len(fits) > 1
	next := r.spare[:0]
	for _, f := range fits {
		l := &r.lines[f.line]
		p := l.matcher.Plays()[f.play]
		board := p.After
		if te.again {
			board = board.Swap() // the mover throws again
		}
		if containsBoard(next, board) {
			continue // two hypotheses meet again: either history leads here
		}
		next = growLines(next)
		n := &next[len(next)-1]
		n.board, n.plays = board, nil
		if ambiguous {
			n.plays = append(append([]TurnPlay(nil), l.plays...), TurnPlay{Turn: r.turn, Side: r.onRoll, Dice: r.dice, Before: l.matcher.Before(), Play: p})
		}
	}
	r.lines, r.spare = next, r.lines
	survivor := &r.lines[0]
	if len(r.lines) == 1 {
		if r.ambiguousFrom > 0 {
			r.send(Event{Kind: Resolved, Side: current.Side, Plays: survivor.plays[:len(survivor.plays)-1]})
			r.ambiguousFrom = 0
		}
		survivor.plays = nil
	} else if r.ambiguousFrom == 0 {
		r.ambiguousFrom = r.turn
	}
	r.onRoll = r.nextOnRoll(current.Side, te)
	r.phase = awaitingRoll
	r.send(Event{Kind: PlayMade, Side: current.Side, Dice: r.dice, Before: current.Before, Play: current.Play,
		Board: survivor.board, OnRoll: r.onRoll, Ambiguous: len(r.lines) > 1 || hidden, Notation: r.book.notation(current.Play)})
	r.turnOver(current.Side, te)
	r.releaseEarlyRoll()
}

// nextOnRoll is the side on roll after mover's turn ended with te.
func (r *Referee) nextOnRoll(mover engine.Side, te turnEnd) engine.Side {
	if te.again {
		return mover
	}
	return mover.Other()
}

// turnOver ends mover's turn once its play is reported: the game's end,
// or the clock passed to the next on roll and what the turn brought about.
func (r *Referee) turnOver(mover engine.Side, te turnEnd) {
	if te.over {
		r.gameOver(te)
		return
	}
	if r.onRoll != mover {
		r.clockPressAt(mover, r.doneAt)
	}
	for _, e := range te.events {
		r.send(e)
	}
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
// play goes on from the position on the board. It reports false when the
// game's rules cannot let it stand.
func (r *Referee) accept() bool {
	m := &r.lines[0].matcher
	before := m.Before()
	mover := r.onRoll
	st, err := r.book.standing(&r.board, before, r.nearest(m), mover, r.dice)
	var te turnEnd
	if err == nil {
		te, err = r.book.endTurn(mover, before, st.after, true)
	}
	if err != nil {
		r.irregular(mover, fmt.Sprintf("the flagged play cannot stand: %v", err))
		return false
	}
	after := st.after
	if te.again {
		after = after.Swap()
	}
	r.onRoll = r.nextOnRoll(mover, te)
	r.oneLine(after)
	r.phase = awaitingRoll
	r.send(Event{Kind: IllegalAccepted, Side: mover, Dice: r.dice, Before: before,
		Moves: st.moves, Board: after, OnRoll: r.onRoll, Reason: st.reason, Notation: st.notation})
	r.turnOver(mover, te)
	return true
}

// nearest returns the legal result of m (the mover in Mover) the board
// shows but for a checker not seen, or else the one it differs from on
// the fewest points: what to read the counts the sensors leave open by.
func (r *Referee) nearest(m *engine.Matcher) engine.Board {
	if i := m.ShortOf(&r.board); i >= 0 {
		return m.Plays()[i].After.Swap()
	}
	p, _ := m.Nearest(&r.board, nil)
	return p.After.Swap()
}

// opponentBegins ends the mover's turn when side, the opponent, begins
// its own: a play waiting for a checker in the hand is judged (so it is
// when the mover begins a bonus throw), a flagged one's turn ends
// (endFlag). The mover's own double or offer goes through moverActs. It
// reports false when a flagged play cannot stand.
func (r *Referee) opponentBegins(side engine.Side) bool {
	r.endGrace()
	if side == r.onRoll {
		r.moverActs()
		return true
	}
	return r.phase != flagged || r.endFlag()
}

// moverActs takes the mover's own roll, double or offer to resign on its
// flagged play, or the end of the input: on a board that shows a legal
// result of the turn the turn was over, the flag withdrawn (the mover
// throws again after a Welsh bonus throw or triangle, or acts out of
// turn); on a board still illegal the flag stays, for the mover to put
// right.
func (r *Referee) moverActs() {
	if r.phase == flagged {
		r.ruleIfLegal(true)
	}
}

// endFlag ends a flagged play's turn: the opponent begins its own (a
// roll, a double, US 4.8, or an offer to resign) or the director lets the
// play stand. The flag
// raised at DONE is confirmed now, on the board as it reads at this input,
// before the opponent has touched a checker: the last settled board (one
// still moving has not yet shown anything else). A legal result of the
// turn (a checker settled, a hand moved away since DONE) is the play
// made, judged as at DONE and the flag withdrawn, or Corrected when the
// mover acted on it; only a board still illegal is an illegal play let
// stand. It reports false when the flagged play cannot stand.
func (r *Referee) endFlag() bool {
	r.wait = doneNone // a DONE again on the flagged play waits no longer
	r.lastWord = true
	legal := r.ruleIfLegal(true)
	r.lastWord = false
	if !legal {
		return r.accept()
	}
	return r.phase != flagged
}

// followEnd follows a flagged play whose board settles on a legal result
// that ends the game (endingFits: its last checker borne off, a Welsh
// shape or wash): no turn of the opponent's comes to confirm the flag at.
// The mover's DONE then corrects the play; otherwise, once the board is
// set up for the next game or the input ends, the game ended as the board
// last showed it (endAsShown). The board showing that result on the way
// is no end by itself: a checker lifted to put the play right may read as
// borne off, and the opponent's roll on a board still illegal lets the
// play stand, as for any flag.
func (r *Referee) followEnd() {
	if r.doubt == flagOpen || r.doubt == flagEnds {
		if ends := r.endingFits(); len(ends) > 0 {
			r.doubt, r.ending = flagEnds, append(r.ending[:0], ends...)
			return
		}
	}
	start := engine.StartingBoard
	if r.doubt == flagEnds && r.board.Fits(&start, engine.White) {
		if r.endAsShown(); r.phase == settingUp {
			r.checkSetup() // the set-up seen, for the next game
		}
	}
}

// endAsShown rules on a flagged play with the legal plays the board
// showed when it ended the game (flagEnds): the flag withdrawn, the game
// over.
func (r *Referee) endAsShown() { r.rule(r.ending, false) }

// endingFits returns the legal plays the board shows, as the judge reads
// it, when one of them ends the game (rulebook.ends); none otherwise.
func (r *Referee) endingFits() []fit {
	fits := r.legalFits()
	for _, f := range fits {
		if r.book.ends(r.lines[f.line].matcher.Plays()[f.play].After) {
			return fits
		}
	}
	return nil
}

// unmovedSinceRoll reports whether no checker has moved since the roll:
// the board shows the position before the turn, or reads as it did at
// the roll (a sensor that does not read may hide a checker of it).
func (r *Referee) unmovedSinceRoll() bool {
	if r.shows(r.lines[0].matcher.Before()) {
		return true
	}
	return r.haveBoard && r.board.Points == r.rolledOn.Points && r.board.Bar == r.rolledOn.Bar
}

// LetStand is the director's ruling on a flagged play: it stands, and play
// goes on from the position on the board, as when the opponent rolls.
func (r *Referee) LetStand() {
	if r.phase != flagged {
		r.irregular(r.onRoll, "the director let a play stand with none flagged")
		return
	}
	if r.endFlag() {
		r.releaseEarlyRoll()
	}
}

// SetScore is the director's correction of the score.
func (r *Referee) SetScore(score [2]int) {
	if err := r.match.SetScore(score); err != nil {
		r.irregular(r.onRoll, fmt.Sprintf("score correction: %v", err))
		return
	}
	r.notice(r.onRoll, fmt.Sprintf("the director set the score to %d-%d", score[0], score[1]))
	if r.phase == settingUp {
		r.announceCrawford() // the corrected score may make the next game the Crawford game (Danish 4.7)
	}
}
