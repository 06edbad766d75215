package engine

import (
	"math/bits"
	"slices"
)

// Generator finds the legal plays of a roll exactly as GNU Backgammon does
// (eval.c: GenerateMoves, GenerateMovesSub, SaveMoves, LegalMove). It keeps
// its buffers from call to call, so a reused Generator allocates nothing once
// it has met its largest roll. The zero value is ready to use. A Generator
// is not safe for concurrent use.
type Generator struct {
	pos   position
	dice  [MaxMoves]int // the dice in the order being played
	nDice int
	path  [MaxMoves]Move // the moves of the play being searched

	// found has bit p set when the second move of a play from point p is
	// sure to give a position the first die order found already.
	found uint32

	// The plays kept so far and how many dice and pips they use: a play
	// using fewer is not legal, one using more replaces them all.
	plays            []Play
	maxDice, maxPips int
	seen             table // plays by resulting position

	// kept says plays and seen still hold the plays of keptRoll, out of
	// any caller's reach: IsLegal and Partials asked again about the same
	// roll, as the referee does while a player moves, reuse them.
	kept     bool
	keptRoll roll

	nodes    []node    // Partials: positions met on the way, and their dice
	visited  table     // nodes by position and dice played
	partials []Partial // Partials' result
}

// LegalPlays returns every legal play of d from b, one per distinct
// resulting position, in a slice of its own. See Generator.Plays.
func LegalPlays(b Board, d Dice) []Play {
	var g Generator
	return g.Plays(b, d)
}

// Plays returns every legal play of d from b, one per distinct resulting
// position, each with the first move sequence found in gnubg's search order.
// The slice is empty when the roll cannot be played, or when d is not a
// roll; b should pass Validate (another board gives no meaningful plays, but
// no panic). The slice is valid until the next call of a method of g.
//
// Allocation budget: none once g's buffers have grown to the largest roll
// met (BenchmarkPlays).
func (g *Generator) Plays(b Board, d Dice) []Play {
	g.kept = false // the caller may change the plays
	return g.generate(b, d)
}

// roll is a position and the dice rolled in it.
type roll struct {
	board Board
	dice  Dice
}

// keepPlays makes g.plays the plays of d from b, unless they are already.
func (g *Generator) keepPlays(b Board, d Dice) {
	if g.kept && g.keptRoll == (roll{b, d}) {
		return
	}
	g.generate(b, d)
	g.kept, g.keptRoll = true, roll{b, d}
}

// generate finds the plays of d from b.
func (g *Generator) generate(b Board, d Dice) []Play {
	g.plays = g.plays[:0]
	g.maxDice, g.maxPips = 0, 0
	g.seen.clear()
	if !d.Valid() {
		return g.plays
	}
	g.pos.reset(b)
	g.dice, g.nDice = [MaxMoves]int{d[0], d[1]}, 2
	if d.Double() {
		g.dice, g.nDice = [MaxMoves]int{d[0], d[0], d[0], d[0]}, MaxMoves
	}
	g.found = 0
	g.search(0, Bar, 0)
	if !d.Double() {
		g.dice[0], g.dice[1] = d[1], d[0]
		g.found = g.foundFirst(d[0])
		g.search(0, Bar, 0)
	}
	return g.plays
}

// foundFirst returns the points from which the second move of a play by
// the first die, after a move by the other die, is sure to give a position
// the search with the first die first has found already: the same two moves
// the other way round. That holds for a plain move of a checker on a point
// the mover held before the play, with nobody on the bar: the other move
// stays legal once it has moved. Skipping them halves the work.
func (g *Generator) foundFirst(first int) uint32 {
	if g.pos.checkers&(1<<Bar) != 0 {
		return 0
	}
	return g.pos.checkers &^ (uint32(2)<<first - 1)
}

// search plays the die of the given depth with each checker that can move it
// from a point up to top, saving every play that can go no further. It
// reports whether no checker could move, so the play that led here ends
// here. A double moves its checkers from non-increasing points, which finds
// every resulting position once instead of in every order.
//
// Allocation budget: none; save may grow g.plays.
func (g *Generator) search(depth, top, pips int) bool {
	die := g.dice[depth]
	movers := g.pos.movers(die, top)
	m := movers
	if depth == 1 {
		m &^= g.found
	}
	last := depth+1 == g.nDice
	for m != 0 {
		from := highestPoint(m)
		m &^= 1 << from
		u := g.pos.play(from, die)
		g.path[depth] = u.move
		next := Bar
		if g.nDice == MaxMoves {
			next = from
		}
		if last || g.search(depth+1, next, pips+die) {
			g.save(depth+1, pips+die)
		}
		g.pos.takeBack(u)
	}
	return movers == 0
}

// save keeps the position reached by the n moves of g.path, unless a play
// using more dice or pips is known or the position is kept already
// (gnubg's SaveMoves).
//
// Allocation budget: none unless g.plays or g.seen has to grow.
func (g *Generator) save(n, pips int) {
	if n < g.maxDice || pips < g.maxPips {
		return
	}
	if n > g.maxDice || pips > g.maxPips {
		g.plays = g.plays[:0]
		g.seen.clear()
		g.maxDice, g.maxPips = n, pips
	}
	h := g.pos.hash
	i, free := g.seen.find(h, g.isPlayNow)
	if i >= 0 {
		return
	}
	g.seen.keep(free, h, int32(len(g.plays)))
	g.plays = slices.Grow(g.plays, 1)[:len(g.plays)+1]
	p := &g.plays[len(g.plays)-1]
	p.Moves, p.N = g.path, int8(n)
	clear(p.Moves[n:])
	// Field by field: a Board temporary would cost more than the copy.
	p.After[Opponent] = g.pos.board[Mover]
	p.After[Mover] = g.pos.board[Opponent]
}

// isPlayNow reports whether the position under search is what play i
// leaves.
func (g *Generator) isPlayNow(i int32) bool {
	return isAfter(&g.pos.board, &g.plays[i].After)
}

// isAfter reports whether b, mover on roll, is after with the sides swapped.
func isAfter(b, after *Board) bool {
	return b[Mover] == after[Opponent] && b[Opponent] == after[Mover]
}

// IsLegal reports whether after, the opponent on roll as in Play.After, is
// the result of a legal play of d from b. When d cannot be played, only the
// unchanged board (b.Swap()) is legal.
//
// Asked again about the same b and d, with no other call of a method of g
// in between but IsLegal and Partials, it reuses the plays it found: a hash
// lookup (BenchmarkIsLegal/again).
//
// Allocation budget: as Plays.
func (g *Generator) IsLegal(b Board, d Dice, after Board) bool {
	if !d.Valid() || !onlyHits(&b[Opponent], &after[Mover]) {
		return false
	}
	g.keepPlays(b, d)
	if len(g.plays) == 0 {
		return isAfter(&b, &after)
	}
	mover := after.Swap()
	i, _ := g.seen.find(zobristHash(&mover), func(i int32) bool { return g.plays[i].After == after })
	return i >= 0
}

// onlyHits reports whether now can be the opponent's side before after the
// mover played: the same checkers, but for blots hit onto the bar.
func onlyHits(before, now *Half) bool {
	hits := 0
	for i := range Bar - 1 {
		switch {
		case now[i] == before[i]:
		case now[i] == 0 && before[i] == 1:
			hits++
		default:
			return false
		}
	}
	return int(now[Bar-1]) == int(before[Bar-1])+hits
}

// highestPoint returns the highest point set in a point mask.
func highestPoint(m uint32) int { return bits.Len32(m) - 1 }
