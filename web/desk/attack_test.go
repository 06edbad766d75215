package desk

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"gammond/referee"
	"gammond/web/mqtt"
	"gammond/web/mqtt/mqtttest"
)

// runDesk starts a desk on broker with opts (startDesk) and stops it
// when the test ends.
func runDesk(t testing.TB, broker *mqtttest.Broker, opts Opts) *Desk {
	t.Helper()
	d, stop := startDesk(t, broker, opts)
	t.Cleanup(stop)
	return d
}

// startDesk starts a desk on broker with opts (Broker, Logger, Dir and
// RetryDelay set here unless given), waits until it has subscribed, and
// returns it with the func that stops it.
func startDesk(t testing.TB, broker *mqtttest.Broker, opts Opts) (*Desk, func()) {
	t.Helper()
	opts.Broker = broker.URL()
	if opts.Logger == nil {
		opts.Logger = mqtttest.Logger(t)
	}
	if opts.Dir == "" {
		opts.Dir = t.TempDir()
	}
	opts.RetryDelay = 100 * time.Millisecond
	d, err := New(&opts)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	ran := make(chan error, 1)
	go func() { ran <- d.Run(ctx) }()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			cancel()
			if err := <-ran; err != nil {
				t.Error(err)
			}
		})
	}
	select {
	case <-d.Subscribed():
	case <-time.After(20 * time.Second):
		stop()
		t.Fatal("the desk did not subscribe")
	}
	return d, stop
}

// rawPublisher connects a bare MQTT client to broker, anonymously.
func rawPublisher(t testing.TB, broker *mqtttest.Broker, clientID string) *mqtttest.Raw {
	t.Helper()
	c, err := mqtttest.DialRaw(mqtttest.RawAddr(broker.URL()), clientID, "", "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// awaitDesk polls until done says the desk is there, 30 s at most.
func awaitDesk(t testing.TB, what string, done func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !done() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// countingWriter counts the lines logged that hold a word.
type countingWriter struct {
	word string
	mu   sync.Mutex
	n    int
}

func (w *countingWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	w.n += bytes.Count(p, []byte(w.word))
	w.mu.Unlock()
	return len(p), nil
}

func (w *countingWriter) count() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.n
}

// TestMemoryAttack: anyone who can publish to the broker sends 500
// illegal-play events whose point lists hold 130,000 entries each (260 KB,
// under the size check), and states whose money-session ledger is
// [{},{},...]: the desk refuses them by content, logs them once, stays
// well under 200 MB, and still shows the real board.
func TestMemoryAttack(t *testing.T) {
	broker := mqtttest.StartBroker(t, false)
	refusedLog := &countingWriter{word: "refused"}
	d := runDesk(t, broker, Opts{ClientID: "desk-memory", Logger: slog.New(slog.NewTextHandler(refusedLog, nil))})
	c := rawPublisher(t, broker, "attacker")

	if err := c.Publish("gammond/table-1/state", payload(t, state("table-1", 1, referee.PhaseMoving)), true); err != nil {
		t.Fatal(err)
	}
	points := strings.Repeat("1,", 130_000)
	points = points[:len(points)-1]
	const events = 500
	for seq := range events {
		e := fmt.Sprintf(`{"board":"table-1","seq":%d,"kind":"illegal","game":1,"turn":3,"side":1,"fault":"miscount","points":[%s],"text":"x"}`, seq+1, points)
		if err := c.Publish("gammond/table-1/event", []byte(e), false); err != nil {
			t.Fatal(err)
		}
	}
	ledger := strings.Repeat("{},", (maxPayload-200)/3)
	const states = 20
	for i := range states {
		s := fmt.Sprintf(`{"board":"fake-%d","phase":"rolling","session":{"ledger":[%s{}]}}`, i, ledger)
		if err := c.Publish(fmt.Sprintf("gammond/fake-%d/state", i), []byte(s), true); err != nil {
			t.Fatal(err)
		}
	}
	awaitDesk(t, "the desk to refuse every message", func() bool { return d.refused.total() >= events+states })

	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	if ms.HeapAlloc > 200<<20 {
		t.Errorf("the desk's process holds %d MB after the attack, want under 200", ms.HeapAlloc>>20)
	}
	boards := d.Boards()
	if len(boards) != 1 || boards[0].ID != "table-1" || len(boards[0].Flags) != 0 {
		t.Errorf("boards after the attack: %+v, want table-1 alone, without flags", boards)
	}
	if n := refusedLog.count(); n > maxRefusalLogs {
		t.Errorf("%d refusals logged, want %d a minute at most", n, maxRefusalLogs)
	}
	srv := httptest.NewServer(d.Handler())
	defer srv.Close()
	page := mqtttest.Get(t, srv.URL+"/")
	if !strings.Contains(page, fmt.Sprint(events+states)+" messages refused") {
		t.Errorf("the page does not count the refused messages:\n%s", page)
	}
	resp, err := srv.Client().Get(srv.URL + "/api/boards")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if n, _ := io.Copy(io.Discard, resp.Body); n > 10<<10 {
		t.Errorf("/api/boards is %d bytes after the attack", n)
	}
}

// TestMemoryBudget: past the budget over all boards, a new board's state
// is refused and the page says so; the boards already shown stay.
func TestMemoryBudget(t *testing.T) {
	d := offlineDesk(t, Opts{MemoryBudget: 8 << 10})
	for i := range 40 {
		id := fmt.Sprintf("t%d", i)
		d.handle("gammond/"+id+"/state", payload(t, state(id, 1, referee.PhaseRolling)), false)
	}
	n := len(d.Boards())
	if n == 0 || n == 40 {
		t.Fatalf("%d boards within an 8 KB budget, want some but not all 40", n)
	}
	if d.kept > 8<<10 {
		t.Errorf("kept %d bytes, budget 8 KB", d.kept)
	}
	if notes := strings.Join(d.Notes(), "\n"); !strings.Contains(notes, "memory budget") {
		t.Errorf("notes %q do not say the budget is spent", notes)
	}
	// A board already shown takes its new state within the budget.
	d.handle("gammond/t0/state", payload(t, state("t0", 2, referee.PhaseMoving)), false)
	if b := d.Boards(); b[0].ID != "t0" || b[0].Status.Game != 2 {
		t.Errorf("t0 not updated: %+v", b[0].Status)
	}
	// Boards only heard in retained messages make room for a live one.
	d = offlineDesk(t, Opts{MemoryBudget: 8 << 10})
	for i := range 40 {
		id := fmt.Sprintf("fake-%d", i)
		d.handle("gammond/"+id+"/state", payload(t, state(id, 1, referee.PhaseRolling)), true)
	}
	d.handle("gammond/real/state", payload(t, state("real", 1, referee.PhaseRolling)), false)
	if !slices.ContainsFunc(d.Boards(), func(b Board) bool { return b.ID == "real" }) {
		t.Error("a live board was refused for fakes heard only retained")
	}
}

// TestRecordLimits: a board's records past its limit, and every record
// past the total, are not written; the page says so.
func TestRecordLimits(t *testing.T) {
	dir := t.TempDir()
	d := offlineDesk(t, Opts{Dir: dir, Records: RecordLimits{BoardFiles: 2, BoardBytes: 1 << 20, TotalBytes: 5 << 10}})
	collect := func(board string, i, size int) {
		rec := fmt.Sprintf(" 1 point match %s %d\n%s", board, i, strings.Repeat(" ", size))
		d.handle("gammond/"+board+"/match", payload(t, mqtt.Match{Board: board, Mat: rec, Finished: true}), false)
	}
	for i := range 3 {
		collect("t1", i, 100)
	}
	if files := matFiles(t, dir); len(files) != 2 {
		t.Errorf("t1's records: %v, want 2, its limit", files)
	}
	collect("t2", 0, 100)
	collect("t3", 0, 5<<10)
	if files := matFiles(t, dir); len(files) != 3 {
		t.Errorf("records: %v, want t1's two and t2's: t3's is past the total", files)
	}
	notes := strings.Join(d.Notes(), "\n")
	for _, want := range []string{"board t1 has 2 records", "reach 5 KB"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes %q lack %q", notes, want)
		}
	}
}

// TestUnfinishedGoFirst: records of matches in progress are deleted,
// oldest first, to make room for a finished one within the total.
func TestUnfinishedGoFirst(t *testing.T) {
	dir := t.TempDir()
	now := time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)
	d := offlineDesk(t, Opts{Dir: dir, Now: func() time.Time { return now }, Records: RecordLimits{BoardFiles: 10, BoardBytes: 1 << 20, TotalBytes: 3000}})
	match := func(board string, size int, finished bool) {
		rec := fmt.Sprintf(" 1 point match %s\n%s", board, strings.Repeat(" ", size))
		d.handle("gammond/"+board+"/match", payload(t, mqtt.Match{Board: board, Mat: rec, Finished: finished}), false)
		now = now.Add(time.Minute)
	}
	match("t1", 1000, false)
	match("t2", 1000, false)
	match("t3", 1500, true) // t1's record in progress makes room
	inProgress := func() []string {
		entries, _ := os.ReadDir(filepath.Join(dir, unfinishedDir))
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		return names
	}
	if got := inProgress(); len(got) != 1 || !strings.HasPrefix(got[0], "t2_") {
		t.Errorf("records of matches in progress %v, want t2's alone", got)
	}
	if files := matFiles(t, dir); len(files) != 1 {
		t.Errorf("records %v, want t3's", files)
	}
	match("t4", 2500, true) // past the total even with t2's deleted: t2's stays
	if files, got := matFiles(t, dir), inProgress(); len(files) != 1 || len(got) != 1 {
		t.Errorf("records %v and %v in progress, want t3's and t2's", files, got)
	}
	if notes := strings.Join(d.Notes(), "\n"); !strings.Contains(notes, "matches in progress (unfinished/) deleted") {
		t.Errorf("notes %q", notes)
	}
}

// TestHostileRecordServed: a finished match whose record is an HTML page
// with a script, published by anyone, is collected and served as plain
// text to save, never as a page; a symbolic link planted in the directory
// is not served; the desk's own page carries its security policy.
func TestHostileRecordServed(t *testing.T) {
	broker := mqtttest.StartBroker(t, false)
	dir := t.TempDir()
	d := runDesk(t, broker, Opts{ClientID: "desk-hostile", Dir: dir})
	c := rawPublisher(t, broker, "attacker")
	const hostile = "<html><script>fetch('/api/boards').then(r => r.text()).then(alert)</script>"
	if err := c.Publish("gammond/table-1/match", payload(t, mqtt.Match{Board: "table-1", Mat: hostile, Finished: true}), true); err != nil {
		t.Fatal(err)
	}
	awaitDesk(t, "the record", func() bool { return len(d.Records("")) == 1 })
	name := d.Records("")[0]
	secret := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(secret, []byte("secret"), 0o600); err != nil {
		t.Fatal(err)
	}
	planted := "2026-01-01_table-2_a-b_0123456789ab.mat"
	if err := os.Symlink(secret, filepath.Join(dir, planted)); err != nil {
		t.Fatal(err)
	}

	srv := httptest.NewServer(d.Handler())
	defer srv.Close()
	if body := getSaved(t, srv, "/records/"+name, name); body != hostile {
		t.Errorf("record served as %q", body)
	}
	for _, path := range []string{"/records/" + planted, "/records/secret", "/records/..%2fsecret"} {
		resp, err := srv.Client().Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound || strings.Contains(string(got), "secret\n") || string(got) == "secret" {
			t.Errorf("GET %s: %s %q, want 404", path, resp.Status, got)
		}
	}
	list := mqtttest.Get(t, srv.URL+"/records/")
	if strings.Contains(list, planted) || !strings.Contains(list, name) {
		t.Errorf("the records' list:\n%s", list)
	}
	resp, err := srv.Client().Get(srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := resp.Header.Get("Content-Security-Policy"); got != pagePolicy {
		t.Errorf("the page's policy: %q", got)
	}
}

// getSaved gets path and checks it is served as a file to save, never as
// a page: plain text named name, not sniffed, under the sandbox policy.
// It returns the file.
func getSaved(t *testing.T, srv *httptest.Server, path, name string) string {
	t.Helper()
	resp, err := srv.Client().Get(srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for header, want := range map[string]string{
		"Content-Type":            "text/plain; charset=utf-8",
		"X-Content-Type-Options":  "nosniff",
		"Content-Disposition":     `attachment; filename="` + name + `"`,
		"Content-Security-Policy": recordPolicy,
	} {
		if got := resp.Header.Get(header); got != want {
			t.Errorf("%s %s: %q, want %q", path, header, got, want)
		}
	}
	return string(body)
}
