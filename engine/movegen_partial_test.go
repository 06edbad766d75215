package engine

import (
	"slices"
	"testing"
)

func TestPartials(t *testing.T) {
	for _, tc := range []struct {
		name            string
		mover, opponent points
		dice            Dice
		want            []string // every partial, by moves from the board
	}{
		{
			name:  "the smaller die leads nowhere",
			mover: points{12: 1}, opponent: points{24: 2},
			dice: Dice{5, 6}, want: []string{"", "12/6"},
		},
		{
			name:  "dance",
			mover: points{Bar: 1, 6: 14}, opponent: closedBoard,
			dice: Dice{4, 4}, want: []string{""},
		},
		{
			name:  "bear-off in any order",
			mover: points{5: 1, 2: 1},
			dice:  Dice{6, 2}, want: []string{"", "5/off", "2/off", "5/3", "5/off 2/off", "5/3 3/off"},
		},
		{
			name:  "enter first",
			mover: points{Bar: 1, 13: 1}, opponent: points{6: 2}, // the mover's 19
			dice: Dice{6, 2}, want: []string{"", "bar/23", "bar/23 23/17", "bar/23 13/7"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := board(tc.mover, tc.opponent)
			want := make(map[string]string)
			for _, s := range tc.want {
				after := makeMoves(t, b, parseNotation(t, s))
				want[after.PositionID()] = s
			}
			got := make(map[string]string)
			for _, p := range partialsOf(b, tc.dice) {
				got[p.Board.PositionID()] = notation(p.Moves[:p.N])
			}
			if diff := diffSets(got, want); diff != "" {
				t.Errorf("dice %v:\n%s", tc.dice, diff)
			}
		})
	}
}

// partialsOf is Generator.Partials with a Generator of its own.
func partialsOf(b Board, d Dice) []Partial {
	var g Generator
	return g.Partials(b, d)
}

func TestPartialsOpening(t *testing.T) {
	for _, tc := range []struct {
		dice      Dice
		on, notOn []string
	}{
		{Dice{6, 1}, []string{"", "13/7", "8/7", "24/23", "13/7 8/7", "24/18 24/23"}, []string{"13/11", "13/7 13/7"}},
		{Dice{3, 3}, []string{"6/3 6/3", "6/3", "24/21 21/18 18/15", "8/5 8/5 6/3 6/3"}, []string{"24/21 24/21 13/10 13/10 6/3"}},
	} {
		t.Run(tc.dice.String(), func(t *testing.T) {
			var g Generator
			partials := g.Partials(StartingBoard, tc.dice)
			has := func(s string) bool {
				b := makeMoves(t, StartingBoard, parseNotation(t, s))
				return slices.ContainsFunc(partials, func(p Partial) bool { return p.Board == b })
			}
			for _, s := range tc.on {
				if !has(s) {
					t.Errorf("%q is not a partial", s)
				}
			}
			for _, s := range tc.notOn {
				if has(s) {
					t.Errorf("%q is a partial", s)
				}
			}
		})
	}
}

func TestPartialsLongest(t *testing.T) {
	// "5/off" by the 6 and "5/3 3/off" leave the same board.
	b := board(points{5: 1, 2: 1}, nil)
	after := makeMoves(t, b, parseNotation(t, "5/3 3/off"))
	for _, p := range partialsOf(b, Dice{6, 2}) {
		if p.Board == after && p.N != 2 {
			t.Errorf("partial %s uses %d dice, want 2", notation(p.Moves[:p.N]), p.N)
		}
	}
}
