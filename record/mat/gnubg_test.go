package mat

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// gnubgPath finds GNU Backgammon: in PATH, or where Debian installs it.
func gnubgPath() (string, error) {
	if p, err := exec.LookPath("gnubg"); err == nil {
		return p, nil
	}
	const debian = "/usr/games/gnubg"
	if _, err := os.Stat(debian); err != nil {
		return "", errors.New("gnubg is neither in PATH nor at " + debian)
	}
	return debian, nil
}

// TestGnubgInterop writes every record of allRecords and a few matches of
// random legal plays, has GNU Backgammon import what we wrote and export
// it again, and reads that back: the match must be the same, play by play,
// compared by the positions the plays leave (GNU Backgammon orders a
// play's moves its own way). With -short it leaves out the shared matches,
// which TestRoundTrip writes byte for byte as GNU Backgammon did (CI runs
// them all, .ci/run).
func TestGnubgInterop(t *testing.T) {
	gnubg, err := gnubgPath()
	if err != nil {
		t.Skipf("GNU Backgammon interop not tested: %v", err)
	}
	matches := map[string]*Match{}
	for _, file := range allRecords(t) {
		if testing.Short() && filepath.Dir(file) == matchesDir {
			continue
		}
		if matches[filepath.Base(file)], err = ReadFile(file); err != nil {
			t.Fatal(err)
		}
	}
	for seed := range uint64(5) {
		matches[fmt.Sprintf("random-%d", seed)] = randomMatch(seed, 3)
	}
	for name, ours := range matches {
		t.Run(name, func(t *testing.T) {
			t.Parallel() // each in its own directory, gnubg's HOME
			dir := t.TempDir()
			written := filepath.Join(dir, "ours.mat")
			var b bytes.Buffer
			if _, err := ours.WriteTo(&b); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(written, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			back, err := Read(bytes.NewReader(gnubgReexport(t, gnubg, dir, written)), "gnubg's export")
			if err != nil {
				t.Fatal(err)
			}
			sameMatch(t, back, ours)
		})
	}
}

// gnubgReexport has GNU Backgammon import the record in and export it
// again, and returns what it exported.
func gnubgReexport(t *testing.T, gnubg, dir, in string) []byte {
	t.Helper()
	out := filepath.Join(dir, "gnubg.mat")
	script := filepath.Join(dir, "commands")
	commands := "import mat " + in + "\nexport match mat " + out + "\n"
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
	// gnubg goes on after a move it cannot import, with a warning.
	for _, bad := range []string{"WARNING", "Unrecognised", "not a valid"} {
		if bytes.Contains(output, []byte(bad)) {
			t.Fatalf("gnubg did not import our record:\n%s", grepLines(output, bad))
		}
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("gnubg exported nothing: %v\n%s", err, output)
	}
	return data
}

// grepLines returns the lines of out that hold s.
func grepLines(out []byte, s string) string {
	var lines []string
	for l := range strings.Lines(string(out)) {
		if strings.Contains(l, s) {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "")
}

// sameMatch compares what GNU Backgammon exported with the match we wrote.
// It leaves out what GNU Backgammon drops: the tags it does not know,
// and "and the match".
func sameMatch(t *testing.T, got, want *Match) {
	t.Helper()
	if got.Length != want.Length || got.Players != want.Players || len(got.Games) != len(want.Games) {
		t.Fatalf("got a %d point match of %q with %d games, want %d points, %q, %d games",
			got.Length, got.Players, len(got.Games), want.Length, want.Players, len(want.Games))
	}
	for _, k := range []string{TagSite, TagEvent, TagRound, TagEventDate, TagTranscriber} {
		if g, w := got.Tag(k), want.Tag(k); g != w {
			t.Errorf("tag %s: got %q, want %q", k, g, w)
		}
	}
	for i := range want.Games {
		sameGame(t, &got.Games[i], &want.Games[i])
	}
}

func sameGame(t *testing.T, got, want *Game) {
	t.Helper()
	if got.Number != want.Number || got.Score != want.Score {
		t.Fatalf("game %d at %v, want game %d at %v", got.Number, got.Score, want.Number, want.Score)
	}
	gs, err := got.Replay()
	if err != nil {
		t.Fatal(err)
	}
	ws, err := want.Replay()
	if err != nil {
		t.Fatal(err)
	}
	if len(gs) != len(ws) {
		t.Fatalf("game %d: %d actions, want %d", want.Number, len(gs), len(ws))
	}
	for i, w := range ws {
		g := gs[i]
		g.Action.Moves, w.Action.Moves = nil, nil // compared by position
		g.Action.AndMatch, w.Action.AndMatch = false, false
		if g.Number != w.Number || g.Side != w.Side || g.Action.Kind != w.Action.Kind ||
			g.Action.Dice != w.Action.Dice || g.Action.Cube != w.Action.Cube || g.Action.Points != w.Action.Points {
			t.Errorf("game %d: action %d is move %d %v %+v, want move %d %v %+v",
				want.Number, i+1, g.Number, g.Side, g.Action, w.Number, w.Side, w.Action)
		}
		if g.After != w.After {
			t.Errorf("game %d move %d %v: the play leaves %s, want %s",
				want.Number, w.Number, w.Side, g.After.PositionID(), w.After.PositionID())
		}
	}
}
