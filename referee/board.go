package referee

import (
	"fmt"
	"slices"

	"gammond/engine"
)

// reconstruct returns the position an occupancy shows, with the side of
// colour onRoll in Board[Mover]. Where a tall stack or a full bar half hides
// how many checkers there are, it takes the count of near (the nearest legal
// result) and puts any checkers still unaccounted for on the tallest stacks.
func reconstruct(o *engine.Occupancy, near engine.Board, onRoll engine.Side) engine.Board {
	var b engine.Board
	white, black := b.Colours(onRoll)
	nearWhite, nearBlack := near.Colours(onRoll)
	fill(o, engine.White, white, nearWhite)
	fill(o, engine.Black, black, nearBlack)
	return b
}

// fill sets side's half h from the occupancy, tall stacks from near.
func fill(o *engine.Occupancy, side engine.Side, h, near *engine.Half) {
	full := int(o.SlotsPerPoint)
	tallest, tallestCount := 0, 0
	for p := 1; p <= 24; p++ {
		seen := int(o.Points[engine.BoardPoint(side, p)-1][side])
		n := seen
		if seen == full {
			n = max(seen, near.On(p))
			if n > tallestCount {
				tallest, tallestCount = p, n
			}
		}
		h[p-1] = uint8(n)
	}
	h[engine.Bar-1] = o.Bar[0][side] + o.Bar[1][side]
	if missing := near.Total() - h.Total(); missing > 0 && tallest > 0 {
		h[tallest-1] += uint8(missing)
	}
}

// An accepted illegal play is a play of no roll: it has no moves of its
// own, yet the match record must hold it as moves, the game going on from
// the position it left. deriveMoves writes it as moves a .mat and GNU
// Backgammon can hold: each a checker that was there moving forward, 1 to 6
// pips (no more than the die for a double, which GNU Backgammon would cut
// into die-sized steps), landing only where the board after the play shows
// no opponent checker, so that it hits exactly the blots the play hit; at
// most four moves; and a first move of a roll of two numbers never both
// dice long unless it is the only one (GNU Backgammon would read it as both
// dice and drop the rest). Where no such moves exist, it says why, and the
// record stops before that turn (see record.Transcript).

// deriveMoves returns moves taking the mover (Board[Mover], of colour
// mover) from before to after with the roll d, as described above, or an
// error saying why the play cannot be written.
func deriveMoves(before, after *engine.Board, mover engine.Side, d engine.Dice) ([]engine.Move, error) {
	hits, err := hitPoints(&before[engine.Opponent], &after[engine.Opponent], mover.Other())
	if err != nil {
		return nil, err
	}
	from, to, err := checkerChanges(&before[engine.Mover], &after[engine.Mover], mover)
	if err != nil {
		return nil, err
	}
	if len(from) > engine.MaxMoves {
		return nil, fmt.Errorf("%v moved %d checkers; a .mat holds %d moves", mover, len(from), engine.MaxMoves)
	}
	free := func(p int) bool { return p == engine.Off || after[engine.Opponent].On(25-p) == 0 }
	for _, p := range to {
		if !free(int(p)) {
			return nil, fmt.Errorf("%v's checkers share %v's %s with the opponent's", mover, mover, engine.PointName(int(p)))
		}
	}
	w := writer{hits: hits, mover: mover, dice: d, free: free, step: 6}
	if d.Double() {
		w.step = d[0]
	}
	// The fewest moves over every way to pair the checkers, the pairing
	// highest with highest first: its error, if all fail, says most.
	var best []engine.Move
	var firstErr error
	permute(to, len(to), func(to []int8) {
		moves, err := w.write(from, to)
		switch {
		case err != nil && firstErr == nil:
			firstErr = err
		case err == nil && (best == nil || len(moves) < len(best)):
			best = moves
		}
	})
	switch {
	case best == nil:
		return nil, firstErr
	case len(best) > engine.MaxMoves:
		return nil, fmt.Errorf("%v's play takes %d moves to write; a .mat holds %d", mover, len(best), engine.MaxMoves)
	}
	return markHits(best, before, after, mover)
}

// permute calls f with every order of a[:n], a itself first.
func permute(a []int8, n int, f func([]int8)) {
	if n <= 1 {
		f(a)
		return
	}
	for i := n - 1; i >= 0; i-- {
		a[i], a[n-1] = a[n-1], a[i]
		permute(a, n-1, f)
		a[i], a[n-1] = a[n-1], a[i]
	}
}

// writer writes one pairing of a play's checkers as moves.
type writer struct {
	hits  uint32 // the mover's points where a blot was hit
	mover engine.Side
	dice  engine.Dice
	free  func(p int) bool // whether a move may land on the mover's point p
	step  int              // the longest move
}

// write returns the moves of the checkers leaving from[i] for to[i].
func (w *writer) write(from, to []int8) ([]engine.Move, error) {
	for i := range from {
		if from[i] <= to[i] {
			return nil, fmt.Errorf("%v's checkers moved backwards: from %s to %s", w.mover, engine.PointName(int(from[i])), engine.PointName(int(to[i])))
		}
	}
	chains, err := chainHits(from, to, w.hits, w.mover)
	if err != nil {
		return nil, err
	}
	var moves []engine.Move
	for _, stops := range chains {
		if moves, err = route(moves, stops, w.step, w.dice, w.free); err != nil {
			return nil, fmt.Errorf("%v's checker from %s to %s: %w", w.mover, engine.PointName(int(stops[0])), engine.PointName(int(stops[len(stops)-1])), err)
		}
	}
	return firstNotBothDice(moves, w.dice, w.free), nil
}

// hitPoints returns the mover's points (bit p for point p) where the
// opponent's half went from was to is by losing a blot to the bar, or an
// error if it changed otherwise: no play of the mover can do that.
func hitPoints(was, is *engine.Half, opponent engine.Side) (uint32, error) {
	var hits uint32
	n := 0
	for q := 1; q <= 24; q++ {
		switch {
		case was.On(q) == is.On(q):
		case was.On(q) == 1 && is.On(q) == 0:
			hits |= 1 << (25 - q)
			n++
		default:
			return 0, fmt.Errorf("%v's checkers on its %s went from %d to %d: no play of the opponent does that", opponent, engine.PointName(q), was.On(q), is.On(q))
		}
	}
	if is.On(engine.Bar) != was.On(engine.Bar)+n {
		return 0, fmt.Errorf("%v has %d checkers on the bar, %d before and %d hit", opponent, is.On(engine.Bar), was.On(engine.Bar), n)
	}
	return hits, nil
}

// checkerChanges returns the points the mover's checkers left (the bar
// included) and those they reached (off included), one entry a checker,
// highest first, or an error if checkers appeared or went back to the bar.
func checkerChanges(was, is *engine.Half, mover engine.Side) (from, to []int8, err error) {
	if is.On(engine.Bar) > was.On(engine.Bar) {
		return nil, nil, fmt.Errorf("%v has %d checkers on the bar, %d before its play", mover, is.On(engine.Bar), was.On(engine.Bar))
	}
	if is.BorneOff() < was.BorneOff() {
		return nil, nil, fmt.Errorf("%v has %d checkers on the board, %d before its play", mover, is.Total(), was.Total())
	}
	for p := engine.Bar; p >= 1; p-- {
		for range was.On(p) - is.On(p) {
			from = append(from, int8(p))
		}
		for range is.On(p) - was.On(p) {
			to = append(to, int8(p))
		}
	}
	for range is.BorneOff() - was.BorneOff() {
		to = append(to, engine.Off)
	}
	return from, to, nil
}

// chainHits pairs the checkers leaving from[i] with those arriving at
// to[i], and puts each hit blot no checker ends on in the way of one of
// them: a chain of stops, highest first, from where a checker left to where
// it ended.
func chainHits(from, to []int8, hits uint32, mover engine.Side) ([][]int8, error) {
	chains := make([][]int8, len(from))
	for i := range from {
		chains[i] = []int8{from[i], to[i]}
		hits &^= 1 << to[i]
	}
	for p := int8(24); p >= 1; p-- {
		if hits&(1<<p) == 0 {
			continue
		}
		i := slices.IndexFunc(chains, func(c []int8) bool { return c[0] > p && c[len(c)-1] < p })
		if i < 0 {
			return nil, fmt.Errorf("the blot on %v's %s was hit, but no checker of %v passed it", mover, engine.PointName(int(p)), mover)
		}
		c := chains[i]
		k := slices.IndexFunc(c, func(q int8) bool { return q < p })
		chains[i] = slices.Insert(c, k, p)
	}
	return chains, nil
}

// route appends the moves of one checker through its stops, each at most
// step pips, landing between stops only where free says it may: a die's
// length first, or else as far as it can go.
func route(moves []engine.Move, stops []int8, step int, d engine.Dice, free func(int) bool) ([]engine.Move, error) {
	at := stops[0]
	for _, stop := range stops[1:] {
		for int(at-stop) > step {
			next, ok := landing(int(at), int(stop), step, d, free)
			if !ok {
				return nil, fmt.Errorf("no free point to land on within %d pips of %s", step, engine.PointName(int(at)))
			}
			moves = append(moves, engine.Move{From: at, To: int8(next)})
			at = int8(next)
		}
		moves = append(moves, engine.Move{From: at, To: stop})
		at = stop
	}
	return moves, nil
}

// landing returns a free point to land on from at, short of stop and at
// most step pips away.
func landing(at, stop, step int, d engine.Dice, free func(int) bool) (int, bool) {
	for _, die := range [2]int{max(d[0], d[1]), min(d[0], d[1])} {
		if p := at - die; die <= step && p > stop && p <= 24 && free(p) {
			return p, true
		}
	}
	for p := max(at-step, stop+1); p < at; p++ {
		if p <= 24 && free(p) {
			return p, true
		}
	}
	return 0, false
}

// firstNotBothDice returns moves whose first move, if there are others,
// is not as long as both dice of a roll of two numbers: another first,
// or that one cut in two at a free point, when there is one.
func firstNotBothDice(moves []engine.Move, d engine.Dice, free func(int) bool) []engine.Move {
	both := int8(d[0] + d[1])
	if d.Double() || len(moves) < 2 || moves[0].From-moves[0].To != both {
		return moves
	}
	for i, m := range moves {
		// A move may go first if it starts from where a checker stood
		// before the play: no earlier move of its chain lands there.
		if m.From-m.To != both && !slices.ContainsFunc(moves[:i], func(e engine.Move) bool { return e.To == m.From }) {
			return slices.Insert(slices.Delete(moves, i, i+1), 0, m)
		}
	}
	first := moves[0]
	for _, die := range d {
		if p := int(first.From) - die; p >= 1 && p <= 24 && free(p) {
			return slices.Insert(moves[1:], 0, engine.Move{From: first.From, To: int8(p)}, engine.Move{From: int8(p), To: first.To})
		}
	}
	return moves
}

// markHits plays the moves from before, marking those that hit, and checks
// that they leave after.
func markHits(moves []engine.Move, before, after *engine.Board, mover engine.Side) ([]engine.Move, error) {
	b := *before
	for i := range moves {
		m := &moves[i]
		m.Hit = m.To != engine.Off && b[engine.Opponent].On(25-int(m.To)) == 1
		var err error
		if b, err = b.Apply(moves[i : i+1]); err != nil {
			return nil, fmt.Errorf("%v's play: %w", mover, err)
		}
	}
	if b != *after {
		return nil, fmt.Errorf("%v's moves leave %s, not the board's %s", mover, b.PositionID(), after.PositionID())
	}
	return moves, nil
}
