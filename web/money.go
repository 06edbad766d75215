package web

import (
	"gammond/engine"
)

// Beaver is a money session's beaver, entered on the page: Side, doubled,
// takes and at once redoubles, keeping the cube; or, having just taken,
// beavers before the doubler rolls. The board refuses it (an event says
// why) when the session is played without beavers.
type Beaver struct {
	Side engine.Side `json:"side"`
}

// Check implements Action: the referee says.
func (a Beaver) Check(s *Status) error { return checkInput(s, a) }

// Raccoon is a money session's raccoon, entered on the page: Side, whose
// double was beavered, redoubles before rolling, keeping the cube.
type Raccoon struct {
	Side engine.Side `json:"side"`
}

// Check implements Action: the referee says.
func (a Raccoon) Check(s *Status) error { return checkInput(s, a) }
