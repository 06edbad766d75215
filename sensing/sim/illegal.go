package sim

import (
	"slices"

	"gammond/engine"
)

// illegalPlay is a play no roll of the turn allows, as a player makes one
// by mistake.
type illegalPlay struct {
	kind  string       // what the mistake is (IllegalTurn.Kind)
	board engine.Board // the position it leaves, mover on roll
}

// illegalKinds are the mistakes, each a way to spoil the recorded play.
var illegalKinds = [...]struct {
	name  string
	moves func(r *run, b *engine.Board, d engine.Dice, legal []engine.Move) []engine.Move
}{
	{"partial", partialMoves},
	{"miscount", miscountMoves},
	{"backwards", backwardsMoves},
	{"extra", extraMoves},
	{"single", singleMoves},
}

// illegal returns an illegal play of the turn from before (mover on roll,
// of colour mover) with the roll d, whose legal play is legal: the first
// of the mistakes, in random order, that the sensors (the dead ones
// masked) can tell from every legal play of every position they leave
// possible, and from one with the last checker still in the hand. It
// reports false when none can be.
func (r *run) illegal(before engine.Board, mover engine.Side, d engine.Dice, legal *engine.Play) (illegalPlay, bool) {
	g := r.opts.Board
	for _, k := range r.rng.Perm(len(illegalKinds)) {
		kind := illegalKinds[k]
		for range 4 {
			moves := kind.moves(r, &before, d, legal.Steps())
			if len(moves) == 0 {
				continue
			}
			after, err := before.Apply(moves)
			if err != nil || after == before {
				continue
			}
			// As the sensors see it with the dead ones masked, and as a
			// checker set down off-centre on a dead one shows it (whole).
			occ := seen(&after, mover, g, r.opts.Dead)
			whole := engine.OccupancyOf(&after, mover, g.Slots, g.BarSlots)
			if !r.hyp.fitsLegal(&occ, mover, d) && !r.hyp.inHand(&occ, mover, d) && !r.hyp.inHand(&whole, mover, d) {
				return illegalPlay{kind.name, after}, true
			}
		}
	}
	return illegalPlay{}, false
}

// partialMoves leaves the last dice of a play of two or more unplayed.
func partialMoves(r *run, _ *engine.Board, _ engine.Dice, legal []engine.Move) []engine.Move {
	if len(legal) < 2 {
		return nil
	}
	return legal[:1+r.rng.IntN(len(legal)-1)]
}

// miscountMoves takes one checker of the play a pip short or long.
func miscountMoves(r *run, _ *engine.Board, _ engine.Dice, legal []engine.Move) []engine.Move {
	if len(legal) == 0 {
		return nil
	}
	moves := slices.Clone(legal)
	m := &moves[r.rng.IntN(len(moves))]
	to := int(m.To) + 1
	if r.chance(0.5) {
		to = int(m.To) - 1
	}
	if to < engine.Off || to >= int(m.From) {
		return nil
	}
	m.To, m.Hit = int8(to), false
	return moves
}

// backwardsMoves moves one checker back by a die, and nothing else.
func backwardsMoves(r *run, b *engine.Board, d engine.Dice, _ []engine.Move) []engine.Move {
	pips := d[r.rng.IntN(2)]
	var from []int
	for p := 1; p+pips <= 24; p++ {
		if b[engine.Mover].On(p) > 0 {
			from = append(from, p)
		}
	}
	if len(from) == 0 {
		return nil
	}
	p := from[r.rng.IntN(len(from))]
	return []engine.Move{{From: int8(p), To: int8(p + pips)}}
}

// extraMoves plays the play and one more checker by a die.
func extraMoves(r *run, b *engine.Board, d engine.Dice, legal []engine.Move) []engine.Move {
	after, err := b.Apply(legal)
	if err != nil {
		return nil
	}
	extra, ok := r.oneMove(&after, d[r.rng.IntN(2)])
	if !ok {
		return nil
	}
	return append(slices.Clone(legal), extra)
}

// singleMoves moves one checker by one die of a roll whose play uses both.
func singleMoves(r *run, b *engine.Board, d engine.Dice, legal []engine.Move) []engine.Move {
	if d.Double() || len(legal) != 2 {
		return nil
	}
	m, ok := r.oneMove(b, d[r.rng.IntN(2)])
	if !ok {
		return nil
	}
	return []engine.Move{m}
}

// oneMove returns a random move of a checker of the side on roll by pips
// that a board allows (not that the rules do).
func (r *run) oneMove(b *engine.Board, pips int) (engine.Move, bool) {
	var moves []engine.Move
	for from := 1; from <= engine.Bar; from++ {
		if b[engine.Mover].On(from) == 0 {
			continue
		}
		m := engine.Move{From: int8(from), To: int8(max(from-pips, engine.Off))}
		if _, err := b.Apply([]engine.Move{m}); err == nil {
			moves = append(moves, m)
		}
	}
	if len(moves) == 0 {
		return engine.Move{}, false
	}
	return moves[r.rng.IntN(len(moves))], true
}
