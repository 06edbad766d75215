package record

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gammond/engine"
	"gammond/internal/testmain"
	"gammond/record/mat"
)

// The matches GNU Backgammon wrote, in ../testdata/matches.
var matchFiles, _ = filepath.Glob(filepath.Join("..", "testdata", "matches", "*.mat"))

func readMatch(t *testing.T, name string) *mat.Match {
	t.Helper()
	m, err := mat.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestCheckGnubgMatchesAreClean(t *testing.T) {
	if len(matchFiles) < 12 {
		t.Fatalf("found %d match files, want the 12 shared ones", len(matchFiles))
	}
	for _, name := range matchFiles {
		t.Run(filepath.Base(name), func(t *testing.T) {
			if f := Check(readMatch(t, name)); len(f) > 0 {
				t.Fatalf("findings in a record GNU Backgammon wrote: %v", f)
			}
		})
	}
}

// mutation changes one roll's moves in a replayed game; it returns false
// when the step does not suit it.
type mutation func(st mat.Step, a *mat.Action) bool

var mutations = map[string]mutation{
	// A checker stops one pip short of where the record has it.
	"one pip short": func(st mat.Step, a *mat.Action) bool {
		for i, m := range a.Moves {
			if m.From != engine.Bar && m.To != engine.Off && m.To < 24 {
				a.Moves[i].To++
				a.Moves[i].Hit = false
				return true
			}
		}
		return false
	},
	// Only one die can be played and the record plays the larger: play
	// the smaller instead.
	"smaller die when the larger is forced": func(st mat.Step, a *mat.Action) bool {
		d := a.Dice
		if d.Double() || len(a.Moves) != 1 || len(st.Matches) != 1 || st.Matches[0].N != 1 ||
			int(a.Moves[0].From-a.Moves[0].To) != max(d[0], d[1]) {
			return false
		}
		small := min(d[0], d[1])
		for p := engine.Bar; p > small; p-- {
			if st.Before[engine.Mover].On(p) > 0 && st.Before[engine.Opponent].On(25-(p-small)) < 2 {
				if st.Before[engine.Mover].On(engine.Bar) > 0 && p != engine.Bar {
					return false
				}
				a.Moves = []engine.Move{{From: int8(p), To: int8(p - small)}}
				return true
			}
		}
		return false
	},
	// The mover has a checker on the bar and moves another one first.
	"a move while on the bar": func(st mat.Step, a *mat.Action) bool {
		if st.Before[engine.Mover].On(engine.Bar) == 0 || len(a.Moves) == 0 {
			return false
		}
		die := int(a.Moves[0].From - a.Moves[0].To)
		for p := 24; p > die; p-- {
			if st.Before[engine.Mover].On(p) > 0 && st.Before[engine.Opponent].On(25-(p-die)) < 2 {
				a.Moves[0] = engine.Move{From: int8(p), To: int8(p - die)}
				return true
			}
		}
		return false
	},
}

// TestCheckFindsMutatedPlays breaks one play at a time in the shared
// matches, at several places in each, and expects the first finding at the
// game, move and side of the broken play. Each record is read and replayed
// once; each broken copy is parsed from the bytes read.
func TestCheckFindsMutatedPlays(t *testing.T) {
	perGame := 4
	if testmain.Trimmed() { // CI tries all four (.ci/run)
		perGame = 1
	}
	var records []replayedRecord
	for _, file := range append(slices.Clone(matchFiles), randomMatches(t, 120)...) {
		records = append(records, replayRecord(t, file))
	}
	for name, mutate := range mutations {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			tried := 0
			for _, r := range records {
				for _, at := range mutationSites(r, mutate, perGame) {
					tried++
					m, err := mat.Read(bytes.NewReader(r.data), r.file)
					if err != nil {
						t.Fatal(err)
					}
					g := &m.Games[at.game-1]
					mutate(at.step, &g.Turns[at.step.Turn].Actions[at.step.Side])
					findings := Check(m)
					want := fmt.Sprintf("game %d move %d side %d", at.game, at.step.Number, at.step.Side)
					if len(findings) == 0 || !strings.HasPrefix(findings[0].String(), want+":") {
						t.Errorf("%s, %s: first finding %v, want one at %s", filepath.Base(r.file), want, first(findings), want)
					}
				}
			}
			if tried < 3 { // the rarest, the larger die forced, has 4 sites here
				t.Fatalf("only %d places to try the mutation", tried)
			}
		})
	}
}

func first(f []Finding) any {
	if len(f) == 0 {
		return "none"
	}
	return f[0]
}

// replayedRecord is a .mat file's bytes and the steps of its games, shared
// read-only by the mutations.
type replayedRecord struct {
	file  string
	data  []byte
	games [][]mat.Step
}

// replayRecord reads file and replays its games.
func replayRecord(t *testing.T, file string) replayedRecord {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	m, err := mat.Read(bytes.NewReader(data), file)
	if err != nil {
		t.Fatal(err)
	}
	r := replayedRecord{file: file, data: data}
	for gi := range m.Games {
		steps, err := m.Games[gi].Replay()
		if err != nil {
			t.Fatalf("%s game %d: %v", file, gi+1, err)
		}
		r.games = append(r.games, steps)
	}
	return r
}

type site struct {
	game int
	step mat.Step
}

// mutationSites returns up to perGame rolls per game of the record where
// the mutation applies and makes a play that is no longer legal but can
// still be applied to the board.
func mutationSites(r replayedRecord, mutate mutation, perGame int) []site {
	var sites []site
	for gi, steps := range r.games {
		n := 0
		for _, st := range steps {
			a := st.Action
			a.Moves = append([]engine.Move(nil), a.Moves...)
			if a.Kind != mat.Roll || n == perGame || !mutate(st, &a) {
				continue
			}
			after, err := st.Before.Apply(a.Moves)
			if err != nil || engine.LegalPlays(st.Before, a.Dice) == nil || isLegal(st, after) {
				continue
			}
			sites = append(sites, site{gi + 1, st})
			n++
		}
	}
	return sites
}

func isLegal(st mat.Step, after engine.Board) bool {
	var g engine.Generator
	return g.IsLegal(st.Before, st.Action.Dice, after.Swap())
}

func TestCheckCubeAndResults(t *testing.T) {
	for _, tc := range []struct {
		name, file string
		edit       func(m *mat.Match) (game, move int, side engine.Side)
		reason     string
	}{
		{"double in the Crawford game", filepath.Join("..", "testdata", "matches", "match-001-5pt.mat"), crawfordDouble, "Crawford"},
		{"wrong points", filepath.Join("..", "testdata", "matches", "match-002-5pt.mat"), func(m *mat.Match) (int, int, engine.Side) {
			return bumpWin(m, 0)
		}, "give"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := readMatch(t, tc.file)
			game, move, side := tc.edit(m)
			findings := Check(m)
			want := fmt.Sprintf("game %d move %d side %d", game, move, side)
			if len(findings) == 0 || !strings.HasPrefix(findings[0].String(), want) || !strings.Contains(findings[0].Reason, tc.reason) {
				t.Fatalf("findings %v, want the first at %s about %q", findings, want, tc.reason)
			}
		})
	}
}

// crawfordDouble inserts a double and a take before the second roll of the
// match's Crawford game.
func crawfordDouble(m *mat.Match) (int, int, engine.Side) {
	for gi := range m.Games {
		g := &m.Games[gi]
		if crawford(m, gi) {
			steps, _ := g.Replay()
			st := steps[1] // the reply to the opening roll
			line := &g.Turns[st.Turn]
			doubler := st.Side
			dbl := mat.Turn{Number: line.Number}
			dbl.Actions[doubler] = mat.Action{Kind: mat.Double, Cube: 2}
			dbl.Actions[doubler.Other()] = mat.Action{Kind: mat.Take}
			g.Turns = append(g.Turns[:st.Turn], append([]mat.Turn{dbl}, g.Turns[st.Turn:]...)...)
			return gi + 1, line.Number, doubler
		}
	}
	panic("no Crawford game in " + fmt.Sprint(m.Players))
}

// crawford reports whether game gi is the match's Crawford game, from the
// scores the record gives.
func crawford(m *mat.Match, gi int) bool {
	s := m.Games[gi].Score
	if s[0] != m.Length-1 && s[1] != m.Length-1 {
		return false
	}
	if gi == 0 {
		return true
	}
	p := m.Games[gi-1].Score
	return p[0] != m.Length-1 && p[1] != m.Length-1
}

// bumpWin adds a point to game gi's result.
func bumpWin(m *mat.Match, gi int) (int, int, engine.Side) {
	g := &m.Games[gi]
	last := 0
	for ti := range g.Turns {
		if g.Turns[ti].Number > 0 {
			last = g.Turns[ti].Number
		}
		for s := range g.Turns[ti].Actions {
			if a := &g.Turns[ti].Actions[s]; a.Kind == mat.Win {
				a.Points++
				return gi + 1, last, engine.Side(s)
			}
		}
	}
	panic("no result")
}

// randomMatches writes n one-game matches of random legal plays, seeded, to
// files: they have positions the shared records lack, such as a roll of
// which only the larger die may be played though either could.
func randomMatches(t *testing.T, n int) []string {
	t.Helper()
	dir := t.TempDir()
	var files []string
	for seed := range n {
		name := filepath.Join(dir, fmt.Sprintf("random-%d.mat", seed))
		f, err := os.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		m := randomMatch(uint64(seed))
		if _, err := m.WriteTo(f); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		files = append(files, name)
	}
	return files
}

// randomMatch plays one game of random legal plays to its end.
func randomMatch(seed uint64) *mat.Match {
	rng := rand.New(rand.NewPCG(seed, 1))
	roll := func() engine.Dice { return engine.Dice{1 + rng.IntN(6), 1 + rng.IntN(6)} }
	m := &mat.Match{Length: 1, Players: [2]string{"White", "Black"}, Games: []mat.Game{{Number: 1}}}
	g := &m.Games[0]
	board, side := engine.StartingBoard, engine.Side(rng.IntN(2))
	for {
		d := roll()
		plays := engine.LegalPlays(board, d)
		var p engine.Play
		if len(plays) > 0 {
			p = plays[rng.IntN(len(plays))]
		} else {
			p = engine.Play{After: board.Swap()}
		}
		g.Add(side, mat.Action{Kind: mat.Roll, Dice: d, Moves: append([]engine.Move(nil), p.Steps()...)})
		if p.After[engine.Opponent].BorneOff() == engine.CheckersPerSide {
			kind := engine.KindOf(&p.After[engine.Mover], 0)
			g.Add(side, mat.Action{Kind: mat.Win, Points: int(kind)})
			return m
		}
		board, side = p.After, side.Other()
	}
}
