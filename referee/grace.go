package referee

import (
	"time"
)

// DONE with a checker in hand (issue 10, item 6): a mover who presses DONE
// while the last checker is still in the air would be judged on a board one
// checker short. When DONE finds the mover short of a checker that no legal
// play explains, the referee waits for it: until the board shows a legal
// result, or the grace period (Pipeline.DoneGrace, told by InputDoneGrace)
// is over, or the opponent rolls or doubles. A play flagged while short
// whose board becomes a legal result before the opponent acts is withdrawn:
// the flag never stood.

// DefaultDoneGrace is how long the referee waits, after a DONE that finds the
// mover short of a checker, for the checker to land: a hand sets down a
// checker well within it (100-400 ms), and a flag 2 s late is still prompt.
const DefaultDoneGrace = 2 * time.Second

// maskedLanding is how long after DONE a board with masked slots that
// shows a legal result but for one checker (mayBeShort) waits for it. A
// dead sensor may hide a checker, so the wait ends as soon as the board
// starts moving later than this: a checker in the hand lands within 400
// ms and settles 150 ms later, while players who made a play that only
// looks one short move again later, if at all.
const maskedLanding = 800 * time.Millisecond

// handLanding is how long after DONE a checker still in the hand takes
// to land at most: a play the board shows no legal result of is flagged
// once it has, so that a hand correcting an illegal play is not taken
// for a landing.
const handLanding = 400 * time.Millisecond

// judgeAtDone judges the play of a DONE on a settled board, unless the mover
// is short of a checker: then the judgement waits for it. handEmpty: the
// wait for a checker in the hand ended while the board settled.
func (r *Referee) judgeAtDone(handEmpty bool) {
	switch w := r.judges().wait(r); w {
	case doneNone:
		r.judge(handEmpty)
	case doneMasked:
		r.wait, r.waitUntil = w, r.clock.Now().Add(maskedLanding)
	default:
		r.wait = w
	}
}

// moverShort reports whether the board shows a legal result of some line
// with one of the mover's checkers still in the hand (engine.Matcher.InHand).
func (r *Referee) moverShort() bool {
	for i := range r.lines {
		if r.lines[i].matcher.InHand(&r.board) {
			return true
		}
	}
	return false
}

// mayBeShort is moverShort with masked slots too (engine.Matcher.OneShort).
func (r *Referee) mayBeShort() bool {
	for i := range r.lines {
		if r.lines[i].matcher.OneShort(&r.board) {
			return true
		}
	}
	return false
}

// movedLate judges a play waiting on a board with masked slots once the
// board starts moving after maskedLanding: on the board as it stood.
func (r *Referee) movedLate() {
	if r.wait == doneMasked && r.clock.Now().After(r.waitUntil) {
		r.endGrace()
	}
}

// checkerLanded judges the play waited for once the board it settles on is
// no longer short, and withdraws a flag raised on a short board once the
// board shows a legal result. A flagged board that stops being a legal
// result short of one checker is being put right, or was misread: the
// flag waits for a DONE or the opponent's turn (endFlag).
func (r *Referee) checkerLanded() {
	switch {
	case r.awaitingChecker() && r.judges().wait(r) == doneNone:
		r.wait = doneNone
		r.judge(false)
	case r.phase == flagged && r.doubt == flagShort:
		if !r.ruleIfLegal(false) && !r.moverShort() {
			r.doubt = flagOpen
		}
	}
}

// legalFits returns the legal plays of the lines the board shows, as the
// judge reads it with the hand empty.
func (r *Referee) legalFits() []fit {
	r.fits, _, _ = r.judges().fits(r, r.fits[:0], true)
	return r.fits
}

// fitsLegal reports whether the board shows some line's legal result.
func (r *Referee) fitsLegal() bool { return len(r.legalFits()) > 0 }

// ruleIfLegal judges the turn's play, as at DONE, when the board shows a
// legal result of it with the hand empty, and reports whether it shows
// one. handEmpty: a press says the mover's hand is off the board (the
// opponent acts, or the mover itself); a board settling says nothing of
// it, and the judgement may wait for a checker in the hand.
func (r *Referee) ruleIfLegal(handEmpty bool) bool {
	if !r.fitsLegal() {
		return false
	}
	r.judge(handEmpty)
	return true
}

// awaitingChecker reports whether a DONE waits for a checker in the hand.
func (r *Referee) awaitingChecker() bool { return r.wait == doneInHand || r.wait == doneMasked }

// DoneGraceOver tells the referee that the grace period after a DONE is
// over: a play still waiting for a checker is judged on the board as it is.
func (r *Referee) DoneGraceOver() { r.endGrace() }

// endGrace judges a play waiting for a checker now: the grace period is
// over, or the opponent has begun its turn. A play waiting for the board
// to settle is judged as the board stands once it does.
func (r *Referee) endGrace() {
	switch {
	case r.awaitingChecker():
		r.judgeNow()
	case r.wait == doneSettling:
		r.wait = doneSettlingEmpty
	}
}
