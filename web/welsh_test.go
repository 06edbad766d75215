package web

import (
	"errors"
	"testing"

	"gammond/engine"
	"gammond/referee"
)

// TestEnterDiceWelsh: in a Welsh match a game's first throw may be doubles
// (no opening roll of one die each), and the thrower may enter a new throw
// for an unplayed 2-1 (acey-deucey, rule 13); a standard match refuses
// both.
func TestEnterDiceWelsh(t *testing.T) {
	welshStatus := func(phase string, acey bool) *Status {
		s := playing()
		s.Phase, s.Rules = phase, engine.RulesWelsh
		s.Welsh = &referee.WelshStatus{Games: 25, AceyDeucey: acey}
		return &s
	}
	standard := playing()
	standard.Phase = referee.PhaseSettingUp
	for _, tc := range []struct {
		name string
		a    EnterDice
		s    *Status
		want error
	}{
		{"a Welsh first throw of doubles", EnterDice{Side: engine.Black, Dice: engine.Dice{3, 3}}, welshStatus(referee.PhaseSettingUp, false), nil},
		{"an acey-deucey thrown again", EnterDice{Side: engine.White, Dice: engine.Dice{6, 5}}, welshStatus(referee.PhaseMoving, true), nil},
		{"a throw in the middle of a play", EnterDice{Side: engine.White, Dice: engine.Dice{6, 5}}, welshStatus(referee.PhaseMoving, false), ErrConflict},
		{"the opponent's throw while White throws", EnterDice{Side: engine.Black, Dice: engine.Dice{6, 5}}, welshStatus(referee.PhaseRolling, false), ErrConflict},
		{"a standard opening roll of doubles", EnterDice{Side: engine.Black, Dice: engine.Dice{3, 3}}, &standard, ErrConflict},
	} {
		if err := tc.a.Check(tc.s); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
}

// TestWelshOptionCheck: the option's own fields are checked, and a Welsh
// option fits a Welsh match only.
func TestWelshOptionCheck(t *testing.T) {
	s := playing()
	s.Welsh = &referee.WelshStatus{Games: 25}
	for _, tc := range []struct {
		a    WelshOption
		want error
	}{
		{WelshOption{Side: engine.White, Option: referee.InputAceyDeucey}, nil},
		{WelshOption{Side: engine.White, Option: referee.InputConcede, Games: 2, Fiver: true}, nil},
		{WelshOption{Side: engine.White, Option: referee.InputConcede}, ErrInvalid},
		{WelshOption{Side: engine.White, Option: referee.InputOddsEvens}, ErrInvalid},
		{WelshOption{Side: 2, Option: referee.InputOneDie}, ErrInvalid},
		{WelshOption{Side: engine.White, Option: referee.InputRoll}, ErrInvalid},
	} {
		if err := tc.a.Check(&s); !errors.Is(err, tc.want) {
			t.Errorf("%+v: %v, want %v", tc.a, err, tc.want)
		}
	}
	standard := playing()
	if err := (WelshOption{Side: engine.White, Option: referee.InputOneDie}).Check(&standard); !errors.Is(err, ErrConflict) {
		t.Errorf("on a standard match: %v, want a conflict", err)
	}
	in := WelshOption{Side: engine.Black, Option: referee.InputConcede, Games: 3, Fiver: true}.Input()
	if in.Kind != referee.InputConcede || in.Side != engine.Black || in.Games != 3 || !in.Fiver {
		t.Errorf("the offer's input %+v", in)
	}
}
