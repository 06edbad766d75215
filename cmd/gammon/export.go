package main

import (
	"flag"
	"fmt"
	"io"

	"gammond/record/mat"
)

const exportUsage = "export --sgf|--mat FILE   a match record as GNU Backgammon's SGF, or its .mat, on stdout"

// runExport reads a match record and writes it in GNU Backgammon's SGF
// (--sgf) or .mat layout (--mat): exit 0, 1 when a game holds a move no
// board allows, 2 when the record cannot be read.
func runExport(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	sgf := fs.Bool("sgf", false, "write GNU Backgammon's SGF")
	asMat := fs.Bool("mat", false, "write the .mat as GNU Backgammon exports it")
	pos, err := parseArgs(fs, args, 1, 1)
	if err == nil && *sgf == *asMat {
		err = fmt.Errorf("want one of --sgf and --mat")
	}
	if err != nil {
		return argsError(exportUsage, fs, err, stdout, stderr)
	}
	m, err := mat.ReadFile(pos[0])
	if err != nil {
		fmt.Fprintf(stderr, "gammon export: %v\n", err)
		return exitUsage
	}
	for _, w := range m.Warnings {
		fmt.Fprintf(stderr, "gammon export: warning: %v\n", w)
	}
	if *sgf {
		err = m.WriteSGF(stdout, nil)
	} else {
		_, err = m.WriteTo(stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "gammon export: %s: %v\n", pos[0], err)
		return exitFindings
	}
	return exitOK
}
