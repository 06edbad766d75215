package referee

import "gammond/engine"

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

// deriveMoves returns moves that take the mover (Board[Mover]) from before
// to after: checkers leaving points paired, highest first, with checkers
// arriving, highest first. It is how an accepted illegal play is written
// down: a play of no roll has no moves of its own.
func deriveMoves(before, after *engine.Board) []engine.Move {
	var from, to []int8
	was, is := &before[engine.Mover], &after[engine.Mover]
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
	moves := make([]engine.Move, 0, min(len(from), len(to)))
	for i := range min(len(from), len(to)) {
		m := engine.Move{From: from[i], To: to[i]}
		if m.To != engine.Off {
			opp := 25 - int(m.To)
			m.Hit = before[engine.Opponent].On(opp) == 1 && after[engine.Opponent].On(opp) == 0
		}
		moves = append(moves, m)
	}
	return moves
}
