package engine

import "testing"

// TestKindOf: the basic rules' "Gammons and Backgammons" (US rules, page 4):
// a loser who has borne off no checker is gammoned, and backgammoned with a
// checker on the bar or in the winner's home board besides.
func TestKindOf(t *testing.T) {
	for _, tc := range []struct {
		name      string
		loser     Half
		outOfPlay int
		want      ResultKind
	}{
		{"one checker off", loserHalf(1, map[int]int{24: 1}), 0, Single},
		{"fourteen checkers off", loserHalf(14, nil), 0, Single},
		{"none off, all home", loserHalf(0, nil), 0, Gammon},
		{"none off, one on the winner's outer board", loserHalf(0, map[int]int{13: 1}), 0, Gammon},
		{"none off, one on the winner's bar point", loserHalf(0, map[int]int{18: 1}), 0, Gammon},
		{"none off, one on the winner's 6 point", loserHalf(0, map[int]int{19: 1}), 0, Backgammon},
		{"none off, one on the winner's ace point", loserHalf(0, map[int]int{24: 1}), 0, Backgammon},
		{"none off, one on the bar", loserHalf(0, map[int]int{Bar: 1}), 0, Backgammon},
		{"US 4.7: 5 checkers never in play, none off", halfWith(map[int]int{1: 10}), 5, Gammon},
		{"US 4.4: 1 checker removed, 1 off", halfWith(map[int]int{1: 13}), 1, Single},
		{"US 4.4: 1 checker removed, in the winner's home board", halfWith(map[int]int{20: 1, 1: 13}), 1, Backgammon},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := KindOf(&tc.loser, tc.outOfPlay); got != tc.want {
				t.Fatalf("KindOf = %v, want %v", got, tc.want)
			}
		})
	}
}
