package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"gammond/record/analysis"
)

const analyseUsage = "analyse [--ply N] [--json] [--sgf OUT] MATCH.mat|MATCH.sgf   GNU Backgammon's error rates, luck and marked mistakes"

// runAnalyse has gnubg analyse a match and prints each player's figures
// and the marked mistakes: exit 0, 2 when gnubg is missing or the record
// does not read.
func runAnalyse(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("analyse", flag.ContinueOnError)
	ply := fs.Int("ply", 0, fmt.Sprintf("gnubg's evaluation plies, 0 to %d", analysis.MaxPlies))
	asJSON := fs.Bool("json", false, "print the analysis as JSON")
	sgf := fs.String("sgf", "", "save gnubg's analysed match as SGF in this file")
	pos, err := parseArgs(fs, args, 1, 1)
	if err != nil {
		return argsError(analyseUsage, fs, err, stdout, stderr)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	r, err := analysis.Analyse(ctx, pos[0], analysis.Options{Plies: *ply, SGF: *sgf})
	if err != nil {
		fmt.Fprintf(stderr, "gammon analyse: %v\n", err)
		return exitUsage
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(r)
		return exitOK
	}
	r.WriteText(stdout)
	return exitOK
}
