package main

import (
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"gammond/record/journal"
)

const journalUsage = "journal verify|salvage DIR|FILE   check a board's journals; salvage keeps a damaged one's sound records and moves the file aside"

// runJournal checks or salvages the journals of a state directory (the
// current match's "journal" and the kept "*.journal" of earlier ones), or
// one journal file. verify exits 0 when the daemon can open every journal,
// 1 when one is damaged; salvage exits 0 once every journal opens again.
// Both exit 2 on bad arguments or a file they cannot read or write.
func runJournal(args []string, stdout, stderr io.Writer) int {
	fail := func(err error) int {
		fmt.Fprintf(stderr, "gammon journal: %v\n", err)
		return exitUsage
	}
	fs := flag.NewFlagSet("journal", flag.ContinueOnError)
	pos, err := parseArgs(fs, args, 2, 2)
	if err == nil && pos[0] != "verify" && pos[0] != "salvage" {
		err = fmt.Errorf("%q: want verify or salvage", pos[0])
	}
	if err != nil {
		return argsError(journalUsage, fs, err, stdout, stderr)
	}
	verb, target := pos[0], pos[1]
	paths, err := journalFiles(target)
	if err != nil {
		return fail(err)
	}
	code := exitOK
	for _, path := range paths {
		var c *journal.Check
		var aside string
		if verb == "verify" {
			c, err = journal.Verify(path)
		} else {
			c, aside, err = journal.Salvage(path, time.Now())
		}
		if err != nil {
			return fail(err)
		}
		fmt.Fprintln(stdout, c)
		switch {
		case aside != "":
			fmt.Fprintf(stdout, "  salvaged: kept records 1-%d; the damaged file is kept whole as %s\n", c.Records, aside)
		case !c.OK():
			code = exitFindings
		}
	}
	if code != exitOK {
		fmt.Fprintf(stdout, "the daemon will not open a damaged journal: \"gammon journal salvage %s\" keeps its sound records\n", target)
	}
	return code
}

// journalFiles returns the journal files of a state directory, or the file
// itself.
func journalFiles(target string) ([]string, error) {
	fi, err := os.Stat(target)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		return []string{target}, nil
	}
	entries, err := os.ReadDir(target)
	if err != nil {
		return nil, err
	}
	var paths []string
	for _, e := range entries {
		if name := e.Name(); e.Type().IsRegular() && (name == "journal" || strings.HasSuffix(name, ".journal")) {
			paths = append(paths, filepath.Join(target, name))
		}
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("%s: no journal (\"journal\" or \"*.journal\") in this directory: %w", target, fs.ErrNotExist)
	}
	slices.Sort(paths)
	return paths, nil
}
