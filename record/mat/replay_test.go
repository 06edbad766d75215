package mat

import (
	"errors"
	"strings"
	"testing"

	"gammond/engine"
)

// TestReplay checks how the last roll of a short game is replayed.
func TestReplay(t *testing.T) {
	// Black's 21 leaves a blot on its 4 point, White's 21: White's 31
	// "24/20" passes 21 (hitting) or 23 (not), and the record cannot say.
	const blot = "  1)                             21: 6/4 24/23 \n"
	tests := []struct {
		name, lines string
		matches     int    // len(Matches) of the last roll
		err         string // part of Replay's error
	}{
		{"legal", "  1) 31: 8/5 6/5 \n", 1, ""},
		{"hit unmarked", blot + "  2) 43: 24/21 13/9 \n", 1, ""},
		{"combined, one way", blot + "  2) 62: 24/16\n", 1, ""},
		{"combined, hitting or not", blot + "  2) 31: 24/20\n", 2, ""},
		{"combined, over a blocked point", blot + "  2) 55: 24/14\n", 0, ""},
		{"illegal", "  1) 31: 8/5 6/4 \n", 0, ""},
		{"playable roll not played", "  1) 31: \n", 0, ""},
		{"resignation", "  1) 31:                         Wins 1 point\n", 0, ""},
		{"no checker there", "  1) 31: 20/17 6/5 \n", 0, "game 1 move 1 White: impossible move 20/17"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Read(strings.NewReader(head+tt.lines), "replay.mat")
			if err != nil {
				t.Fatal(err)
			}
			steps, err := m.Games[0].Replay()
			if tt.err != "" {
				var re *ReplayError
				if !errors.As(err, &re) || !errors.Is(err, engine.ErrImpossibleMove) || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want a *ReplayError with %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			last := lastRoll(steps)
			if last.Action.Kind == Resign && last.After != last.Before {
				t.Errorf("the resignation changes the board")
			}
			if len(last.Matches) != tt.matches {
				t.Errorf("%d matching plays, want %d", len(last.Matches), tt.matches)
			}
			if len(last.Matches) == 1 && last.After != last.Matches[0].After.Swap() {
				t.Errorf("After is not the matching play's position")
			}
		})
	}
}

// lastRoll returns the last step that rolled.
func lastRoll(steps []Step) Step {
	for i := len(steps) - 1; i > 0; i-- {
		if k := steps[i].Action.Kind; k == Roll || k == Resign {
			return steps[i]
		}
	}
	return steps[0]
}

// TestReplayViews checks that each step sees the board from the side that
// acts.
func TestReplayViews(t *testing.T) {
	m, err := Read(strings.NewReader(head+"  1) 31: 8/5 6/5                 Doubles => 2\n  2)  Takes\n"), "views.mat")
	if err != nil {
		t.Fatal(err)
	}
	steps, err := m.Games[0].Replay()
	if err != nil {
		t.Fatal(err)
	}
	if len(steps) != 3 {
		t.Fatalf("%d steps, want 3", len(steps))
	}
	roll, double, take := steps[0], steps[1], steps[2]
	if double.Side != engine.Black || double.Before != roll.After.Swap() || double.After != double.Before {
		t.Errorf("the double is not replayed from Black's view of the board after the roll")
	}
	if take.Side != engine.White || take.Before != roll.After {
		t.Errorf("the take is not replayed from White's view")
	}
	if take.Number != 2 || take.Turn != 1 {
		t.Errorf("the take is at move %d, turn index %d; want 2 and 1", take.Number, take.Turn)
	}
}
