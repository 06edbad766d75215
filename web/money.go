package web

import (
	"gammond/engine"
	"gammond/referee"
)

// Beaver is a money session's beaver, entered on the page: Side, doubled,
// takes and at once redoubles, keeping the cube; or, having just taken,
// beavers before the doubler rolls. The board refuses it (an event says
// why) when the session is played without beavers.
type Beaver struct {
	Side engine.Side `json:"side"`
}

// Check implements Action.
func (a Beaver) Check(s *Status) error {
	switch {
	case a.Side > engine.Black:
		return invalidSide(a.Side)
	case s.Length > 0:
		return conflict("beavers are for money play, and this is a %d-point match", s.Length)
	case a.Side == s.OnRoll || s.Phase != referee.PhaseDoubled && s.Phase != referee.PhaseRolling:
		return conflict("%v has no double to beaver", a.Side)
	}
	return nil
}

// Raccoon is a money session's raccoon, entered on the page: Side, whose
// double was beavered, redoubles before rolling, keeping the cube.
type Raccoon struct {
	Side engine.Side `json:"side"`
}

// Check implements Action.
func (a Raccoon) Check(s *Status) error {
	switch {
	case a.Side > engine.Black:
		return invalidSide(a.Side)
	case s.Length > 0:
		return conflict("raccoons are for money play, and this is a %d-point match", s.Length)
	case a.Side != s.OnRoll || s.Phase != referee.PhaseRolling:
		return conflict("%v has no beaver to raccoon", a.Side)
	}
	return nil
}
