package web

import (
	"errors"
	"testing"

	"gammond/engine"
	"gammond/referee"
)

// TestCheck covers the states an action fits or not beyond what the
// endpoint tests try.
func TestCheck(t *testing.T) {
	phase := func(p string, onRoll engine.Side) func(*Status) {
		return func(s *Status) { s.Phase, s.OnRoll = p, onRoll }
	}
	offered := func(side engine.Side, points int, forced bool) func(*Status) {
		return func(s *Status) {
			s.Resignation = &referee.Offer{Side: side, Points: points, Worth: points, Forced: forced}
		}
	}
	for _, tc := range []struct {
		name  string
		a     Action
		state func(*Status)
		want  error // nil, ErrInvalid, ErrConflict or ErrNotSimulated
	}{
		{"opening roll", EnterDice{engine.Black, engine.Dice{6, 1}}, phase(referee.PhaseSettingUp, engine.White), nil},
		{"opening doubles (US 9.3)", EnterDice{engine.Black, engine.Dice{4, 4}}, phase(referee.PhaseSettingUp, engine.White), ErrConflict},
		{"roll of the side on roll", EnterDice{engine.Black, engine.Dice{6, 1}}, phase(referee.PhaseRolling, engine.Black), nil},
		{"roll of the other side", EnterDice{engine.White, engine.Dice{6, 1}}, phase(referee.PhaseRolling, engine.Black), ErrConflict},
		{"roll that lets a flagged play stand", EnterDice{engine.White, engine.Dice{2, 2}}, phase(referee.PhaseFlagged, engine.Black), nil},
		{"roll of the flagged mover", EnterDice{engine.Black, engine.Dice{2, 2}}, phase(referee.PhaseFlagged, engine.Black), ErrConflict},
		{"roll during a double", EnterDice{engine.Black, engine.Dice{2, 2}}, phase(referee.PhaseDoubled, engine.Black), ErrConflict},
		{"roll after the match", EnterDice{engine.Black, engine.Dice{2, 2}}, phase(referee.PhaseMatchOver, engine.Black), ErrConflict},
		{"new match after the last", StartMatch{"A", "B", 1, engine.RulesUS, engine.ClockNone}, phase(referee.PhaseMatchOver, engine.White), nil},
		{"money play", StartMatch{"A", "B", 0, engine.RulesUS, engine.ClockNone}, func(s *Status) { s.Game = 0 }, nil},
		{"names of 32 characters", StartMatch{"Ålice Ålice Ålice Ålice Ålice Ål", "B", 1, engine.RulesUS, engine.ClockNone}, func(s *Status) { s.Game = 0 }, nil},
		{"name not UTF-8", StartMatch{"A\xff", "B", 1, engine.RulesUS, engine.ClockNone}, func(s *Status) { s.Game = 0 }, ErrInvalid},
		{"money score", SetScore{[2]int{12, 40}}, func(s *Status) { s.Length = 0 }, nil},
		{"money score too high", SetScore{[2]int{MaxMoneyScore + 1, 0}}, func(s *Status) { s.Length = 0 }, ErrInvalid},
		{"resume paused clocks", PauseClocks{false}, func(s *Status) { s.Clocks.Paused = true }, nil},
		{"resume running clocks", PauseClocks{false}, nil, ErrConflict},
		{"pause stopped clocks", PauseClocks{true}, func(s *Status) { s.Clocks.Running = false }, ErrConflict},
		{"penalty with stopped clocks", Penalty{engine.White, PenaltyPickup}, func(s *Status) { s.Clocks.Running = false }, ErrConflict},
		{"hit a blot", SimMove{engine.White, 13, 11}, func(s *Status) { s.Sim[engine.Black][11] = 1 }, nil},
		{"enter from the bar", SimMove{engine.Black, engine.Bar, 3}, func(s *Status) { s.Sim[engine.Black][engine.Bar] = 1 }, nil},
		{"nothing on the bar", SimMove{engine.Black, engine.Bar, 3}, nil, ErrConflict},
		{"bear off", SimMove{engine.White, 6, engine.Off}, nil, nil},
		{"to where it is", SimMove{engine.White, 6, 6}, nil, ErrInvalid},
		{"move on a real board", SimMove{engine.White, 6, 5}, func(s *Status) { s.Sim = nil }, ErrNotSimulated},
		{"press on a real board", SimButton{engine.White, ButtonDone}, func(s *Status) { s.Sim = nil }, ErrNotSimulated},
		{"press out of turn", SimButton{engine.Black, ButtonDone}, nil, nil},
		{"resign a gammon (US 11.1)", Resign{engine.Black, 2}, nil, nil},
		{"resign 4", Resign{engine.Black, 4}, nil, ErrInvalid},
		{"resign between games", Resign{engine.Black, 1}, phase(referee.PhaseSettingUp, engine.White), ErrConflict},
		{"raise one's own offer", Resign{engine.Black, 3}, offered(engine.Black, 2, false), nil},
		{"lower one's own offer", Resign{engine.Black, 1}, offered(engine.Black, 2, false), ErrConflict},
		{"resign over the other's offer", Resign{engine.White, 3}, offered(engine.Black, 2, false), ErrConflict},
		{"accept", AnswerResignation{engine.White, true}, offered(engine.Black, 2, false), nil},
		{"reject one's own offer", AnswerResignation{engine.Black, false}, offered(engine.Black, 2, false), ErrConflict},
		{"answer no offer", AnswerResignation{engine.White, true}, nil, ErrConflict},
		{"force an offer nothing beats", ForceResignation{}, offered(engine.Black, 3, true), nil},
		{"force an offer that can be beaten", ForceResignation{}, offered(engine.Black, 1, false), ErrConflict},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := playing()
			if tc.state != nil {
				tc.state(&st)
			}
			err := tc.a.Check(&st)
			if (tc.want == nil) != (err == nil) || (tc.want != nil && !errors.Is(err, tc.want)) {
				t.Errorf("%#v.Check = %v, want %v", tc.a, err, tc.want)
			}
		})
	}
}
