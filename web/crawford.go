package web

import (
	"gammond/engine"
	"gammond/referee"
)

// AnnulCrawford is the director's annulment of the cube of a game the
// corrected score makes the Crawford game (Danish 4.4.4): the game in
// progress goes on without the cube; the game just ended, the next not
// started, scores its points without it. The referee refuses it, with
// the reason, where the score makes no Crawford game.
type AnnulCrawford struct{}

// Check implements Action.
func (AnnulCrawford) Check(s *Status) error {
	switch {
	case s.Rules != engine.RulesDanish:
		return conflict("only the Danish rules annul a double in the Crawford game (4.4.4); the match is played under %q", s.Rules)
	case s.Length < 2:
		return conflict("a %d-point match has no Crawford game", s.Length)
	case inGame(s) && s.Cube == 1 && s.Phase != referee.PhaseDoubled:
		return conflict("the cube was not turned in this game")
	}
	return nil
}
