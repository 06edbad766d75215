package web

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"gammond/engine"
	"gammond/referee"
)

// TestCheck covers the states an action fits or not beyond what the
// endpoint tests try; with no referee to ask (Status.Referee nil), an
// action the referee takes is checked for its own fields alone.
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
		{"roll of the side on roll", EnterDice{engine.Black, engine.Dice{6, 1}}, phase(referee.PhaseRolling, engine.Black), nil},
		{"roll that lets a flagged play stand", EnterDice{engine.White, engine.Dice{2, 2}}, phase(referee.PhaseFlagged, engine.Black), nil},
		{"new match after the last", StartMatch{"A", "B", 1, engine.RulesUS, engine.ClockNone}, phase(referee.PhaseMatchOver, engine.White), nil},
		{"money play", StartMatch{"A", "B", 0, engine.RulesUS, engine.ClockNone}, func(s *Status) { s.Game = 0 }, nil},
		{"names of 32 characters", StartMatch{"Ålice Ålice Ålice Ålice Ålice Ål", "B", 1, engine.RulesUS, engine.ClockNone}, func(s *Status) { s.Game = 0 }, nil},
		{"name not UTF-8", StartMatch{"A\xff", "B", 1, engine.RulesUS, engine.ClockNone}, func(s *Status) { s.Game = 0 }, ErrInvalid},
		{"money score", SetScore{[2]int{12, 40}}, func(s *Status) { s.Length = 0 }, nil},
		{"money score too high", SetScore{[2]int{MaxMoneyScore + 1, 0}}, func(s *Status) { s.Length = 0 }, ErrInvalid},
		{"resume paused clocks", PauseClocks{false}, func(s *Status) { s.Clocks.Paused = true }, nil},
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
		{"raise one's own offer", Resign{engine.Black, 3}, offered(engine.Black, 2, false), nil},
		{"accept", AnswerResignation{engine.White, true}, offered(engine.Black, 2, false), nil},
		{"force an offer nothing beats", ForceResignation{}, offered(engine.Black, 3, true), nil},
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

// refuses is a status whose referee refuses every input, for reason.
func refuses(reason string) func(*Status) {
	return func(s *Status) {
		s.Referee = func(referee.Input) error { return fmt.Errorf("%w: %s", referee.ErrRefused, reason) }
	}
}

// TestActionsAskTheReferee: every action the referee takes asks it about
// its input, and a refusal is the action's conflict, with the referee's
// reason; what it is asked about is the input the board applies.
func TestActionsAskTheReferee(t *testing.T) {
	for _, tc := range []struct {
		a    Action
		want referee.Input
	}{
		{EnterDice{engine.Black, engine.Dice{4, 4}}, referee.Input{Kind: referee.InputRoll, Side: engine.Black, Dice: engine.Dice{4, 4}}},
		{SetScore{[2]int{3, 1}}, referee.Input{Kind: referee.InputScore, Score: [2]int{3, 1}}},
		{Rule{LetStand: false}, referee.Input{Kind: referee.InputLetStand}},
		{Penalty{engine.White, PenaltyPickup}, referee.Input{Kind: referee.InputPenalty, Side: engine.White}},
		{PauseClocks{true}, referee.Input{Kind: referee.InputPause, Paused: true}},
		{Resign{engine.Black, 2}, referee.Input{Kind: referee.InputResign, Side: engine.Black, Points: 2}},
		{AnswerResignation{engine.White, false}, referee.Input{Kind: referee.InputReject, Side: engine.White}},
		{ForceResignation{}, referee.Input{Kind: referee.InputForceAccept}},
		{ChooseEarlyRoll{engine.White, true}, referee.Input{Kind: referee.InputEarlyRollChoice, Side: engine.White, Reroll: true}},
		{IntroduceClock{engine.ClockUS}, referee.Input{Kind: referee.InputClockIntroduce, Clock: engine.ClockUS}},
		{AdjustClock{engine.Black, -30}, referee.Input{Kind: referee.InputClockAdjust, Side: engine.Black, Adjust: -30 * time.Second}},
		{RuleOutOfPlay{engine.White, 2}, referee.Input{Kind: referee.InputOutOfPlay, Side: engine.White, Points: 2}},
		{AnnulCrawford{}, referee.Input{Kind: referee.InputAnnulCrawford}},
		{Beaver{engine.White}, referee.Input{Kind: referee.InputBeaver, Side: engine.White}},
		{Raccoon{engine.Black}, referee.Input{Kind: referee.InputRaccoon, Side: engine.Black}},
		{WelshOption{Side: engine.Black, Option: referee.InputConcede, Games: 2, Fiver: true}, referee.Input{Kind: referee.InputConcede, Side: engine.Black, Games: 2, Fiver: true}},
	} {
		t.Run(fmt.Sprintf("%T", tc.a), func(t *testing.T) {
			st := playing()
			if err := tc.a.Check(&st); err != nil {
				t.Fatalf("with no referee to ask: %v, want nil", err)
			}
			var asked []referee.Input
			st.Referee = func(in referee.Input) error {
				asked = append(asked, in)
				return nil
			}
			if err := tc.a.Check(&st); err != nil || len(asked) != 1 || !reflect.DeepEqual(asked[0], tc.want) {
				t.Fatalf("Check = %v, asking %+v: want nil, asking %+v", err, asked, tc.want)
			}
			refuses("the referee's reason")(&st)
			if err := tc.a.Check(&st); !errors.Is(err, ErrConflict) || !strings.HasSuffix(err.Error(), "the referee's reason") {
				t.Fatalf("refused: %v, want a conflict with the referee's reason", err)
			}
		})
	}
}
