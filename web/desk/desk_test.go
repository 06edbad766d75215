package desk

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"gammond/engine"
	"gammond/referee"
	"gammond/web/mqtt"
	"gammond/web/mqtt/mqtttest"
)

func newDesk(t testing.TB, dir string) *Desk {
	t.Helper()
	return offlineDesk(t, Opts{Dir: dir, Now: func() time.Time { return time.Date(2026, 3, 14, 15, 9, 26, 0, time.UTC) }})
}

// offlineDesk is a desk with opts that is never run: the test hands it
// messages. Broker, and unless given Dir and Logger, are set here.
func offlineDesk(t testing.TB, opts Opts) *Desk {
	t.Helper()
	opts.Broker = "mqtt://127.0.0.1:1"
	if opts.Dir == "" {
		opts.Dir = t.TempDir()
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	d, err := New(&opts)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func payload(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func state(board string, game int, phase string) mqtt.State {
	return mqtt.State{Board: board, Players: [2]string{"Ann", "Bob"}, Page: "http://" + board + ".local/",
		Status: referee.Status{Phase: phase, Length: 5, Score: [2]int{2, 1}, Game: game, Turn: 7, Cube: 1}}
}

func event(board string, seq uint64, k referee.Kind, game, turn int) mqtt.Event {
	return mqtt.Event{Board: board, Summary: referee.Summary{Seq: seq, Kind: k.String(), Game: game, Turn: turn,
		Side: engine.Black, Fault: "miscount", Points: []int{3, 8}, Text: k.String() + " text"}}
}

func TestDecode(t *testing.T) {
	good := state("t1", 1, referee.PhaseMoving)
	badPage := good
	badPage.Page = "javascript:alert(1)"
	negative := good
	negative.Score = [2]int{-1, 0}
	longName := good
	longName.Players[0] = strings.Repeat("n", 101)
	newline := good
	newline.Players[1] = "Bob\nWins 3 points"
	otherBoard := good
	otherBoard.Board = "t2"
	tests := []struct {
		name, topic string
		payload     []byte
		err         string
		check       func(*testing.T, message)
	}{
		{name: "state", topic: "gammond/t1/state", payload: payload(t, good), check: func(t *testing.T, m message) {
			if m.state == nil || m.state.Players != good.Players || m.state.Page != good.Page || m.state.Phase != referee.PhaseMoving {
				t.Errorf("state %+v", m.state)
			}
		}},
		{name: "event", topic: "gammond/t1/event", payload: payload(t, event("t1", 4, referee.IllegalPlay, 1, 3)), check: func(t *testing.T, m message) {
			if m.event == nil || m.event.Seq != 4 || m.event.Kind != "illegal" {
				t.Errorf("event %+v", m.event)
			}
		}},
		{name: "match", topic: "gammond/t1/match", payload: payload(t, mqtt.Match{Board: "t1", Mat: " 1 point match\n", Finished: true}), check: func(t *testing.T, m message) {
			if m.match == nil || !m.match.Finished {
				t.Errorf("match %+v", m.match)
			}
		}},
		{name: "cleared state", topic: "gammond/t1/state", payload: nil, check: func(t *testing.T, m message) {
			if !m.forget {
				t.Error("an empty state does not forget the board")
			}
		}},
		{name: "unsafe page link dropped", topic: "gammond/t1/state", payload: payload(t, badPage), check: func(t *testing.T, m message) {
			if m.state.Page != "" {
				t.Errorf("page %q kept", m.state.Page)
			}
		}},
		{name: "other topic", topic: "gammond/t1/clock", payload: []byte("{}"), err: "unknown kind"},
		{name: "not JSON", topic: "gammond/t1/state", payload: []byte("{"), err: "state: unexpected end"},
		{name: "wrong type", topic: "gammond/t1/state", payload: []byte(`{"board":"t1","score":"2-1"}`), err: "state: json"},
		{name: "board mismatch", topic: "gammond/t1/state", payload: payload(t, otherBoard), err: `from board "t2"`},
		{name: "no phase", topic: "gammond/t1/state", payload: []byte(`{"board":"t1"}`), err: "no phase"},
		{name: "negative score", topic: "gammond/t1/state", payload: payload(t, negative), err: "negative"},
		{name: "side 7 on roll", topic: "gammond/t1/state", payload: []byte(`{"board":"t1","phase":"moving","on_roll":7}`), err: "side 7"},
		{name: "long name", topic: "gammond/t1/state", payload: payload(t, longName), err: "more than 32"},
		{name: "newline in a name", topic: "gammond/t1/state", payload: payload(t, newline), err: "does not print"},
		{name: "empty event", topic: "gammond/t1/event", payload: nil, err: "empty payload"},
		{name: "event without kind", topic: "gammond/t1/event", payload: []byte(`{"board":"t1"}`), err: "without a kind"},
		{name: "empty record", topic: "gammond/t1/match", payload: []byte(`{"board":"t1","finished":true}`), err: "empty record"},
		{name: "huge state", topic: "gammond/t1/state", payload: make([]byte, maxPayload+1), err: "more than"},
		{name: "null", topic: "gammond/t1/match", payload: []byte("null"), err: `from board ""`},
		{name: "27 points", topic: "gammond/t1/event", payload: []byte(`{"board":"t1","kind":"illegal","points":[` + strings.Repeat("1,", 26) + `1]}`), err: "27 points, more than 26"},
		{name: "point 26", topic: "gammond/t1/event", payload: []byte(`{"board":"t1","kind":"illegal","points":[26]}`), err: "point 26"},
		{name: "long text", topic: "gammond/t1/event", payload: []byte(`{"board":"t1","kind":"x","text":"` + strings.Repeat("x", mqtt.MaxText+1) + `"}`), err: "text of"},
		{name: "long fault", topic: "gammond/t1/event", payload: []byte(`{"board":"t1","kind":"x","fault":"` + strings.Repeat("x", mqtt.MaxWord+1) + `"}`), err: "fault of"},
		{name: "flagged 30", topic: "gammond/t1/state", payload: []byte(`{"board":"t1","phase":"flagged","flagged":[` + strings.Repeat("0,", 29) + `0]}`), err: "flagged: 30 points"},
		{name: "long phase", topic: "gammond/t1/state", payload: []byte(`{"board":"t1","phase":"` + strings.Repeat("p", mqtt.MaxWord+1) + `"}`), err: "phase of"},
		{name: "long ledger", topic: "gammond/t1/state", payload: []byte(`{"board":"t1","phase":"rolling","session":{"ledger":[` + strings.Repeat("{},", mqtt.MaxArray) + `{}]}}`), err: "a list of more than 2000 entries"},
		{name: "chouette of 17", topic: "gammond/t1/state", payload: []byte(`{"board":"t1","phase":"rolling","session":{"ledger":[],"chouette":{"members":[` + strings.Repeat(`{"name":"a"},`, maxMembers) + `{"name":"a"}]}}}`), err: "chouette of 17"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := decode(tt.topic, tt.payload)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("decode = %v, want an error containing %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, m)
		})
	}
}

// FuzzHandle feeds the desk any message: it logs and ignores what it cannot
// use, and never panics.
func FuzzHandle(f *testing.F) {
	f.Add("gammond/t1/state", payload(f, state("t1", 1, referee.PhaseFlagged)))
	f.Add("gammond/t1/event", payload(f, event("t1", 2, referee.IllegalPlay, 1, 3)))
	f.Add("gammond/t1/event", payload(f, event("t1", 3, referee.Corrected, 1, 3)))
	f.Add("gammond/t1/match", payload(f, mqtt.Match{Board: "t1", Mat: "garbage", Finished: true}))
	f.Add("gammond/t1/state", []byte(`{"board":"t1","phase":"x","cube_owner":5,"score":[1e9,2]}`))
	f.Add("gammond/+/state", []byte{})
	d := newDesk(f, f.TempDir())
	f.Fuzz(func(t *testing.T, topic string, payload []byte) {
		d.handle(topic, payload, false)
		d.Boards()
		newRow(Board{Status: &referee.Status{}})
	})
}

func TestFlags(t *testing.T) {
	d := newDesk(t, t.TempDir())
	send := func(topic string, v any) { d.handle(topic, payload(t, v), false) }
	flags := func() (out []string) {
		for _, f := range d.Boards()[0].Flags {
			out = append(out, f.Fault+" "+f.Outcome+" "+string(rune('0'+f.Turn)))
		}
		return out
	}
	check := func(step string, want ...string) {
		t.Helper()
		if got := flags(); !slices.Equal(got, want) {
			t.Errorf("%s: flags %q, want %q", step, got, want)
		}
	}
	send("gammond/t1/state", state("t1", 1, referee.PhaseMoving))
	send("gammond/t1/event", event("t1", 10, referee.IllegalPlay, 1, 3))
	send("gammond/t1/event", event("t1", 10, referee.IllegalPlay, 1, 3)) // again: QoS 1
	check("illegal play", "miscount  3")
	send("gammond/t1/event", event("t1", 11, referee.Corrected, 1, 3))
	send("gammond/t1/event", event("t1", 13, referee.IllegalAccepted, 1, 5)) // out of order
	send("gammond/t1/event", event("t1", 12, referee.IllegalPlay, 1, 5))
	check("outcomes", "miscount corrected 3", "miscount accepted 5")
	if got := d.Boards()[0].LastEvent; got != "illegal-accepted text" {
		t.Errorf("last event %q, want the one of the highest seq", got)
	}
	send("gammond/t1/event", event("t1", 16, referee.Corrected, 1, 6))
	send("gammond/t1/event", event("t1", 14, referee.IllegalPlay, 1, 6))
	send("gammond/t1/event", event("t1", 15, referee.IllegalPlay, 1, 6))
	check("illegal twice on a turn", "miscount corrected 3", "miscount accepted 5", "miscount  6", "miscount corrected 6")
	send("gammond/t1/state", state("t1", 2, referee.PhaseRolling))
	check("next game")
	send("gammond/t1/event", event("t1", 9, referee.IllegalPlay, 1, 2))
	check("an earlier game's, late")
	send("gammond/t1/event", event("t1", 20, referee.IllegalPlay, 2, 4))
	send("gammond/t1/state", state("t1", 1, referee.PhaseRolling))
	check("new match")
}

func TestCollect(t *testing.T) {
	dir := t.TempDir()
	d := newDesk(t, dir)
	const rec = " 1 point match\n\n Game 1\n Ann : 0                        Bob : 0\n  1) 31: 8/5 6/5\n      Wins 1 point and the match\n"
	m := mqtt.Match{Board: "table 3/b", Players: [2]string{"Ann Öst", ""}, Mat: rec}

	d.handle("gammond/t3/match", payload(t, mqtt.Match{Board: "t3", Players: m.Players, Mat: rec}), false)
	if files := matFiles(t, dir); len(files) != 0 {
		t.Fatalf("an unfinished match was collected: %v", files)
	}
	inProgress := filepath.Join(dir, unfinishedDir, unfinishedName("t3", rec))
	if got, err := os.ReadFile(inProgress); err != nil || string(got) != rec {
		t.Errorf("the match in progress's record: %q, %v", got, err)
	}
	m.Board, m.Finished = "t3", true
	for range 2 { // the broker delivers a retained record at each subscription
		d.handle("gammond/t3/match", payload(t, m), false)
	}
	files := matFiles(t, dir)
	want := "2026-03-14_t3_Ann_st-__" + recordHash(rec) + ".mat"
	if len(files) != 1 || files[0] != want {
		t.Fatalf("collected %v, want [%s]", files, want)
	}
	got, err := os.ReadFile(filepath.Join(dir, want))
	if err != nil || string(got) != rec {
		t.Fatalf("record %q, %v; want %q", got, err, rec)
	}
	if fi, _ := os.Stat(filepath.Join(dir, want)); fi.Mode().Perm() != 0o644 {
		t.Errorf("record mode %v, want 0644", fi.Mode().Perm())
	}
	if b := d.Boards(); len(b) != 1 || !slices.Equal(b[0].Records, []string{want}) {
		t.Errorf("boards %+v, want t3 with its record", b)
	}

	// A desk restarted on the directory knows what it holds.
	d = newDesk(t, dir)
	d.handle("gammond/t3/match", payload(t, m), false)
	if files := matFiles(t, dir); len(files) != 1 {
		t.Errorf("collected again after a restart: %v", files)
	}
	checkRecordAlone(t, dir)
}

// checkRecordAlone checks that dir holds one record, and no record of a
// match in progress.
func checkRecordAlone(t *testing.T, dir string) {
	t.Helper()
	all, _ := os.ReadDir(dir)
	inProgress, _ := os.ReadDir(filepath.Join(dir, unfinishedDir))
	if len(all) != 2 || len(inProgress) != 0 {
		t.Errorf("directory holds %d files and %d of matches in progress, want the record and %s/ alone", len(all), len(inProgress), unfinishedDir)
	}
}

// TestCollectWelsh: a finished Welsh match's record is collected as
// .welsh, and known again after a restart.
func TestCollectWelsh(t *testing.T) {
	dir := t.TempDir()
	d := newDesk(t, dir)
	const rec = "welsh-match\nwhite Ann\nblack Bob\nscoop 0\ngame White 1\nWhite timeout\nmatch Black timed-out score 0-0\n"
	m := mqtt.Match{Board: "t4", Players: [2]string{"Ann", "Bob"}, Mat: rec, Finished: true}
	d.handle("gammond/t4/match", payload(t, m), false)
	want := "2026-03-14_t4_Ann-Bob_" + recordHash(rec) + ".welsh"
	if got, err := os.ReadFile(filepath.Join(dir, want)); err != nil || string(got) != rec {
		t.Fatalf("record %q, %v; want %q in %s", got, err, rec, want)
	}
	d = newDesk(t, dir)
	d.handle("gammond/t4/match", payload(t, m), false)
	checkRecordAlone(t, dir)
}

func matFiles(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.mat"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range files {
		files[i] = filepath.Base(files[i])
	}
	return files
}

func TestFileSafe(t *testing.T) {
	for in, want := range map[string]string{
		"Ann":                          "Ann",
		"":                             "_",
		"../etc/passwd":                "_._etc_passwd",
		"table 10":                     "table_10",
		"Jörg  Müller":                 "J_rg_M_ller",
		".hidden":                      "_hidden",
		strings.Repeat("x", 40):        strings.Repeat("x", 32),
		"a/b\\c:d*e?f\"g<h>i|j\x00k~l": "a_b_c_d_e_f_g_h_i_j_k_l",
	} {
		if got := fileSafe(in); got != want {
			t.Errorf("fileSafe(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNaturalCompare(t *testing.T) {
	ids := []string{"table-10", "b", "table-9", "a2", "table-1", "a10", "a", "table-09x"}
	slices.SortFunc(ids, naturalCompare)
	want := []string{"a", "a2", "a10", "b", "table-1", "table-9", "table-09x", "table-10"}
	if !slices.Equal(ids, want) {
		t.Errorf("sorted %q, want %q", ids, want)
	}
}

func TestPage(t *testing.T) {
	d := newDesk(t, t.TempDir())
	s := state("table-2", 1, referee.PhaseFlagged)
	s.Players = [2]string{"<script>x</script>", "Bob"}
	s.OnRoll = engine.Black
	owner := engine.White
	s.Cube, s.CubeOwner = 4, &owner
	d.handle("gammond/table-2/state", payload(t, s), false)
	d.handle("gammond/table-2/event", payload(t, event("table-2", 5, referee.IllegalPlay, 1, 7)), false)
	d.handle("gammond/table-10/state", payload(t, state("table-10", 0, referee.PhaseSettingUp)), false)

	srv := httptest.NewServer(d.Handler())
	defer srv.Close()
	html := mqtttest.Get(t, srv.URL+"/")
	for _, want := range []string{
		`<a href="http://table-2.local/" rel="noreferrer">table-2</a> <span class="unverified"`,
		`<script src="desk.js" defer></script>`,
		"&lt;script&gt;x&lt;/script&gt;",
		`<td class="player onroll">Bob</td>`,
		"2–1", "5-point", "game 1, turn 7", "4, White", "Bob&#39;s play is illegal: to be corrected",
		`class="alert"`, "turn 7: Bob, miscount, points 22 and 17",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Contains(html, "<script>") || strings.Contains(html, "http-equiv") {
		t.Error("page holds a player's name unescaped")
	}
	if i, j := strings.Index(html, "board-table-2"), strings.Index(html, "board-table-10"); i < 0 || j < i {
		t.Errorf("table-2 at %d, table-10 at %d: want both, in that order", i, j)
	}

	var boards []Board
	if err := json.Unmarshal([]byte(mqtttest.Get(t, srv.URL+"/api/boards")), &boards); err != nil {
		t.Fatal(err)
	}
	if len(boards) != 2 || boards[0].ID != "table-2" || boards[0].Status.Phase != referee.PhaseFlagged || len(boards[0].Flags) != 1 {
		t.Errorf("api/boards = %+v", boards)
	}
	resp, err := http.Get(srv.URL + "/nowhere")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("GET /nowhere: %s, want 404", resp.Status)
	}
}

func TestTraceURL(t *testing.T) {
	for _, tc := range []struct{ page, want string }{
		{"http://table-1.local:8080/", "http://table-1.local:8080/api/trace.jsonl.gz"},
		{"https://boards.example/table-2/", "https://boards.example/table-2/api/trace.jsonl.gz"},
		{"", ""},
	} {
		if got := traceURL(tc.page); got != tc.want {
			t.Errorf("traceURL(%q) = %q, want %q", tc.page, got, tc.want)
		}
	}
}
