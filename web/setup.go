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

// Check implements Action.
func (a RuleOutOfPlay) Check(s *Status) error {
	switch {
	case a.Side > engine.Black:
		return invalidSide(a.Side)
	case a.Checkers < 1 || a.Checkers >= engine.CheckersPerSide:
		return invalid("checkers %d: want 1 to %d", a.Checkers, engine.CheckersPerSide-1)
	case s.Rules == engine.RulesWelsh:
		return conflict("Welsh backgammon has no set-up deadline (US 4.7, Danish 4.2.4) nor checkers out of play")
	case !inGame(s):
		return conflict("no game in progress")
	}
	return nil
}
