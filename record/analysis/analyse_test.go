package analysis_test

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gammond/internal/gnubgtest"
	"gammond/internal/testmain"
	"gammond/record/analysis"
)

// humanMatches are matches people played, with their mistakes
// (testdata/README.md).
func humanMatches(t testing.TB) []string {
	files, err := filepath.Glob(filepath.Join("testdata", "*.mat"))
	if err != nil || len(files) < 3 {
		t.Fatalf("want 3 human matches in testdata, have %d (%v)", len(files), err)
	}
	return files
}

// shortestMatch is the one human match -race and -short analyse (2-ply
// on its first game only), and the one the benchmark times: 3 points.
var shortestMatch = filepath.Join("testdata", "galaxy-2974214.mat")

// gnubgSays runs gnubg's own commands on file at plies and returns what
// "show statistics match" printed.
func gnubgSays(t *testing.T, gnubg, file string, plies int) string {
	t.Helper()
	abs, err := filepath.Abs(file)
	if err != nil {
		t.Fatal(err)
	}
	commands := "import mat " + abs + "\n" +
		"set analysis chequerplay evaluation plies " + strconv.Itoa(plies) + "\n" +
		"set analysis cubedecision evaluation plies " + strconv.Itoa(plies) + "\n" +
		"analyse match\nshow statistics match\n"
	_, out := gnubgtest.Run(t, gnubg, t.TempDir(), commands, "")
	return string(out)
}

// printed returns the figures gnubg printed in the row label of section,
// one per player: the first number of each column, found by splitting the
// row at blanks (not at the columns the parser cuts at).
func printed(t *testing.T, out, section, label string) [2]float64 {
	t.Helper()
	_, rest, ok := strings.Cut(out, "\n"+section+"\n")
	if !ok {
		t.Fatalf("gnubg printed no %q", section)
	}
	for l := range strings.Lines(rest) {
		after, ok := strings.CutPrefix(l, label)
		if !ok {
			continue
		}
		var f []string // the figures, without their MWC in brackets: "-78.6 ( -1.075%) -15.8 ( -0.228%)"
		for _, w := range strings.Fields(after) {
			if !strings.HasPrefix(w, "(") && !strings.HasSuffix(w, ")") {
				f = append(f, w)
			}
		}
		if len(f) != 2 {
			t.Fatalf("%s %q: want a figure per player", section, l)
		}
		var v [2]float64
		for i, s := range f {
			x, err := strconv.ParseFloat(s, 64)
			if err != nil {
				t.Fatalf("%s %q: %v", section, l, err)
			}
			v[i] = x
		}
		return v
	}
	t.Fatalf("gnubg printed no %q in %q", label, section)
	return [2]float64{}
}

// TestFiguresAreGnubgsOwn: each player's decisions, error rates and luck
// are the figures gnubg prints itself for the same human match at the
// same ply, to 3 decimals, at 0 and 2 plies.
func TestFiguresAreGnubgsOwn(t *testing.T) {
	gnubg := gnubgtest.Need(t)
	for _, file := range humanMatches(t) {
		for _, plies := range []int{0, 2} {
			input, name := file, filepath.Base(file)+"/"+strconv.Itoa(plies)+"-ply"
			if testmain.Trimmed() { // gnubg's 2-ply takes 15 s a game: the shortest match, 2-ply on its first game; CI all
				if file != shortestMatch {
					continue
				}
				if plies == 2 {
					input, name = firstGame(t, file), name+"/game-1"
				}
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				r, err := analysis.Analyse(context.Background(), input, analysis.Options{Gnubg: gnubg, Plies: plies})
				if err != nil {
					t.Fatal(err)
				}
				out := gnubgSays(t, gnubg, input, plies)
				for _, c := range []struct {
					section, label string
					ours           func(analysis.Player) float64
				}{
					{"Chequerplay statistics", "Unforced moves", func(p analysis.Player) float64 { return float64(p.CheckerDecisions) }},
					{"Chequerplay statistics", "Moves marked very bad", func(p analysis.Player) float64 { return float64(p.Blunders) }},
					{"Chequerplay statistics", "Error total EMG (MWC)", func(p analysis.Player) float64 { return p.CheckerErrors }},
					{"Chequerplay statistics", "Error rate mEMG (MWC)", func(p analysis.Player) float64 { return p.CheckerErrorRate }},
					{"Luck statistics", "Luck total EMG (MWC)", func(p analysis.Player) float64 { return p.Luck }},
					{"Luck statistics", "Luck rate mEMG (MWC)", func(p analysis.Player) float64 { return p.LuckRate }},
					{"Cube statistics", "Close or actual cube decisions", func(p analysis.Player) float64 { return float64(p.CubeDecisions) }},
					{"Cube statistics", "Error rate mEMG (MWC)", func(p analysis.Player) float64 { return p.CubeErrorRate }},
					{"Overall statistics", "Error rate mEMG (MWC)", func(p analysis.Player) float64 { return p.OverallErrorRate }},
				} {
					want := printed(t, out, c.section, c.label)
					for i, p := range r.Players {
						if got := c.ours(p); math.Abs(got-want[i]) > 0.0005 {
							t.Errorf("%s, %s %q: ours %.3f, gnubg's %.3f", p.Name, c.section, c.label, got, want[i])
						}
					}
				}
				assertRealMistakes(t, r)
			})
		}
	}
}

// firstGame writes the match file's header and first game to a file of
// its own, a match gnubg reads as one not yet finished, and returns it.
func firstGame(t *testing.T, file string) string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	head, _, ok := strings.Cut(string(b), "\n Game 2\n")
	if !ok {
		t.Fatalf("%s: no second game", file)
	}
	one := filepath.Join(t.TempDir(), "game-1-of-"+filepath.Base(file))
	if err := os.WriteFile(one, []byte(head+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return one
}

// assertRealMistakes: a human match has errors, and the blunders gnubg
// marks move by move are the ones its statistics count.
func assertRealMistakes(t *testing.T, r *analysis.Report) {
	t.Helper()
	worst := 0.0
	for _, p := range r.Players {
		worst = min(worst, p.OverallErrorRate)
		blunders := 0
		for _, m := range r.Mistakes {
			if m.Player == p.Name && m.Kind == "checker" && m.Blunder() {
				blunders++
				if m.Played == m.Best || m.Loss <= 0 {
					t.Errorf("%s's blunder game %d move %d: played %q, best %q, loss %.3f", p.Name, m.Game, m.Move, m.Played, m.Best, m.Loss)
				}
			}
		}
		if blunders != p.Blunders {
			t.Errorf("%s: %d blunders listed, gnubg's statistics count %d", p.Name, blunders, p.Blunders)
		}
	}
	if worst > -5 {
		t.Errorf("no player's error rate under -5 mEMG (worst %.1f): not a match with real mistakes", worst)
	}
}

// TestSavedSGFReadsBack: the SGF saved holds the match and its analysis;
// gnubg loads it and gives the same figures.
func TestSavedSGFReadsBack(t *testing.T) {
	gnubg := gnubgtest.Need(t)
	file := humanMatches(t)[0]
	sgf := filepath.Join(t.TempDir(), "analysed.sgf")
	r, err := analysis.Analyse(context.Background(), file, analysis.Options{Gnubg: gnubg, SGF: sgf})
	if err != nil {
		t.Fatal(err)
	}
	if r.SGF != sgf {
		t.Errorf("report's SGF %q, want %q", r.SGF, sgf)
	}
	again, err := analysis.Analyse(context.Background(), sgf, analysis.Options{Gnubg: gnubg})
	if err != nil {
		t.Fatal(err)
	}
	for i := range r.Players {
		if r.Players[i].OverallErrorRate != again.Players[i].OverallErrorRate || r.Players[i].LuckRate != again.Players[i].LuckRate {
			t.Errorf("from the .mat %+v, from its SGF %+v", r.Players[i], again.Players[i])
		}
	}
}

// TestUnreadableInputsSayWhy: a record gnubg cannot read, a missing file,
// an unknown layout, a missing gnubg and a ply out of range each name what
// is wrong.
func TestUnreadableInputsSayWhy(t *testing.T) {
	gnubg := gnubgtest.Need(t)
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	badMove := write("bad move.mat", " 5 point match\n\n Game 1\n A : 0     B : 0\n  1) 99: 13/7 xx\n")
	notSGF := write("not.sgf", "hello\n")
	noHeader := write("noheader.mat", "garbage\n")
	for _, c := range []struct {
		name, file string
		opts       analysis.Options
		want       []string
	}{
		{"gnubg rejects a move", badMove, analysis.Options{Gnubg: gnubg}, []string{badMove, `Unrecognised move "99: 13/7 xx"`}},
		{"not an SGF", notSGF, analysis.Options{Gnubg: gnubg}, []string{notSGF, "No game in progress"}},
		{"no match line", noHeader, analysis.Options{Gnubg: gnubg}, []string{noHeader + ":1:", "point match"}},
		{"missing", filepath.Join(dir, "none.mat"), analysis.Options{Gnubg: gnubg}, []string{"none.mat", "no such file"}},
		{"layout", write("match.xg", "x"), analysis.Options{Gnubg: gnubg}, []string{"match.xg", ".mat, .txt or .sgf"}},
		{"no gnubg", badMove, analysis.Options{Gnubg: filepath.Join(dir, "gnubg")}, []string{"GNU Backgammon", filepath.Join(dir, "gnubg")}},
		{"ply", badMove, analysis.Options{Gnubg: gnubg, Plies: 9}, []string{"ply 9", "0 to 7"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := analysis.Analyse(context.Background(), c.file, c.opts)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
}

// TestCancelledAnalysisStops: a cancelled context ends gnubg and says so.
func TestCancelledAnalysisStops(t *testing.T) {
	gnubg := gnubgtest.Need(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := analysis.Analyse(ctx, humanMatches(t)[0], analysis.Options{Gnubg: gnubg, Plies: 2})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
}

// BenchmarkAnalyse times one human 3-point match's analysis, gnubg's
// start included: at 0-ply under a second on a desktop core (the desk's
// queue), 2-ply tens of seconds.
func BenchmarkAnalyse(b *testing.B) {
	program := gnubgtest.Need(b)
	for _, plies := range []int{0, 2} {
		b.Run(strconv.Itoa(plies)+"-ply", func(b *testing.B) {
			for b.Loop() {
				if _, err := analysis.Analyse(context.Background(), shortestMatch, analysis.Options{Gnubg: program, Plies: plies}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestSkippedLinesAreWarnings: a record with lines gnubg skips (Backgammon
// Galaxy's "Losses 1 point") is analysed as gnubg reads it, the lines
// named as warnings.
func TestSkippedLinesAreWarnings(t *testing.T) {
	gnubg := gnubgtest.Need(t)
	file := filepath.Join("..", "..", "testdata", "dialects", "galaxy-losses-after-play.mat")
	r, err := analysis.Analyse(context.Background(), file, analysis.Options{Gnubg: gnubg})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0], `"Losses 1 point"`) {
		t.Errorf("warnings %q", r.Warnings)
	}
	want := printed(t, gnubgSays(t, gnubg, file, 0), "Overall statistics", "Error rate mEMG (MWC)")
	for i, p := range r.Players {
		if p.OverallErrorRate != want[i] {
			t.Errorf("%s: overall error rate %.1f, gnubg's %.1f", p.Name, p.OverallErrorRate, want[i])
		}
	}
}

// TestLongNames: a name longer than gnubg's statistics' column is the
// player's whole name, and the player's figures are those under the name
// that fits.
func TestLongNames(t *testing.T) {
	gnubg := gnubgtest.Need(t)
	data, err := os.ReadFile(shortestMatch)
	if err != nil {
		t.Fatal(err)
	}
	short, err := analysis.Analyse(context.Background(), shortestMatch, analysis.Options{Gnubg: gnubg})
	if err != nil {
		t.Fatal(err)
	}
	const long = "AVeryLongPlayerNameIndeedOk" // 27 characters; the column has 23
	file := filepath.Join(t.TempDir(), "long.mat")
	if err := os.WriteFile(file, []byte(strings.ReplaceAll(string(data), short.Players[0].Name, long)), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := analysis.Analyse(context.Background(), file, analysis.Options{Gnubg: gnubg})
	if err != nil {
		t.Fatal(err)
	}
	if r.Players[0].Name != long || r.Players[1].Name != short.Players[1].Name {
		t.Errorf("players %q and %q", r.Players[0].Name, r.Players[1].Name)
	}
	if r.Players[0].CheckerRating == "" || r.Players[0].CheckerRating != short.Players[0].CheckerRating {
		t.Errorf("%s's rating %q, want %q as for %s", long, r.Players[0].CheckerRating, short.Players[0].CheckerRating, short.Players[0].Name)
	}
	if r.Players[0].OverallErrorRate != short.Players[0].OverallErrorRate {
		t.Errorf("%s's error rate %.1f, want %.1f as for %s", long, r.Players[0].OverallErrorRate, short.Players[0].OverallErrorRate, short.Players[0].Name)
	}
}

// TestMoneySession: a money session's figures, in points where a match's
// are in match winning chances, are gnubg's own too.
func TestMoneySession(t *testing.T) {
	gnubg := gnubgtest.Need(t)
	file := filepath.Join("..", "..", "testdata", "dialects", "gnubg-money-session.mat")
	r, err := analysis.Analyse(context.Background(), file, analysis.Options{Gnubg: gnubg})
	if err != nil {
		t.Fatal(err)
	}
	out := gnubgSays(t, gnubg, file, 0)
	for _, c := range []struct {
		section, label string
		ours           func(analysis.Player) float64
	}{
		{"Chequerplay statistics", "Error rate mEMG (Points)", func(p analysis.Player) float64 { return p.CheckerErrorRate }},
		{"Cube statistics", "Error rate mEMG (Points)", func(p analysis.Player) float64 { return p.CubeErrorRate }},
		{"Overall statistics", "Error rate mEMG (Points)", func(p analysis.Player) float64 { return p.OverallErrorRate }},
		{"Luck statistics", "Luck rate mEMG (Points)", func(p analysis.Player) float64 { return p.LuckRate }},
	} {
		want := printed(t, out, c.section, c.label)
		for i, p := range r.Players {
			if got := c.ours(p); got != want[i] || got == 0 {
				t.Errorf("%s, %s %q: ours %.1f, gnubg's %.1f", p.Name, c.section, c.label, got, want[i])
			}
		}
	}
}
