package engine

// Occupancy is what the hall sensors can tell of a position: for every point
// and bar half, how many slots each side's checkers cover. It is in the
// board's numbering, which is White's: board point p is White's point p and
// Black's point 25-p.
//
// A slot reads the colour of its bottom checker, so a point whose every slot
// is covered holds that many checkers or more: tall stacks are a range, not
// a number. calib builds an Occupancy from a frame; the referee matches it
// against the legal plays.
type Occupancy struct {
	// Points[p-1][side]: slots of board point p covered by side's checkers.
	Points [24][2]uint8
	// Bar[half][side]: slots of a bar half covered by side's checkers;
	// half 0 is White's half, 1 Black's.
	Bar [2][2]uint8
	// Masked[p-1]: slots of board point p, right above its covered ones,
	// whose sensor is masked (dead or stuck): each may be empty or hold
	// one more of the checkers below it (of either side on an empty
	// point). A masked slot under a covered one is counted as covered.
	Masked [24]uint8
	// BarMasked[half]: the bar half's masked slots, likewise.
	BarMasked [2]uint8
	// Unsure counts the slots whose reading is part-way: a checker being
	// set down or lifted, or a reading calibration cannot place.
	Unsure uint8
	// SlotsPerPoint and SlotsPerBarHalf are the board's geometry: a point
	// with all its slots covered holds that many checkers or more.
	SlotsPerPoint, SlotsPerBarHalf uint8
}
