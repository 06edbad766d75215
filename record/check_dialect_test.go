package record

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gammond/record/mat"
)

// TestCheckDialects checks the records other programs write: none breaks
// a rule, and each writer's convention is a warning.
func TestCheckDialects(t *testing.T) {
	want := map[string][]string{ // file: parts of its warnings, in order
		"galaxy-aborted.mat":             {"comment: match aborted by tournament server", "warning: the match is unfinished: 0-0 in a 5 point match"},
		"galaxy-empty-name.mat":          nil,
		"galaxy-losses-after-play.mat":   {"the match is unfinished: 1-0 in a 3 point match"},
		"galaxy-losses-alone-capped.mat": {"game 1 move 30 side 1: Wins 3 point(s): the game scores 4 point(s); the record caps it at the 3 the match needed"},
		"galaxy-losses-move-number.mat":  nil,
		"gnubg-money-session.mat":        {"game 2: the score lines of this money session stay 0-0"},
		"studio-empty-last-row.mat":      nil,
	}
	files, err := filepath.Glob(filepath.Join("..", "testdata", "dialects", "*.mat"))
	if err != nil || len(files) != len(want) {
		t.Fatalf("found %d dialect records (%v), want %d", len(files), err, len(want))
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			w, ok := want[filepath.Base(file)]
			if !ok {
				t.Fatal("no expectation for this record")
			}
			findings := Check(readMatch(t, file))
			if len(findings) != len(w) {
				t.Fatalf("findings %v, want %d warnings", findings, len(w))
			}
			for i, f := range findings {
				if f.Kind != Warning || !strings.Contains(f.String(), w[i]) || !strings.HasPrefix(f.String(), "warning: ") {
					t.Errorf("finding %d is %s %q, want a warning with %q", i, f.Kind, f, w[i])
				}
			}
		})
	}
}

// TestCheckWarnsOfSkippedLines: a line the reader skipped is a warning
// naming its line, and the check goes on.
func TestCheckWarnsOfSkippedLines(t *testing.T) {
	rec := " 1 point match\n\n Game 1\n A : 0      B : 0\n  1) 31: 8/5 6/5   42: 8/4 6/4\n  2) 62: 24/x\n  3)  Doubles => 4\n"
	m, err := mat.Read(strings.NewReader(rec), "skip.mat")
	if err != nil {
		t.Fatal(err)
	}
	findings := Check(m)
	if len(findings) < 2 || findings[0].Kind != Warning || findings[0].Line != 6 || !strings.HasPrefix(findings[0].String(), "warning: line 6: skipped") {
		t.Fatalf("findings %v, want first a warning of line 6", findings)
	}
	// A double to 4 from 1 is a breach, found past the skipped line.
	if f := findings[1]; f.Kind != Breach || f.Move != 3 {
		t.Errorf("second finding %v, want the double of move 3", f)
	}
}

// TestCheckReaderIsCheck: checking a record a game at a time finds what
// checking it whole does.
func TestCheckReaderIsCheck(t *testing.T) {
	dialects, _ := filepath.Glob(filepath.Join("..", "testdata", "dialects", "*.mat"))
	for _, file := range append(matchFiles, dialects...) {
		whole := Check(readMatch(t, file))
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		streamed, err := CheckReader(mat.NewReader(f, file))
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(streamed, whole) {
			t.Errorf("%s: CheckReader gives %v, Check %v", file, streamed, whole)
		}
	}
}

// breaches returns the findings that are breaches of the rules.
func breaches(findings []Finding) []Finding {
	var b []Finding
	for _, f := range findings {
		if f.Kind == Breach {
			b = append(b, f)
		}
	}
	return b
}

// TestCheckHeaderRules: the rules the header states are the check's.
func TestCheckHeaderRules(t *testing.T) {
	t.Run("Crawford off", func(t *testing.T) {
		m := readMatch(t, "../testdata/matches/match-001-5pt.mat")
		crawfordDouble(m)
		if b := breaches(Check(m)); len(b) == 0 || !strings.Contains(b[0].Reason, "Crawford") {
			t.Fatalf("with the Crawford rule: breaches %v, want the Crawford double", b)
		}
		m.SetTag("Crawford", "Off")
		findings := Check(m)
		for _, b := range breaches(findings) {
			if strings.Contains(b.Reason, "Crawford") {
				t.Errorf("without the Crawford rule: breach %v", b)
			}
		}
		if len(findings) == 0 || !strings.Contains(findings[0].Reason, "without the Crawford rule") {
			t.Errorf("findings %v, want a warning of the double", findings)
		}
	})
	t.Run("Jacoby", func(t *testing.T) {
		m := jacobyGammon(t)
		if b := breaches(Check(m)); len(b) != 1 || !strings.Contains(b[0].Reason, "(gammon)") {
			t.Fatalf("a gammon recorded as 1 point without Jacoby: breaches %v, want the result", b)
		}
		m.SetTag("Jacoby", "On")
		if f := Check(m); len(f) != 0 {
			t.Errorf("with Jacoby: findings %v, want none", f)
		}
	})
}

// jacobyGammon returns a money session of one game of random plays won
// by a gammon with the cube centred, recorded as 1 point, as a session
// under the Jacoby rule records it.
func jacobyGammon(t *testing.T) *mat.Match {
	t.Helper()
	for seed := range uint64(500) {
		m := randomMatch(seed)
		g := &m.Games[0]
		steps, err := g.Replay()
		if err != nil {
			t.Fatal(err)
		}
		last := steps[len(steps)-1]
		if last.Action.Kind != mat.Win || last.Action.Points != 2 {
			continue
		}
		g.Turns[last.Turn].Actions[last.Side].Points = 1
		m.Length = 0
		return m
	}
	t.Fatal("no random game is a gammon")
	return nil
}

// TestCheckGameWithoutResult: a game the record leaves without a result
// is a warning, and the check goes on at the next game's score.
func TestCheckGameWithoutResult(t *testing.T) {
	m := readMatch(t, "../testdata/matches/match-002-5pt.mat")
	g := &m.Games[0]
	g.Turns = g.Turns[:len(g.Turns)-3] // the double, drop and win cut off
	findings := Check(m)
	if b := breaches(findings); len(b) > 0 {
		t.Errorf("breaches %v", b)
	}
	if len(findings) != 1 || findings[0].Game != 1 || !strings.Contains(findings[0].Reason, "no result") {
		t.Errorf("findings %v, want a warning that game 1 has no result", findings)
	}
}
