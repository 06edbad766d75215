// Package gnubgtest runs GNU Backgammon (gnubg -t) for the tests of the
// record packages: it loads a match with a command of gnubg's and exports
// it as .mat, so that a test compares gnubg's reading with ours.
package gnubgtest

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gammond/internal/testmain"
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
func Path() (string, error) {
	if p, err := exec.LookPath("gnubg"); err == nil {
		return p, nil
	}
	const debian = "/usr/games/gnubg"
	if _, err := os.Stat(debian); err != nil {
		return "", errors.New("gnubg is neither in PATH nor at " + debian)
	}
	return debian, nil
}

// Export has GNU Backgammon, at gnubg, run the command load, which loads a
// match ("import mat F", "load match F.sgf"), and export the match as
// .mat; dir holds its files and settings. It returns what it exported and
// the messages it printed.
func Export(t testing.TB, gnubg, dir, load string) (exported, messages []byte) {
	t.Helper()
	out := filepath.Join(dir, "gnubg.mat")
	script := filepath.Join(dir, "commands")
	commands := load + "\nexport match mat " + out + "\n"
	if err := os.WriteFile(script, []byte(commands), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, gnubg, "-t", "-q", "-c", script)
	cmd.Env = append(os.Environ(), "HOME="+dir) // gnubg keeps its settings in ~/.gnubg
	output, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", gnubg, err, output)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("gnubg exported nothing: %v\n%s", err, output)
	}
	return data, output
}

// Warnings returns the lines of gnubg's messages that say it could not
// import something: it goes on after a move it cannot import.
func Warnings(messages []byte) string {
	var lines []string
	for l := range strings.Lines(string(messages)) {
		for _, bad := range []string{"WARNING", "Unrecognised", "not a valid", "rror"} {
			if strings.Contains(l, bad) {
				lines = append(lines, l)
				break
			}
		}
	}
	return strings.Join(lines, "")
}
