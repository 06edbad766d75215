package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gammond/engine"
	"gammond/referee"
	"gammond/web/mqtt"
	"gammond/web/mqtt/brokerconf"
	"gammond/web/mqtt/mqtttest"
)

// The load test's room: boards publish what a real board does, a turn
// (an event and a state) every loadTurn and a finished match every
// loadMatchTurns turns.
const (
	loadTurn       = 15 * time.Second
	loadMatchTurns = 4
)

// TestTDLoad measures gammon td, in its own process, following 10, 100,
// 500 and 1,000 simulated boards through mosquitto on the room's
// generated configuration: the desk's CPU and memory, the time from a
// board's publish to its row on the page's event stream, and every
// finished match collected. It takes some 2.5 minutes (GAMMON_LOAD_PHASE
// per size, 30s by default) and runs only with GAMMON_LOAD=1.
func TestTDLoad(t *testing.T) {
	if os.Getenv("GAMMON_LOAD") == "" {
		t.Skip("the load test runs with GAMMON_LOAD=1 (some 2.5 minutes)")
	}
	phase := 30 * time.Second
	if s := os.Getenv("GAMMON_LOAD_PHASE"); s != "" {
		var err error
		if phase, err = time.ParseDuration(s); err != nil {
			t.Fatal(err)
		}
	}
	sizes := []int{10, 100, 500, 1000}
	r, broker := startRoom(t, sizes[len(sizes)-1])
	records := t.TempDir()
	desk := startDeskProcess(t, broker.URL(), r, records)
	lat := &latencies{sent: map[string]time.Time{}}
	go lat.follow(t, desk.url+"api/events")

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var finished atomic.Int64
	var boards sync.WaitGroup
	defer boards.Wait()
	started := 0
	var report []string
	for _, n := range sizes {
		for ; started < n; started++ {
			id := fmt.Sprintf("table-%d", started+1)
			boards.Go(func() { simulateBoard(ctx, t, mqtttest.RawAddr(broker.URL()), id, r.BoardFiles[id], lat, &finished) })
		}
		time.Sleep(loadTurn) // every board started has published once
		lat.reset()
		cpu0, at0 := desk.cpu(t), time.Now()
		time.Sleep(phase)
		cpu := (desk.cpu(t) - cpu0).Seconds() / time.Since(at0).Seconds()
		rss, peak := desk.memory(t)
		p50, p95, worst, count := lat.percentiles()
		report = append(report, fmt.Sprintf("%5d boards: CPU %5.1f%% of a core, RSS %4d MB (peak %4d MB), publish to page p50 %4d ms, p95 %4d ms, max %4d ms (%d turns)",
			n, 100*cpu, rss>>20, peak>>20, p50.Milliseconds(), p95.Milliseconds(), worst.Milliseconds(), count))
		if p95 > time.Second {
			t.Errorf("%d boards: publish to page %v at p95, want under 1 s", n, p95)
		}
	}
	cancel()
	boards.Wait()
	want := int(finished.Load())
	deadline := time.Now().Add(30 * time.Second)
	got := 0
	for time.Now().Before(deadline) {
		if got = countRecords(t, records); got >= want {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	report = append(report, fmt.Sprintf("finished matches: %d published, %d collected", want, got))
	t.Log("gammon td under load:\n" + strings.Join(report, "\n"))
	if got != want {
		t.Errorf("%d of %d finished matches collected", got, want)
	}
}

// startRoom writes a room of n boards, table-1 to table-n, and starts
// mosquitto on its configuration.
func startRoom(t *testing.T, n int) (*brokerconf.Room, *mqtttest.Broker) {
	t.Helper()
	room := map[string]string{}
	for i := range n {
		room[fmt.Sprintf("table-%d", i+1)] = ""
	}
	r, err := brokerconf.Write(filepath.Join(t.TempDir(), "room"), &brokerconf.Opts{Boards: room, Port: mqtttest.FreePort(t)})
	if err != nil {
		t.Fatal(err)
	}
	return r, mqtttest.StartConfigured(t, r.Conf, r.Port)
}

// deskProcess is gammon td running in its own process.
type deskProcess struct {
	bin  string
	args []string
	cmd  *exec.Cmd
	url  string
}

// startDeskProcess runs td on the room, collecting into dir, until the
// test ends.
func startDeskProcess(t *testing.T, broker string, r *brokerconf.Room, dir string) *deskProcess {
	t.Helper()
	return newDeskProcess(t, "td", "--broker", broker, "--username", brokerconf.DeskUser, "--password-file", r.DeskFile,
		"--boards-file", r.BoardsList, "--dir", dir)
}

// newDeskProcess builds gammon and runs it with args and a --listen on a
// free loopback port until the test ends.
func newDeskProcess(t *testing.T, args ...string) *deskProcess {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "gammon")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	p := &deskProcess{bin: bin, url: "http://" + addr + "/", args: append(args, "--listen", addr)}
	p.start(t)
	t.Cleanup(p.stop)
	return p
}

// start runs the desk and waits until it follows the boards.
func (p *deskProcess) start(t *testing.T) {
	t.Helper()
	p.cmd = exec.Command(p.bin, p.args...)
	stdout, err := p.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		if strings.Contains(sc.Text(), "following the boards") {
			go func() {
				for sc.Scan() {
				}
			}()
			return
		}
	}
	t.Fatal("gammon td stopped before following the boards")
}

// stop stops the desk as Ctrl-C does, and waits for it.
func (p *deskProcess) stop() {
	if p.cmd != nil {
		p.cmd.Process.Signal(os.Interrupt)
		p.cmd.Wait()
		p.cmd = nil
	}
}

// cpu is the CPU time the desk's process has used.
func (p *deskProcess) cpu(t *testing.T) time.Duration {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p.cmd.Process.Pid))
	if err != nil {
		t.Fatal(err)
	}
	fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+2:]))
	utime, _ := strconv.ParseInt(fields[11], 10, 64)
	stime, _ := strconv.ParseInt(fields[12], 10, 64)
	return time.Duration(utime+stime) * time.Second / 100 // USER_HZ
}

// memory is the desk's resident memory now and at its peak, in bytes.
func (p *deskProcess) memory(t *testing.T) (rss, peak int64) {
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid))
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.SplitSeq(string(status), "\n") {
		name, value, _ := strings.Cut(line, ":")
		kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(value), " kB"), 10, 64)
		switch name {
		case "VmRSS":
			rss = kb << 10
		case "VmHWM":
			peak = kb << 10
		}
	}
	return rss, peak
}

// latencies matches each turn a board published with its row on the
// page's event stream.
type latencies struct {
	mu   sync.Mutex
	sent map[string]time.Time // "board turn" to when it was published
	got  []time.Duration
}

func (l *latencies) published(board string, turn int, at time.Time) {
	l.mu.Lock()
	l.sent[fmt.Sprint(board, " ", turn)] = at
	l.mu.Unlock()
}

func (l *latencies) reset() {
	l.mu.Lock()
	l.got = nil
	l.mu.Unlock()
}

var rowTurn = regexp.MustCompile(`game \d+, turn (\d+)`)

// follow reads the desk's event stream until the test ends.
func (l *latencies) follow(t *testing.T, url string) {
	resp, err := http.Get(url)
	if err != nil {
		t.Error(err)
		return
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		var row struct{ ID, HTML string }
		if json.Unmarshal([]byte(data), &row) != nil || row.ID == "" {
			continue
		}
		m := rowTurn.FindStringSubmatch(row.HTML)
		if m == nil {
			continue
		}
		key := row.ID + " " + m[1]
		now := time.Now()
		l.mu.Lock()
		if at, ok := l.sent[key]; ok {
			l.got = append(l.got, now.Sub(at))
			delete(l.sent, key)
		}
		l.mu.Unlock()
	}
}

func (l *latencies) percentiles() (p50, p95, worst time.Duration, n int) {
	l.mu.Lock()
	got := slices.Clone(l.got)
	l.mu.Unlock()
	if len(got) == 0 {
		return 0, 0, 0, 0
	}
	slices.Sort(got)
	return got[len(got)/2], got[len(got)*95/100], got[len(got)-1], len(got)
}

// simulateBoard publishes as a playing board does until ctx ends: a turn
// every loadTurn (an event, then the state), a finished match's record
// every loadMatchTurns turns, through a bare MQTT client signed in as the
// board.
func simulateBoard(ctx context.Context, t *testing.T, addr, id, passwordFile string, lat *latencies, finished *atomic.Int64) {
	pw, err := os.ReadFile(passwordFile)
	if err != nil {
		t.Error(err)
		return
	}
	c, err := mqtttest.DialRaw(addr, "gammond-"+id, id, strings.TrimSpace(string(pw)))
	if err != nil {
		t.Error(err)
		return
	}
	defer c.Close()
	players := [2]string{"Ann " + id, "Bob " + id}
	start := time.Now()
	n, _ := strconv.Atoi(strings.TrimPrefix(id, "table-"))
	// Boards' turns spread over the interval, as in a room.
	first := time.NewTimer(time.Duration(n%1000) * loadTurn / 1000)
	defer first.Stop()
	select {
	case <-ctx.Done():
		return
	case <-first.C:
	}
	tick := time.NewTicker(loadTurn)
	defer tick.Stop()
	for turn := 1; ; turn++ {
		now := time.Now()
		status := referee.Status{Phase: referee.PhaseRolling, Length: 7, Score: [2]int{turn % 7, 2}, Game: 1, Turn: turn, Cube: 1,
			OnRoll: engine.Side(turn % 2), Checkers: engine.LayoutOf(&engine.StartingBoard, engine.White), Position: "4HPwATDgc/ABMA"}
		event := mqtt.Event{Board: id, Summary: referee.Summary{Seq: uint64(turn), At: now, Kind: "play", Game: 1, Turn: turn,
			Play: "13/10 13/11", Text: fmt.Sprintf("%s 31: 8/5 6/5", players[turn%2])}}
		state := mqtt.State{Board: id, Players: players, Page: "http://" + id + ".local:8080/", Updated: now, Sent: now, Heartbeat: 30, Status: status}
		if !publishJSON(t, c, mqtt.Topic(id, mqtt.KindEvent), event, false) {
			return
		}
		lat.published(id, turn, now)
		if !publishJSON(t, c, mqtt.Topic(id, mqtt.KindState), state, true) {
			return
		}
		if turn%loadMatchTurns == 0 {
			rec := fmt.Sprintf(" 7 point match\n\n Game 1\n %s : 0   %s : 0\n%s  Wins 7 points and the match\n", players[0], players[1],
				strings.Repeat("  1) 31: 8/5 6/5                 42: 8/4 6/4\n", 60))
			m := mqtt.Match{Board: id, Players: players, Finished: true, Updated: now, Mat: rec + fmt.Sprint(start.UnixNano(), turn)}
			if !publishJSON(t, c, mqtt.Topic(id, mqtt.KindMatch), m, true) {
				return
			}
			finished.Add(1)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

func publishJSON(t *testing.T, c *mqtttest.Raw, topic string, v any, retain bool) bool {
	b, err := json.Marshal(v)
	if err == nil {
		err = c.Publish(topic, b, retain)
	}
	if err != nil {
		t.Errorf("%s: %v", topic, err)
		return false
	}
	return true
}

func countRecords(t *testing.T, dir string) int {
	files, err := filepath.Glob(filepath.Join(dir, "*.mat"))
	if err != nil {
		t.Fatal(err)
	}
	return len(files)
}

// TestTDLoadDeskAway: in a room of 500 playing boards, gammon td stopped
// for GAMMON_LOAD_AWAY (10 minutes by default) collects, when it comes
// back, every match that ended meanwhile. It runs only with GAMMON_LOAD=1.
func TestTDLoadDeskAway(t *testing.T) {
	if os.Getenv("GAMMON_LOAD") == "" {
		t.Skip("the load test runs with GAMMON_LOAD=1 (some 11 minutes)")
	}
	away := 10 * time.Minute
	if s := os.Getenv("GAMMON_LOAD_AWAY"); s != "" {
		var err error
		if away, err = time.ParseDuration(s); err != nil {
			t.Fatal(err)
		}
	}
	const boards = 500
	r, broker := startRoom(t, boards)
	records := t.TempDir()
	desk := startDeskProcess(t, broker.URL(), r, records)
	lat := &latencies{sent: map[string]time.Time{}}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var finished atomic.Int64
	var sims sync.WaitGroup
	defer sims.Wait()
	for id := range r.BoardFiles {
		sims.Go(func() { simulateBoard(ctx, t, mqtttest.RawAddr(broker.URL()), id, r.BoardFiles[id], lat, &finished) })
	}
	time.Sleep(loadTurn)
	desk.stop()
	before := finished.Load()
	time.Sleep(away)
	meanwhile := finished.Load() - before
	desk.start(t)
	cancel()
	sims.Wait()
	want := int(finished.Load())
	got := 0
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(time.Second) {
		if got = countRecords(t, records); got >= want {
			break
		}
	}
	t.Logf("%d boards, the desk away %v: %d matches finished meanwhile, %d in all; %d collected", boards, away, meanwhile, want, got)
	if got != want {
		t.Errorf("%d of %d finished matches collected", got, want)
	}
}

// TestTDMemoryAttack: gammon td, in its own process, through the memory
// attack: an anonymous broker, 500 illegal-play events whose point lists
// hold 130,000 entries, the page and /api/boards fetched meanwhile. Its
// peak resident memory stays under 200 MB. It runs only with
// GAMMON_LOAD=1 (it builds gammon).
func TestTDMemoryAttack(t *testing.T) {
	if os.Getenv("GAMMON_LOAD") == "" {
		t.Skip("runs with GAMMON_LOAD=1")
	}
	broker := mqtttest.StartBroker(t, false)
	desk := newDeskProcess(t, "td", "--broker", broker.URL(), "--dir", t.TempDir())
	c, err := mqtttest.DialRaw(mqtttest.RawAddr(broker.URL()), "attacker", "", "")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	points := strings.TrimSuffix(strings.Repeat("1,", 130_000), ",")
	_, before := desk.memory(t)
	for seq := range 500 {
		e := fmt.Sprintf(`{"board":"table-1","seq":%d,"kind":"illegal","game":1,"turn":3,"side":1,"fault":"miscount","points":[%s],"text":"x"}`, seq+1, points)
		if err := c.Publish("gammond/table-1/event", []byte(e), false); err != nil {
			t.Fatal(err)
		}
		if seq%50 == 0 {
			mqtttest.Get(t, desk.url)
			mqtttest.Get(t, desk.url+"api/boards")
		}
	}
	for deadline := time.Now().Add(time.Minute); !strings.Contains(mqtttest.Get(t, desk.url), "500 messages refused"); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the desk has not refused the 500 events after a minute")
		}
	}
	_, peak := desk.memory(t)
	t.Logf("gammon td through the memory attack: peak RSS %d MB (%d MB before)", peak>>20, before>>20)
	if peak > 200<<20 {
		t.Errorf("peak RSS %d MB, want under 200", peak>>20)
	}
}
