package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runItCommands returns the command lines of the README's "Run it" block,
// comments cut, run from the repository's top directory.
func runItCommands(t *testing.T) [][]string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(raw), "## Run it\n")
	if !ok {
		t.Fatal("README.md: no \"## Run it\" section")
	}
	_, block, ok := strings.Cut(section, "```sh\n")
	block, _, closed := strings.Cut(block, "```")
	if !ok || !closed {
		t.Fatal("README.md: no sh block in \"Run it\"")
	}
	var cmds [][]string
	for _, line := range strings.Split(strings.TrimSpace(block), "\n") {
		line, _, _ = strings.Cut(line, "#")
		cmds = append(cmds, strings.Fields(line))
	}
	return cmds
}

// Every file the README's run commands read is shipped: a fresh clone runs
// them as written. (Files after '>' are written, not read.)
func TestREADMERunItFilesExist(t *testing.T) {
	var named int
	for _, cmd := range runItCommands(t) {
		for i, arg := range cmd {
			// A file is a path with an extension: not ./cmd/gammond, a
			// position ID (4HPwATDgc/ABMA) or a broker's URL.
			isFile := strings.Contains(arg, "/") && filepath.Ext(arg) != ""
			if !isFile || (i > 0 && cmd[i-1] == ">") {
				continue
			}
			named++
			if _, err := os.Stat(filepath.Join("..", "..", arg)); err != nil {
				t.Errorf("README runs %q: %v", strings.Join(cmd, " "), err)
			}
		}
	}
	if named < 3 {
		t.Errorf("the README's run commands name %d files, want the examples' (3 or more)", named)
	}
}

// The README's check and replay lines succeed on the shipped examples.
func TestREADMEExamplesRun(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"check", filepath.Join("..", "..", "examples", "match.mat")},
		{"replay", filepath.Join("..", "..", "examples", "match.trace.jsonl"), "--report", filepath.Join(dir, "report.json")},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitOK {
			t.Errorf("gammon %s: exit %d: %s", strings.Join(args, " "), code, stderr.String())
		}
	}
}
