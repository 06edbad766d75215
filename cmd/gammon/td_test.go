package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"gammond/record/mat"
	"gammond/referee"
	"gammond/web/desk"
	"gammond/web/mqtt"
	"gammond/web/mqtt/mqtttest"
)

// tdWait bounds each wait of these tests.
const tdWait = 30 * time.Second

func TestTDBadArguments(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		err  string
	}{
		{"nothing", []string{"td"}, "--broker is required"},
		{"no dir", []string{"td", "--broker", "mqtt://127.0.0.1:1883"}, "--dir is required"},
		{"no broker", []string{"td", "--dir", "x"}, "--broker is required"},
		{"bad broker", []string{"td", "--broker", "http://x", "--dir", "x"}, "want mqtt://HOST:PORT"},
		{"argument", []string{"td", "--broker", "mqtt://x", "--dir", "x", "extra"}, "want 0 argument"},
		{"unknown flag", []string{"td", "--port", "1"}, "flag provided but not defined"},
		{"two lists", []string{"td", "--broker", "mqtt://x", "--dir", "x", "--boards", "t1", "--boards-file", "f"}, "not both"},
		{"bad board ID", []string{"td", "--broker", "mqtt://x", "--dir", "x", "--boards", "t1,a/b"}, "--boards: line 1: board ID \"a/b\" holds one of / + #"},
		{"board twice", []string{"td", "--broker", "mqtt://x", "--dir", "x", "--boards", "t1,t1=10.0.0.1"}, "board t1 is listed twice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run(tc.args, &stdout, &stderr); code != exitUsage {
				t.Errorf("exit %d, want %d", code, exitUsage)
			}
			first, _, _ := strings.Cut(stderr.String(), "\n")
			if !strings.HasPrefix(first, "gammon td: ") || !strings.Contains(first, tc.err) {
				t.Errorf("stderr %q, want a first line with %q", stderr.String(), tc.err)
			}
		})
	}
}

// lines is a writer a test reads while the command writes.
type lines struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *lines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

// await waits until the output matches re, and returns the submatches.
func (l *lines) await(t *testing.T, re string) []string {
	t.Helper()
	rx := regexp.MustCompile(re)
	for deadline := time.Now().Add(tdWait); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		l.mu.Lock()
		m := rx.FindStringSubmatch(l.buf.String())
		l.mu.Unlock()
		if m != nil {
			return m
		}
	}
	t.Fatalf("no %q in the output after %v", re, tdWait)
	return nil
}

// startTD runs "gammon td" until the test ends, and returns the desk's URL
// once the desk follows the boards.
func startTD(t *testing.T, broker, dir string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var stdout, stderr lines
	code := make(chan int, 1)
	go func() {
		code <- td(ctx, []string{"--broker", broker, "--dir", dir, "--listen", "127.0.0.1:0"}, &stdout, &stderr)
	}()
	t.Cleanup(func() {
		cancel()
		select {
		case c := <-code:
			if c != exitOK || t.Failed() {
				t.Errorf("gammon td: exit %d; stderr:\n%s", c, stderr.buf.String())
			}
		case <-time.After(tdWait):
			t.Errorf("gammon td still running %v after it was told to stop", tdWait)
		}
	})
	url := stdout.await(t, `the desk is at (http://\S+/)`)[1]
	stdout.await(t, "following the boards on "+regexp.QuoteMeta(broker))
	return url
}

// A tournament of two boards: each replays a recorded match, publishing as
// the daemon does, and the director's desk shows both and collects both
// records.
func TestTDFollowsTwoBoards(t *testing.T) {
	broker := mqtttest.StartBroker(t, false)
	dir := t.TempDir()
	deskURL := startTD(t, broker.URL(), dir)

	boards := []struct {
		id, trace string
		players   [2]string
		record    []byte
	}{
		{id: "table-1", trace: "match-004", players: [2]string{"Alice", "Bob"}},
		{id: "table-2", trace: "match-010-illegal", players: [2]string{"Carol", "Dave"}},
	}
	for i := range boards {
		b := &boards[i]
		p, err := mqtt.New(&mqtt.Opts{
			Broker: broker.URL(), Board: b.id, Page: "http://" + b.id + ".local:8080/", Players: b.players,
			QueueDir: t.TempDir(), RetryDelay: 100 * time.Millisecond, Logger: mqtttest.Logger(t),
		})
		if err != nil {
			t.Fatal(err)
		}
		b.record = mqtttest.ReplayBoard(t, filepath.Join(tracesDir, b.trace+".trace.jsonl"), b.players, p)
		ctx, cancel := context.WithTimeout(context.Background(), tdWait)
		if err := p.Close(ctx); err != nil {
			t.Error(err)
		}
		cancel()
	}

	got := awaitBoards(t, deskURL, func(bs []desk.Board) bool {
		done := 0
		for _, b := range bs {
			if b.Status != nil && b.Status.Phase == referee.PhaseMatchOver && len(b.Records) == 1 {
				done++
			}
		}
		return done == len(boards)
	})
	page := mqtttest.Get(t, deskURL)
	for i, b := range boards {
		want := readExpect(t, filepath.Join(tracesDir, b.trace+".expect.json"))
		last := want.Games[len(want.Games)-1]
		var score [2]int
		score[*last.Winner] = last.Points
		g := got[i]
		if g.ID != b.id || g.Players != b.players || g.Status.Score != score || g.Page != "http://"+b.id+".local:8080/" {
			t.Errorf("board %s: %s %v %v %s, want %v %v", b.id, g.ID, g.Players, g.Status.Score, g.Page, b.players, score)
		}
		var flags, wantFlags []string
		for _, f := range g.Flags {
			flags = append(flags, fmt.Sprintf("turn %d side %d", f.Turn, f.Side))
			if f.Outcome != desk.OutcomeCorrected { // the replay's report: none accepted
				t.Errorf("board %s: turn %d: outcome %q, want corrected", b.id, f.Turn, f.Outcome)
			}
		}
		for _, f := range last.Illegal {
			wantFlags = append(wantFlags, fmt.Sprintf("turn %d side %d", f.Turn, f.Side))
		}
		if strings.Join(flags, ", ") != strings.Join(wantFlags, ", ") {
			t.Errorf("board %s: flags %v, want %v", b.id, flags, wantFlags)
		}
		for _, want := range append([]string{
			`href="http://` + b.id + `.local:8080/"`, b.players[0], b.players[1],
			fmt.Sprintf("%d–%d", score[0], score[1]), g.Records[0],
		}, flagTexts(g.Players, g.Flags)...) {
			if !strings.Contains(page, want) {
				t.Errorf("the page lacks %q", want)
			}
		}
		checkRecord(t, filepath.Join(dir, g.Records[0]), b.record)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*.mat")); len(files) != len(boards) {
		t.Errorf("the directory holds %v, want one record per board", files)
	}
	if inProgress, _ := filepath.Glob(filepath.Join(dir, "unfinished", "*")); len(inProgress) != 0 {
		t.Errorf("records of finished matches still kept as in progress: %v", inProgress)
	}
}

func flagTexts(players [2]string, flags []desk.Flag) []string {
	var out []string
	for _, f := range flags {
		out = append(out, fmt.Sprintf("turn %d: %s, %s, %s", f.Turn, referee.Name(players, f.Side), f.Fault, referee.PointsText(f.Side, f.Points)))
	}
	return out
}

// awaitBoards polls the desk's /api/boards until done says yes.
func awaitBoards(t *testing.T, deskURL string, done func([]desk.Board) bool) []desk.Board {
	t.Helper()
	var bs []desk.Board
	for deadline := time.Now().Add(tdWait); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		bs = nil
		if err := json.Unmarshal([]byte(mqtttest.Get(t, deskURL+"api/boards")), &bs); err != nil {
			t.Fatal(err)
		}
		if done(bs) {
			return bs
		}
	}
	t.Fatalf("the desk's boards after %v: %+v", tdWait, bs)
	return nil
}

// checkRecord checks that the file collected is the board's record, byte
// for byte, and reads back.
func checkRecord(t *testing.T, name string, want []byte) {
	t.Helper()
	got, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the board's record:\n%s\nwant\n%s", name, got, want)
	}
	if _, err := mat.Read(bytes.NewReader(got), name); err != nil {
		t.Errorf("%s does not read back: %v", name, err)
	}
}

// The desk's page and a board's (gammond -sim's localhost:8080) can be
// served on one machine with their defaults.
func TestTDDefaultListenIsNotTheBoards(t *testing.T) {
	a, _, err := parseTDArgs([]string{"--broker", "mqtt://127.0.0.1:1883", "--dir", t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	_, port, err := net.SplitHostPort(a.listen)
	if err != nil || port == "8080" {
		t.Errorf("default --listen %q: want a port other than the board's 8080 (%v)", a.listen, err)
	}
}

// SIGTERM stops "gammon td" cleanly, the broker away or not.
func TestTDStopsOnSIGTERM(t *testing.T) {
	var stdout, stderr lines
	code := make(chan int, 1)
	go func() {
		code <- run([]string{"td", "--broker", "mqtt://127.0.0.1:1", "--dir", t.TempDir(), "--listen", "127.0.0.1:0"}, &stdout, &stderr)
	}()
	stdout.await(t, "the desk is at")
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case c := <-code:
		if c != exitOK {
			t.Errorf("exit %d: %s", c, stderr.buf.String())
		}
	case <-time.After(tdWait):
		t.Fatalf("still running %v after SIGTERM", tdWait)
	}
}

// TestTDBrokerConfig: gammon td broker-config writes the room's files and
// says what to copy where.
func TestTDBrokerConfig(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "room")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"td", "broker-config", "--dir", dir, "--boards", "table-1,table-2=10.0.0.12", "--port", "1884"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, want := range []string{"mosquitto -c " + filepath.Join(dir, "mosquitto.conf"), "--username desk --password-file " + filepath.Join(dir, "desk.password"),
		filepath.Join(dir, "boards", "table-2.password"), ":1884"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("instructions lack %q:\n%s", want, stdout.String())
		}
	}
	list, err := os.ReadFile(filepath.Join(dir, "boards.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if room, err := desk.ParseRoom(string(list)); err != nil || len(room) != 2 || room["table-2"] != "10.0.0.12" {
		t.Errorf("boards.txt reads as %v, %v", room, err)
	}
	for _, args := range [][]string{{"--boards", "t1"}, {"--dir", dir}, {"--dir", dir, "--boards", "t1", "--port", "0"}, {"--dir", dir, "--boards", "t1", "--tls", "c.pem"}} {
		stderr.Reset()
		if code := run(append([]string{"td", "broker-config"}, args...), &stdout, &stderr); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
}
