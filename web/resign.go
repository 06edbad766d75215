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

// Check implements Action: the referee says.
func (a Resign) Check(s *Status) error { return checkInput(s, a) }

// AnswerResignation is Side's answer to the resignation offered to it:
// Accept ends the game, else play goes on.
type AnswerResignation struct {
	Side   engine.Side `json:"side"`
	Accept bool        `json:"accept"`
}

// Check implements Action: the referee says.
func (a AnswerResignation) Check(s *Status) error { return checkInput(s, a) }

// ForceResignation is the director's ruling that the resignation on offer
// is accepted, where the opponent can do no better (US 11.1, clock rules
// 5.1).
type ForceResignation struct{}

// Check implements Action: the referee says.
func (a ForceResignation) Check(s *Status) error { return checkInput(s, a) }

// checkInput is Check for an action the referee takes as it is
// (RefereeInput).
func checkInput(s *Status, a Action) error {
	in, _ := RefereeInput(a)
	return refereeTakes(s, in)
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

// Check implements Action: the referee says.
func (a ChooseEarlyRoll) Check(s *Status) error { return checkInput(s, a) }
