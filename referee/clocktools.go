package referee

import (
	"fmt"
	"time"

	"gammond/engine"
)

// The director's clock tools (US 7.1, clock rules 1.1; Danish 3.7.2,
// 4.3.2.8): a clock introduced at the start of any game, its reserves set
// for the current score, and a player's time adjusted. Each is an
// Irregularity the record notes; a tool used at the wrong moment is
// refused with its reason and changes nothing.

// IntroduceClock puts the match on the clock rules named (see
// engine.ClockRulesNamed) from the next game on, each side's reserve the
// one the rules give at the current score. Only between games of an
// unclocked match.
func (r *Referee) IntroduceClock(name engine.ClockName) {
	if reason := r.introduceRefusal(); reason != "" {
		r.irregular(r.onRoll, "the clock cannot be introduced: "+reason)
		return
	}
	rules, err := engine.ClockRulesNamed(name)
	if err == nil {
		r.gameClock, err = engine.NewClock(rules, r.match.Length(), r.match.Score())
	}
	if err != nil {
		r.gameClock = nil
		r.irregular(r.onRoll, fmt.Sprintf("the clock cannot be introduced: %v", err))
		return
	}
	score := r.match.Score()
	r.notice(r.onRoll, fmt.Sprintf("director: the %s clock from game %d on, at %d-%d: %v each",
		name, r.game+1, score[0], score[1], r.gameClock.Remaining(engine.White, r.clock.Now())))
}

// introduceRefusal says why a clock cannot be introduced now, or "".
func (r *Referee) introduceRefusal() string {
	switch {
	case r.gameClock != nil:
		return "the match has a clock"
	case r.match.Length() == 0:
		return "money play has no clock"
	case r.phase != settingUp:
		return "only at the start of a game"
	}
	return ""
}

// AdjustClock adds d (negative to take time away) to side's reserve.
func (r *Referee) AdjustClock(side engine.Side, d time.Duration) {
	switch {
	case r.gameClock == nil:
		r.irregular(side, "the clock cannot be adjusted: the match has no clock")
		return
	case d == 0:
		r.irregular(side, "the clock cannot be adjusted: no time given")
		return
	case r.phase == matchOver:
		r.irregular(side, "the clock cannot be adjusted: the match is over")
		return
	}
	r.gameClock.Adjust(side, d)
	r.notice(side, fmt.Sprintf("director: %v's time adjusted by %v to %v", side, d, r.gameClock.Remaining(side, r.clock.Now())))
}
