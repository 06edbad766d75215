package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"gammond/engine"
	"gammond/engine/welsh"
)

// runWelshMoves is "gammon moves --rules welsh": the legal plays of Welsh
// backgammon. The position ID is gnubg's, the roof its bar; DICE is two
// dice as for the standard game, or one die ("4") for a player with a full
// spread (rule 11). A spike with more than six men is refused.
func runWelshMoves(board engine.Board, dice string, asJSON bool, stdout, stderr io.Writer) int {
	throw, err := parseWelshThrow(board, dice)
	if err == nil {
		err = welsh.Validate(&board)
	}
	if err != nil {
		fmt.Fprintf(stderr, "gammon moves: welsh: %v\n", err)
		return exitUsage
	}
	plays := welsh.Plays(board, throw)
	out := make([]listedPlay, 0, len(plays))
	for i := range plays {
		play := welsh.FormatPlay(plays[i].Steps())
		if play == "" {
			play = "(no move)" // a rover's backward moves waived
		}
		out = append(out, listedPlay{Play: play, After: plays[i].After.PositionID()})
	}
	printPlays(out, asJSON, stdout)
	return exitOK
}

// errOneDie is the error for one die thrown without a full spread.
var errOneDie = errors.New("one die is thrown only by a player with a full spread (rule 11)")

// parseWelshThrow reads two dice as engine.ParseDice does, or one die.
func parseWelshThrow(board engine.Board, s string) (welsh.Throw, error) {
	if t := strings.TrimSpace(s); len(t) == 1 {
		if t[0] < '1' || t[0] > '6' {
			return welsh.Throw{}, fmt.Errorf("%w %q: no die shows %s", engine.ErrDice, s, t)
		}
		if !welsh.HasFullSpread(&board[engine.Mover]) {
			return welsh.Throw{}, fmt.Errorf("dice %q: %w", s, errOneDie)
		}
		return welsh.Throw{Dice: engine.Dice{int(t[0] - '0')}, OneDie: true}, nil
	}
	d, err := engine.ParseDice(s)
	return welsh.Throw{Dice: d}, err
}
