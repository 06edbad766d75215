package web

import (
	"time"

	"gammond/engine"
	"gammond/referee"
)

// Resign offers Side's resignation of a single game (Points 1), a gammon
// (2) or a backgammon (3), times the cube (US 11.1, Danish 4.5). A side
// may raise its own offer while it waits.
type Resign struct {
	Side   engine.Side `json:"side"`
	Points int         `json:"points"`
}

// Check implements Action.
func (a Resign) Check(s *Status) error {
	o := s.Resignation
	switch {
	case a.Side > engine.Black:
		return invalidSide(a.Side)
	case a.Points < 1 || a.Points > 3:
		return invalid("points %d: want 1 (single), 2 (gammon) or 3 (backgammon)", a.Points)
	case !inGame(s):
		return conflict("no game is in progress (%s)", s.Phase)
	case o != nil && o.Side != a.Side:
		return conflict("%v's resignation waits for %v's answer", o.Side, a.Side)
	case o != nil && a.Points <= o.Points:
		return conflict("%v has offered %d already: an offer can only be raised", a.Side, o.Points)
	}
	return nil
}

// AnswerResignation is Side's answer to the resignation offered to it:
// Accept ends the game, else play goes on.
type AnswerResignation struct {
	Side   engine.Side `json:"side"`
	Accept bool        `json:"accept"`
}

// Check implements Action.
func (a AnswerResignation) Check(s *Status) error {
	o := s.Resignation
	switch {
	case a.Side > engine.Black:
		return invalidSide(a.Side)
	case o == nil:
		return conflict("no resignation is on offer")
	case o.Side == a.Side:
		return conflict("the resignation on offer is %v's own", a.Side)
	}
	return nil
}

// ForceResignation is the director's ruling that the resignation on offer
// is accepted, where the opponent can do no better (US 11.1, clock rules
// 5.1).
type ForceResignation struct{}

// Check implements Action.
func (ForceResignation) Check(s *Status) error {
	o := s.Resignation
	switch {
	case o == nil:
		return conflict("no resignation is on offer")
	case !o.Forced:
		return conflict("%v may still do better than %v's offer: it cannot be forced", o.Side.Other(), o.Side)
	}
	return nil
}

// inGame reports whether a game is in progress.
func inGame(s *Status) bool {
	return s.Phase != referee.PhaseSettingUp && s.Phase != referee.PhaseMatchOver
}

// RefereeInput returns the referee's input for an action the referee
// takes as it is (Resign, AnswerResignation, ForceResignation,
// ChooseEarlyRoll, IntroduceClock, AdjustClock, WelshOption,
// AnnulCrawford, RuleOutOfPlay, Beaver, Raccoon), its time left to the
// caller; false for any other action.
func RefereeInput(a Action) (referee.Input, bool) {
	switch a := a.(type) {
	case ChooseEarlyRoll:
		return referee.Input{Kind: referee.InputEarlyRollChoice, Side: a.Side, Reroll: a.Reroll}, true
	case IntroduceClock:
		return referee.Input{Kind: referee.InputClockIntroduce, Clock: a.Clock}, true
	case AdjustClock:
		return referee.Input{Kind: referee.InputClockAdjust, Side: a.Side, Adjust: time.Duration(a.Seconds) * time.Second}, true
	case Resign:
		return referee.Input{Kind: referee.InputResign, Side: a.Side, Points: a.Points}, true
	case AnswerResignation:
		kind := referee.InputReject
		if a.Accept {
			kind = referee.InputAccept
		}
		return referee.Input{Kind: kind, Side: a.Side}, true
	case ForceResignation:
		return referee.Input{Kind: referee.InputForceAccept}, true
	case WelshOption:
		return a.Input(), true
	case AnnulCrawford:
		return referee.Input{Kind: referee.InputAnnulCrawford}, true
	case RuleOutOfPlay:
		return referee.Input{Kind: referee.InputOutOfPlay, Side: a.Side, Points: a.Checkers}, true
	case Beaver:
		return referee.Input{Kind: referee.InputBeaver, Side: a.Side}, true
	case Raccoon:
		return referee.Input{Kind: referee.InputRaccoon, Side: a.Side}, true
	}
	return referee.Input{}, false
}

// ChooseEarlyRoll is the mover's choice on the opponent's roll made before
// its DONE (US 4.6): Reroll, or let it stand (the default).
type ChooseEarlyRoll struct {
	Side   engine.Side `json:"side"`
	Reroll bool        `json:"reroll"`
}

// Check implements Action.
func (a ChooseEarlyRoll) Check(s *Status) error {
	switch {
	case a.Side > engine.Black:
		return invalidSide(a.Side)
	case s.EarlyRoll == nil:
		return conflict("no early roll is held")
	case s.EarlyRoll.Side == a.Side:
		return conflict("the early roll is %v's own: the choice is %v's", a.Side, a.Side.Other())
	}
	return nil
}
