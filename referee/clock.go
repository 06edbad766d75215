package referee

import (
	"fmt"
	"time"

	"gammond/engine"
)

// The game clock (US 8-10, Danish 3.5 and 4.3): the referee runs it from
// the turns it sees, so a journal of its inputs rebuilds it too. It starts
// with the opener's turn, passes when a turn truly ends (a legal play, or an
// illegal one let stand; a flagged play is the mover's to put right, on the
// mover's time), passes on a double and on a take, and stops at a game's
// end. A turn's time ends at the mover's last DONE, however late its play
// is judged: a checker awaited in the hand, a flag withdrawn or let stand
// at the opponent's roll.

// SetClock makes the match a clocked one; nil leaves it unclocked. Call it
// before the first game.
func (r *Referee) SetClock(c *engine.Clock) { r.gameClock = c }

// Clock returns the match's clock, nil when it is not clocked. It belongs
// to the referee: read it on the referee's goroutine.
func (r *Referee) Clock() *engine.Clock { return r.gameClock }

// TimedOut returns the side whose time has run out at the referee's time,
// for the daemon to deliver as an InputTimeout.
func (r *Referee) TimedOut() (engine.Side, bool) {
	if r.gameClock == nil || r.phase == matchOver || r.phase == settingUp {
		return 0, false
	}
	return r.gameClock.TimedOut(r.clock.Now())
}

// clockErr reports what the clock refuses: the referee's flow and the
// clock's disagree.
func (r *Referee) clockErr(err error) {
	if err != nil {
		r.irregular(r.onRoll, fmt.Sprintf("clock: %v", err))
	}
}

// clockStart starts the opener's time at a game's first roll.
func (r *Referee) clockStart(opener engine.Side) {
	if r.gameClock != nil {
		r.clockErr(r.gameClock.Start(opener, r.clock.Now()))
	}
}

// clockPress ends side's turn on the clock.
func (r *Referee) clockPress(side engine.Side) { r.clockPressAt(side, time.Time{}) }

// clockPressAt ends side's turn on the clock at at, or now when at is
// zero.
func (r *Referee) clockPressAt(side engine.Side, at time.Time) {
	if r.gameClock == nil {
		return
	}
	if at.IsZero() {
		at = r.clock.Now()
	}
	r.clockErr(r.gameClock.Press(side, at))
}

// clockStop stops the clock at a game's end.
func (r *Referee) clockStop() {
	if r.gameClock != nil {
		r.clockErr(r.gameClock.Stop(r.clock.Now()))
	}
}

// TimeOut ends the match of a side whose time has run out: it loses,
// unless the game's rules say otherwise (the Danish gin rule, where the
// clock rules have it: it cannot lose whatever is rolled).
func (r *Referee) TimeOut() {
	side, out := r.TimedOut()
	if !out {
		return
	}
	r.clockStop()
	before := r.lines[0].board
	if r.phase == moving || r.phase == flagged {
		before = r.lines[0].matcher.Before()
	}
	winner, err := r.book.timeOut(side, before, r.dice, r.gameClock.Rules().Gin)
	if err != nil {
		r.irregular(side, err.Error())
		return
	}
	r.notice(side, fmt.Sprintf("%v's time ran out: %v wins the match", side, winner))
	r.phase, r.offer = matchOver, nil
	_, _, how := r.book.matchOver()
	r.send(Event{Kind: MatchOver, Side: winner, Score: r.book.score(), Reason: how})
	r.book.afterGame()
}

// PauseClock pauses or resumes the clock, for a break or the director.
func (r *Referee) PauseClock(paused bool) {
	switch {
	case r.gameClock == nil:
		r.irregular(r.onRoll, "no clock to pause")
	case paused:
		r.clockErr(r.gameClock.Pause(r.clock.Now()))
	default:
		r.clockErr(r.gameClock.Resume(r.clock.Now()))
	}
}

// Penalize applies the clock rules' penalty for picking up the dice too
// early to side.
func (r *Referee) Penalize(side engine.Side) {
	if r.gameClock == nil {
		r.irregular(side, "no clock to penalize on")
		return
	}
	if _, running := r.gameClock.Running(); !running {
		r.irregular(side, "no turn is on the clock to penalize on")
		return
	}
	r.gameClock.PrematurePickup(side, r.clock.Now())
	r.notice(side, fmt.Sprintf("%v is penalized for picking up the dice early", side))
}
