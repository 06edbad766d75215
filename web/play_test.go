package web

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"gammond/engine"
	"gammond/record/mat"
	"gammond/referee"
)

// The helpers here play a board through its HTTP API only, so that they
// work against any server in sim mode: the test's own (newRefBoard) or a
// running gammond -sim.

// pageStatus is the part of the status the play tests read.
type pageStatus struct {
	Phase    string         `json:"phase"`
	OnRoll   engine.Side    `json:"on_roll"`
	Dice     engine.Dice    `json:"dice"`
	Position string         `json:"position"`
	Checkers engine.Layout  `json:"checkers"`
	Sim      *engine.Layout `json:"sim"`
	Flagged  []int          `json:"flagged"`
	Seq      uint64         `json:"seq"`
}

func fetchStatus(t *testing.T, base string) pageStatus {
	t.Helper()
	res, err := http.Get(base + "/api/status")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var st pageStatus
	if err := json.NewDecoder(res.Body).Decode(&st); err != nil {
		t.Fatalf("status: %v", err)
	}
	return st
}

// waitStatus polls the status until ok says it is the one awaited: a real
// board's sensors take a settle window to see a move.
func waitStatus(t *testing.T, base, what string, ok func(pageStatus) bool) pageStatus {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		st := fetchStatus(t, base)
		if ok(st) {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("waited 10 s for %s; status %+v", what, st)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func inPhase(phase string) func(pageStatus) bool {
	return func(st pageStatus) bool { return st.Phase == phase }
}

// eventsSince returns the board's events after since, from the event
// stream's catch-up.
func eventsSince(t *testing.T, base string, since uint64) []referee.Summary {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/api/events", nil)
	req.Header.Set("Last-Event-ID", strconv.FormatUint(since, 10))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	c := &streamClient{t: t, res: res, msgs: make(chan message, 64)}
	go c.read(res.Body)
	var out []referee.Summary
	for {
		m, ok := c.next()
		if !ok || m.event == "status" {
			return out
		}
		var s referee.Summary
		if m.id != "" && json.Unmarshal([]byte(m.data), &s) == nil {
			out = append(out, s)
		}
	}
}

// kinds lists the events' kinds.
func kinds(events []referee.Summary) string {
	var k []string
	for _, e := range events {
		k = append(k, e.Kind)
	}
	return strings.Join(k, " ")
}

// plannedPlay is a legal play of the roll on the board: the checker moves a
// hand makes, what the referee writes, and the board it leaves.
type plannedPlay struct {
	moves    []SimMove
	notation string
	matCell  string // the play as the .mat writes it: moves in GNU Backgammon's order
	after    engine.Layout
}

// planPlay returns the first legal play of the side on roll in st.
func planPlay(t *testing.T, st pageStatus) plannedPlay {
	t.Helper()
	before, err := engine.ParsePositionID(st.Position)
	if err != nil || st.Sim == nil {
		t.Fatalf("status %+v: %v", st, err)
	}
	p := plannedPlay{after: *st.Sim}
	plays := engine.LegalPlays(before, st.Dice)
	if len(plays) == 0 {
		return p
	}
	steps := plays[0].Steps()
	for _, m := range steps {
		sm := SimMove{Side: st.OnRoll, From: boardPoint(st.OnRoll, m.From), To: boardPoint(st.OnRoll, m.To)}
		p.moves = append(p.moves, sm)
		applyMove(&p.after, sm)
	}
	p.notation = engine.FormatPlay(before, steps)
	sorted := slices.Clone(steps)
	mat.SortMoves(sorted)
	p.matCell = engine.FormatMat(before, sorted)
	return p
}

// boardPoint turns a side's own point into a board point.
func boardPoint(s engine.Side, p int8) int {
	if p == engine.Bar || p == engine.Off {
		return int(p)
	}
	return engine.BoardPoint(s, int(p))
}

// postAction posts an action and fails the test if it is refused.
func postAction(t *testing.T, base, path string, a Action) {
	t.Helper()
	body, _ := json.Marshal(a)
	res, err := http.Post(base+path, "application/json", strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(res.Body)
		t.Fatalf("%s %s: %s %s", path, body, res.Status, b)
	}
}

// TestSimPlayOverHTTP plays an opening, an illegal play and its correction
// through the sim API, with the real referee judging.
func TestSimPlayOverHTTP(t *testing.T) {
	b := newRefBoard(3, [2]string{"Alice", "Bob"}, engine.Dice{3, 1}, engine.Dice{6, 4})
	_, base := startServer(t, b, Options{})
	press := func(side engine.Side, button string) {
		postAction(t, base, "/api/sim/button", SimButton{Side: side, Button: button})
	}
	play := func(p plannedPlay) {
		for _, m := range p.moves {
			postAction(t, base, "/api/sim/move", m)
		}
	}

	press(engine.White, ButtonRoll)
	st := waitStatus(t, base, "the opening roll", inPhase(referee.PhaseMoving))
	opening := planPlay(t, st)
	if st.OnRoll != engine.White || st.Dice != (engine.Dice{3, 1}) {
		t.Fatalf("opening: %v to play %v; want White to play 31", st.OnRoll, st.Dice)
	}
	play(opening)
	press(engine.White, ButtonDone)
	st = waitStatus(t, base, "Black's turn", inPhase(referee.PhaseRolling))
	if st.OnRoll != engine.Black || st.Checkers != opening.after {
		t.Fatalf("after the opening: %v on roll, checkers %v; want Black, %v", st.OnRoll, st.Checkers, opening.after)
	}
	events := eventsSince(t, base, 0)
	if got := kinds(events); got != "game-started rolled play" {
		t.Fatalf("events %s", got)
	}
	if last := events[len(events)-1]; last.Play != opening.notation || !strings.Contains(last.Text, opening.notation) {
		t.Fatalf("play event %+v: want %q", last, opening.notation)
	}

	// Black presses DONE without moving: flagged, then put right.
	press(engine.Black, ButtonRoll)
	st = waitStatus(t, base, "Black's roll", inPhase(referee.PhaseMoving))
	press(engine.Black, ButtonDone)
	flagged := waitStatus(t, base, "the flag", inPhase(referee.PhaseFlagged))
	if len(flagged.Flagged) == 0 {
		t.Fatal("flagged with no points to light")
	}
	reply := planPlay(t, st)
	play(reply)
	press(engine.Black, ButtonDone)
	waitStatus(t, base, "White's turn", inPhase(referee.PhaseRolling))
	if got := kinds(eventsSince(t, base, uint64(len(events)))); got != "rolled illegal corrected play" {
		t.Fatalf("events of Black's turn: %s", got)
	}

	res, err := http.Get(base + "/api/match.mat")
	if err != nil {
		t.Fatal(err)
	}
	mat, _ := io.ReadAll(res.Body)
	res.Body.Close()
	for _, want := range []string{"3 point match", "Alice", "Bob", "31: " + opening.matCell, "64: " + reply.matCell} {
		if !strings.Contains(string(mat), want) {
			t.Errorf("the .mat lacks %q:\n%s", want, mat)
		}
	}
}
