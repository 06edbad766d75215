package engine

import _ "embed" // the race tables

// The race search's tables: for every way up to 15 checkers can stand on
// six points (the classic one-sided bear-off index, C(21,6) = 54,264
// positions), the most turns a goal can take, rolling the worst and playing
// the best, a byte a position. Bearing off every checker, the six points are
// the home board, and a side must be all home for the table to tell (the
// first checker's table reaches point 9: result_race_nine.go); clearing the
// opponent's home board, they are that board's, the side's 19 to 24, and
// the checkers elsewhere do not count: every die can move a checker there
// while one is left, and no other play gets one out sooner. The tables end
// the search where it used to spend thousands of positions.
//
// They are built from the rules by TestRaceTables, which also checks every
// entry; regenerate them with go generate after a change to the race rules
// (racePlays, raceGoal.reached).

//go:generate go test -run ^TestRaceTables$ -race-tables.write

// sixPointPositions is how many positions a table indexes: the ways to
// place 0 to 15 checkers on six points, C(15+6, 6).
const sixPointPositions = 54264

//go:embed race_home_alloff.bin
var tableAllOff string // turns to bear off every checker, from home; and to clear the opponent's home board

// tableTurns returns the most turns the goal can take from h, rolling the
// worst and playing the best, when the goal's table knows it.
func (g raceGoal) tableTurns(h *Half) (turns int, ok bool) {
	var i int
	switch g {
	case firstOff:
		if h.BorneOff() > 0 {
			return 0, true
		}
		return ninePointTurns(h) // result_race_nine.go
	case allOff:
		for _, n := range h[6:] {
			if n != 0 {
				return 0, false
			}
		}
		i, ok = sixPointIndex(h[:6])
	case zoneClear:
		if h[Bar-1] != 0 {
			return 0, false
		}
		i, ok = sixPointIndex(h[18:24])
	}
	if !ok {
		return 0, false
	}
	return int(tableAllOff[i]), true
}

// sixPointIndex returns the place in a table of checkers on six points,
// lowest first: the rank of the checkers written as stars and bars (each
// point's checkers, then a bar), the six bars' places b1 < ... < b6 among
// 21 ranked as the combination they are, C(b1,1) + ... + C(b6,6). ok is
// false for more than 15 checkers.
func sixPointIndex(points []uint8) (i int, ok bool) {
	bar := -1
	for p, n := range points[:6] {
		bar += int(n) + 1
		if bar > CheckersPerSide+p {
			return 0, false
		}
		i += sixPointBinomial[bar][p+1]
	}
	return i, true
}

// sixPointBinomial[n][k] is C(n, k) for the bars' places n (0..20) and
// ranks k (0..6).
var sixPointBinomial = func() (c [CheckersPerSide + 6][7]int) {
	for n := range c {
		c[n][0] = 1
		for k := 1; k <= min(n, 6); k++ {
			c[n][k] = c[n-1][k-1] + c[n-1][k]
		}
	}
	return c
}()
