package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"gammond/engine"
	"gammond/internal/testmain"
	"gammond/record"
	"gammond/record/mat"
	"gammond/referee"
	"gammond/referee/refereetest"
	"gammond/sensing"
	"gammond/sensing/sim"
)

// The shared traces, copied into the top-level testdata.
var tracesDir = filepath.Join("..", "..", "testdata", "traces")

// TestReplayTranscribesTheMatch replays each trace with "gammon replay" and
// checks the .mat it prints and the report against the trace's
// .expect.json: the position after every play, the winners and points, and
// the illegal turns.
func TestReplayTranscribesTheMatch(t *testing.T) {
	names := []string{"match-004", "match-007", "match-010-illegal", "match-002-illegal"}
	if testmain.Trimmed() { // the two short ones, a fifth of the frames: CI's full run replays all
		names = []string{"match-004", "match-010-illegal"}
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			want := readExpect(t, filepath.Join(tracesDir, name+".expect.json"))
			reportFile := filepath.Join(t.TempDir(), "report.json")
			var stdout, stderr bytes.Buffer
			if code := run([]string{"replay", filepath.Join(tracesDir, name+".trace.jsonl"), "--report", reportFile}, &stdout, &stderr); code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr.String())
			}
			m, err := mat.Read(&stdout, "stdout")
			if err != nil {
				t.Fatalf("the printed match does not read back: %v", err)
			}
			if m.Length != want.MatchLength || len(m.Games) != len(want.Games) {
				t.Fatalf("%d-point match of %d games, want %d-point of %d", m.Length, len(m.Games), want.MatchLength, len(want.Games))
			}
			var rep replayReport
			raw, err := os.ReadFile(reportFile)
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(raw, &rep); err != nil {
				t.Fatalf("report: %v", err)
			}
			for g := range m.Games {
				checkGame(t, g+1, &m.Games[g], &rep.Games[g], want.Games[g])
			}
		})
	}
}

func checkGame(t *testing.T, n int, g *mat.Game, rep *gameReport, want sim.ExpectGame) {
	t.Helper()
	steps, err := g.Replay()
	if err != nil {
		t.Fatalf("game %d: %v", n, err)
	}
	var got, wantAfter []string
	for _, st := range steps {
		if st.Action.Kind == mat.Roll {
			got = append(got, fmt.Sprintf("side %d %s", st.Side, st.After.Swap().PositionID()))
		}
	}
	for _, p := range want.Plays {
		wantAfter = append(wantAfter, fmt.Sprintf("side %d %s", p.Side, p.After))
	}
	if !slices.Equal(got, wantAfter) {
		t.Errorf("game %d: positions after the plays\n got %v\nwant %v", n, got, wantAfter)
	}
	if want.Winner == nil {
		t.Fatalf("game %d: the expectation has no winner", n)
	}
	if winner, win, ok := g.Result(); !ok || winner != *want.Winner || win.Points != want.Points {
		t.Errorf("game %d: .mat result %v wins %d (recorded %v), want %v wins %d", n, winner, win.Points, ok, *want.Winner, want.Points)
	}
	if rep.Winner == nil || *rep.Winner != *want.Winner || rep.Points != want.Points || rep.Turns != len(want.Plays) {
		t.Errorf("game %d: report %+v, want winner %v points %d turns %d", n, rep, *want.Winner, want.Points, len(want.Plays))
	}
	var gotIllegal, wantIllegal []string
	for _, i := range rep.Illegal {
		gotIllegal = append(gotIllegal, fmt.Sprintf("turn %d side %d", i.Turn, i.Side))
		if len(i.Points) == 0 || i.Accepted {
			t.Errorf("game %d: illegal turn %d: points %v accepted %v, want points to light and not accepted", n, i.Turn, i.Points, i.Accepted)
		}
	}
	for _, i := range want.Illegal {
		wantIllegal = append(wantIllegal, fmt.Sprintf("turn %d side %d", i.Turn, i.Side))
	}
	if !slices.Equal(gotIllegal, wantIllegal) {
		t.Errorf("game %d: illegal turns %v, want %v", n, gotIllegal, wantIllegal)
	}
}

// readExpect reads a trace's .expect.json.
func readExpect(t *testing.T, name string) *sim.Expect {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	e, err := sim.ReadExpect(f)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return e
}

func TestReplayErrors(t *testing.T) {
	dir := t.TempDir()
	badLine := filepath.Join(dir, "bad.trace.jsonl")
	header, err := os.ReadFile(filepath.Join(tracesDir, "match-004.trace.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(string(header), "\n")
	if err := os.WriteFile(badLine, []byte(first+"\n{\"t\":0,\"frame\":[1,2,3]}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"no trace", []string{"replay"}, exitUsage, "want 1 argument"},
		{"two traces", []string{"replay", "a", "b"}, exitUsage, "want 1 argument"},
		{"missing file", []string{"replay", filepath.Join(dir, "none.jsonl")}, exitFindings, "no such file"},
		{"bad frame", []string{"replay", badLine}, exitFindings, "line 2"},
		{"grace out of range", []string{"replay", "--done-grace", "20s", badLine}, exitUsage, "--done-grace 20s: want 100ms to 10s"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run(tc.args, &stdout, &stderr); code != tc.code {
				t.Fatalf("exit %d, want %d (stderr %q)", code, tc.code, stderr.String())
			}
			if !strings.Contains(stderr.String(), tc.stderr) || strings.Count(stderr.String(), "\n") > 2 {
				t.Fatalf("stderr %q, want a short error containing %q", stderr.String(), tc.stderr)
			}
		})
	}
}

// TestReplayOfACutTrace: a board's gzipped trace cut anywhere (what a power
// cut leaves) replays to the match up to the cut: every game before the
// cut's as the whole trace gives it, the cut game's turns a beginning of
// its whole turns. Stderr and the report say where the trace stops, and the
// status is exitCut.
func TestReplayOfACutTrace(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(tracesDir, "match-004.trace.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(raw)
	zw.Close()
	dir := t.TempDir()
	replayFile := func(name string, data []byte, want int) (*mat.Match, *replayReport, string) {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		reportFile := filepath.Join(dir, name+".json")
		var stdout, stderr bytes.Buffer
		if code := run([]string{"replay", path, "--report", reportFile}, &stdout, &stderr); code != want {
			t.Fatalf("%s: exit %d, want %d: %s", name, code, want, stderr.String())
		}
		m, err := mat.Read(&stdout, name)
		if err != nil {
			t.Fatalf("%s: the .mat printed: %v", name, err)
		}
		var rep replayReport
		data, err = os.ReadFile(reportFile)
		if err == nil {
			err = json.Unmarshal(data, &rep)
		}
		if err != nil {
			t.Fatal(err)
		}
		return m, &rep, stderr.String()
	}
	whole, _, _ := replayFile("whole.trace.jsonl.gz", gz.Bytes(), exitOK)
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"gzip cut at a half", gz.Bytes()[:gz.Len()/2]},
		{"gzip cut at a fifth", gz.Bytes()[:gz.Len()/5]},
		{"jsonl cut mid-line at two thirds", raw[:len(raw)*2/3]},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, rep, msg := replayFile(strings.ReplaceAll(tc.name, " ", "-"), tc.data, exitCut)
			if !strings.Contains(msg, "trace line ") || !strings.Contains(msg, "cut short") || rep.Cut == "" || !strings.Contains(msg, rep.Cut) {
				t.Errorf("stderr %q, report's cut %q: want both to say at which line the trace is cut", msg, rep.Cut)
			}
			if len(m.Games) == 0 || len(m.Games) > len(whole.Games) {
				t.Fatalf("%d games, want 1 to %d", len(m.Games), len(whole.Games))
			}
			last := len(m.Games) - 1
			for i := range m.Games[:last] {
				if !slices.EqualFunc(m.Games[i].Turns, whole.Games[i].Turns, sameTurn) {
					t.Errorf("game %d differs from the whole trace's", i+1)
				}
			}
			cut, all := m.Games[last].Turns, whole.Games[last].Turns
			// The turn in progress at the cut may be written with part of its play.
			if len(cut) > len(all) || len(cut) > 1 && !slices.EqualFunc(cut[:len(cut)-1], all[:len(cut)-1], sameTurn) {
				t.Errorf("game %d: %d turns, not a beginning of the whole trace's %d", last+1, len(cut), len(all))
			}
		})
	}
}

// sameTurn says two .mat lines record the same plays.
func sameTurn(a, b mat.Turn) bool { return fmt.Sprint(a) == fmt.Sprint(b) }

// TestReplayStopsBeforeAnUnwritableTurn: an accepted illegal play no .mat
// can hold (an opponent's checker moved during the play) ends the record
// before it; replay still prints the match up to that turn and the report,
// which says where and why, and exits with exitUnwritten.
func TestReplayStopsBeforeAnUnwritableTurn(t *testing.T) {
	m, err := engine.NewMatch(5, engine.MatchOpts{})
	if err != nil {
		t.Fatal(err)
	}
	tr := record.NewTranscript(5, [2]string{"Ann", "Bo"})
	rep := &replayReport{Games: []gameReport{}}
	clock := sensing.NewVirtualClock(time.Unix(0, 0))
	r := referee.New(m, clock, func(e referee.Event) {
		tr.Event(e)
		rep.event(e)
	})
	sensors, err := refereetest.New(r, clock)
	if err != nil {
		t.Fatal(err)
	}
	show := sensors.Show
	start := engine.StartingBoard
	show(start, engine.White)
	r.Roll(engine.White, engine.Dice{3, 1})
	opening := engine.LegalPlays(start, engine.Dice{3, 1})[0]
	show(opening.After, engine.Black)
	r.Done(engine.White)
	r.Roll(engine.Black, engine.Dice{4, 2})
	bad := opening.After
	bad[engine.Mover][12]-- // Black plays 13/9...
	bad[engine.Mover][8]++
	bad[engine.Opponent][12]-- // ...and moves a White checker from White's 13 to 12
	bad[engine.Opponent][11]++
	show(bad.Swap(), engine.Black)
	r.Done(engine.Black)
	r.Roll(engine.White, engine.Dice{6, 5}) // accepts the illegal play

	var unwritten *record.UnwritableError
	if !errors.As(tr.Err(), &unwritten) {
		t.Fatalf("transcript error %v, want an UnwritableError", tr.Err())
	}
	reportFile := filepath.Join(t.TempDir(), "report.json")
	var stdout, stderr bytes.Buffer
	if code := printReplay(tr.Match(), rep, unwritten, reportFile, &stdout, &stderr); code != exitUnwritten {
		t.Fatalf("exit %d, want %d", code, exitUnwritten)
	}
	if !strings.Contains(stderr.String(), "game 1 move 1 (turn 2) Black") {
		t.Errorf("stderr %q does not say where", stderr.String())
	}
	back, err := mat.Read(&stdout, "stdout")
	if err != nil {
		t.Fatalf("the printed match does not read back: %v", err)
	}
	steps, err := back.Games[0].Replay()
	if err != nil || len(steps) != 1 || steps[0].After != opening.After.Swap() {
		t.Fatalf("the printed match has %d steps (%v), want White's opening play alone", len(steps), err)
	}
	raw, err := os.ReadFile(reportFile)
	if err != nil {
		t.Fatal(err)
	}
	var got replayReport
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatal(err)
	}
	if u := got.Unwritten; u == nil || u.Game != 1 || u.Move != 1 || u.Turn != 2 || u.Side != engine.Black || !strings.Contains(u.Reason, "White's checkers") {
		t.Fatalf("report's unwritten turn %+v, want game 1 move 1 turn 2 Black, White's checkers moved", u)
	}
}

// TestReportOmitsWithdrawnFlags: a flag withdrawn because the checker in
// hand landed on a legal play is not in the report; one that stands is.
func TestReportOmitsWithdrawnFlags(t *testing.T) {
	var rep replayReport
	for _, e := range []referee.Event{
		{Kind: referee.GameStarted, Game: 1},
		{Kind: referee.IllegalPlay, Game: 1, Turn: 3, Fault: "illegal"},
		{Kind: referee.Withdrawn, Game: 1, Turn: 3},
		{Kind: referee.IllegalPlay, Game: 1, Turn: 5, Fault: "illegal"},
		{Kind: referee.IllegalAccepted, Game: 1, Turn: 5},
	} {
		rep.event(e)
	}
	got := rep.Games[0].Illegal
	if len(got) != 1 || got[0].Turn != 5 || !got[0].Accepted {
		t.Fatalf("illegal plays %+v, want turn 5's alone, accepted", got)
	}
}
