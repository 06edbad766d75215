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
// right one out of its column. Errors name the file and the line.
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
