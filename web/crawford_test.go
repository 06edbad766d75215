package web

import (
	"errors"
	"testing"

	"gammond/engine"
	"gammond/referee"
)

// TestAnnulCrawfordCheckDanish4_4_4: the annulment fits a Danish match
// whose cube was turned in the game in progress, or between games (the
// referee then checks the game just ended); under the US rules, in a
// 1-point match or with the cube never turned it is refused with 409.
func TestAnnulCrawfordCheckDanish4_4_4(t *testing.T) {
	danish := func(s *Status) { s.Rules, s.Length, s.Cube, s.Phase = engine.RulesDanish, 5, 2, referee.PhaseRolling }
	for _, tc := range []struct {
		name  string
		state func(*Status)
		want  error
	}{
		{"cube turned", func(s *Status) {}, nil},
		{"double on offer", func(s *Status) { s.Cube, s.Phase = 1, referee.PhaseDoubled }, nil},
		{"between games", func(s *Status) { s.Cube, s.Phase = 1, referee.PhaseSettingUp }, nil},
		{"after the match", func(s *Status) { s.Cube, s.Phase = 1, referee.PhaseMatchOver }, nil},
		{"US rules", func(s *Status) { s.Rules = engine.RulesUS }, ErrConflict},
		{"1-point match", func(s *Status) { s.Length = 1 }, ErrConflict},
		{"cube never turned", func(s *Status) { s.Cube = 1 }, ErrConflict},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := playing()
			danish(&st)
			tc.state(&st)
			err := AnnulCrawford{}.Check(&st)
			if (tc.want == nil) != (err == nil) || (tc.want != nil && !errors.Is(err, tc.want)) {
				t.Errorf("Check = %v, want %v", err, tc.want)
			}
		})
	}
	if in, ok := RefereeInput(AnnulCrawford{}); !ok || in.Kind != referee.InputAnnulCrawford {
		t.Errorf("referee input %+v, %v: want InputAnnulCrawford", in, ok)
	}
}
