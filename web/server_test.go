package web

import (
	"encoding/json"
	"image/color"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gammond/display/panel"
	"gammond/engine"
	"gammond/referee"
)

func get(t *testing.T, h *harness, path string, header ...string) (*http.Response, string) {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.Host = "localhost:8080"
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.srv.ServeHTTP(rec, req)
	res := rec.Result()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

func TestPage(t *testing.T) {
	h := newHarness(t, endpoint{})
	res, body := get(t, h, "/")
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET /: %s %s", res.Status, res.Header.Get("Content-Type"))
	}
	for _, want := range []string{`<svg id="board"`, `src="static/board.js"`, `href="static/board.css"`, `href="api/match.mat"`} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if csp := res.Header.Get("Content-Security-Policy"); csp != pagePolicy {
		t.Errorf("Content-Security-Policy %q, want %q", csp, pagePolicy)
	}
	// Nothing is fetched from elsewhere: tournament rooms are often offline.
	for _, name := range []string{"/", "/static/board.js", "/static/board.css"} {
		_, b := get(t, h, name)
		b = strings.ReplaceAll(b, "http://www.w3.org/2000/svg", "") // a name, not a place
		if strings.Contains(b, "http://") || strings.Contains(b, "https://") {
			t.Errorf("%s refers to another site", name)
		}
	}
}

// TestPageKnowsEveryEvent checks that the page listens for every kind of
// event the referee emits: an event stream delivers only the kinds
// listened for.
func TestPageKnowsEveryEvent(t *testing.T) {
	js, err := staticFS.ReadFile("static/board.js")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for k := referee.Kind(1); !strings.HasPrefix(k.String(), "Kind("); k++ {
		if !strings.Contains(string(js), "'"+k.String()+"'") {
			t.Errorf("board.js does not listen for %q events", k)
		}
		n++
	}
	if n < 16 {
		t.Errorf("only %d event kinds found", n)
	}
}

func TestStatic(t *testing.T) {
	h := newHarness(t, endpoint{})
	for name, ctype := range map[string]string{
		"/static/board.js": "text/javascript", "/static/board.css": "text/css", "/static/favicon.svg": "image/svg+xml",
	} {
		res, body := get(t, h, name)
		if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), ctype) || body == "" {
			t.Errorf("GET %s: %s %q, want 200 %s", name, res.Status, res.Header.Get("Content-Type"), ctype)
		}
		tag := res.Header.Get("ETag")
		if res, _ := get(t, h, name, "If-None-Match", tag); tag == "" || res.StatusCode != http.StatusNotModified {
			t.Errorf("GET %s with its ETag %s: %s, want 304", name, tag, res.Status)
		}
	}
	for _, name := range []string{"/static/nothing.js", "/static/", "/nothing", "/static/../server.go"} {
		if res, _ := get(t, h, name); res.StatusCode == http.StatusOK {
			t.Errorf("GET %s: %s, want an error", name, res.Status)
		}
	}
	res, _ := h.do(http.MethodHead, "/", "", "", "")
	if res.StatusCode != http.StatusOK {
		t.Errorf("HEAD /: %s", res.Status)
	}
	res, reason := h.do(http.MethodPost, "/", "", "application/json", "{}")
	if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "GET, HEAD" || reason == "" {
		t.Errorf("POST /: %s Allow %q %q", res.Status, res.Header.Get("Allow"), reason)
	}
}

// TestNothingElseRuns: every answer but the page's, errors included, is
// sent with nosniff and a policy under which nothing runs, so a record
// or a reason holding HTML opened in a browser is only shown.
func TestNothingElseRuns(t *testing.T) {
	h := newHarness(t, endpoint{})
	h.board.name, h.board.mat = "m.mat", []byte("<html><script>alert(1)</script>")
	for _, path := range []string{"/api/status", "/api/match.mat", "/api/trace.jsonl.gz", "/static/board.js",
		"/static/favicon.svg", "/nothing", "/api/events?since=x", "/api/td/<script>"} {
		res, _ := get(t, h, path)
		if res.Header.Get("X-Content-Type-Options") != "nosniff" || res.Header.Get("Content-Security-Policy") != inertPolicy {
			t.Errorf("GET %s: %s, nosniff %q, policy %q", path, res.Status, res.Header.Get("X-Content-Type-Options"), res.Header.Get("Content-Security-Policy"))
		}
	}
	if res, _ := get(t, h, "/"); res.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("the page is sent without nosniff")
	}
}

func TestStatusJSON(t *testing.T) {
	h := newHarness(t, endpoint{}, func(s *Status) {
		s.Phase, s.Flagged, s.SetupWrong = referee.PhaseFlagged, []int{5, engine.BarPoint}, []int{6}
	})
	res, body := get(t, h, "/api/status")
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("GET /api/status: %s %s", res.Status, res.Header.Get("Content-Type"))
	}
	var st struct {
		Phase   string
		Players [2]string
		Score   [2]int
		LEDs    []struct{ Color string }
		Places  []LEDPlace `json:"led_places"`
		Clocks  struct {
			RemainingMS [2]int64 `json:"remaining_ms"`
			DelayLeftMS int64    `json:"delay_left_ms"`
			Running     bool
		}
		Sim *engine.Layout
	}
	if err := json.Unmarshal([]byte(body), &st); err != nil {
		t.Fatal(err)
	}
	if st.Phase != referee.PhaseFlagged || st.Players[0] != "Alice" || st.Score != [2]int{1, 2} || st.Sim == nil {
		t.Errorf("status %s", body)
	}
	if st.Clocks.RemainingMS != [2]int64{540000, 480000} || st.Clocks.DelayLeftMS != 12000 || !st.Clocks.Running {
		t.Errorf("clocks %+v", st.Clocks)
	}
	if len(st.LEDs) != LEDCount {
		t.Fatalf("%d LEDs, want %d", len(st.LEDs), LEDCount)
	}
	for i, at := range st.Places {
		if point, side, _ := panel.LEDPlace(i); at != (LEDPlace{point, side}) {
			t.Errorf("LED %d placed at %+v, want point %d side %v", i, at, point, side)
		}
	}
	if len(st.Places) != LEDCount {
		t.Errorf("%d LED places, want %d", len(st.Places), LEDCount)
	}
	want := map[int]string{4: "#ff0000", 5: "#ff6000", 24: "#ff0000", 25: "#ff0000"}
	for i, led := range st.LEDs {
		if led.Color != want[i] {
			t.Errorf("LED %d: %q, want %q", i, led.Color, want[i])
		}
	}
}

func TestBoardLEDs(t *testing.T) {
	h := newHarness(t, endpoint{}, func(s *Status) {
		s.Flagged = []int{3}
		s.LEDs = make([]LED, LEDCount)
		s.LEDs[0] = LED{Color: color.NRGBA{B: 0xff, A: 0xff}, Blink: true}
	})
	_, body := get(t, h, "/api/status")
	if !strings.Contains(body, `"leds":[{"color":"#0000ff","blink":true},{"color":"","blink":false}`) {
		t.Errorf("the board's LEDs are not shown as given: %s", body)
	}
}

func TestMatchFile(t *testing.T) {
	h := newHarness(t, endpoint{})
	res, reason := h.do(http.MethodGet, "/api/match.mat", "", "", "")
	if res.StatusCode != http.StatusNotFound || reason == "" {
		t.Fatalf("with no record: %s %q, want 404", res.Status, reason)
	}
	h.board.name, h.board.mat = "board1-20260314-1000.mat", []byte(" 5 point match\n\n Game 1\n")
	res, body := get(t, h, "/api/match.mat")
	_, params, err := mime.ParseMediaType(res.Header.Get("Content-Disposition"))
	if res.StatusCode != http.StatusOK || err != nil || params["filename"] != "board1-20260314-1000.mat" || body != string(h.board.mat) {
		t.Errorf("GET /api/match.mat: %s, disposition %q, body %q", res.Status, res.Header.Get("Content-Disposition"), body)
	}
	h.board.sgf = []byte("(;FF[4]GM[6])")
	res, body = get(t, h, "/api/match.sgf")
	_, params, err = mime.ParseMediaType(res.Header.Get("Content-Disposition"))
	if res.StatusCode != http.StatusOK || err != nil || params["filename"] != "board1-20260314-1000.sgf" || body != string(h.board.sgf) ||
		!strings.HasPrefix(res.Header.Get("Content-Type"), "application/x-go-sgf") {
		t.Errorf("GET /api/match.sgf: %s, %s, disposition %q, body %q", res.Status, res.Header.Get("Content-Type"), res.Header.Get("Content-Disposition"), body)
	}
}

func TestRecordFileName(t *testing.T) {
	for name, want := range map[string]string{
		"board1-20260314-1000.mat": "board1-20260314-1000.mat",
		"/var/lib/gammond/b.mat":   "b.mat",
		"../../etc/passwd":         "passwd.mat",
		"Ålice vs Bob":             "_lice_vs_Bob.mat",
		"":                         "match.mat",
		".mat":                     "match.mat",
		"a\"b;c\r\n.mat":           "a_b_c__.mat",
	} {
		if got := recordFileName(name, RecordMat); got != want {
			t.Errorf("recordFileName(%q, mat) = %q, want %q", name, got, want)
		}
	}
}

func TestClocksOf(t *testing.T) {
	c, err := engine.NewClock(engine.USClock(), 5, [2]int{1, 0})
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2026, 3, 14, 10, 0, 0, 0, time.UTC)
	if err := c.Start(engine.Black, t0); err != nil {
		t.Fatal(err)
	}
	v := ClocksOf(c, t0.Add(20*time.Second))
	want := Clocks{Remaining: [2]time.Duration{9 * time.Minute, 9*time.Minute - 8*time.Second}, Turn: engine.Black, Running: true}
	if *v != want {
		t.Errorf("ClocksOf = %+v, want %+v", *v, want)
	}
	b, _ := json.Marshal(v)
	if string(b) != `{"bronstein":false,"remaining_ms":[540000,532000],"delay_left_ms":0,"turn":1,"running":true,"paused":false}` {
		t.Errorf("JSON %s", b)
	}
}
