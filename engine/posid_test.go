package engine

import (
	"errors"
	"testing"
)

func TestPositionIDStartingBoard(t *testing.T) {
	const want = "4HPwATDgc/ABMA" // gnubg's ID of the opening position
	if got := StartingBoard.PositionID(); got != want {
		t.Fatalf("PositionID() = %q, want %q", got, want)
	}
	b, err := ParsePositionID(want)
	if err != nil {
		t.Fatal(err)
	}
	if b != StartingBoard {
		t.Fatalf("ParsePositionID(%q) = %v, want the starting board", want, b)
	}
}

func TestPositionIDOracle(t *testing.T) {
	for i, r := range loadOracle(t) {
		b, err := ParsePositionID(r.Position)
		if err != nil {
			t.Fatalf("record %d: %v", i+1, err)
		}
		if b != r.Board {
			t.Fatalf("record %d: ParsePositionID(%q) = %v, want %v", i+1, r.Position, b, r.Board)
		}
		if got := b.PositionID(); got != r.Position {
			t.Fatalf("record %d: PositionID() = %q, want %q", i+1, got, r.Position)
		}
	}
}

func TestParsePositionIDErrors(t *testing.T) {
	for _, tc := range []struct{ name, id string }{
		{"short", "4HPwATDgc/ABM"},
		{"long", "4HPwATDgc/ABMAA"},
		{"not base64", "4HPwATDgc/AB!A"},
		{"sixteen checkers", "//8AAAAAAAAAAA"},
		{"both on a point", sharedPointID()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := ParsePositionID(tc.id); !errors.Is(err, ErrPositionID) {
				t.Fatalf("ParsePositionID(%q) error = %v, want ErrPositionID", tc.id, err)
			}
		})
	}
}

// sharedPointID is the ID of a board with both sides on one point: the side
// not on roll's point 1 is the side on roll's point 24.
func sharedPointID() string {
	var b Board
	b[Opponent][0], b[Mover][23] = 1, 1
	return b.PositionID()
}

// TestPositionIDOverfullBoard: a board with more than 15 checkers a side
// (the sensors misread one, and the play was accepted as it stands) gets
// an ID, not a panic.
func TestPositionIDOverfullBoard(t *testing.T) {
	b := StartingBoard
	b[Mover][6-1] += 3
	b[Opponent][Bar-1] = 2
	if id := b.PositionID(); len(id) != 14 {
		t.Errorf("PositionID = %q, want 14 characters", id)
	}
}
