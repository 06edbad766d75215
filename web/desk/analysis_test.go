package desk

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"gammond/engine"
	"gammond/internal/gnubgtest"
	"gammond/internal/testmain"
	"gammond/record/diceaudit"
	"gammond/record/mat"
	"gammond/referee"
	"gammond/web/mqtt"
	"gammond/web/mqtt/mqtttest"
)

// loadedMatch is a 7-point match of random legal plays, without the cube,
// on dice that show a six half the time: some 200 rolls and more.
func loadedMatch(t *testing.T, r *rand.Rand, players [2]string) []byte {
	const length = 7
	die := func() int {
		if r.IntN(2) == 0 {
			return 6
		}
		return 1 + r.IntN(6)
	}
	m := mat.Match{Length: length, Players: players}
	var score [2]int
	for number := 1; score[0] < length && score[1] < length; number++ {
		g := mat.Game{Number: number, Score: score}
		b, side := engine.StartingBoard, engine.White
		for turn := 0; ; turn++ {
			d := engine.Dice{die(), die()}
			for turn == 0 && d.Double() { // the opening roll is never a double
				d = engine.Dice{die(), die()}
			}
			var moves []engine.Move
			if plays := engine.LegalPlays(b, d); len(plays) > 0 {
				moves = plays[r.IntN(len(plays))].Steps()
			}
			g.Add(side, mat.Action{Kind: mat.Roll, Dice: d, Moves: moves})
			var err error
			if b, err = b.Apply(moves); err != nil {
				t.Fatal(err)
			}
			if b[engine.Mover].Total() == 0 {
				points := int(engine.KindOf(&b[engine.Opponent], 0))
				score[side] += points
				g.Add(side, mat.Action{Kind: mat.Win, Points: points, AndMatch: score[side] >= length})
				break
			}
			b, side = b.Swap(), side.Other()
		}
		m.Games = append(m.Games, g)
	}
	var out bytes.Buffer
	if _, err := m.WriteTo(&out); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// TestDeskAnalysesEveryMatch: eight boards (four when testmain.Trimmed,
// still more than the desk's two gnubg workers; CI's full run has eight)
// finish their matches through mosquitto, all but the last replaying board
// traces and the last rolling loaded dice; the
// desk has gnubg analyse every match while its pages answer at once, the
// loaded board's dice are flagged and no other's, and a desk restarted on
// the same directories analyses nothing again. A board subscribed gets
// its match's analysis.
func TestDeskAnalysesEveryMatch(t *testing.T) {
	program := gnubgtest.Need(t)
	broker := mqtttest.StartBroker(t, false)
	dir, analysisDir := t.TempDir(), t.TempDir()
	start := func(clientID string) (*Desk, func()) {
		d, err := New(&Opts{Broker: broker.URL(), Dir: dir, ClientID: clientID, Logger: mqtttest.Logger(t),
			RetryDelay: 100 * time.Millisecond, Analysis: AnalysisOpts{Gnubg: program, Workers: 2, Dir: analysisDir}})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		ran := make(chan error, 1)
		go func() { ran <- d.Run(ctx) }()
		select {
		case <-d.Subscribed():
		case <-time.After(20 * time.Second):
			t.Fatal("the desk did not subscribe")
		}
		return d, func() {
			cancel()
			if err := <-ran; err != nil {
				t.Error(err)
			}
		}
	}
	d, stop := start("desk-analysis")
	defer func() { stop() }()
	srv := httptest.NewServer(d.Handler())
	defer srv.Close()

	traces := []string{"match-004", "match-010-illegal", "match-002-illegal", "match-007"}
	boards := 8
	if testmain.Trimmed() {
		boards = 4
	}
	loaded := fmt.Sprintf("table-%d", boards)
	toBoard1 := make(chan mqtt.Analysis, 1) // table-1 subscribes to its analyses, as gammond does
	for i := range boards {
		id := fmt.Sprintf("table-%d", i+1)
		players := [2]string{fmt.Sprintf("White%d", i+1), fmt.Sprintf("Black%d", i+1)}
		opts := &mqtt.Opts{Broker: broker.URL(), Board: id, Players: players,
			QueueDir: t.TempDir(), RetryDelay: 100 * time.Millisecond, Logger: mqtttest.Logger(t)}
		if i == 0 {
			opts.OnAnalysis = func(a mqtt.Analysis) {
				select {
				case toBoard1 <- a:
				default:
				}
			}
		}
		p, err := mqtt.New(opts)
		if err != nil {
			t.Fatal(err)
		}
		if id == loaded {
			if err := p.Match(players, loadedMatch(t, rand.New(rand.NewPCG(8, 8)), players), true); err != nil {
				t.Fatal(err)
			}
		} else {
			mqtttest.ReplayBoard(t, filepath.Join("..", "..", "testdata", "traces", traces[i%len(traces)]+".trace.jsonl"), players, p)
		}
		defer func() {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			if err := p.Close(ctx); err != nil {
				t.Error(err)
			}
		}()
	}

	// The pages answer while gnubg works: one served during an analysis
	// shows it under way.
	sawAnalysing := false
	a := awaitAnalyses(t, d, func(a Analyses) bool {
		page := mqtttest.Get(t, srv.URL+"/analysis")
		sawAnalysing = sawAnalysing || strings.Contains(page, `class="state-analysing"`)
		mqtttest.Get(t, srv.URL+"/")
		return len(a.Jobs) == boards && a.Waiting == 0 && !strings.Contains(fmt.Sprint(jobStates(a)), jobAnalysing)
	})
	if !sawAnalysing {
		t.Error("no page served while a match was being analysed")
	}
	for _, j := range a.Jobs {
		if j.State != jobDone || j.Report == nil || len(j.Report.Players) != 2 {
			t.Errorf("%s %s: %s %s", j.Board, j.Record, j.State, j.Err)
			continue
		}
		if j.Report.Players[0].Name != j.Players[0] || j.Report.Players[1].Name != j.Players[1] {
			t.Errorf("%s: gnubg's players %s, %s; the board's %v", j.Board, j.Report.Players[0].Name, j.Report.Players[1].Name, j.Players)
		}
		if sgf := mqtttest.Get(t, srv.URL+"/analysis/files/"+j.SGF); !strings.HasPrefix(sgf, "(;FF[4]") {
			t.Errorf("%s: the analysed SGF starts %q", j.Board, sgf[:min(len(sgf), 20)])
		}
	}
	if len(a.Players) != 2*boards {
		t.Errorf("%d players' running figures, want %d", len(a.Players), 2*boards)
	}
	for _, dice := range a.Dice {
		if dice.Board == loaded && dice.Rolls < diceaudit.MinRolls {
			t.Errorf("%s's loaded match has %d rolls, fewer than an audit judges", loaded, dice.Rolls)
		}
		if want := dice.Board == loaded; dice.Flagged != want || dice.Rolls == 0 {
			t.Errorf("%s: %d rolls, p = %.3g, flagged %v, want %v", dice.Board, dice.Rolls, dice.PValue, dice.Flagged, want)
		}
	}
	page := mqtttest.Get(t, srv.URL+"/analysis")
	for _, want := range []string{`<tr id="dice-` + loaded + `" class="flagged">`, "dice look loaded", "White3", "analysed SGF", "The p-value is the chance"} {
		if !strings.Contains(page, want) {
			t.Errorf("the analysis page lacks %q", want)
		}
	}
	if !strings.Contains(mqtttest.Get(t, srv.URL+"/"), `href="analysis"`) {
		t.Error("the desk's page does not link to the analyses")
	}

	select {
	case got := <-toBoard1:
		if got.Board != "table-1" || got.Report == nil || got.Report.Players[0].Name != "White1" {
			t.Errorf("table-1 got the analysis of %s: %+v", got.Board, got.Report)
		}
	case <-time.After(20 * time.Second):
		t.Error("table-1 never got its match's analysis")
	}

	// A desk restarted on the same directories gets the retained records
	// again and finds their analyses done.
	stop()
	d, stop = start("desk-analysis-again")
	again := awaitAnalyses(t, d, func(a Analyses) bool { return len(a.Jobs) == boards })
	for _, j := range again.Jobs {
		if j.State != jobDone {
			t.Errorf("restarted, %s %s is %s", j.Board, j.Record, j.State)
		}
	}
}

func jobStates(a Analyses) []string {
	var s []string
	for _, j := range a.Jobs {
		s = append(s, j.State)
	}
	return s
}

// awaitAnalyses polls the desk as the page does until done says so.
func awaitAnalyses(t *testing.T, d *Desk, done func(Analyses) bool) Analyses {
	t.Helper()
	poll := time.NewTicker(20 * time.Millisecond)
	defer poll.Stop()
	deadline := time.After(3 * time.Minute)
	for {
		if a := d.Analyses(); done(a) {
			return a
		}
		select {
		case <-poll.C:
		case <-deadline:
			t.Fatalf("the desk's analyses: %v", jobStates(d.Analyses()))
		}
	}
}

// TestAnalysisOffStillAuditsDice: without gnubg the analysis page says
// once why it is off, the matches are listed unanalysed, and the dice are
// audited all the same.
func TestAnalysisOffStillAuditsDice(t *testing.T) {
	d, err := New(&Opts{Broker: "mqtt://127.0.0.1:1", Dir: t.TempDir(), Logger: mqtttest.Logger(t),
		Analysis: AnalysisOpts{Off: "GNU Backgammon is not installed"}})
	if err != nil {
		t.Fatal(err)
	}
	players := [2]string{"Ann", "Bob"}
	rec := loadedMatch(t, rand.New(rand.NewPCG(1, 1)), players)
	for range 2 { // delivered again: counted once
		d.handle("gammond/t9/match", payload(t, mqtt.Match{Board: "t9", Players: players, Mat: string(rec), Finished: true}), false)
	}
	a := d.Analyses()
	if a.On || len(a.Jobs) != 1 || a.Jobs[0].State != jobSkipped || len(a.Dice) != 1 || !a.Dice[0].Flagged {
		t.Fatalf("analyses %+v", a)
	}
	var m mat.Match
	if got, err := mat.Read(bytes.NewReader(rec), "loaded"); err != nil {
		t.Fatal(err)
	} else {
		m = *got
	}
	rolls := 0
	for _, g := range m.Games {
		for _, turn := range g.Turns {
			for _, act := range turn.Actions {
				if act.Kind == mat.Roll {
					rolls++
				}
			}
		}
	}
	if want := rolls - len(m.Games); a.Dice[0].Rolls != want { // the opening rolls left out
		t.Errorf("%d rolls audited, want %d", a.Dice[0].Rolls, want)
	}
	srv := httptest.NewServer(d.Handler())
	defer srv.Close()
	page := mqtttest.Get(t, srv.URL+"/analysis")
	if n := strings.Count(page, "GNU Backgammon is not installed"); n != 1 {
		t.Errorf("the page says %d times why the analysis is off, want once:\n%s", n, page)
	}
	if !strings.Contains(page, "dice look loaded") {
		t.Error("the page does not flag t9's dice")
	}

	// Dice inferred from the plays are the smallest roll each play
	// shows: no sample of the dice, never flagged.
	d.handle("gammond/t9/event", payload(t, event("t9", 1, referee.DiceInferred, 1, 1)), false)
	if dice := d.Analyses().Dice[0]; dice.Flagged || !dice.Inferred {
		t.Errorf("inferred dice: flagged %v, inferred %v", dice.Flagged, dice.Inferred)
	}
}

// TestAnalysisFilesServed: gnubg's SGFs are served as records are: only
// one of an analysis the desk holds, as plain text to save under the
// sandbox policy, never through a symbolic link planted in the directory
// of analyses, never another file there.
func TestAnalysisFilesServed(t *testing.T) {
	d := offlineDesk(t, Opts{})
	dir := d.analyst.analysisDir()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	const hostile = "(;FF[4]GM[6]C[<html><script>fetch('/api/boards')</script>])"
	secret := filepath.Join(t.TempDir(), "secret")
	for name, data := range map[string]string{filepath.Join(dir, "t1-a.sgf"): hostile, filepath.Join(dir, "t1-other.sgf"): "(;FF[4])", secret: "secret"} {
		if err := os.WriteFile(name, []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(secret, filepath.Join(dir, "t2-planted.sgf")); err != nil {
		t.Fatal(err)
	}
	d.analyst.mu.Lock()
	for _, j := range []*job{
		{Hash: "a", Board: "t1", Record: "t1-a.mat", State: jobDone, SGF: "t1-a.sgf"},
		{Hash: "p", Board: "t2", Record: "t2-planted.mat", State: jobDone, SGF: "t2-planted.sgf"},
		{Hash: "f", Board: "t1", Record: "t1-other.mat", State: jobFailed, SGF: "t1-other.sgf"},
	} {
		d.analyst.jobs[j.Hash] = j
		d.analyst.order = append(d.analyst.order, j)
	}
	d.analyst.mu.Unlock()

	srv := httptest.NewServer(d.Handler())
	defer srv.Close()
	if body := getSaved(t, srv, "/analysis/files/t1-a.sgf", "t1-a.sgf"); body != hostile {
		t.Errorf("SGF served as %q", body)
	}
	for _, path := range []string{"t2-planted.sgf", "t1-other.sgf", "secret", "..%2fsecret", ""} {
		resp, err := srv.Client().Get(srv.URL + "/analysis/files/" + path)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound || strings.Contains(string(got), "secret") || strings.Contains(string(got), "FF[4]") {
			t.Errorf("GET /analysis/files/%s: %s %q, want 404", path, resp.Status, got)
		}
	}
}

// TestAnalysisStream: the analysis page runs nothing inline, under the
// page policy, and its stream sends its figures as they change: a match collected, its analysis begun, dice found inferred; and
// an analysis under way's running time with no change at all.
func TestAnalysisStream(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	d := offlineDesk(t, Opts{Now: clock, Analysis: AnalysisOpts{Gnubg: "gnubg never run"}})
	srv := httptest.NewServer(d.Handler())
	t.Cleanup(srv.Close) // after the stream's body is closed
	resp, err := srv.Client().Get(srv.URL + "/analysis")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if got := resp.Header.Get("Content-Security-Policy"); got != pagePolicy {
		t.Errorf("the analysis page's policy: %q", got)
	}
	for _, inline := range []string{"<style", "style=", "http-equiv", "<script>"} {
		if strings.Contains(string(page), inline) {
			t.Errorf("the analysis page holds %q", inline)
		}
	}
	s := openStream(t, srv.URL+"/api/analysis/events")
	s.await(t, "analyses", "No match collected yet")

	players := [2]string{"Ann", "Bob"}
	rec := loadedMatch(t, rand.New(rand.NewPCG(1, 1)), players)
	d.handle("gammond/t9/match", payload(t, mqtt.Match{Board: "t9", Players: players, Mat: string(rec), Finished: true}), false)
	name := d.Records("t9")[0]
	s.await(t, "analyses", name, "queued", "1 waiting")

	if j := d.analyst.next(); j == nil {
		t.Fatal("no job queued")
	}
	s.await(t, "analyses", name, "analysing", "for 0s", "0 waiting")
	mu.Lock()
	now = now.Add(3 * time.Second)
	mu.Unlock()
	s.await(t, "analyses", name, "analysing", "for 3s")

	d.handle("gammond/t9/event", payload(t, event("t9", 1, referee.DiceInferred, 1, 1)), false)
	s.await(t, "analyses", "dice inferred from the plays")
}
