package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"slices"

	"gammond/engine"
)

const movesUsage = "moves [--json] [--rules welsh] POSITION_ID DICE   every legal play, one per line"

// runMoves prints every distinct legal play of a roll from a position:
// "<play>\t<position ID after, opponent on roll>" per line, or a JSON array.
func runMoves(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("moves", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print a JSON array of {play, after}")
	rules := fs.String("rules", "standard", "the rules: standard (the same as us or danish) or welsh")
	pos, err := parseArgs(fs, args, 2, 2)
	if err == nil && !slices.Contains([]string{"standard", "us", "danish", "welsh"}, *rules) {
		err = fmt.Errorf("unknown --rules %q: want standard, us, danish or welsh", *rules)
	}
	if err != nil {
		return argsError(movesUsage, fs, err, stdout, stderr)
	}
	board, err := engine.ParsePositionID(pos[0])
	if err != nil {
		fmt.Fprintf(stderr, "gammon moves: %v\n", err)
		return exitUsage
	}
	if *rules == "welsh" {
		return runWelshMoves(board, pos[1], *asJSON, stdout, stderr)
	}
	dice, err := engine.ParseDice(pos[1])
	if err != nil {
		fmt.Fprintf(stderr, "gammon moves: %v\n", err)
		return exitUsage
	}
	printPlays(listPlays(board, dice), *asJSON, stdout)
	return exitOK
}

// printPlays prints the plays a line each, "<play>\t<position ID after>",
// or as a JSON array.
func printPlays(plays []listedPlay, asJSON bool, stdout io.Writer) {
	if asJSON {
		out, _ := json.Marshal(plays)
		fmt.Fprintf(stdout, "%s\n", out)
		return
	}
	for _, p := range plays {
		fmt.Fprintf(stdout, "%s\t%s\n", p.Play, p.After)
	}
}

// listedPlay is one line of "gammon moves".
type listedPlay struct {
	Play  string `json:"play"`
	After string `json:"after"`
}

func listPlays(b engine.Board, d engine.Dice) []listedPlay {
	plays := engine.LegalPlays(b, d)
	out := make([]listedPlay, 0, len(plays))
	for i := range plays {
		out = append(out, listedPlay{
			Play:  engine.FormatPlay(b, plays[i].Steps()),
			After: plays[i].After.PositionID(),
		})
	}
	return out
}
