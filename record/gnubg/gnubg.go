// Package gnubg finds and starts GNU Backgammon (Debian's gnubg) as a
// process in text mode, and reads its complaints: the one place the
// project runs it, for the analysis of matches and for the tests that
// compare our records with its reading.
package gnubg

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"strings"
)

// DebianPath is where Debian's gnubg package installs the program.
const DebianPath = "/usr/games/gnubg"

// ErrNoGnubg is returned by Locate when GNU Backgammon is not installed.
var ErrNoGnubg = errors.New("GNU Backgammon is not installed: gnubg is neither in PATH nor at " + DebianPath + " (apt-get install gnubg)")

// Locate finds GNU Backgammon: in PATH, or where Debian installs it.
func Locate() (string, error) {
	if p, err := exec.LookPath("gnubg"); err == nil {
		return p, nil
	}
	if _, err := os.Stat(DebianPath); err != nil {
		return "", ErrNoGnubg
	}
	return DebianPath, nil
}

// Command returns gnubg in text mode, quiet, with args; home becomes its
// HOME, where it keeps its settings (~/.gnubg), so that runs side by side
// neither share nor change the user's.
func Command(ctx context.Context, gnubg, home string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, gnubg, append([]string{"-t", "-q"}, args...)...)
	cmd.Env = append(os.Environ(), "HOME="+home)
	cmd.Dir = home
	return cmd
}

// NoMatch is what gnubg says when it has no match loaded: the file it
// was given did not read at all.
const NoMatch = "No game in progress"

// Complaints returns the lines of gnubg's messages that say it could not
// read something: it goes on after a move it cannot import, or analyses
// no match at all after a file it cannot load.
func Complaints(messages []byte) string {
	var lines []string
	for l := range strings.Lines(string(messages)) {
		for _, bad := range []string{"WARNING", "Unrecognised", "not a valid", "rror", NoMatch, "annot"} {
			if strings.Contains(l, bad) {
				lines = append(lines, l)
				break
			}
		}
	}
	return strings.Join(lines, "")
}
