package web

import (
	"errors"
	"testing"

	"gammond/engine"
	"gammond/referee"
)

// TestWelshOptionCheck: the option's own fields are checked (whether it
// fits the match is the referee's to say: TestActionsAskTheReferee).
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
	in := WelshOption{Side: engine.Black, Option: referee.InputConcede, Games: 3, Fiver: true}.Input()
	if in.Kind != referee.InputConcede || in.Side != engine.Black || in.Games != 3 || !in.Fiver {
		t.Errorf("the offer's input %+v", in)
	}
}
