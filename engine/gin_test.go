package engine

import "testing"

// TestGin: Danish 4.3.3, a side whose time runs out loses the match unless
// it is certain to win the match whatever is rolled, a roll already made
// included. White's time runs out; White is on turn unless said otherwise.
func TestGin(t *testing.T) {
	lastTwo := Board{halfWith(map[int]int{6: 14}), halfWith(map[int]int{1: 2})}     // Black has one checker off
	lastTwoFull := Board{halfWith(map[int]int{6: 15}), halfWith(map[int]int{1: 2})} // Black has none off: a sure gammon
	for _, tc := range []struct {
		name   string
		length int
		score  [2]int
		cube   bool // Black doubled and White took: cube 2
		b      Board
		rolled Dice // White's roll made, if any
		want   bool
	}{
		{"sure single, one away", 7, [2]int{6, 0}, false, lastTwo, Dice{}, true},
		{"sure single, two away: the match goes on", 7, [2]int{5, 0}, false, lastTwo, Dice{}, false},
		{"sure single at cube 2, two away", 7, [2]int{5, 0}, true, lastTwo, Dice{}, true},
		{"sure gammon, two away", 7, [2]int{5, 0}, false, lastTwoFull, Dice{}, true},
		{"sure gammon, three away", 7, [2]int{4, 0}, false, lastTwoFull, Dice{}, false},
		{"the opponent may still win", 7, [2]int{6, 0}, false, Board{halfWith(map[int]int{1: 2}), halfWith(map[int]int{6: 3})}, Dice{}, false},
		{"contact", 7, [2]int{6, 0}, false, StartingBoard, Dice{}, false},
		{"a roll of 6-6 made bears off both", 7, [2]int{6, 0}, false, twoOnSix, Dice{6, 6}, true},
		{"a roll of 2-1 made", 7, [2]int{6, 0}, false, twoOnSix, Dice{2, 1}, false},
		{"no roll made: 2-1 may come", 7, [2]int{6, 0}, false, twoOnSix, Dice{}, false},
		{"money play has no match to win", 0, [2]int{6, 0}, false, lastTwo, Dice{}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := testMatch(t, tc.length, tc.score, MatchOpts{})
			toTurn(t, m, White, Black)
			if tc.cube {
				cubeTo(t, m, Black)
			} else {
				noErr(t, m.Roll(Black))
				noErr(t, m.EndTurn(Black))
			}
			if tc.rolled.Valid() {
				noErr(t, m.Roll(White))
			}
			if got := m.Gin(White, tc.b, tc.rolled); got != tc.want {
				t.Fatalf("Gin(White) = %v, want %v (%v)", got, tc.want, m)
			}
		})
	}
}

// TestGinNotOnTurn: White's time runs out while it considers Black's
// double; Black, on turn, is in Board[Mover].
func TestGinNotOnTurn(t *testing.T) {
	m := testMatch(t, 7, [2]int{6, 0}, MatchOpts{})
	m.crawfordPlayed = true // post-Crawford: Black may double
	toTurn(t, m, White, Black)
	noErr(t, m.Double(Black))
	b := Board{halfWith(map[int]int{1: 2}), halfWith(map[int]int{6: 14})}
	if !m.Gin(White, b, Dice{}) {
		t.Fatal("Gin(White) = false, want true: Black needs four turns, White one")
	}
	if m.Gin(Black, b, Dice{}) {
		t.Fatal("Gin(Black) = true, want false")
	}
	noErr(t, m.AwardMatch(White))
	if m.Gin(White, b, Dice{}) {
		t.Fatal("Gin after the match = true, want false")
	}
}
