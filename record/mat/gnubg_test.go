package mat

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"gammond/internal/gnubgtest"
	"gammond/internal/testmain"
)

// TestGnubgInterop writes every record of allRecords and a few matches of
// random legal plays, has GNU Backgammon import what we wrote and export
// it again, and reads that back: the match must be the same, play by play,
// compared by the positions the plays leave (GNU Backgammon orders a
// play's moves its own way). With -short it leaves out the shared matches,
// which TestRoundTrip writes byte for byte as GNU Backgammon did (CI runs
// them all, .ci/run).
func TestGnubgInterop(t *testing.T) {
	gnubg := gnubgtest.Need(t)
	matches := map[string]*Match{}
	for _, file := range allRecords(t) {
		if testmain.Trimmed() && filepath.Dir(file) == matchesDir {
			continue
		}
		m, err := ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		matches[filepath.Base(file)] = m
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
			exported, messages := gnubgReexport(t, gnubg, dir, written)
			if w := gnubgtest.Warnings(messages); w != "" {
				t.Fatalf("gnubg did not import our record:\n%s", w)
			}
			back, err := Read(bytes.NewReader(exported), "gnubg's export")
			if err != nil {
				t.Fatal(err)
			}
			sameMatch(t, back, ours)
		})
	}
}

// TestGnubgExportsOurBytes: what GNU Backgammon exports of a record it
// imported, we read and write back byte for byte; and a record written as
// the board writes it (SetInfo's header, SortMoves's order, the dice as
// rolled), GNU Backgammon imports and exports byte for byte.
func TestGnubgExportsOurBytes(t *testing.T) {
	t.Parallel()
	gnubg := gnubgtest.Need(t)
	for _, file := range gnubgFiles(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			t.Parallel() // each in its own directory, gnubg's HOME
			m, exported := gnubgReads(t, gnubg, file)
			var ours bytes.Buffer
			if _, err := m.WriteTo(&ours); err != nil {
				t.Fatal(err)
			}
			if ours.String() != string(exported) {
				t.Errorf("we write gnubg's export otherwise:\n%s", firstDiff(ours.String(), string(exported)))
			}
		})
	}
	for seed := range uint64(4) {
		t.Run(fmt.Sprintf("board-%d", seed), func(t *testing.T) {
			t.Parallel() // each in its own directory, gnubg's HOME
			m := boardMatch(seed)
			dir := t.TempDir()
			written := filepath.Join(dir, "ours.mat")
			var ours bytes.Buffer
			if _, err := m.WriteTo(&ours); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(written, ours.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			exported, _ := gnubgReexport(t, gnubg, dir, written)
			if string(exported) != ours.String() {
				t.Errorf("gnubg exports our record otherwise:\n%s", firstDiff(string(exported), ours.String()))
			}
		})
	}
}

// boardMatch is a random match recorded as the board records one.
func boardMatch(seed uint64) *Match {
	m := randomMatch(seed, 3)
	m.SetInfo(Info{
		Site: "The Pub", Event: "Club Night", Round: "Round 2",
		Date: time.Date(2026, 11, 22, 19, 30, 0, 0, time.UTC), Transcriber: "gammond",
		Clock: "2 min per point, 12 s delay", BoardID: "table-7",
	})
	for _, g := range m.Games {
		for _, t := range g.Turns {
			for _, a := range t.Actions {
				SortMoves(a.Moves)
			}
		}
	}
	return m
}

// dialectFiles are the records other programs write, made for the
// tests: the top-level testdata/dialects and XG's here.
func dialectFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "dialects", "*.mat"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no dialect records in testdata/dialects (%v)", err)
	}
	return append(files, filepath.Join(matDir, "xg-variants.mat"))
}

// TestDialectsAsGnubgReadsThem reads every dialect record, has GNU
// Backgammon import the same file and export it, and compares the games,
// plays and results: GNU Backgammon's import is the judge of what a
// record says. Our reader knows the lines GNU Backgammon skips with a
// warning ("Losses", comments), so it must warn of none.
func TestDialectsAsGnubgReadsThem(t *testing.T) {
	t.Parallel()
	gnubg := gnubgtest.Need(t)
	for _, file := range dialectFiles(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			t.Parallel() // each in its own directory, gnubg's HOME
			ours, err := ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if len(ours.Warnings) > 0 {
				t.Errorf("warnings %v", ours.Warnings)
			}
			back, _ := gnubgReads(t, gnubg, file)
			if back.Length != ours.Length || len(back.Games) != len(ours.Games) {
				t.Fatalf("gnubg read a %d point match of %d games, we a %d point match of %d",
					back.Length, len(back.Games), ours.Length, len(ours.Games))
			}
			for i := range ours.Games {
				sameGame(t, &back.Games[i], &ours.Games[i], true)
			}
		})
	}
}

// gnubgReads has GNU Backgammon import the record at file and export it,
// and returns what it exported, read and as written.
func gnubgReads(t *testing.T, gnubg, file string) (*Match, []byte) {
	t.Helper()
	abs, err := filepath.Abs(file)
	if err != nil {
		t.Fatal(err)
	}
	exported, _ := gnubgReexport(t, gnubg, t.TempDir(), abs)
	m, err := Read(bytes.NewReader(exported), "gnubg's export")
	if err != nil {
		t.Fatal(err)
	}
	return m, exported
}

// gnubgReexport has GNU Backgammon import the record in and export it
// again, and returns what it exported and the messages it printed.
func gnubgReexport(t *testing.T, gnubg, dir, in string) (exported, messages []byte) {
	t.Helper()
	return gnubgExport(t, gnubg, dir, "import mat "+in)
}

// gnubgExport has GNU Backgammon run the command load and export the
// match as .mat.
func gnubgExport(t *testing.T, gnubg, dir, load string) (exported, messages []byte) {
	t.Helper()
	return gnubgtest.Export(t, gnubg, dir, load)
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
		sameGame(t, &got.Games[i], &want.Games[i], false)
	}
}

// sameGame compares a game GNU Backgammon exported with ours, play by play.
// With capped, a win that ends the match may score less in ours than in
// GNU Backgammon's, as Backgammon Galaxy caps it at the points needed.
func sameGame(t *testing.T, got, want *Game, capped bool) {
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
		if capped && w.Action.AndMatch && g.Action.Points > w.Action.Points {
			g.Action.Points = w.Action.Points
		}
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

// TestConcedesAsGnubgReadsIt: GNU Backgammon skips Backgammon Studio's
// "Concedes" after a play (an "Unrecognised move") and ends the game with
// the "Wins" that follows; we read the resignation the word says, and
// every play and the result as GNU Backgammon does.
func TestConcedesAsGnubgReadsIt(t *testing.T) {
	t.Parallel()
	gnubg := gnubgtest.Need(t)
	file := filepath.Join("..", "..", "testdata", "world", "studio-concedes.mat")
	ours, err := ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	back, _ := gnubgReads(t, gnubg, file)
	if len(back.Games) != len(ours.Games) {
		t.Fatalf("gnubg read %d games, we %d", len(back.Games), len(ours.Games))
	}
	for i := range ours.Games {
		g := ours.Games[i]
		g.Turns = slices.Clone(g.Turns)
		conceded := 0
		for j := range g.Turns {
			for s, a := range g.Turns[j].Actions {
				if a.Kind == Resign && !a.Rolled() {
					g.Turns[j].Actions[s] = Action{} // GNU Backgammon's layout has no word for it
					conceded++
				}
			}
		}
		if conceded != 1 {
			t.Errorf("game %d: %d resignations before a roll, want the one conceded", g.Number, conceded)
		}
		sameGame(t, &back.Games[i], &g, false)
	}
}
