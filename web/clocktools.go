package web

import (
	"time"

	"gammond/engine"
)

// IntroduceClock puts an unclocked match on the clock named from the next
// game on, each side's reserve the one for the current score (US 7.1,
// clock rules 1.1). Only between games.
type IntroduceClock struct {
	Clock engine.ClockName `json:"clock"` // one of engine.ClockNames but engine.ClockNone
}

// Check implements Action.
func (a IntroduceClock) Check(s *Status) error {
	if a.Clock.Validate() != nil || !a.Clock.Clocked() {
		return invalid("clock %q: want one of %q but %q", a.Clock, engine.ClockNames, engine.ClockNone)
	}
	return checkInput(s, a)
}

// MaxClockAdjust bounds an adjustment of a player's time.
const MaxClockAdjust = time.Hour

// AdjustClock adds Seconds (negative to take time away) to Side's time
// (Danish 3.7.2, 4.3.2.8).
type AdjustClock struct {
	Side    engine.Side `json:"side"`
	Seconds int         `json:"seconds"`
}

// Check implements Action.
func (a AdjustClock) Check(s *Status) error {
	if d := time.Duration(a.Seconds) * time.Second; a.Seconds == 0 || d > MaxClockAdjust || d < -MaxClockAdjust {
		return invalid("seconds %d: want a change of 1 to %d seconds, either way", a.Seconds, int(MaxClockAdjust/time.Second))
	}
	return checkInput(s, a)
}
