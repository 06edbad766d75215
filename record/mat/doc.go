// Package mat reads and writes match records in the .mat format (the
// Jellyfish match format) that GNU Backgammon and eXtreme Gammon import
// and export, and replays a recorded game into positions.
//
// Match.WriteTo writes GNU Backgammon's own export ("export match mat")
// byte for byte: its column widths, its trailing spaces, its "Wins" lines
// and where it puts them. Read accepts that and the variations XG and
// others write: more header tags (; [Player 1 "..."]), a UTF-8 byte order
// mark, CRLF line ends, hits without '*', a checker's moves combined
// ("63: 24/15"), "Cannot Move" for a dance, "???" before a resignation,
// "and the match" after the last win, and a long left cell that pushes the
// right one out of its column; Backgammon Galaxy's "Losses 2 point" cell
// (after a play, alone, or after the move number written again), "Wins 2
// point", an empty player name and comment lines inside a game; Backgammon
// Studio's empty numbered line. GNU Backgammon's import is the judge of
// what a record says: a line it cannot place, Read skips with a Warning
// naming the file and the line, as GNU Backgammon goes on past an
// "Unrecognised move". A record Read cannot read at all (no "N point
// match" line, a bad score line) is a *SyntaxError naming the line.
//
// Reader reads a record a game at a time, for records of any length.
//
// For the board's own records, SetInfo fills the header the way GNU
// Backgammon writes it, and SortMoves orders a play's moves as GNU
// Backgammon does once it has imported a record: so written, a record is
// exported by GNU Backgammon byte for byte as it is. WriteSGF writes a
// match in GNU Backgammon's SGF, with notes on the actions, for what a
// .mat cannot hold.
//
// # The model
//
// A Match holds Games; a Game holds the record's lines as Turns; a Turn
// holds one Action for each side, indexed by engine.Side: engine.White is
// the left column. The record's move numbers are kept, so a report can
// say "game 3 move 12 White" as a reader of the file finds it. A play is
// kept as the engine.Move values recorded; Game.Replay gives the board
// before and after each action and the legal plays a recorded play stands
// for, resolving XG's combined moves. Match.Script gives the match to the
// hand simulator (sensing/sim) as engine values.
//
// The format leaves some things out, and so does the model: the Crawford
// game is not marked (GNU Backgammon infers it from the scores, as
// engine.Match does), nor is a resignation's kind (its "Wins" points say
// it), and a roll followed by a resignation is written as a roll with no
// play (Kind Resign tells it from a dance).
//
// A money session is written as a "0 point match".
package mat
