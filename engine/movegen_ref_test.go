package engine

import (
	"fmt"
	"slices"
	"testing"

	"gammond/internal/testmain"
)

// The reference: slow, plain and written from the rules, not from gnubg. It
// tries every order of the dice and every checker, on a copy of the board per
// move, and keeps the longest plays.

// refMove moves a checker of the side on roll from point from by die, on a
// copy of b, as a player reads the rules. ok is false when they forbid it.
func refMove(b Board, from, die int) (after Board, m Move, ok bool) {
	me, them := &b[Mover], &b[Opponent]
	if me.On(from) == 0 || (from != Bar && me.On(Bar) > 0) {
		return b, m, false // no checker there, or one still to enter
	}
	to := from - die
	switch {
	case to < Off+1 && !refAllHome(me):
		return b, m, false
	case to < Off && refAnyAbove(me, from):
		return b, m, false // a larger die only bears off the highest checker
	case to > Off && them.On(25-to) >= 2:
		return b, m, false
	}
	to = max(to, Off)
	me[from-1]--
	m = Move{From: int8(from), To: int8(to)}
	if to != Off {
		if them.On(25-to) == 1 {
			them[25-to-1]--
			them[Bar-1]++
			m.Hit = true
		}
		me[to-1]++
	}
	return b, m, true
}

// refAllHome reports whether every checker of h is on its points 1 to 6.
func refAllHome(h *Half) bool {
	for p := 7; p <= Bar; p++ {
		if h.On(p) > 0 {
			return false
		}
	}
	return true
}

// refAnyAbove reports whether h has a checker on a home point above p.
func refAnyAbove(h *Half, p int) bool {
	for q := p + 1; q <= 6; q++ {
		if h.On(q) > 0 {
			return true
		}
	}
	return false
}

// refStep is one move of a sequence, the die it used and the board after it.
type refStep struct {
	move  Move
	die   int
	board Board
}

// refResult is what the reference finds for a roll.
type refResult struct {
	// plays: the legal plays by the position they leave (opponent on
	// roll, as Play.After), each with one of its sequences.
	plays map[Board][]Move
	// partials: the positions on the way to a legal play (mover on roll),
	// each with the most dice played to reach it.
	partials map[Board]int
}

// reference returns the legal plays of d from b and the positions on the
// way to them.
func reference(b Board, d Dice) refResult {
	dice := []int{d[0], d[1]}
	if d.Double() {
		dice = append(dice, d[0], d[0])
	}
	var ends [][]refStep // every sequence of moves that cannot go on
	var walk func(path []refStep, b Board, left []int)
	walk = func(path []refStep, b Board, left []int) {
		moved := false
		for i, die := range left {
			if slices.Index(left, die) < i {
				continue // that number is tried already
			}
			rest := slices.Delete(slices.Clone(left), i, i+1)
			for from := Bar; from >= 1; from-- {
				next, m, ok := refMove(b, from, die)
				if ok {
					moved = true
					walk(append(slices.Clip(path), refStep{m, die, next}), next, rest)
				}
			}
		}
		if !moved {
			ends = append(ends, path)
		}
	}
	walk(nil, b, dice)

	// As many dice as possible; with only one die of two, the larger.
	most, larger := 0, 0
	for _, e := range ends {
		most = max(most, len(e))
	}
	for _, e := range ends {
		if len(e) == 1 {
			larger = max(larger, e[0].die)
		}
	}
	res := refResult{plays: map[Board][]Move{}, partials: map[Board]int{b: 0}}
	for _, e := range ends {
		if most == 0 || len(e) < most || (most == 1 && e[0].die < larger) {
			continue
		}
		if k := e[most-1].board.Swap(); res.plays[k] == nil {
			res.plays[k] = refMoves(e)
		}
	}
	// On the way: every position of a sequence of the most dice that ends
	// in a legal play, whatever the order of its moves.
	for _, e := range ends {
		if most == 0 || len(e) < most || res.plays[e[most-1].board.Swap()] == nil {
			continue
		}
		for i, s := range e {
			res.partials[s.board] = max(res.partials[s.board], i+1)
		}
	}
	return res
}

func refMoves(steps []refStep) []Move {
	moves := make([]Move, len(steps))
	for i, s := range steps {
		moves[i] = s.move
	}
	return moves
}

// checkReference fails unless g's plays, partials and IsLegal of d from b
// agree with ref, the reference's.
func checkReference(t *testing.T, g *Generator, b Board, d Dice, ref refResult) {
	t.Helper()
	where := fmt.Sprintf("position %s, dice %v", b.PositionID(), d)

	want := make(map[string]string, len(ref.plays))
	for after, moves := range ref.plays {
		want[after.PositionID()] = notation(moves)
	}
	plays := slices.Clone(g.Plays(b, d))
	if diff := diffSets(playSet(t, plays), want); diff != "" {
		t.Fatalf("%s: plays:\n%s", where, diff)
	}
	for _, p := range plays {
		checkSteps(t, b, d, p)
	}

	partials := slices.Clone(g.Partials(b, d))
	if len(partials) != len(ref.partials) {
		t.Errorf("%s: %d partials, the reference has %d", where, len(partials), len(ref.partials))
	}
	for _, p := range partials {
		n, ok := ref.partials[p.Board]
		if !ok || int(p.N) != n {
			t.Fatalf("%s: partial %s (%d dice) is not on the way, or uses %d dice",
				where, notation(p.Moves[:p.N]), p.N, n)
		}
		if makeMoves(t, b, p.Moves[:p.N]) != p.Board {
			t.Fatalf("%s: partial %s: its moves do not lead to its board", where, notation(p.Moves[:p.N]))
		}
	}

	for _, p := range plays {
		if !g.IsLegal(b, d, p.After) {
			t.Fatalf("%s: IsLegal(%s) = false", where, notation(p.Steps()))
		}
	}
	for _, p := range partials {
		// When d cannot be played, the only partial is the board as it is:
		// legal.
		_, legal := want[idOf(p.Board.Swap())]
		legal = legal || len(plays) == 0
		if got := g.IsLegal(b, d, p.Board.Swap()); got != legal {
			t.Fatalf("%s: IsLegal(partial %s) = %v, want %v", where, notation(p.Moves[:p.N]), got, legal)
		}
	}
}

func TestReferenceOracle(t *testing.T) {
	t.Parallel()
	records := loadOracle(t)
	step := 1
	if testmain.Trimmed() {
		step = 10
	}
	var g Generator
	for i := 0; i < len(records); i += step {
		r := records[i]
		ref := reference(r.Board, Dice(r.Dice))
		if len(ref.plays) != len(r.Plays) {
			t.Fatalf("record %d: position %s, dice %v: the reference has %d plays, gnubg %d",
				i+1, r.Position, r.Dice, len(ref.plays), len(r.Plays))
		}
		for _, p := range r.Plays {
			after, err := ParsePositionID(p.After)
			if err != nil {
				t.Fatalf("record %d: %v", i+1, err)
			}
			if ref.plays[after] == nil {
				t.Fatalf("record %d: position %s, dice %v: the reference lacks gnubg's %s",
					i+1, r.Position, r.Dice, p.Move)
			}
		}
		checkReference(t, &g, r.Board, Dice(r.Dice), ref)
	}
}

func FuzzPlays(f *testing.F) {
	for _, tc := range ruleCases {
		b := board(tc.mover, tc.opponent)
		k := b.Key()
		f.Add(k[:], uint8(tc.dice[0]), uint8(tc.dice[1]))
	}
	for i, r := range loadOracle(f) {
		if i%250 == 0 {
			k := r.Board.Key()
			f.Add(k[:], uint8(r.Dice[0]), uint8(r.Dice[1]))
		}
	}
	var g Generator
	f.Fuzz(func(t *testing.T, key []byte, die1, die2 uint8) {
		var k Key
		copy(k[:], key)
		b, err := k.Board()
		if err != nil {
			t.Skip()
		}
		id := b.PositionID()
		back, err := ParsePositionID(id)
		if err != nil || back != b {
			t.Fatalf("ParsePositionID(%q) = %v, %v; want %v", id, back, err, b)
		}
		d := Dice{fuzzDie(die1), fuzzDie(die2)}
		checkReference(t, &g, b, d, reference(b, d))
	})
}

// fuzzDie maps any byte to a die, keeping 1 to 6 as they are.
func fuzzDie(b uint8) int { return int(b+5)%6 + 1 }
