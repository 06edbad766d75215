// Package mat reads and writes match records in the .mat format (the
// Jellyfish match format) that GNU Backgammon and eXtreme Gammon import
// and export, and replays a recorded game into positions.
//
// Write produces GNU Backgammon's own export byte for byte: its column
// widths, its trailing spaces and its "Wins" lines. Read accepts that and
// the variations other programs write: eXtreme Gammon's header tags, a
// UTF-8 byte order mark, CRLF line ends, hits without '*', a checker's
// moves combined ("63: 24/15"), "???" for a roll followed by a
// resignation, "and the match" after the last win, and a long left column
// that pushes the right one out of place.
//
// # The model
//
// A Match holds Games; a Game holds the record's numbered lines as Turns;
// a Turn holds one Action for each side, Side 0 (engine.White) in the left
// column. The record's move numbers are kept, so a report can name "game
// G move N" as a reader of the file sees it.
package mat
