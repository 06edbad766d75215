// Package welsh is Welsh backgammon (shared/rules/welsh-backgammon-rules.txt)
// behind the engine's types: the same Board, Half, Dice, Move and Play, the
// same gnubg position IDs, but its own legal plays, game and match. Rule
// numbers in this package's comments are the text's; docs/WELSH.md lists
// every rule, the choice made where the text is ambiguous, and its test.
//
// # The board in Welsh words
//
// Points are numbered as in package engine, from the mover's view, 24 down
// to 1. The four quarter-boards are:
//
//	points 19..24  the back board (the opponent's home); back spike n is point 25-n
//	points 13..18  the far-outer board; for crossing the stream its spike k
//	               is point 19-k (1 by the central bar, 6 at the edge)
//	points  7..12  the near-outer board; its spike k is point 6+k, straight
//	               across the stream from far-outer spike k
//	points  1..6   the home board; home spike n is point n
//
// The roof (rule 14, "just behind Back 1") is engine.Bar, check-out is
// engine.Off. The central bar lies between points 6 and 7 and between 18
// and 19; the stream lies between 13 and 12. The starting position is the
// standard one (engine.StartingBoard): 2 men on back spike 1, 5 on
// far-outer spike 6, 3 on point 8 and 5 on home spike 6, as rule 15's
// opening 6-4 example needs.
//
// # Moves
//
// A Move is one man moved by one die or by several dice combined (rule 9).
// A man settles only where the turn leaves it: "20/11" with a 5-4, or
// "20/16 16/11", passes covered spikes and hits nothing on the way, and the
// opening 6-4's "13/12 12/8" passes the opponent's five on 12. A man
// crossing the stream moves From far-outer spike k To near-outer spike k
// (13/12 with a 6); a rover moving back has To above From.
package welsh
