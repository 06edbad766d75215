package mat

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"gammond/engine"
	"gammond/sensing/sim"
)

func readString(t *testing.T, text string) *Match {
	t.Helper()
	m, err := Read(strings.NewReader(text), "script.mat")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestScript(t *testing.T) {
	m := readString(t, ` 3 point match

 Game 1
 Ann : 0                        Bob : 0
  1) 31: 8/5 6/5                 63: 24/15
  2) 42: 8/4 6/4                 Doubles => 2
  3) Drops
                                 Wins 1 point

 Game 2
 Ann : 0                        Bob : 1
  1) 21: 13/11 6/5               61: 13/7 8/7
  2) 55: ???                     Wins 2 points
`)
	s, err := m.Script()
	if err != nil {
		t.Fatal(err)
	}
	if s.Length != 3 || s.Players != [2]string{"Ann", "Bob"} || len(s.Games) != 2 {
		t.Fatalf("script of %d points for %q with %d games", s.Length, s.Players, len(s.Games))
	}
	move := func(from, to int) engine.Move { return engine.Move{From: int8(from), To: int8(to)} }
	roll := func(side engine.Side, n int, d engine.Dice, moves ...engine.Move) sim.Action {
		return sim.Action{Kind: sim.Roll, Side: side, Number: n, Dice: d, Moves: moves}
	}
	white, black := engine.White, engine.Black
	for _, tc := range []struct {
		name    string
		got     sim.GameScript
		actions []sim.Action
		winner  engine.Side
		points  int
	}{
		{"a drop", s.Games[0], []sim.Action{
			roll(white, 1, engine.Dice{3, 1}, move(8, 5), move(6, 5)),
			// XG's combined 24/15 played die by die.
			roll(black, 1, engine.Dice{6, 3}, move(24, 18), move(18, 15)),
			roll(white, 2, engine.Dice{4, 2}, move(8, 4), move(6, 4)),
			{Kind: sim.Double, Side: black, Number: 2},
			{Kind: sim.Drop, Side: white, Number: 3},
		}, black, 1},
		{"a resignation: its roll left out", s.Games[1], []sim.Action{
			roll(white, 1, engine.Dice{2, 1}, move(13, 11), move(6, 5)),
			roll(black, 1, engine.Dice{6, 1}, move(13, 7), move(8, 7)),
		}, black, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !slices.EqualFunc(tc.got.Actions, tc.actions, sameAction) {
				t.Errorf("actions %+v, want %+v", tc.got.Actions, tc.actions)
			}
			if tc.got.Winner == nil || *tc.got.Winner != tc.winner || tc.got.Points != tc.points {
				t.Errorf("winner %v points %d, want %v %d", tc.got.Winner, tc.got.Points, tc.winner, tc.points)
			}
		})
	}
}

func sameAction(a, b sim.Action) bool {
	return a.Kind == b.Kind && a.Side == b.Side && a.Number == b.Number && a.Dice == b.Dice && slices.Equal(a.Moves, b.Moves)
}

// TestScriptUnfinished: a game the record leaves unfinished has no winner,
// and an illegal play stays as recorded for sim.Simulate to name.
func TestScriptUnfinished(t *testing.T) {
	m := readString(t, " 1 point match\n\n Game 1\n A : 0   B : 0\n  1) 31: 24/20 13/10\n")
	s, err := m.Script()
	if err != nil {
		t.Fatal(err)
	}
	g := s.Games[0]
	want := []engine.Move{{From: 24, To: 20}, {From: 13, To: 10}}
	if g.Winner != nil || len(g.Actions) != 1 || !slices.Equal(g.Actions[0].Moves, want) {
		t.Errorf("game %+v, want the recorded moves %v and no winner", g, want)
	}
}

func TestScriptReplayError(t *testing.T) {
	m := readString(t, " 1 point match\n\n Game 1\n A : 0   B : 0\n  1) 31: 22/19 13/12\n")
	_, err := m.Script()
	var re *ReplayError
	if !errors.As(err, &re) || re.Game != 1 || re.Number != 1 || re.Side != engine.White {
		t.Fatalf("error %v, want a ReplayError at game 1 move 1 White", err)
	}
}
