// Package gnubgtest runs GNU Backgammon (gnubg -t) for the tests that
// compare with it: Need finds it (or skips, failing under CI), and Export
// loads a match with a command of gnubg's and exports it as .mat, so that
// a test compares gnubg's reading with ours.
package gnubgtest

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"gammond/internal/testmain"
	"gammond/record/gnubg"
)

// Need returns GNU Backgammon's path for a test that compares with it; a
// test without it is skipped, or failed when CI runs (testmain.NeedPeer).
func Need(t testing.TB) string {
	t.Helper()
	gnubg, err := Path()
	testmain.NeedPeer(t, "GNU Backgammon", err)
	return gnubg
}

// Path finds GNU Backgammon: in PATH, or where Debian installs it.
func Path() (string, error) { return gnubg.Locate() }

// Export has GNU Backgammon, at gnubg, run the command load, which loads a
// match ("import mat F", "load match F.sgf"), and export the match as
// .mat; dir holds its files and settings. It returns what it exported and
// the messages it printed.
func Export(t testing.TB, gnubg, dir, load string) (exported, messages []byte) {
	t.Helper()
	out := filepath.Join(dir, "gnubg.mat")
	return Run(t, gnubg, dir, load+"\nexport match mat "+out+"\n", out)
}

// Run has GNU Backgammon, at program, run commands in its command language
// with dir as its home, and returns the file it wrote at out and its
// messages.
func Run(t testing.TB, program, dir, commands, out string) (written, messages []byte) {
	t.Helper()
	script := filepath.Join(dir, "commands")
	if err := os.WriteFile(script, []byte(commands), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	output, err := gnubg.Command(ctx, program, dir, "-c", script).CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", program, err, output)
	}
	if out == "" {
		return nil, output
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("gnubg wrote nothing: %v\n%s", err, output)
	}
	return data, output
}

// Warnings returns the lines of gnubg's messages that say it could not
// import something: it goes on after a move it cannot import.
func Warnings(messages []byte) string { return gnubg.Complaints(messages) }
