package web

import (
	"errors"
	"testing"

	"gammond/engine"
	"gammond/referee"
)

// TestRuleOutOfPlayCheckUS4_7: the ruling fits a game in progress for 1 to
// 14 checkers of a side; out of range it is refused with 400; when it
// fits is the referee's to say; the referee takes it as InputOutOfPlay.
func TestRuleOutOfPlayCheckUS4_7(t *testing.T) {
	for _, tc := range []struct {
		name  string
		a     RuleOutOfPlay
		state func(*Status)
		want  error
	}{
		{"one of White's", RuleOutOfPlay{engine.White, 1}, nil, nil},
		{"no checker", RuleOutOfPlay{engine.White, 0}, nil, ErrInvalid},
		{"every checker", RuleOutOfPlay{engine.Black, 15}, nil, ErrInvalid},
		{"no such side", RuleOutOfPlay{2, 1}, nil, ErrInvalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := playing()
			if tc.state != nil {
				tc.state(&st)
			}
			err := tc.a.Check(&st)
			if (tc.want == nil) != (err == nil) || (tc.want != nil && !errors.Is(err, tc.want)) {
				t.Errorf("Check = %v, want %v", err, tc.want)
			}
		})
	}
	in, ok := RefereeInput(RuleOutOfPlay{engine.Black, 2})
	if !ok || in.Kind != referee.InputOutOfPlay || in.Side != engine.Black || in.Points != 2 {
		t.Errorf("referee input %+v, %v: want Black's 2 checkers out of play", in, ok)
	}
}
