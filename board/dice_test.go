package board_test

import (
	"testing"

	"gammond/board"
	"gammond/sensing/dice"
)

func TestCheckDice(t *testing.T) {
	for _, tc := range []struct {
		mode dice.Mode
		want string
	}{
		{dice.Electronic, ""},
		{dice.Entered, ""},
		{dice.Inferred, ""},
		{"loaded", `"loaded": want one of ["electronic" "entered" "inferred"]`},
	} {
		err := board.CheckDice(tc.mode)
		if got := errorText(err); got != tc.want {
			t.Errorf("CheckDice(%q) = %q, want %q", tc.mode, got, tc.want)
		}
	}
}

func errorText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
