package engine

import "slices"

// Partial is a position on the way to a legal play: the first N moves of
// some order of a legal play's moves, the mover still on roll (Board[Mover]
// is the side moving, not swapped as in Play.After). A complete legal play
// is a partial too, with N the dice it uses.
type Partial struct {
	Moves [MaxMoves]Move
	N     int8 // how many of Moves are used: 0 for the board before moving
	Board Board
}

// node is a position Partials meets, with the dice played to reach it.
type node struct {
	partial Partial
	hash    uint64 // zobrist hash of partial.Board
	used    uint8  // the dice played: a bit per die, or how many of a double
	legal   bool   // on the way to a legal play
}

// Partials returns every distinct position on the way to a legal play of d
// from b: the board before moving, every legal play's position, and every
// position between them that a player reaches moving the checkers of a
// legal play one die at a time, in any order the rules allow. Each comes
// with one move sequence leading to it, the longest when there are several.
// When d cannot be played the board before moving is the only one. The slice
// is empty when d is not a roll, and valid until the next call of a method
// of g.
//
// Allocation budget: none once g's buffers have grown to the largest roll
// met (BenchmarkPartials).
func (g *Generator) Partials(b Board, d Dice) []Partial {
	g.partials = g.partials[:0]
	if !d.Valid() {
		return g.partials
	}
	g.keepPlays(b, d)
	g.nodes = g.nodes[:0]
	g.visited.clear()
	g.pos.reset(b)
	g.walk(d, 0, 0)
	g.nodes[0].legal = true // the board before moving, even when d cannot be played
	g.collect()
	return g.partials
}

// walk visits the position under search, reached with the depth moves of
// g.path by the dice in used, and reports whether it is on the way to a
// legal play: it is a legal play's position once g.maxDice dice are played,
// or a move by a die still to play leads on to one. Each position and dice
// played is visited once: a person may move the checkers in any order, so
// unlike search this tries every order.
//
// Allocation budget: none unless g.nodes or g.visited has to grow.
func (g *Generator) walk(d Dice, used uint8, depth int) bool {
	h := g.pos.hash + uint64(used)*usedSalt
	i, free := g.visited.find(h, func(i int32) bool {
		n := &g.nodes[i]
		return n.used == used && n.partial.Board == g.pos.board
	})
	if i >= 0 {
		return g.nodes[i].legal
	}
	i = int32(len(g.nodes))
	g.visited.keep(free, h, i)
	g.nodes = slices.Grow(g.nodes, 1)[:i+1]
	n := &g.nodes[i] // in place: a node temporary would cost more
	n.hash, n.used, n.legal = g.pos.hash, used, false
	n.partial.Moves, n.partial.N, n.partial.Board = g.path, int8(depth), g.pos.board
	clear(n.partial.Moves[depth:])
	legal := false
	if depth == g.maxDice {
		play, _ := g.seen.find(g.pos.hash, g.isPlayNow)
		legal = play >= 0
	} else {
		dice, next, k := unplayed(d, used)
		for j := range k {
			for m := g.pos.movers(dice[j], Bar); m != 0; {
				from := highestPoint(m)
				m &^= 1 << from
				u := g.pos.play(from, dice[j])
				g.path[depth] = u.move
				legal = g.walk(d, next[j], depth+1) || legal
				g.pos.takeBack(u)
			}
		}
	}
	g.nodes[i].legal = legal
	return legal
}

// usedSalt sets apart the visits of one position with different dice
// played, which differ in the dice left to play.
const usedSalt = 0x9e3779b97f4a7c15

// unplayed returns the k dice of d that can still be played after used, with
// what used becomes after playing each.
func unplayed(d Dice, used uint8) (dice [2]int, next [2]uint8, k int) {
	if d.Double() {
		return [2]int{d[0]}, [2]uint8{used + 1}, 1
	}
	for j, die := range d {
		if used&(1<<j) == 0 {
			dice[k], next[k] = die, used|1<<j
			k++
		}
	}
	return dice, next, k
}

// collect puts the positions on the way to a legal play in g.partials, each
// once, with its longest move sequence.
func (g *Generator) collect() {
	g.visited.clear()
	for i := range g.nodes {
		n := &g.nodes[i]
		if !n.legal {
			continue
		}
		j, free := g.visited.find(n.hash, func(j int32) bool {
			return g.partials[j].Board == n.partial.Board
		})
		switch {
		case j < 0:
			g.visited.keep(free, n.hash, int32(len(g.partials)))
			g.partials = append(g.partials, n.partial)
		case g.partials[j].N < n.partial.N:
			g.partials[j] = n.partial
		}
	}
}
