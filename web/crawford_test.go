package web

import (
	"errors"
	"testing"

	"gammond/engine"
	"gammond/referee"
)

// TestAnnulCrawfordCheckDanish4_4_4: the annulment has no fields of its
// own: in any state it is the referee's to refuse (Danish 4.4.4 only, a
// match with a Crawford game, the cube turned), and it asks for
// InputAnnulCrawford.
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
