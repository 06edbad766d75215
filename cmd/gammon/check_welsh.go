package main

import (
	"fmt"
	"os"

	"gammond/engine/welsh"
	"gammond/record"
)

// welshExts are the extensions of the Welsh match records a directory is
// searched for: the board writes its record as NAME.welsh.
var welshExts = []string{welsh.RecordExt}

// checkerFor returns how "gammon check --rules" checks a file and which
// files it looks for in a directory.
func checkerFor(rules string) (check func(string) ([]record.Finding, error), exts []string, err error) {
	switch rules {
	case "standard", "us", "danish":
		return checkFile, matExts, nil
	case "welsh":
		return checkWelshFile, welshExts, nil
	}
	return nil, nil, fmt.Errorf("unknown --rules %q: want standard, us, danish or welsh", rules)
}

// checkWelshFile reads a Welsh match record (docs/WELSH.md) and replays it
// through the rules. A record that cannot be read is an error naming the
// file and the line; what the rules refuse is a finding with its line.
func checkWelshFile(name string) ([]record.Finding, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rec, err := welsh.ReadRecord(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	var findings []record.Finding
	for _, w := range welsh.Check(rec) {
		findings = append(findings, welshFinding(w))
	}
	return findings, nil
}

// welshFinding is a Welsh record's finding as gammon check reports every
// finding: "line 12: game 1: what", the line and game also in --json.
func welshFinding(f welsh.Finding) record.Finding {
	reason := f.What
	if f.Line > 0 && f.Game > 0 {
		reason = fmt.Sprintf("game %d: %s", f.Game, f.What)
	}
	return record.Finding{Kind: record.Breach, Line: f.Line, Game: f.Game, Reason: reason}
}
