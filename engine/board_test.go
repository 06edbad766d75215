package engine

import "testing"

// TestAllHome: a side may bear off only with every checker it has on the
// board in its home board, none on the bar; with none on the board too.
func TestAllHome(t *testing.T) {
	var home, outside, bar, off Half
	home[0], home[5] = 3, 12
	outside[0], outside[6] = 14, 1
	bar[2], bar[Bar-1] = 14, 1
	for _, tc := range []struct {
		name string
		h    Half
		want bool
	}{
		{"the starting position", StartingBoard[Mover], false},
		{"all on points 1-6", home, true},
		{"one on point 7", outside, false},
		{"one on the bar", bar, false},
		{"all borne off", off, true},
	} {
		if got := tc.h.AllHome(); got != tc.want {
			t.Errorf("%s: AllHome %v, want %v", tc.name, got, tc.want)
		}
	}
}
