package web

import (
	"time"

	"gammond/engine"
	"gammond/referee"
)

// IntroduceClock puts an unclocked match on the clock named from the next
// game on, each side's reserve the one for the current score (US 7.1,
// clock rules 1.1). Only between games.
type IntroduceClock struct {
	Clock engine.ClockName `json:"clock"` // one of engine.ClockNames but engine.ClockNone
}

// Check implements Action.
func (a IntroduceClock) Check(s *Status) error {
	switch {
	case a.Clock.Validate() != nil || !a.Clock.Clocked():
		return invalid("clock %q: want one of %q but %q", a.Clock, engine.ClockNames, engine.ClockNone)
	case s.Length == 0:
		return conflict("money play has no clock")
	case s.Clocks != nil:
		return conflict("the match has a clock")
	case s.Phase != referee.PhaseSettingUp:
		return conflict("a clock is introduced at the start of a game, not %s", s.Phase)
	}
	return nil
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
	d := time.Duration(a.Seconds) * time.Second
	switch {
	case a.Side > engine.Black:
		return invalidSide(a.Side)
	case a.Seconds == 0 || d > MaxClockAdjust || d < -MaxClockAdjust:
		return invalid("seconds %d: want a change of 1 to %d seconds, either way", a.Seconds, int(MaxClockAdjust/time.Second))
	case s.Clocks == nil:
		return conflict("the match has no clock")
	case s.Phase == referee.PhaseMatchOver:
		return conflict("the match is over")
	}
	return nil
}
