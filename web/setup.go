package web

import "gammond/engine"

// RuleOutOfPlay is the director's ruling that Checkers of Side's checkers
// the board does not see are out of play (US 4.7, Danish 4.2.4): missing
// since the game's start, not on a sensor that does not read, which only
// someone looking at the board can tell. The referee refuses it, with the
// reason, before the set-up is official or for checkers the board sees.
type RuleOutOfPlay struct {
	Side     engine.Side `json:"side"`
	Checkers int         `json:"checkers"`
}

// Check implements Action: the referee says.
func (a RuleOutOfPlay) Check(s *Status) error { return checkInput(s, a) }
