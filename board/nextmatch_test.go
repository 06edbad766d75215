package board_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gammond/board"
	"gammond/engine"
	"gammond/referee"
	"gammond/sensing"
	"gammond/sensing/sim"
	"gammond/web"
)

// clubOptions are a simulated board's with a 1-point match, as a club
// board without a director starts.
func clubOptions(t *testing.T) board.Options {
	simulated := sim.NewBoard(11)
	o := options(t, simulated, sensing.NewLive(simulated.Calibration().Board.Sensors()), engine.ClockNone)
	o.Match.Length, o.Match.White, o.Match.Black = 1, "Ann", "Bob"
	return o
}

// post sends a JSON action to the page's API without a token and returns
// the answer's status code and body.
func post(t *testing.T, base, path, body string) (int, string) {
	t.Helper()
	res, err := http.Post(base+path, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	answer, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, string(answer)
}

// openOnPage rolls the opening roll from the page.
func openOnPage(t *testing.T, g *pageGame, base string) {
	t.Helper()
	if code, answer := post(t, base, "/api/sim/button", `{"side":0,"button":"roll"}`); code != http.StatusOK {
		t.Fatalf("ROLL: %d %s", code, answer)
	}
	g.await(referee.Rolled.String())
}

// resignOnPage ends a 1-point match from the page: the side on roll
// resigns and the other accepts.
func resignOnPage(t *testing.T, g *pageGame, base string) {
	t.Helper()
	mover := g.b.Status().OnRoll
	if code, answer := post(t, base, "/api/sim/resign", fmt.Sprintf(`{"side":%d,"points":1}`, mover)); code != http.StatusOK {
		t.Fatalf("resign: %d %s", code, answer)
	}
	if code, answer := post(t, base, "/api/sim/resignation", fmt.Sprintf(`{"side":%d,"accept":true}`, mover.Other())); code != http.StatusOK {
		t.Fatalf("accept: %d %s", code, answer)
	}
	g.await(referee.MatchOver.String())
}

// TestClubBoardPlaysMatchAfterMatch: on a board without a director's
// token the players finish a match on the page, a ROLL then starts
// nothing, and the page's New match starts the next one without a token;
// the finished match's record and journal stay in the state directory.
// The same board served with a token refuses the request without it.
func TestClubBoardPlaysMatchAfterMatch(t *testing.T) {
	o := clubOptions(t)
	g, stop := playOnPage(t, o)
	defer func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	}()
	club := httptest.NewServer(web.New(g.b, web.Options{}))
	defer club.Close()
	directed := httptest.NewServer(web.New(g.b, web.Options{DirectorToken: "a-director-token-0123"}))
	defer directed.Close()
	g.frames(30)

	next := `{"white":"Cy","black":"Dee","length":3,"rules":"us","clock":"none"}`
	openOnPage(t, g, club.URL)
	if code, _ := post(t, club.URL, "/api/td/match", next); code != http.StatusForbidden {
		t.Fatalf("a new match while one is in progress: %d, want 403", code)
	}
	resignOnPage(t, g, club.URL)
	over := g.b.Status()
	if over.Phase != referee.PhaseMatchOver {
		t.Fatalf("after the resignation: %s, want %s", over.Phase, referee.PhaseMatchOver)
	}
	if code, answer := post(t, club.URL, "/api/sim/button", `{"side":1,"button":"roll"}`); code != http.StatusOK {
		t.Fatalf("ROLL after the match: %d %s", code, answer)
	}
	if s := g.b.Status(); s.Seq != over.Seq || s.Phase != referee.PhaseMatchOver {
		t.Fatalf("ROLL after the match: event %d, %s; want nothing to happen (event %d)", s.Seq, s.Phase, over.Seq)
	}

	if code, answer := post(t, directed.URL, "/api/td/match", next); code != http.StatusForbidden {
		t.Fatalf("with a director's token set, a new match without it: %d %s, want 403", code, answer)
	}
	code, answer := post(t, club.URL, "/api/td/match", next)
	if code != http.StatusOK {
		t.Fatalf("a new match on a club board: %d %s, want 200", code, answer)
	}
	var st struct {
		Phase   string    `json:"phase"`
		Game    int       `json:"game"`
		Length  int       `json:"length"`
		Players [2]string `json:"players"`
	}
	if err := json.Unmarshal([]byte(answer), &st); err != nil {
		t.Fatal(err)
	}
	if st.Phase != referee.PhaseSettingUp || st.Game != 0 || st.Length != 3 || st.Players != [2]string{"Cy", "Dee"} {
		t.Fatalf("after New match: %+v, want Cy and Dee's 3-point match setting up", st)
	}
	kept(t, o.StateDir)
}

// kept fails unless the state directory holds the finished match's record
// and journal beside the new match's journal.
func kept(t *testing.T, dir string) {
	t.Helper()
	for _, pattern := range []string{"*.mat", "*.journal"} {
		files, err := filepath.Glob(filepath.Join(dir, pattern))
		if err != nil || len(files) == 0 {
			t.Errorf("the state directory holds no %s of the finished match: %v %v", pattern, files, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "journal")); err != nil {
		t.Errorf("no journal of the new match: %v", err)
	}
}

// TestRollChordStartsTheNextMatch: a finished match comes back after a
// restart as over, not in play; both ROLL buttons held then start the
// next match with the same players and length, begun when held.
func TestRollChordStartsTheNextMatch(t *testing.T) {
	o := clubOptions(t)
	g, stop := playOnPage(t, o)
	src := o.Presses.(*sensing.Live)
	g.frames(30)
	if err := src.Press(t.Context(), time.Now(), sensing.Event{Kind: sensing.NextMatch}); err != nil {
		t.Fatal(err)
	}
	if s := g.b.Status(); s.Players != [2]string{"Ann", "Bob"} || s.Game != 0 || g.b.Match().Started != o.Match.Started {
		t.Fatalf("both ROLLs held before the match is over started another: %+v", g.b.Match())
	}
	g.act(web.SimButton{Side: engine.White, Button: web.ButtonRoll})
	g.await(referee.Rolled.String())
	mover := g.b.Status().OnRoll
	g.act(web.Resign{Side: mover, Points: 1})
	g.act(web.AnswerResignation{Side: mover.Other(), Accept: true})
	g.await(referee.MatchOver.String())
	final := g.b.Status()
	if err := stop(); err != nil {
		t.Fatal(err)
	}

	simulated := sim.NewBoard(12)
	o.Sim, o.Presses = simulated, sensing.NewLive(simulated.Calibration().Board.Sensors())
	g, stop = playOnPage(t, o)
	defer func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	}()
	if s := g.b.Status(); s.Phase != referee.PhaseMatchOver || s.Score != final.Score {
		t.Fatalf("after a restart: %s at %v, want the match over at %v", s.Phase, s.Score, final.Score)
	}
	held := time.Now()
	if err := o.Presses.(*sensing.Live).Press(t.Context(), held, sensing.Event{Kind: sensing.NextMatch, Side: engine.Black}); err != nil {
		t.Fatal(err)
	}
	s, m := g.b.Status(), g.b.Match()
	if s.Phase != referee.PhaseSettingUp || s.Game != 0 || s.Score != [2]int{} || s.Players != [2]string{"Ann", "Bob"} || m.Length != 1 || !m.Started.Equal(held) {
		t.Fatalf("after both ROLLs held: %s game %d at %v, %+v; want Ann and Bob's next 1-point match, begun %v", s.Phase, s.Game, s.Score, m, held)
	}
	kept(t, o.StateDir)
}
