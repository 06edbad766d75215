package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"gammond/record"
	"gammond/record/mat"
)

const checkUsage = "check [--json] FILE.mat   every illegal play, cube action and result in a match record"

// runCheck replays a match record with the engine and prints what it finds
// wrong: exit 0 when all is legal, 1 when it found something, 2 when the
// file cannot be read.
func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print a JSON array of findings")
	pos, err := parseArgs(fs, args, 1, 1)
	if err != nil {
		fmt.Fprintf(stderr, "gammon check: %v\nusage: gammon %s\n", err, checkUsage)
		return exitUsage
	}
	m, err := mat.ReadFile(pos[0])
	if err != nil {
		fmt.Fprintf(stderr, "gammon check: %v\n", err)
		return exitUsage
	}
	findings := record.Check(m)
	if *asJSON {
		if findings == nil {
			findings = []record.Finding{}
		}
		out, _ := json.Marshal(findings)
		fmt.Fprintf(stdout, "%s\n", out)
	} else {
		for _, f := range findings {
			fmt.Fprintln(stdout, f)
		}
	}
	if len(findings) > 0 {
		return exitFindings
	}
	return exitOK
}
