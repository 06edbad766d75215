package welsh

import "gammond/engine"

// HasTriangle reports whether h has a triangle (rule 17a): ten men on four
// adjacent spikes of one quarter-board, 4-3-2-1 one way or the other. Its
// owner throws again while it stands, and the doubling die stays as it is.
func HasTriangle(h *engine.Half) bool {
	return hasShape(h, []int{4, 3, 2, 1}) || hasShape(h, []int{1, 2, 3, 4})
}

// HasRectangle reports whether h has a rectangle (rule 17b): all fifteen
// men on five adjacent spikes of one quarter-board, three on each. Its
// owner wins the match.
func HasRectangle(h *engine.Half) bool {
	return h.Total() == engine.CheckersPerSide && hasShape(h, []int{3, 3, 3, 3, 3})
}

// hasShape reports whether h has exactly counts[i] men on adjacent spikes
// p+i of one quarter-board, for some p.
func hasShape(h *engine.Half, counts []int) bool {
	for low := homeLow; low <= backLow; low += 6 {
		for p := low; p+len(counts) <= low+6; p++ {
			if shapeAt(h, p, counts) {
				return true
			}
		}
	}
	return false
}

func shapeAt(h *engine.Half, p int, counts []int) bool {
	for i, n := range counts {
		if h.On(p+i) != n {
			return false
		}
	}
	return true
}

// OneThrowWin reports whether the mover of b can check out all its men with
// some throw of two dice (rule 18's occasion for an offer to concede).
func OneThrowWin(b *engine.Board) bool {
	if !b[engine.Mover].AllHome() {
		return false
	}
	for d1 := 1; d1 <= 6; d1++ {
		for d2 := d1; d2 <= 6; d2++ {
			for _, p := range LegalPlays(*b, engine.Dice{d1, d2}) {
				if p.After[engine.Opponent].Total() == 0 {
					return true
				}
			}
		}
	}
	return false
}
