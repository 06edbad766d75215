package web

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"gammond/engine"
	"gammond/referee"
)

const testToken = "director-secret-0123456789"

// endpoint is one action endpoint and the bodies to try on it.
type endpoint struct {
	path string
	// ok is a body the board accepts in the status set by fits, and want
	// the action it stands for.
	ok   string
	fits func(*Status)
	want Action
	// invalid are bodies refused with 400 whatever the state.
	invalid []string
	// unfit, when set, puts the board in a state where ok is refused
	// with 409.
	unfit func(*Status)
}

var directorEndpoints = []endpoint{
	{
		path: "/api/td/match",
		ok:   `{"white":"Alice","black":"Bob","length":7,"rules":"danish","clock":"danish"}`,
		fits: func(s *Status) { s.Phase, s.Game = referee.PhaseSettingUp, 0 },
		want: StartMatch{White: "Alice", Black: "Bob", Length: 7, Rules: engine.RulesDanish, Clock: engine.ClockDanish},
		invalid: []string{
			`{"white":"Alice","black":"Bob","length":-1,"rules":"us","clock":"none"}`,
			`{"white":"Alice","black":"Bob","length":65,"rules":"us","clock":"none"}`,
			`{"white":"Alice","black":"Bob","length":7.5,"rules":"us","clock":"none"}`,
			`{"white":"Alice","black":"Bob","length":"7","rules":"us","clock":"none"}`,
			`{"white":"Alice","black":"Bob","length":7,"rules":"uk","clock":"none"}`,
			`{"white":"Alice","black":"Bob","length":7,"rules":"us","clock":"fast"}`,
			`{"white":"Alice","black":"Bob","length":0,"rules":"us","clock":"us"}`,
			`{"white":"","black":"Bob","length":7,"rules":"us","clock":"none"}`,
			`{"white":"Alice\n","black":"Bob","length":7,"rules":"us","clock":"none"}`,
			`{"white":"Alice","black":"` + strings.Repeat("B", 33) + `","length":7,"rules":"us","clock":"none"}`,
			`{"white":7,"black":"Bob","length":7,"rules":"us","clock":"none"}`,
		},
		unfit: func(s *Status) { s.Phase, s.Game = referee.PhaseRolling, 2 },
	},
	{
		path: "/api/td/score",
		ok:   `{"score":[4,3]}`,
		want: SetScore{Score: [2]int{4, 3}},
		invalid: []string{
			`{"score":[10000,0]}`, `{"score":[1]}`,
			`{"score":[1,2,3]}`, `{"score":"1-2"}`, `{"score":[1.5,0]}`,
			`{"score":[4,3],"score":[0,0]}`, // a name twice: neither value is taken
		},
		unfit: refuses("5-0 in a 5-point match"),
	},
	{
		path: "/api/td/rule",
		ok:   `{"let_stand":true}`,
		fits: func(s *Status) { s.Phase = referee.PhaseFlagged },
		want: Rule{LetStand: true},
		invalid: []string{
			`{"let_stand":"yes"}`, `{"let_stand":1}`,
		},
		unfit: refuses("the director let a play stand with none flagged"),
	},
	{
		path:    "/api/td/penalty",
		ok:      `{"side":1,"kind":"premature-pickup"}`,
		want:    Penalty{Side: engine.Black, Kind: PenaltyPickup},
		invalid: []string{`{"side":2,"kind":"premature-pickup"}`, `{"side":-1,"kind":"premature-pickup"}`, `{"side":0,"kind":"slow play"}`},
		unfit:   refuses("no clock to penalize on"),
	},
	{
		path:    "/api/td/clocks",
		ok:      `{"paused":true}`,
		want:    PauseClocks{Paused: true},
		invalid: []string{`{"paused":"true"}`, `{"paused":0}`},
		unfit:   refuses("clock: the clock is paused"),
	},
	{
		path: "/api/td/dice",
		ok:   `{"side":0,"dice":[6,5]}`,
		fits: func(s *Status) { s.Phase, s.Dice = referee.PhaseRolling, engine.Dice{} },
		want: EnterDice{Side: engine.White, Dice: engine.Dice{6, 5}},
		invalid: []string{
			`{"side":0,"dice":[7,1]}`, `{"side":0,"dice":[0,1]}`, `{"side":0,"dice":[1]}`,
			`{"side":0,"dice":[1,2,3]}`, `{"side":2,"dice":[1,2]}`, `{"side":0,"dice":"61"}`,
		},
		unfit: refuses("White rolled 65 out of turn"),
	},
	{
		path:    "/api/td/resign",
		ok:      `{"side":1,"points":2}`,
		want:    Resign{Side: engine.Black, Points: 2},
		invalid: []string{`{"side":1,"points":4}`, `{"side":2,"points":1}`, `{"side":1,"points":"gammon"}`},
		unfit:   refuses("Black's resignation refused: no game is in progress"),
	},
	{
		path:    "/api/td/resignation",
		ok:      `{"side":0,"accept":true}`,
		fits:    func(s *Status) { s.Resignation = &referee.Offer{Side: engine.Black, Points: 1, Worth: 1} },
		want:    AnswerResignation{Side: engine.White, Accept: true},
		invalid: []string{`{"side":2,"accept":true}`, `{"side":0,"accept":"yes"}`},
		unfit:   refuses("White cannot accept: no resignation is on offer"),
	},
	{
		path:    "/api/td/early-roll",
		ok:      `{"side":0,"reroll":true}`,
		fits:    func(s *Status) { s.EarlyRoll = &referee.HeldRoll{Side: engine.Black, Dice: engine.Dice{6, 5}} },
		want:    ChooseEarlyRoll{Side: engine.White, Reroll: true},
		invalid: []string{`{"side":2,"reroll":true}`, `{"side":0,"reroll":"yes"}`},
		unfit:   refuses("White's choice on an early roll refused: no early roll is held"),
	},
	{
		path:    "/api/td/clock",
		ok:      `{"clock":"danish"}`,
		fits:    func(s *Status) { s.Phase, s.Clocks = referee.PhaseSettingUp, nil },
		want:    IntroduceClock{Clock: engine.ClockDanish},
		invalid: []string{`{"clock":"none"}`, `{"clock":"fast"}`, `{"clock":1}`},
		unfit:   refuses("the clock cannot be introduced: only at the start of a game"),
	},
	{
		path:    "/api/td/clock-adjust",
		ok:      `{"side":1,"seconds":-30}`,
		want:    AdjustClock{Side: engine.Black, Seconds: -30},
		invalid: []string{`{"side":1,"seconds":0}`, `{"side":1,"seconds":3601}`, `{"side":2,"seconds":30}`, `{"side":1,"seconds":1.5}`},
		unfit:   refuses("the clock cannot be adjusted: the match has no clock"),
	},
}

var simEndpoints = []endpoint{
	{
		path: "/api/sim/move",
		ok:   `{"side":0,"from":8,"to":5}`,
		want: SimMove{Side: engine.White, From: 8, To: 5},
		invalid: []string{
			`{"side":0,"from":0,"to":5}`, `{"side":0,"from":26,"to":5}`, `{"side":0,"from":8,"to":25}`,
			`{"side":0,"from":8,"to":-1}`, `{"side":2,"from":8,"to":5}`, `{"side":0,"from":"8","to":5}`,
		},
		unfit: func(s *Status) { s.Sim[engine.White][8] = 0 }, // no checker on 8
	},
	{
		path:    "/api/sim/button",
		ok:      `{"side":1,"button":"roll"}`,
		want:    SimButton{Side: engine.Black, Button: ButtonRoll},
		invalid: []string{`{"side":1,"button":"ROLL"}`, `{"side":1,"button":"jump"}`, `{"side":2,"button":"done"}`},
	},
}

// malformed returns bodies refused with 400 on any endpoint whose good
// body is ok.
func malformed(ok string) map[string]string {
	bodies := map[string]string{
		"not JSON":      `not json`,
		"a list":        `[]`,
		"null":          `null`,
		"empty":         `{}`,
		"unknown field": `{"extra":1,` + ok[1:],
		"trailing data": ok + ` {}`,
		"truncated":     ok[:len(ok)-1],
		"field case":    strings.ToUpper(ok[:3]) + ok[3:],
		"field null":    ok[:strings.LastIndexByte(ok, ':')+1] + `null}`,
	}
	if i := strings.IndexByte(ok, ','); i >= 0 {
		bodies["first field missing"] = "{" + ok[i+1:]
	}
	return bodies
}

type harness struct {
	board *fakeBoard
	srv   *Server
}

func newHarness(t *testing.T, e endpoint, setup ...func(*Status)) *harness {
	t.Helper()
	st := playing()
	for _, f := range append([]func(*Status){e.fits}, setup...) {
		if f != nil {
			f(&st)
		}
	}
	b := newFakeBoard(st)
	return &harness{board: b, srv: New(b, Options{DirectorToken: testToken, Logger: slog.New(slog.DiscardHandler)})}
}

// do sends a request and returns the answer and its error reason.
func (h *harness) do(method, path, token, contentType, body string) (*http.Response, string) {
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Host = "localhost:8080"
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	rec := httptest.NewRecorder()
	h.srv.ServeHTTP(rec, req)
	res := rec.Result()
	var e struct{ Error string }
	if res.StatusCode >= 400 {
		b, _ := io.ReadAll(res.Body)
		if json.Unmarshal(b, &e) != nil {
			e.Error = "(not JSON) " + string(b)
		}
	}
	return res, e.Error
}

const bearer = "Bearer " + testToken

func (h *harness) post(path, body string) (*http.Response, string) {
	return h.do(http.MethodPost, path, bearer, "application/json", body)
}

// expect checks the status code, that a refusal has a reason, and that the
// board applied nothing.
func (h *harness) refused(t *testing.T, res *http.Response, reason string, want int) {
	t.Helper()
	if res.StatusCode != want {
		t.Fatalf("status %d (%s), want %d", res.StatusCode, reason, want)
	}
	if reason == "" {
		t.Errorf("no reason given")
	}
	if got := h.board.applied(); len(got) > 0 {
		t.Errorf("refused, but the board applied %v", got)
	}
}

func TestDirectorEndpoints(t *testing.T) {
	for _, e := range directorEndpoints {
		t.Run(e.path, func(t *testing.T) { testEndpoint(t, e, true) })
	}
}

func TestSimEndpoints(t *testing.T) {
	for _, e := range simEndpoints {
		t.Run(e.path, func(t *testing.T) { testEndpoint(t, e, false) })
	}
}

func testEndpoint(t *testing.T, e endpoint, director bool) {
	t.Run("applied once", func(t *testing.T) {
		h := newHarness(t, e)
		res, reason := h.post(e.path, e.ok)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("status %d (%s), want 200", res.StatusCode, reason)
		}
		var st struct{ Phase string }
		if err := json.NewDecoder(res.Body).Decode(&st); err != nil || st.Phase == "" {
			t.Errorf("the answer is not the status: %v", err)
		}
		if got := h.board.applied(); len(got) != 1 || !reflect.DeepEqual(got[0], e.want) {
			t.Errorf("applied %#v, want exactly %#v", got, e.want)
		}
	})
	if director {
		t.Run("no token", func(t *testing.T) {
			h := newHarness(t, e)
			res, reason := h.do(http.MethodPost, e.path, "", "application/json", e.ok)
			h.refused(t, res, reason, http.StatusForbidden)
		})
		for name, token := range map[string]string{
			"wrong token": "Bearer not-the-token", "token prefix": bearer[:len(bearer)-1],
			"token and more": bearer + "x", "basic scheme": "Basic " + testToken, "no scheme": testToken,
		} {
			t.Run(name, func(t *testing.T) {
				h := newHarness(t, e)
				res, reason := h.do(http.MethodPost, e.path, token, "application/json", e.ok)
				h.refused(t, res, reason, http.StatusUnauthorized)
				if !strings.HasPrefix(res.Header.Get("WWW-Authenticate"), "Bearer") {
					t.Errorf("WWW-Authenticate %q, want a Bearer challenge", res.Header.Get("WWW-Authenticate"))
				}
			})
		}
	}
	t.Run("method", func(t *testing.T) {
		h := newHarness(t, e)
		for _, m := range []string{http.MethodGet, http.MethodPut, http.MethodDelete} {
			res, reason := h.do(m, e.path, bearer, "application/json", e.ok)
			h.refused(t, res, reason, http.StatusMethodNotAllowed)
			if res.Header.Get("Allow") != http.MethodPost {
				t.Errorf("%s: Allow %q, want POST", m, res.Header.Get("Allow"))
			}
		}
	})
	t.Run("content type", func(t *testing.T) {
		h := newHarness(t, e)
		for _, ct := range []string{"", "text/plain", "application/x-www-form-urlencoded"} {
			res, reason := h.do(http.MethodPost, e.path, bearer, ct, e.ok)
			h.refused(t, res, reason, http.StatusUnsupportedMediaType)
		}
	})
	t.Run("too big", func(t *testing.T) {
		h := newHarness(t, e)
		res, reason := h.post(e.path, `{"x":"`+strings.Repeat("x", maxBody)+`"}`)
		h.refused(t, res, reason, http.StatusRequestEntityTooLarge)
	})
	for name, body := range malformed(e.ok) {
		t.Run(name, func(t *testing.T) {
			h := newHarness(t, e)
			res, reason := h.post(e.path, body)
			h.refused(t, res, reason, http.StatusBadRequest)
		})
	}
	for _, body := range e.invalid {
		t.Run("invalid "+body, func(t *testing.T) {
			h := newHarness(t, e)
			res, reason := h.post(e.path, body)
			h.refused(t, res, reason, http.StatusBadRequest)
		})
	}
	if e.unfit != nil {
		t.Run("unfit", func(t *testing.T) {
			h := newHarness(t, e, e.unfit)
			res, reason := h.post(e.path, e.ok)
			h.refused(t, res, reason, http.StatusConflict)
		})
	}
}

func TestDirectorOff(t *testing.T) {
	b := newFakeBoard(playing())
	h := &harness{board: b, srv: New(b, Options{})}
	for _, e := range directorEndpoints {
		for _, token := range []string{"", "Bearer ", "Bearer x"} {
			res, reason := h.do(http.MethodPost, e.path, token, "application/json", e.ok)
			h.refused(t, res, reason, http.StatusForbidden)
		}
	}
}

// TestClubBoardStartsItsOwnMatch: a board without a director's token
// takes a new match from anyone once none is in progress (none begun, or
// the last one over), and none while one is; a board with a token takes
// it only with the token.
func TestClubBoardStartsItsOwnMatch(t *testing.T) {
	start := directorEndpoints[0]
	if start.path != "/api/td/match" {
		t.Fatalf("the first director endpoint is %s, want /api/td/match", start.path)
	}
	for _, c := range []struct {
		name  string
		token string
		state func(*Status)
		want  int
	}{
		{"none begun", "", func(s *Status) { s.Phase, s.Game = referee.PhaseSettingUp, 0 }, http.StatusOK},
		{"the last one over", "", func(s *Status) { s.Phase, s.Game = referee.PhaseMatchOver, 3 }, http.StatusOK},
		{"one in progress", "", func(s *Status) { s.Phase, s.Game = referee.PhaseSettingUp, 2 }, http.StatusForbidden},
		{"with a token, none in progress", testToken, func(s *Status) { s.Phase, s.Game = referee.PhaseMatchOver, 3 }, http.StatusForbidden},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := playing()
			c.state(&st)
			b := newFakeBoard(st)
			h := &harness{board: b, srv: New(b, Options{DirectorToken: c.token, Logger: slog.New(slog.DiscardHandler)})}
			res, reason := h.do(http.MethodPost, start.path, "", "application/json", start.ok)
			if res.StatusCode != c.want {
				t.Fatalf("status %d (%s), want %d", res.StatusCode, reason, c.want)
			}
			applied := len(b.applied())
			if ok := c.want == http.StatusOK; ok != (applied == 1) {
				t.Errorf("%d actions applied after status %d", applied, res.StatusCode)
			}
			if c.want == http.StatusOK {
				return
			}
			if others, _ := h.do(http.MethodPost, "/api/td/score", "", "application/json", `{"score":[1,1]}`); others.StatusCode != http.StatusForbidden {
				t.Errorf("a score without a token: status %d, want 403", others.StatusCode)
			}
		})
	}
}

func TestUnknownActions(t *testing.T) {
	h := newHarness(t, endpoint{})
	for _, path := range []string{"/api/td/concede", "/api/sim/shake", "/api/td/", "/api/nothing"} {
		res, reason := h.post(path, `{}`)
		h.refused(t, res, reason, http.StatusNotFound)
	}
	// Without the token, a director path says no more than 403.
	res, reason := h.do(http.MethodPost, "/api/td/concede", "", "application/json", `{}`)
	h.refused(t, res, reason, http.StatusForbidden)
}

func TestSimOnARealBoard(t *testing.T) {
	for _, e := range simEndpoints {
		h := newHarness(t, e, func(s *Status) { s.Sim = nil })
		for _, body := range []string{e.ok, `not json`} {
			res, reason := h.post(e.path, body)
			h.refused(t, res, reason, http.StatusNotFound)
		}
	}
}

func TestSimMoveOntoAHeldPoint(t *testing.T) {
	h := newHarness(t, simEndpoints[0])
	// Board point 12 holds five of Black's checkers.
	res, reason := h.post("/api/sim/move", `{"side":0,"from":13,"to":12}`)
	h.refused(t, res, reason, http.StatusConflict)
	if !strings.Contains(reason, "Bob holds point 12") {
		t.Errorf("reason %q: want it to say Bob (Black) holds point 12", reason)
	}
}

// TestBoardErrors checks that a board's own refusals get their status
// codes and that any other error is a bare 500 that shows nothing of it.
func TestBoardErrors(t *testing.T) {
	for _, tc := range []struct {
		err    error
		status int
		reason string
	}{
		{conflict("the journal is full of it"), http.StatusConflict, "not now: the journal is full of it"},
		{invalid("no such player"), http.StatusBadRequest, "invalid: no such player"},
		{errors.New("open /var/lib/gammond/journal: permission denied"), http.StatusInternalServerError, "internal error"},
	} {
		h := newHarness(t, simEndpoints[1])
		h.board.actErr = tc.err
		res, reason := h.post("/api/sim/button", simEndpoints[1].ok)
		if res.StatusCode != tc.status || reason != tc.reason {
			t.Errorf("board error %q: answered %d %q, want %d %q", tc.err, res.StatusCode, reason, tc.status, tc.reason)
		}
	}
}

// FuzzActions posts any body to every action endpoint: the answer is the
// status or a refusal with a reason, never a failure of the server.
func FuzzActions(f *testing.F) {
	for _, e := range append(directorEndpoints, simEndpoints...) {
		f.Add(e.ok)
		for _, body := range e.invalid {
			f.Add(body)
		}
	}
	f.Add(`{"score":[1e400,0]}`)
	f.Add(`{"side":1,"dice":[1,2],"side":9}`)
	f.Fuzz(func(t *testing.T, body string) {
		for _, e := range append(directorEndpoints, simEndpoints...) {
			h := newHarness(t, e)
			res, reason := h.post(e.path, body)
			switch res.StatusCode {
			case http.StatusOK:
				if len(h.board.applied()) != 1 {
					t.Fatalf("%s %q: accepted, applied %v", e.path, body, h.board.applied())
				}
			case http.StatusBadRequest, http.StatusConflict, http.StatusRequestEntityTooLarge:
				if reason == "" || len(h.board.applied()) > 0 {
					t.Fatalf("%s %q: %s with reason %q, applied %v", e.path, body, res.Status, reason, h.board.applied())
				}
			default:
				t.Fatalf("%s %q: %s %q", e.path, body, res.Status, reason)
			}
		}
	})
}
