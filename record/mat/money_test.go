package mat

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"gammond/engine"
)

// TestReadBeavers reads GNU Backgammon's money session with a beaver: the
// beaverer's "Beavers => 8" is an action of its own, the cube's value
// after it, and the game's resignation follows the doubler's roll.
func TestReadBeavers(t *testing.T) {
	m, err := ReadFile(filepath.Join(matDir, "gnubg-money-beaver.mat"))
	if err != nil {
		t.Fatal(err)
	}
	if m.Length != 0 || len(m.Games) != 2 {
		t.Fatalf("a %d point match of %d games, want a money session of 2", m.Length, len(m.Games))
	}
	got := m.Games[0].Turns[2].Actions
	if !cubeAction(got[engine.White], Double, 4) || !cubeAction(got[engine.Black], Beaver, 8) {
		t.Errorf("line 3 is %+v, want White's double to 4 and Black's beaver to 8", got)
	}
	if w, win, ok := m.Games[0].Result(); !ok || w != engine.Black || win.Points != 8 {
		t.Errorf("game 1 result %v %+v %v, want Black wins 8", w, win, ok)
	}
}

// TestBeaverAndRaccoonRoundTrip: a beaver and the doubler's raccoon, both
// written "Beavers => N" in the beaverer's cell, read back as written.
func TestBeaverAndRaccoonRoundTrip(t *testing.T) {
	const text = ` 0 point match

 Game 1
 White : 0                      Black : 0
  1) 31: 8/5 6/5                  Doubles => 2
  2)  Beavers => 4                Beavers => 8
  3)                             64: 24/18 18/14 
  4) 21: 13/11 6/5                Doubles => 16
  5)  Drops                       Wins 8 points
`
	m, err := Read(strings.NewReader(text), "raccoon.mat")
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Warnings) > 0 {
		t.Fatalf("warnings %v", m.Warnings)
	}
	line := m.Games[0].Turns[1].Actions
	if !cubeAction(line[engine.White], Beaver, 4) || !cubeAction(line[engine.Black], Beaver, 8) {
		t.Errorf("line 2 is %+v, want a beaver to 4 and a raccoon to 8", line)
	}
	var b bytes.Buffer
	if _, err := m.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "  2)  Beavers => 4                Beavers => 8\n") {
		t.Errorf("written otherwise:\n%s", b.String())
	}
}

// TestBeaversWithoutValue: "Beavers" needs "=> N", as "Doubles" does.
func TestBeaversWithoutValue(t *testing.T) {
	const text = " 0 point match\n\n Game 1\n White : 0                      Black : 0\n  1) 31: 8/5 6/5                  Doubles => 2\n  2)  Beavers\n"
	m, err := Read(strings.NewReader(text), "bad.mat")
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Warnings) != 1 || !strings.Contains(m.Warnings[0].Msg, `"Beavers" without "=> N"`) {
		t.Errorf("warnings %v, want one for the beaver's missing value", m.Warnings)
	}
}

// cubeAction reports whether a is a cube action of kind to cube.
func cubeAction(a Action, kind Kind, cube int) bool {
	return a.Kind == kind && a.Cube == cube && a.Moves == nil && a.Points == 0
}
