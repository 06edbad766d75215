package engine

import _ "embed" // the first checker's race table

// The first checker's table reaches points 7 to 9: for every way fifteen
// checkers can stand on points 1 to 9 (C(23,8) = 490,314 positions), the
// most turns bearing off a first checker can take, rolling the worst and
// playing the best, half a byte a position (245 KB), ninePointMore for
// the few that can take that many or more. A side with a checker
// off has saved the gammon already, so only fifteen checkers need a place.
// It settles at once the early races whose search expanded hundreds of
// positions: fifteen checkers, a few still on points 7 to 9, asked whether
// a first one is certain to be off within five turns.
//
// TestNinePointTable builds it from the rules and checks its entries;
// regenerate it with go generate after a change to the race rules.

//go:generate go test -run ^TestNinePointTable$ -race-tables.write

// ninePointPositions is how many positions the table indexes: the ways to
// place fifteen checkers on nine points, C(15+8, 8).
const ninePointPositions = 490314

// ninePointMore is the entry of a position that can take that many turns
// or more (all fifteen stacked high, rolling 2-1 and 1-1): the table knows
// it takes at least as many, the search goes on.
const ninePointMore = 15

//go:embed race_firstoff_nine.bin
var tableFirstOffNine string // two entries a byte, the even index in the low nibble

// ninePointTurns returns the most turns bearing off a first checker can
// take from h, when h has fifteen checkers, none above point 9, and they
// take fewer than ninePointMore.
func ninePointTurns(h *Half) (turns int, ok bool) {
	i, ok := ninePointIndex(h)
	if !ok {
		return 0, false
	}
	turns = int(ninePointEntry(i))
	return turns, turns < ninePointMore
}

// ninePointEntry returns the table's entry i.
func ninePointEntry(i int) byte {
	b := tableFirstOffNine[i/2]
	if i%2 == 1 {
		b >>= 4
	}
	return b & 0xf
}

// ninePointIndex returns the place in the table of h, fifteen checkers on
// points 1 to 9: the checkers on points 1 to 8 ranked as sixPointIndex
// ranks six points' (the ninth point holds the rest).
func ninePointIndex(h *Half) (i int, ok bool) {
	for _, n := range h[9:] {
		if n != 0 {
			return 0, false
		}
	}
	if h.Total() != CheckersPerSide {
		return 0, false
	}
	bar := -1
	for p, n := range h[:8] {
		bar += int(n) + 1
		i += ninePointBinomial[bar][p+1]
	}
	return i, true
}

// ninePointBinomial[n][k] is C(n, k) for the bars' places n (0..22) and
// ranks k (0..8).
var ninePointBinomial = func() (c [CheckersPerSide + 8][9]int) {
	for n := range c {
		c[n][0] = 1
		for k := 1; k <= min(n, 8); k++ {
			c[n][k] = c[n-1][k-1] + c[n-1][k]
		}
	}
	return c
}()
