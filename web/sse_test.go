package web

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gammond/engine"
	"gammond/referee"
)

// message is one server-sent event as a browser parses it.
type message struct{ id, event, data, retry string }

// streamClient reads an event stream.
type streamClient struct {
	t    *testing.T
	res  *http.Response
	msgs chan message
}

// openStream opens the event stream at url with the given Last-Event-ID
// ("" for none) and reads it in the background. The stream is closed when
// the test ends.
func openStream(t *testing.T, url, lastID string) *streamClient {
	t.Helper()
	return openStreamWith(t, http.DefaultClient, url, lastID)
}

// openStreamFrom opens the event stream at url from the local address ip
// (any of 127.0.0.0/8 is this machine's), as another client would.
func openStreamFrom(t *testing.T, ip, url string) *streamClient {
	t.Helper()
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	client := &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext}}
	t.Cleanup(client.CloseIdleConnections)
	return openStreamWith(t, client, url, "")
}

func openStreamWith(t *testing.T, client *http.Client, url, lastID string) *streamClient {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	res, err := client.Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); res.Body.Close() })
	c := &streamClient{t: t, res: res, msgs: make(chan message, 64)}
	if res.StatusCode == http.StatusOK {
		go c.read(res.Body)
	}
	return c
}

func (c *streamClient) read(r io.Reader) {
	defer close(c.msgs)
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	var m message
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			c.msgs <- m
			m = message{}
			continue
		}
		name, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch name {
		case "id":
			m.id = value
		case "event":
			m.event = value
		case "data":
			m.data = value
		case "retry":
			m.retry = value
		}
	}
}

// next returns the next message; ok is false when the stream has ended.
func (c *streamClient) next() (m message, ok bool) {
	c.t.Helper()
	select {
	case m, ok = <-c.msgs:
		return m, ok
	case <-time.After(5 * time.Second):
		c.t.Fatal("no message from the stream in 5 s")
	}
	return m, false
}

// until returns the event messages (ids) up to the next status, and that
// status.
func (c *streamClient) until() (ids []string, st Status) {
	c.t.Helper()
	for {
		m, ok := c.next()
		if !ok {
			c.t.Fatalf("the stream ended after events %v", ids)
		}
		switch m.event {
		case "status":
			var raw struct {
				Seq   uint64
				Phase string
				Sim   *engine.Layout
			}
			if err := json.Unmarshal([]byte(m.data), &raw); err != nil {
				c.t.Fatalf("status %s: %v", m.data, err)
			}
			st.Seq, st.Phase, st.Sim = raw.Seq, raw.Phase, raw.Sim
			return ids, st
		case "":
		default:
			var s referee.Summary
			if err := json.Unmarshal([]byte(m.data), &s); err != nil {
				c.t.Fatalf("event %s: %v", m.data, err)
			}
			if s.Kind != m.event || m.id == "" || s.Text == "" {
				c.t.Fatalf("event %+v: kind, id or text missing", m)
			}
			ids = append(ids, m.id)
		}
	}
}

func startServer(t *testing.T, b Board, opts Options) (*Server, string) {
	t.Helper()
	srv := New(b, opts)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	t.Cleanup(srv.Close)
	return srv, ts.URL
}

func boardWithEvents(n int) *fakeBoard {
	b := newFakeBoard(playing())
	for range n {
		b.emit("play")
	}
	return b
}

func TestEventsInOrder(t *testing.T) {
	b := boardWithEvents(3)
	_, url := startServer(t, b, Options{Retry: 1500 * time.Millisecond})
	c := openStream(t, url+"/api/events", "")
	if ct := c.res.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	if m, _ := c.next(); m.retry != "1500" {
		t.Fatalf("first message %+v, want retry: 1500", m)
	}
	if ids, st := c.until(); strings.Join(ids, " ") != "1 2 3" || st.Seq != 3 {
		t.Fatalf("backlog %v then status of seq %d, want 1 2 3 then 3", ids, st.Seq)
	}
	b.emit("rolled")
	b.emit("play")
	var got []string
	for len(got) < 2 {
		ids, st := c.until()
		got = append(got, ids...)
		if st.Seq < 4 {
			t.Fatalf("status of seq %d after event %v", st.Seq, ids)
		}
	}
	if strings.Join(got, " ") != "4 5" {
		t.Fatalf("live events %v, want 4 5", got)
	}
}

func TestEventsCatchUp(t *testing.T) {
	b := boardWithEvents(5)
	_, url := startServer(t, b, Options{Backlog: 2})
	for _, tc := range []struct {
		name, lastID, query, want string
	}{
		{"new page: the backlog", "", "", "4 5"},
		{"reconnect", "2", "", "3 4 5"},
		{"reopened by the page", "", "?since=4", "5"},
		{"header before query", "3", "?since=1", "4 5"},
		{"up to date", "5", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := openStream(t, url+"/api/events"+tc.query, tc.lastID)
			c.next() // retry
			if ids, _ := c.until(); strings.Join(ids, " ") != tc.want {
				t.Errorf("events %v, want %s", ids, tc.want)
			}
		})
	}
}

func TestEventsReset(t *testing.T) {
	b := boardWithEvents(3)
	_, url := startServer(t, b, Options{})
	c := openStream(t, url+"/api/events", "9") // from a journal since replaced
	c.next()
	if m, _ := c.next(); m.event != "reset" {
		t.Fatalf("message %+v, want a reset", m)
	}
	if ids, _ := c.until(); strings.Join(ids, " ") != "1 2 3" {
		t.Errorf("after the reset, events %v, want 1 2 3", ids)
	}
}

func TestEventsBadID(t *testing.T) {
	_, url := startServer(t, boardWithEvents(1), Options{})
	c := openStream(t, url+"/api/events", "x1")
	if c.res.StatusCode != http.StatusBadRequest {
		t.Fatalf("status %d, want 400", c.res.StatusCode)
	}
}

// TestEventsGap checks that events the board skipped for a slow reader
// come from the journal, in order.
func TestEventsGap(t *testing.T) {
	b := boardWithEvents(1)
	_, url := startServer(t, b, Options{})
	c := openStream(t, url+"/api/events", "")
	c.next()
	c.until()
	b.skipNext()
	b.emit("rolled")
	b.emit("play")
	var got []string
	for len(got) < 2 {
		ids, _ := c.until()
		got = append(got, ids...)
	}
	if strings.Join(got, " ") != "2 3" {
		t.Fatalf("events %v, want 2 3", got)
	}
}

func TestEventsEndWhenDropped(t *testing.T) {
	b := boardWithEvents(1)
	_, url := startServer(t, b, Options{})
	c := openStream(t, url+"/api/events", "")
	c.next()
	c.until()
	b.dropSubscribers()
	for {
		if _, ok := c.next(); !ok {
			return
		}
	}
}

func TestEventsStatusAfterAction(t *testing.T) {
	b := boardWithEvents(1)
	// The fake board applies nothing: the status the action causes is the
	// board's changed in the test, as a daemon's would be.
	_, url := startServer(t, b, Options{})
	c := openStream(t, url+"/api/events", "")
	c.next()
	c.until()
	b.mu.Lock()
	b.status.Phase = referee.PhaseFlagged
	b.mu.Unlock()
	res, err := http.Post(url+"/api/sim/button", "application/json", strings.NewReader(`{"side":0,"button":"done"}`))
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("button: %v %v", res.Status, err)
	}
	res.Body.Close()
	if ids, st := c.until(); len(ids) != 0 || st.Phase != referee.PhaseFlagged {
		t.Fatalf("after the action: events %v, phase %q; want the flagged status alone", ids, st.Phase)
	}
}

func TestEventsHeartbeat(t *testing.T) {
	_, url := startServer(t, boardWithEvents(1), Options{Heartbeat: 20 * time.Millisecond})
	c := openStream(t, url+"/api/events", "")
	c.next()
	for range 3 {
		if ids, _ := c.until(); len(ids) > 1 {
			t.Fatalf("events %v on a quiet board", ids)
		}
	}
}

func TestEventsLimitAndClose(t *testing.T) {
	b := boardWithEvents(1)
	srv, url := startServer(t, b, Options{MaxStreams: 1})
	first := openStream(t, url+"/api/events", "")
	first.next()
	second := openStream(t, url+"/api/events", "")
	if second.res.StatusCode != http.StatusServiceUnavailable || second.res.Header.Get("Retry-After") == "" {
		t.Fatalf("second stream: %s, Retry-After %q; want 503 with Retry-After", second.res.Status, second.res.Header.Get("Retry-After"))
	}
	srv.Close()
	for {
		if _, ok := first.next(); !ok {
			break
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for open, _ := b.subscribers(); open > 0; open, _ = b.subscribers() {
		if time.Now().After(deadline) {
			t.Fatal("the stream kept its subscription after Close")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if third := openStream(t, url+"/api/events", ""); third.res.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("a stream after Close: %s, want 503", third.res.Status)
	}
}

// TestEventsLimitPerClient: a client that opens streams until refused
// takes its share of the slots, not all of them; other clients still get
// theirs, up to the limit in all.
func TestEventsLimitPerClient(t *testing.T) {
	b := boardWithEvents(1)
	_, url := startServer(t, b, Options{MaxStreams: 5, MaxStreamsPerClient: 2})
	url += "/api/events"
	var greedy []*streamClient
	for range 10 {
		c := openStreamFrom(t, "127.0.0.2", url)
		if c.res.StatusCode != http.StatusOK {
			if c.res.StatusCode != http.StatusTooManyRequests {
				t.Fatalf("a greedy client's stream %d: %s, want 429", len(greedy)+1, c.res.Status)
			}
			break
		}
		c.next()
		greedy = append(greedy, c)
	}
	if len(greedy) != 2 {
		t.Fatalf("one client holds %d streams, want 2", len(greedy))
	}
	for _, ip := range []string{"127.0.0.3", "127.0.0.4", "127.0.0.4"} {
		if c := openStreamFrom(t, ip, url); c.res.StatusCode != http.StatusOK {
			t.Fatalf("a stream from %s: %s, want 200", ip, c.res.Status)
		}
	}
	if c := openStreamFrom(t, "127.0.0.5", url); c.res.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("a stream over the limit in all: %s, want 503", c.res.Status)
	}
}

func TestClientOf(t *testing.T) {
	for _, tc := range []struct{ a, b string }{
		{"192.0.2.1:5000", "192.0.2.1:6000"},
		{"[::ffff:192.0.2.1]:5000", "192.0.2.1:80"},
		{"[2001:db8:1:2::1]:5000", "[2001:db8:1:2:ffff::9]:80"},
	} {
		if clientOf(tc.a) != clientOf(tc.b) {
			t.Errorf("%s and %s are different clients, want one", tc.a, tc.b)
		}
	}
	for _, tc := range []struct{ a, b string }{
		{"192.0.2.1:5000", "192.0.2.2:5000"},
		{"[2001:db8:1:2::1]:5000", "[2001:db8:1:3::1]:5000"},
	} {
		if clientOf(tc.a) == clientOf(tc.b) {
			t.Errorf("%s and %s are one client, want two", tc.a, tc.b)
		}
	}
}
