package desk

import (
	"bufio"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"gammond/engine"
	"gammond/referee"
	"gammond/web"
	"gammond/web/mqtt"
	"gammond/web/mqtt/mqtttest"
)

func TestDoing(t *testing.T) {
	players := [2]string{"Ann", "Bob"}
	resigning := &referee.Offer{Side: engine.White, Points: 2, Worth: 4}
	for _, tc := range []struct {
		status referee.Status
		want   string
	}{
		{referee.Status{Phase: referee.PhaseSettingUp}, "setting up the first game"},
		{referee.Status{Phase: referee.PhaseSettingUp, Game: 2}, "setting up game 3"},
		{referee.Status{Phase: referee.PhaseRolling, Game: 1, OnRoll: engine.Black}, "Bob to roll"},
		{referee.Status{Phase: referee.PhaseDoubled, Game: 1, OnRoll: engine.Black, Cube: 4}, "Ann doubled to 4: Bob to take or pass"},
		{referee.Status{Phase: referee.PhaseMoving, Game: 1, Dice: engine.Dice{3, 6}}, "Ann to play 63"},
		{referee.Status{Phase: referee.PhaseFlagged, Game: 1, OnRoll: engine.Black, Dice: engine.Dice{1, 2}}, "Bob's play is illegal: to be corrected"},
		{referee.Status{Phase: referee.PhaseMatchOver, Score: [2]int{3, 5}}, "match over, Bob won 5-3"},
		{referee.Status{Phase: referee.PhaseMoving, Resignation: resigning}, "Ann offers to resign 4 points: Bob to answer"},
	} {
		if got := doing(Board{Players: players, Status: &tc.status}); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.status.Phase, got, tc.want)
		}
	}
	if got := doing(Board{Status: &referee.Status{Phase: referee.PhaseRolling}}); got != "White to roll" {
		t.Errorf("without names: %q", got)
	}
}

func TestAdvance(t *testing.T) {
	c := web.Clocks{Remaining: [2]time.Duration{10 * time.Minute, 5 * time.Minute}, DelayLeft: 12 * time.Second, Turn: engine.Black, Running: true}
	got := advance(c, 20*time.Second)
	if got.DelayLeft != 0 || got.Remaining[engine.Black] != 5*time.Minute-8*time.Second || got.Remaining[engine.White] != 10*time.Minute {
		t.Errorf("simple delay, 20 s on: %+v", got)
	}
	c.Bronstein = true
	if got := advance(c, 20*time.Second); got.Remaining[engine.Black] != 5*time.Minute-20*time.Second {
		t.Errorf("Bronstein, 20 s on: %+v", got)
	}
	c.Paused = true
	if got := advance(c, time.Hour); got != c {
		t.Errorf("paused: %+v", got)
	}
}

// TestDeskLive: the desk shows a board's clocks as they stand by the
// desk's clock, a board silent past two heartbeats as offline at the top,
// and a board's latest records with the rest a click away.
func TestDeskLive(t *testing.T) {
	now := time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)
	d := offlineDesk(t, Opts{Now: func() time.Time { return now }})
	s := state("t1", 1, referee.PhaseRolling)
	s.Heartbeat = 30
	s.Updated = now.Add(-time.Hour) // the board's clock is wrong: only Sent-Updated counts
	s.Sent = s.Updated.Add(5 * time.Second)
	s.Clocks = &web.Clocks{Remaining: [2]time.Duration{9 * time.Minute, 8 * time.Minute}, Turn: engine.White, Running: true, Bronstein: true}
	d.handle("gammond/t1/state", payload(t, s), false)
	now = now.Add(3 * time.Second)
	s2 := state("t2", 1, referee.PhaseMoving)
	s2.Heartbeat = 30
	d.handle("gammond/t2/state", payload(t, s2), false)
	for i := range 5 {
		d.handle("gammond/t2/match", payload(t, mqtt.Match{Board: "t2", Players: s2.Players, Mat: strings.Repeat(" ", i+1) + "1 point match\n", Finished: true}), false)
	}

	b := d.Boards()
	if c := b[0].Clocks; c == nil || c.Remaining[engine.White] != 9*time.Minute-8*time.Second {
		t.Errorf("t1's clocks %+v, want White's 8 s down", c)
	}
	srv := httptest.NewServer(d.Handler())
	defer srv.Close()
	html := mqtttest.Get(t, srv.URL+"/")
	for _, want := range []string{`data-left-ms="532000"`, "Ann <span class=\"time\">8:52</span>", "Bob <span class=\"time\">8:00</span>", "2 more", `href="records/?board=t2"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if n := strings.Count(html, `download>2026-`); n != latestRecords {
		t.Errorf("%d records on the page, want the latest %d", n, latestRecords)
	}
	if list := mqtttest.Get(t, srv.URL+"/records/?board=t2"); strings.Count(list, "<li>") != 5 {
		t.Errorf("t2's records list:\n%s", list)
	}

	now = now.Add(58 * time.Second) // t1 silent 61 s, t2 58 s: two heartbeats are 60 s
	html = mqtttest.Get(t, srv.URL+"/")
	offline, online, _ := strings.Cut(html, `<tbody id="online">`)
	if !strings.Contains(offline, `<tr id="board-t1" class="offline alert">`) || !strings.Contains(offline, "offline: not heard since") {
		t.Errorf("t1 not offline at the top:\n%s", offline)
	}
	if !strings.Contains(online, `id="board-t2"`) {
		t.Errorf("t2 not online:\n%s", online)
	}
}

// stream reads a desk's event stream.
type stream struct {
	mu     sync.Mutex
	events []string
	more   chan struct{}
}

func openStream(t *testing.T, url string) *stream {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("Content-Type %q", ct)
	}
	s := &stream{more: make(chan struct{}, 1)}
	go func() {
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		var event string
		for sc.Scan() {
			line := sc.Text()
			if name, ok := strings.CutPrefix(line, "event: "); ok {
				event = name
			} else if data, ok := strings.CutPrefix(line, "data: "); ok {
				s.mu.Lock()
				s.events = append(s.events, event+" "+data)
				s.mu.Unlock()
				select {
				case s.more <- struct{}{}:
				default:
				}
			}
		}
	}()
	return s
}

// await waits for an event holding every one of want, 10 s at most.
func (s *stream) await(t *testing.T, want ...string) string {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		s.mu.Lock()
		for _, e := range s.events {
			found := true
			for _, w := range want {
				found = found && strings.Contains(e, w)
			}
			if found {
				s.mu.Unlock()
				return e
			}
		}
		s.mu.Unlock()
		select {
		case <-s.more:
		case <-deadline:
			t.Fatalf("no event with %q in %q", want, s.events)
		}
	}
}

// TestEventStream: the page's stream sends each board's row as it
// changes, the page's order with the offline boards first, and the
// notes.
func TestEventStream(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	d := offlineDesk(t, Opts{Now: clock})
	srv := httptest.NewServer(d.Handler())
	t.Cleanup(srv.Close) // after the stream's body is closed
	s := openStream(t, srv.URL+"/api/events")
	s.await(t, "order", `"online":[]`)

	st := state("t1", 1, referee.PhaseRolling)
	st.Heartbeat = 30
	d.handle("gammond/t1/state", payload(t, st), false)
	s.await(t, "row", `"id":"t1"`, "Ann to roll")
	s.await(t, "order", `"online":["t1"]`)

	mu.Lock()
	now = now.Add(time.Minute + time.Second)
	mu.Unlock()
	s.await(t, "order", `"offline":["t1"]`)
	s.await(t, "row", `"id":"t1"`, "offline: not heard since")
}
