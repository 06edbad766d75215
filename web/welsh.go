package web

import (
	"gammond/engine"
	"gammond/referee"
)

// WelshOption is a Welsh backgammon player's option given on the page
// (docs/WELSH.md), for the options the buttons cannot give: a nominate, an
// offer to concede with the fiver, odds and evens; and those they can
// (acey-deucey, one die). It fits a Welsh match only. As every action's,
// its JSON gives every field; those the option does not use are zero.
type WelshOption struct {
	Side   engine.Side       `json:"side"`
	Option referee.InputKind `json:"option"`
	// Dice: for InputNominate the throw nominated; for InputOddsEvens the
	// shaker's hidden dice.
	Dice engine.Dice `json:"dice"`
	// Games and Fiver: for InputConcede the games offered, and the £5 paid
	// with them (rule 18).
	Games int  `json:"games"`
	Fiver bool `json:"fiver"`
	// Odds: for InputOddsEvens, the call is odds (else evens).
	Odds bool `json:"odds"`
}

// Check implements Action: the option's own fields; whether the rules allow
// it now is the referee's to say.
func (a WelshOption) Check(s *Status) error {
	switch {
	case s.Welsh == nil:
		return conflict("%q is an option of Welsh backgammon, and this match is not one", a.Option)
	case a.Side > engine.Black:
		return invalidSide(a.Side)
	case (a.Option == referee.InputNominate || a.Option == referee.InputOddsEvens) && !a.Dice.Valid():
		return invalid("%s with dice %v: want two dice 1-6", a.Option, a.Dice)
	case a.Option == referee.InputConcede && a.Games < 1:
		return invalid("an offer of %d games: want 1 or more", a.Games)
	}
	switch a.Option {
	case referee.InputAceyDeucey, referee.InputOneDie, referee.InputNominate, referee.InputConcede, referee.InputOddsEvens:
		return nil
	}
	return invalid("option %q: want %q, %q, %q, %q or %q", a.Option, referee.InputAceyDeucey, referee.InputOneDie,
		referee.InputNominate, referee.InputConcede, referee.InputOddsEvens)
}

// checkWelsh is EnterDice's Check in a Welsh match: a game's first throw is
// anyone's, doubles too (rule 7); the thrower's while he may throw, or
// throw an unplayed 2-1 again (rule 13); the opponent's on a flagged play.
func (a EnterDice) checkWelsh(s *Status) error {
	switch {
	case s.Phase == referee.PhaseSettingUp:
		return nil
	case s.Phase == referee.PhaseRolling && a.Side == s.OnRoll:
		return nil
	case s.Phase == referee.PhaseMoving && a.Side == s.OnRoll && s.Welsh.AceyDeucey:
		return nil
	case s.Phase == referee.PhaseFlagged && a.Side != s.OnRoll:
		return nil
	}
	return conflict("no throw of %v is due (%s, %v on roll)", a.Side, s.Phase, s.OnRoll)
}

// Input returns the referee's input for the option.
func (a WelshOption) Input() referee.Input {
	in := referee.Input{Kind: a.Option, Side: a.Side}
	switch a.Option {
	case referee.InputNominate:
		in.Dice = a.Dice
	case referee.InputConcede:
		in.Games, in.Fiver = a.Games, a.Fiver
	case referee.InputOddsEvens:
		in.Dice, in.Odds = a.Dice, a.Odds
	}
	return in
}
