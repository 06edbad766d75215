// Package engine is backgammon as GNU Backgammon knows it: positions, gnubg
// position and match IDs, every legal play for a roll, play notation, match
// state, clocks and the observation matcher. It is pure: no I/O, no clock
// read, no goroutines.
//
// # Board numbering
//
// Each side counts the points from its own point of view: its home board is
// points 1 to 6, its opponent's home board is its points 19 to 24, and its
// checkers move from 24 towards 1. Point 25 is the bar and point 0 is off, as
// in .mat notation (Bar, Off). A point p of one side is point 25-p of the
// other.
//
// A Board holds both sides' checkers the way gnubg does: Board[Opponent] is
// the side not on roll, Board[Mover] the side on roll. The board of the next
// turn is b.Swap(). Colours (White, Black) belong to the match, not the
// board: White is side 0, the left column of a .mat file.
package engine
