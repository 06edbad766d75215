package engine

import (
	"errors"
	"testing"
)

// FuzzParsePositionID: ParsePositionID fails only with ErrPositionID, gives
// only boards Validate accepts, and the board's own ID reads back to it.
// (Bits past both sides' 25 points are not read, so the board round-trips,
// not always the string.)
func FuzzParsePositionID(f *testing.F) {
	for _, id := range []string{"4HPwATDgc/ABMA", "jGfkASjg8wcBMA", "AAAAAAAAAAAAAA", "//////////////", "4HPwATDgc/ABM", "4HPwATDgc/AB=A", "sBvgATDgc/ABMA"} {
		f.Add(id)
	}
	f.Fuzz(func(t *testing.T, id string) {
		b, err := ParsePositionID(id)
		if err != nil {
			if !errors.Is(err, ErrPositionID) {
				t.Fatalf("ParsePositionID(%q) error %v is not ErrPositionID", id, err)
			}
			return
		}
		if err := b.Validate(); err != nil {
			t.Fatalf("ParsePositionID(%q) gave a board no game reaches: %v", id, err)
		}
		again, err := ParsePositionID(b.PositionID())
		if err != nil || again != b {
			t.Fatalf("ParsePositionID(%q) = %v, whose ID %q reads %v, %v", id, b, b.PositionID(), again, err)
		}
	})
}
