package mat

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gammond/engine"
	"gammond/internal/gnubgtest"
)

// TestSGFInGnubg writes every record in testdata and the board's matches
// as SGF, has GNU Backgammon load it and export it as .mat, and compares
// that with the match, play by play: GNU Backgammon reads our SGF as the
// match, resignations included.
func TestSGFInGnubg(t *testing.T) {
	t.Parallel()
	gnubg := gnubgtest.Need(t)
	matches := map[string]*Match{}
	for _, file := range allRecords(t) {
		m, err := ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		matches[filepath.Base(file)] = m
	}
	for seed := range uint64(3) {
		matches[fmt.Sprintf("board-%d", seed)] = boardMatch(seed)
	}
	for name, ours := range matches {
		t.Run(name, func(t *testing.T) {
			t.Parallel() // each in its own directory, gnubg's HOME
			dir := t.TempDir()
			written := filepath.Join(dir, "ours.sgf")
			var b bytes.Buffer
			if err := ours.WriteSGF(&b, nil); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(written, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			exported, messages := gnubgExport(t, gnubg, dir, "load match "+written)
			if w := gnubgtest.Warnings(messages); w != "" {
				t.Fatalf("gnubg complained loading our SGF:\n%s", w)
			}
			back, err := Read(bytes.NewReader(exported), "gnubg's export")
			if err != nil {
				t.Fatal(err)
			}
			if back.Length != ours.Length || len(back.Games) != len(ours.Games) {
				t.Fatalf("gnubg read a %d point match of %d games, want %d points, %d games:\n%s",
					back.Length, len(back.Games), ours.Length, len(ours.Games), b.String())
			}
			for i := range ours.Games {
				sameGame(t, &back.Games[i], &ours.Games[i], false)
			}
		})
	}
}

// TestSGFNotes: notes are comments on their action's node, or on the
// game's root; the header's tags are root properties; ']' is escaped.
func TestSGFNotes(t *testing.T) {
	m, err := ReadFile(filepath.Join(matDir, "gnubg-resign-tags.mat"))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	err = m.WriteSGF(&b, []Note{
		{Game: 0, Turn: 0, Side: engine.Black, Text: "flagged illegal: 8/4 6/3 [corrected]"},
		{Game: 0, Turn: 1, Side: engine.White, Text: "clock: White 4:58, Black 4:51"},
		{Game: 1, Turn: -1, Text: "director: score corrected to 1-0"},
	})
	if err != nil {
		t.Fatal(err)
	}
	got := b.String()
	for _, want := range []string{
		"EV[Club Night]RO[Round 2]PC[The Pub]AN[gammond]GC[first line]",
		"RE[W+1R]",
		";B[42qusu]C[flagged illegal: 8/4 6/3 [corrected\\]]\n",
		";W[63xrmj]C[clock: White 4:58, Black 4:51]\n",
		";PL[B]DI[11]\n",
		"RE[B+2R]C[director: score corrected to 1-0]\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("SGF lacks %q:\n%s", want, got)
		}
	}
}
