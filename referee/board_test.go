package referee

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gammond/engine"
	"gammond/internal/testmain"
)

// randomPosition plays random legal plays from the starting position and
// returns where they led, the side on roll in Board[Mover], before a game
// is over.
func randomPosition(r *rand.Rand) engine.Board {
	b := engine.StartingBoard
	for range r.IntN(80) {
		plays := engine.LegalPlays(b, randomDice(r))
		after := b.Swap()
		if len(plays) > 0 {
			after = plays[r.IntN(len(plays))].After
		}
		if after[engine.Opponent].Total() == 0 {
			return b // the play would end the game
		}
		b = after
	}
	return b
}

func randomDice(r *rand.Rand) engine.Dice { return engine.Dice{r.IntN(6) + 1, r.IntN(6) + 1} }

// randomIllegal returns the board a random illegal play of d leaves from b,
// the mover still in Board[Mover]: a legal play with a move made longer or
// shorter, dropped, or one added, or up to four random checker moves. Each
// move is one a player can make on a board: forward, a die's length at
// most (a double's die for a double), from a point with a checker, not
// onto two of the opponent's, hitting a blot it lands on, at most four.
func randomIllegal(r *rand.Rand, b engine.Board, d engine.Dice) (engine.Board, bool) {
	legal := engine.LegalPlays(b, d)
	var moves []engine.Move
	if k := r.IntN(4); k < 3 && len(legal) > 0 {
		moves = slices.Clone(legal[r.IntN(len(legal))].Steps())
		i := r.IntN(len(moves))
		switch k {
		case 0:
			moves[i].To = max(moves[i].To-1, engine.Off)
		case 1:
			moves[i].To++
		case 2:
			moves = slices.Delete(moves, i, i+1)
		}
	}
	longest := 6
	if d.Double() {
		longest = d[0]
	}
	for len(moves) == 0 || len(moves) < engine.MaxMoves && r.IntN(3) == 0 {
		from := int8(r.IntN(engine.Bar) + 1)
		moves = append(moves, engine.Move{From: from, To: max(from-int8(r.IntN(longest)+1), engine.Off)})
	}
	after := b
	for _, m := range moves {
		if m.From > m.To && int(m.From-m.To) <= longest {
			after, _ = after.Apply([]engine.Move{m}) // an impossible move is not made
		}
	}
	for _, p := range legal {
		if p.After == after.Swap() {
			return after, false
		}
	}
	return after, after != b || len(legal) > 0
}

// TestDeriveMovesRandomIllegal: for many random illegal plays from random
// positions, the moves written for the play, made one by one, are each a
// checker's move on the board (forward, 1 to 6 pips, a double's die at
// most, from a point with a checker, not onto the opponent's point, hits
// marked), four at most, the first not both dice long when GNU Backgammon
// would cut it, and together they leave exactly the board after the play.
func TestDeriveMovesRandomIllegal(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(11, 1))
	n := 5000
	if testmain.Trimmed() {
		n = 500
	}
	tried := 0
	for tried < n {
		before, d := randomPosition(r), randomDice(r)
		after, ok := randomIllegal(r, before, d)
		if !ok {
			continue
		}
		tried++
		moves, err := deriveMoves(&before, &after, engine.White, d)
		if err != nil {
			t.Fatalf("%s %v to %s: %v", before.PositionID(), d, after.PositionID(), err)
		}
		checkPhysical(t, before, after, d, moves)
	}
}

// checkPhysical fails the test unless moves, made one by one from before,
// are checker moves GNU Backgammon imports and leave after.
func checkPhysical(t *testing.T, before, after engine.Board, d engine.Dice, moves []engine.Move) {
	t.Helper()
	longest := int8(6)
	if d.Double() {
		longest = int8(d[0])
	}
	where := func() string { return before.PositionID() + " " + d.String() + " " + engine.FormatMat(before, moves) }
	if len(moves) > engine.MaxMoves {
		t.Fatalf("%s: %d moves", where(), len(moves))
	}
	b := before
	for i, m := range moves {
		if m.From-m.To < 1 || m.From-m.To > longest {
			t.Fatalf("%s: move %d is %d pips", where(), i+1, m.From-m.To)
		}
		blot := m.To != engine.Off && b[engine.Opponent].On(25-int(m.To)) == 1
		if m.Hit != blot {
			t.Fatalf("%s: move %d marked hit %v, a blot there %v", where(), i+1, m.Hit, blot)
		}
		var err error
		if b, err = b.Apply([]engine.Move{m}); err != nil {
			t.Fatalf("%s: %v", where(), err)
		}
	}
	if b != after {
		t.Fatalf("%s: the moves leave %s, the play %s", where(), b.PositionID(), after.PositionID())
	}
	if both := int8(d[0] + d[1]); !d.Double() && len(moves) > 1 && moves[0].From-moves[0].To == both {
		for _, die := range d {
			if p := int(moves[0].From) - die; p >= 1 && p <= 24 && after[engine.Opponent].On(25-p) == 0 {
				t.Fatalf("%s: the first move is both dice long and could be cut at %d", where(), p)
			}
		}
	}
}

// TestDeriveMovesUnwritable: a board no checker moves of the mover can
// lead to is refused, saying why.
func TestDeriveMovesUnwritable(t *testing.T) {
	start := engine.StartingBoard
	with := func(change func(b *engine.Board)) engine.Board {
		b := start
		change(&b)
		return b
	}
	for _, tc := range []struct {
		name   string
		before engine.Board
		d      engine.Dice
		after  engine.Board
		want   string
	}{
		{"an opponent's checker moved", start, engine.Dice{3, 1},
			with(func(b *engine.Board) { b[engine.Opponent][12]--; b[engine.Opponent][11]++ }), "no play of the opponent"},
		{"a checker added", start, engine.Dice{3, 1},
			with(func(b *engine.Board) { b[engine.Mover][4]++ }), "checkers on the board"},
		{"a checker put on the bar", start, engine.Dice{3, 1},
			with(func(b *engine.Board) { b[engine.Mover][5]--; b[engine.Mover][engine.Bar-1]++ }), "on the bar"},
		{"a checker moved backwards", start, engine.Dice{3, 1},
			with(func(b *engine.Board) { b[engine.Mover][5]--; b[engine.Mover][9]++ }), "backwards"},
		{"a blot gone to the bar with no checker passing it", with(func(b *engine.Board) { b[engine.Opponent][11]--; b[engine.Opponent][10]++; b[engine.Opponent][0] = 1 }),
			engine.Dice{3, 1}, with(func(b *engine.Board) {
				b[engine.Opponent][11]--
				b[engine.Opponent][10]++
				b[engine.Opponent][engine.Bar-1]++
			}), "no checker of White passed it"},
		{"five checkers moved", start, engine.Dice{2, 1},
			with(func(b *engine.Board) { b[engine.Mover][5] -= 5; b[engine.Mover][4] += 5 }), "a .mat holds 4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			moves, err := deriveMoves(&tc.before, &tc.after, engine.White, tc.d)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("moves %v, error %v: want an error saying %q", moves, err, tc.want)
			}
		})
	}
}
