package web

import (
	"fmt"

	"gammond/referee"
)

// ChouetteStart begins a chouette in a money session (docs/CHOUETTE.md):
// the members, three or more; the board throws its dice for their ranks,
// again for those who tie (laws 2, 3).
type ChouetteStart struct {
	Members []string `json:"members"`
}

// Check implements Action.
func (a ChouetteStart) Check(s *Status) error {
	switch {
	case len(a.Members) < 3:
		return invalid("%d members: a chouette is played by three or more (law 1)", len(a.Members))
	case s.Length > 0:
		return conflict("a chouette is money play, and this is a %d-point match", s.Length)
	case s.Game > 0 && s.Phase != referee.PhaseSettingUp:
		return conflict("a game is in progress: start the chouette between games")
	}
	return nil
}

// ChouetteJoin adds a newcomer to the chouette: he ranks last from the
// next game on (law 4).
type ChouetteJoin struct {
	Name string `json:"name"`
}

// Check implements Action.
func (a ChouetteJoin) Check(s *Status) error { return inChouette(s) }

// ChouetteAnswer is a team member's own answer to the box's double (law
// 8), the captain's included: Take, or pass.
type ChouetteAnswer struct {
	Member string `json:"member"`
	Take   bool   `json:"take"`
}

// Check implements Action.
func (a ChouetteAnswer) Check(s *Status) error {
	if err := inChouette(s); err != nil {
		return err
	}
	if len(s.Session.Chouette.Pending) == 0 {
		return conflict("no double awaits %s's answer", a.Member)
	}
	return nil
}

// ChouettePartner is the box's choice of a partner for the game, with six
// members or more, before the cube is turned (law 12).
type ChouettePartner struct {
	Member string `json:"member"`
}

// Check implements Action.
func (a ChouettePartner) Check(s *Status) error { return inChouette(s) }

// inChouette refuses an action with no chouette played.
func inChouette(s *Status) error {
	if s.Session == nil || s.Session.Chouette == nil {
		return fmt.Errorf("%w: no chouette is played", ErrConflict)
	}
	return nil
}
