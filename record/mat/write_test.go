package mat

import (
	"bytes"
	"strings"
	"testing"

	"gammond/engine"
)

// add is an action of a side, in the order played.
type add struct {
	side engine.Side
	a    Action
}

// TestWriteLayout checks GNU Backgammon's layout, case by case, on games
// built with Game.Add. The records in testdata hold every case too, as
// GNU Backgammon wrote them (TestRoundTrip).
func TestWriteLayout(t *testing.T) {
	roll := func(d engine.Dice, play string) Action {
		return Action{Kind: Roll, Dice: d, Moves: moves(t, play)}
	}
	const w, b = engine.White, engine.Black
	const score = " A : 0" + "                          " + "B : 0\n" // "%-31s"
	opening := add{w, roll(engine.Dice{3, 1}, "8/5 6/5")}
	reply := add{b, roll(engine.Dice{4, 2}, "8/4 6/4")}
	tests := []struct {
		name    string
		players [2]string
		adds    []add
		want    string // the lines after " Game 1"
	}{
		{"second player opens", [2]string{"A", "B"},
			[]add{{b, roll(engine.Dice{5, 3}, "8/3 6/3")}, {w, roll(engine.Dice{6, 2}, "24/18 13/11")}},
			score + "  1)                             53: 8/3 6/3 \n  2) 62: 24/18 13/11             "},
		{"no space after a fourth move", [2]string{"A", "B"},
			[]add{{w, roll(engine.Dice{2, 2}, "13/11 13/11 6/4 6/4")}, {b, roll(engine.Dice{3, 3}, "13/10 13/10 8/5 8/5")}},
			score + "  1) 22: 13/11 13/11 6/4 6/4     33: 13/10 13/10 8/5 8/5\n"},
		{"left cell longer than its column", [2]string{"A", "B"},
			[]add{{b, roll(engine.Dice{2, 1}, "6/4 24/23")}, {w, roll(engine.Dice{3, 3}, "24/21* 24/21 13/10 13/10")}, {b, roll(engine.Dice{6, 6}, "")}},
			score + "  1)                             21: 6/4 24/23 \n  2) 33: 24/21* 24/21 13/10 13/10 66: \n"},
		{"left drops", [2]string{"A", "B"},
			[]add{opening, {b, Action{Kind: Double, Cube: 2}}, {w, Action{Kind: Drop}}, {b, Action{Kind: Win, Points: 1}}},
			score + "  1) 31: 8/5 6/5                  Doubles => 2\n  2)  Drops                       Wins 1 point \n\n"},
		{"right drops", [2]string{"A", "B"},
			[]add{opening, reply, {w, Action{Kind: Double, Cube: 2}}, {b, Action{Kind: Drop}}, {w, Action{Kind: Win, Points: 1, AndMatch: true}}},
			score + "  1) 31: 8/5 6/5                 42: 8/4 6/4 \n  2)  Doubles => 2                Drops\n      Wins 1 point and the match\n\n"},
		{"left resigns after rolling", [2]string{"A", "B"},
			[]add{opening, reply, {w, Action{Kind: Resign, Dice: engine.Dice{6, 3}}}, {b, Action{Kind: Win, Points: 2}}},
			score + "  1) 31: 8/5 6/5                 42: 8/4 6/4 \n  2) 63:                         Wins 2 points\n\n"},
		{"right resigns after rolling", [2]string{"A", "B"},
			[]add{opening, {b, Action{Kind: Resign, Dice: engine.Dice{1, 1}}}, {w, Action{Kind: Win, Points: 1}}},
			score + "  1) 31: 8/5 6/5                 11: \n      Wins 1 point\n\n"},
		{"a long name pushes the other", [2]string{strings.Repeat("n", 27), "B"},
			nil, " nnnnnnnnnnnnnnnnnnnnnnnnnnn : 0 B : 0\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := Game{Number: 1}
			for _, a := range tt.adds {
				g.Add(a.side, a.a)
			}
			m := &Match{Length: 3, Players: tt.players, Games: []Game{g}}
			var out bytes.Buffer
			if _, err := m.WriteTo(&out); err != nil {
				t.Fatal(err)
			}
			want := "\n 3 point match\n\n Game 1\n" + tt.want
			if out.String() != want {
				t.Errorf("written:\n%s", firstDiff(out.String(), want))
			}
		})
	}
}
