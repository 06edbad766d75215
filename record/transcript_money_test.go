package record

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gammond/engine"
	"gammond/internal/gnubgtest"
	"gammond/record/mat"
	"gammond/referee"
	"gammond/referee/refereetest"
	"gammond/sensing"
)

// moneyGame plays game 1 of a money session on a referee with beavers and
// raccoons, recorded by a transcript: White opens 3-1, Black doubles,
// White takes and beavers with a second CUBE press, Black raccoons, rolls
// 6-4 and plays, then White's double to 16 is passed.
func moneyGame(t *testing.T) *Transcript {
	t.Helper()
	m, err := engine.NewMatch(0, engine.MatchOpts{Beavers: true, Raccoons: true})
	if err != nil {
		t.Fatal(err)
	}
	tr := NewTranscript(0, [2]string{"Ann", "Bob"})
	clock := sensing.NewVirtualClock(time.Unix(0, 0))
	r := referee.New(m, clock, tr.Event)
	sensors, err := refereetest.New(r, clock)
	if err != nil {
		t.Fatal(err)
	}
	b, onRoll := engine.StartingBoard, engine.White
	show := func() { sensors.Show(b, onRoll) }
	play := func(side engine.Side, d engine.Dice) {
		r.Roll(side, d)
		b, onRoll = engine.LegalPlays(b, d)[0].After, side.Other()
		show()
		r.Done(side)
	}
	show()
	play(engine.White, engine.Dice{3, 1})
	r.Cube(engine.Black, false)
	r.Cube(engine.White, false)
	r.Cube(engine.White, false) // the beaver
	r.Cube(engine.Black, false) // the raccoon
	play(engine.Black, engine.Dice{6, 4})
	r.Cube(engine.White, true) // White may not double Black's cube: refused
	play(engine.White, engine.Dice{2, 1})
	r.Cube(engine.Black, false)
	r.Cube(engine.White, true)
	return tr
}

// TestTranscriptBeaverAndRaccoon: the board's record of a beavered and
// raccooned game is GNU Backgammon's: the beaver replaces the take it
// follows, the raccoon is the doubler's "Beavers", and the check finds
// nothing wrong.
func TestTranscriptBeaverAndRaccoon(t *testing.T) {
	tr := moneyGame(t)
	var b bytes.Buffer
	if _, err := tr.Match().WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		"  1) 31: 24/23 24/21              Doubles => 2\n",
		"  2)  Beavers => 4                Beavers => 8\n",
		"  5)  Drops                       Wins 8 points \n",
	} {
		if !strings.Contains(b.String(), line) {
			t.Errorf("record lacks %q:\n%s", line, b.String())
		}
	}
	back, err := mat.Read(bytes.NewReader(b.Bytes()), "written")
	if err != nil {
		t.Fatal(err)
	}
	if f := Check(back); len(f) > 0 {
		t.Errorf("findings %v in the board's record", f)
	}
}

// TestTranscriptMoneyInGnubg: GNU Backgammon imports the board's record of
// a money session with a beaver and a raccoon without a warning, and
// exports the same actions.
func TestTranscriptMoneyInGnubg(t *testing.T) {
	gnubg := gnubgtest.Need(t)
	tr := moneyGame(t)
	dir := t.TempDir()
	written := filepath.Join(dir, "ours.mat")
	var b bytes.Buffer
	if _, err := tr.Match().WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(written, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	exported, messages := gnubgtest.Export(t, gnubg, dir, "import mat "+written)
	if w := gnubgtest.Warnings(messages); w != "" {
		t.Fatalf("gnubg did not import our record:\n%s", w)
	}
	back, err := mat.Read(bytes.NewReader(exported), "gnubg's export")
	if err != nil {
		t.Fatal(err)
	}
	ours := tr.Match()
	if back.Length != 0 || len(back.Games) != 1 {
		t.Fatalf("gnubg exported a %d point match of %d games:\n%s", back.Length, len(back.Games), exported)
	}
	got, want := back.Games[0].Turns, ours.Games[0].Turns
	if len(got) != len(want) {
		t.Fatalf("gnubg exported %d lines, we wrote %d:\n%s\nours:\n%s", len(got), len(want), exported, b.String())
	}
	for i := range want {
		for s := range want[i].Actions {
			g, w := got[i].Actions[s], want[i].Actions[s]
			if g.Kind != w.Kind || g.Cube != w.Cube || g.Points != w.Points || g.Dice != w.Dice {
				t.Errorf("line %d side %d: gnubg %+v, ours %+v", i+1, s, g, w)
			}
		}
	}
}
