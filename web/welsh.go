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

// Check implements Action: the option's own fields, then the referee's
// answer.
func (a WelshOption) Check(s *Status) error {
	switch a.Option {
	case referee.InputAceyDeucey, referee.InputOneDie, referee.InputNominate, referee.InputConcede, referee.InputOddsEvens:
	default:
		return invalid("option %q: want %q, %q, %q, %q or %q", a.Option, referee.InputAceyDeucey, referee.InputOneDie,
			referee.InputNominate, referee.InputConcede, referee.InputOddsEvens)
	}
	switch {
	case a.Option == referee.InputOddsEvens && !a.Dice.Valid():
		return invalid("%s with dice %v: want two dice 1-6", a.Option, a.Dice)
	case a.Option == referee.InputConcede && a.Games < 1:
		return invalid("an offer of %d games: want 1 or more", a.Games)
	}
	return checkInput(s, a)
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
