package referee

import (
	"time"

	"gammond/calib"
)

// DONE with a checker in hand: a mover who presses DONE while the last
// checker is still in the air would be judged on a board one checker
// short. When the sensor model reads the board at DONE as no legal result
// played (a checker maybe still in the hand), the referee waits for it:
// until the board settles again on what the play left, or moves once a
// checker in the hand has had time to land (another hand's), or the grace
// period (Pipeline.DoneGrace, told by InputDoneGrace) is over, or the
// opponent rolls or doubles.

// DefaultDoneGrace is how long the referee waits, after a DONE that finds the
// mover short of a checker, for the checker to land: a hand sets down a
// checker well within it (100-400 ms), and a flag 2 s late is still prompt.
const DefaultDoneGrace = 2 * time.Second

// restLanding is how long after the board comes to rest a checker still
// in the hand may land, judged not played meanwhile: the wait ends as soon
// as the board starts moving later than this. A checker in the hand lands
// within handLanding, the scan may stall scanStall while it is set down,
// and its readings hold still a settle window later; players who made a
// play that only reads a checker short move again later, if at all.
const restLanding = handLanding + scanStall + calib.SettleWindow

// handLanding is how long after DONE a checker still in the hand takes
// to land at most: a play the board shows no legal result of is flagged
// once it has, so that a hand correcting an illegal play is not taken
// for a landing.
const handLanding = 400 * time.Millisecond

// movedLate judges a play waiting for a checker in the hand once the
// board starts moving after waitUntil: on the board as it stood, the move
// another hand's, not the landing.
func (r *Referee) movedLate() {
	if r.wait == doneLanding && r.clock.Now().After(r.waitUntil) {
		r.endGrace()
	}
}

// checkerLanded judges again a play waiting for a checker in the hand,
// once the board settles.
func (r *Referee) checkerLanded() {
	if r.awaitingChecker() {
		r.wait = doneNone
		r.judge(false)
	}
}

// legalFits returns the legal plays of the lines the board shows, as the
// judge reads it with the hand empty.
func (r *Referee) legalFits() []fit {
	r.fits, _, _ = r.judging.fits(r, r.fits[:0], true)
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
func (r *Referee) awaitingChecker() bool { return r.wait == doneLanding }

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
