package mat

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"gammond/engine"
)

// randomMatch records a match of random legal plays the way a recorder
// built on the engine would: Game.Add with each play's moves. The first
// game has a double, taken or dropped.
func randomMatch(seed uint64, length int) *Match {
	r := rand.New(rand.NewPCG(seed, 0))
	m := &Match{Length: length, Players: [2]string{"Anna Maria", "Bo"}}
	m.SetTag(TagEvent, "Club Night")
	m.SetTag(TagEventDate, "2026.11.22")
	m.SetTag(TagBoardID, "board-7")
	var score [2]int
	for n := 1; score[0] < length && score[1] < length; n++ {
		g := Game{Number: n, Score: score}
		winner, points := randomGame(r, &g, n == 1)
		score[winner] += points
		m.Games = append(m.Games, g)
	}
	return m
}

// randomGame plays a game to its end and returns the winner and the points.
func randomGame(r *rand.Rand, g *Game, double bool) (engine.Side, int) {
	board, side, cube := engine.StartingBoard, engine.Side(r.IntN(2)), 1
	for turn := 0; ; turn++ {
		if double && turn == 6 {
			g.Add(side, Action{Kind: Double, Cube: 2})
			if r.IntN(2) == 0 {
				g.Add(side.Other(), Action{Kind: Drop})
				g.Add(side, Action{Kind: Win, Points: 1})
				return side, 1
			}
			g.Add(side.Other(), Action{Kind: Take})
			cube = 2
		}
		d := engine.Dice{r.IntN(6) + 1, r.IntN(6) + 1}
		for turn == 0 && d.Double() { // an opening roll is never a double
			d[1] = r.IntN(6) + 1
		}
		a, after := Action{Kind: Roll, Dice: d}, board.Swap()
		if plays := engine.LegalPlays(board, d); len(plays) > 0 {
			p := plays[r.IntN(len(plays))]
			a.Moves, after = slices.Clone(p.Steps()), p.After
		}
		g.Add(side, a)
		if after[engine.Opponent].Total() == 0 { // side has borne off its last checker
			points := cube * int(engine.KindOf(&after[engine.Mover], 0))
			g.Add(side, Action{Kind: Win, Points: points})
			return side, points
		}
		board, side = after, side.Other()
	}
}

// TestWriteEnginePlays writes matches built from the engine's plays and
// reads them back.
func TestWriteEnginePlays(t *testing.T) {
	for seed := range uint64(20) {
		m := randomMatch(seed, 3)
		var b bytes.Buffer
		if _, err := m.WriteTo(&b); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		got, err := Read(&b, "written")
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if !reflect.DeepEqual(got, m) {
			t.Errorf("seed %d: reading the written record gives another match", seed)
		}
	}
}
