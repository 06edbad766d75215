package chouette

import (
	"fmt"
	"testing"
)

func TestSessionErrors(t *testing.T) {
	const players = `"players": ["Ann", "Bob", "Cy"], "opening": {"Ann": 5, "Bob": 3, "Cy": 6}`
	for _, tc := range []struct{ name, session, want string }{
		{"no winner", `{` + players + `, "games": [{"winner": "box", "points": 1}, {"points": 1}]}`,
			"game 2: no winner, and Cy, Bob, Ann still in the game"},
		{"not a winner", `{` + players + `, "games": [{"winner": "Ann", "points": 1}]}`,
			`game 1: winner "Ann": want "box" or "team"`},
		{"four points", `{` + players + `, "games": [{"winner": "team", "points": 4}]}`,
			"game 1: points 4: want 1, 2 or 3 (single, gammon, backgammon)"},
		{"no points", `{` + players + `, "games": [{"winner": "team"}]}`,
			"game 1: points 0: want 1, 2 or 3"},
		{"a winner after every partner passed", `{` + players + `, "games": [{"cube": [{"by": "box", "to": 2, "drops": ["Ann", "Bob"]}], "winner": "box", "points": 1}]}`,
			`game 1: winner "box", points 1: the game ended when a double was passed; give neither`},
		{"a double after the box passed", `{` + players + `, "games": [{"cube": [{"by": "captain", "to": 2, "drops": ["box"]}, {"by": "box", "to": 4}]}]}`,
			"game 1: double 2 (box to 4): the game is over: an earlier double was passed"},
		{"an unknown field", `{` + players + `, "games": [{"winer": "box", "points": 1}]}`,
			`json: unknown field "winer"`},
		{"a syntax error", "{" + players + `,` + "\n" + `"games": [{"winner": "box", "points": 1]}`,
			"line 2: invalid character ']'"},
		{"a wrong type", "{" + players + `,` + "\n\n" + `"games": [{"winner": "box", "points": "one"}]}`,
			"line 3: field games.points: want int, got string"},
		{"a player listed twice", `{"players": ["Ann", "Bob", "Ann"], "opening": {"Ann": 5, "Bob": 3}, "games": []}`,
			"players: Ann is listed twice"},
		{"a player listed twice, no opening", `{"players": ["Ann", "Bob", "Ann"], "games": []}`,
			"Ann: already a member"},
		{"a player named box", `{"players": ["Ann", "Bob", "box"], "games": []}`,
			`"box": not a member's name: it names a side or a post`},
		{"a rethrow without an opening", `{"players": ["Ann", "Bob", "Cy"], "rethrow": {"Ann": 2}, "games": []}`,
			"rethrow: no opening throws"},
		{"a throw not a number", `{"players": ["Ann", "Bob", "Cy"], "opening": {"Ann": "six", "Bob": 3, "Cy": 2}, "games": []}`,
			`opening: Ann: want a die's face or a list of them, got "six"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantSessionError(t, tc.session, tc.want)
		})
	}
}

// TestSessionWithoutOpening: with no opening throws the players are listed
// by rank; the box's pass of the captain's double may name him or "box".
func TestSessionWithoutOpening(t *testing.T) {
	for _, drop := range []string{"Ann", "box"} {
		c := replay(t, `{"players": ["Ann", "Bob", "Cy"], "games": [{"cube": [{"by": "captain", "to": 2, "drops": ["`+drop+`"]}]}]}`)
		wantBooks(t, c, books{
			scores: map[string]float64{"Ann": -2, "Bob": 1, "Cy": 1},
			box:    "Bob", captain: "Cy", order: []string{"Bob", "Cy", "Ann"},
		})
	}
}

// TestSessionOfTheIssue: the example of issue 15 has the box, Cy, pass its
// own double in game 2: a drop by the wrong side. With Bob, the captain,
// passing instead it scores as below.
func TestSessionOfTheIssue(t *testing.T) {
	const session = `{"players": ["Ann", "Bob", "Cy"],
 "opening": {"Ann": 5, "Bob": 3, "Cy": 6},
 "games": [
   {"winner": "box", "points": 1},
   {"cube": [{"by": "box", "to": 2, "drops": ["%s"]}], "winner": "team", "points": 2}
 ]}`
	wantSessionError(t, fmt.Sprintf(session, "Cy"), "game 2: double 1 (box to 2): drops: Cy: on the wrong side to answer: Cy is the box, who doubled")
	// Game 1, [Cy Ann Bob]: Cy +2, Ann -1, Bob -1; [Cy Bob Ann]. Game 2:
	// Bob passes (-1, Cy +1); Ann captains and wins a gammon at 2 (+4,
	// Cy -4); Cy retires after Bob: [Ann Bob Cy].
	wantBooks(t, replay(t, fmt.Sprintf(session, "Bob")), books{
		scores: map[string]float64{"Ann": 3, "Bob": -2, "Cy": -1},
		box:    "Ann", captain: "Bob", order: []string{"Ann", "Bob", "Cy"},
	})
}

// FuzzReplay: no session file makes ParseSession or Replay panic, and the
// books of a session replayed are zero-sum.
func FuzzReplay(f *testing.F) {
	f.Add(`{"players": ["Ann", "Bob", "Cy"], "opening": {"Ann": 5, "Bob": 5, "Cy": 6, "rethrow": {"Ann": 1, "Bob": 2}},
		"games": [{"cube": [{"by": "box", "to": 2, "drops": ["Bob"]}, {"by": "captain", "to": 4}], "winner": "team", "points": 3}]}`)
	f.Add(`{"players": ["A", "B", "C", "D", "E", "F"], "games": [{"box_partner": "F", "cube": [{"by": "captain", "to": 2, "drops": ["box"]}]}, {"join": ["G"], "winner": "box", "points": 1}]}`)
	f.Add(`{"players": ["Ann", "Bob", "Cy"], "opening": {"Ann": [2, 3], "Bob": [2, 3], "Cy": 1}, "rethrow": [{"Ann": 4}], "games": []}`)
	f.Fuzz(func(t *testing.T, data string) {
		s, err := ParseSession([]byte(data))
		if err != nil {
			return
		}
		c, err := Replay(s)
		if err != nil {
			return
		}
		var sum float64
		for _, v := range c.Scores() {
			sum += v
		}
		if sum != 0 || len(c.Order()) < MinMembers {
			t.Fatalf("books %v, order %v: not zero-sum or too few", c.Scores(), c.Order())
		}
	})
}
