package web

import (
	"encoding/json"
	"fmt"
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
)

// The page is tested in headless Chromium: what it draws for a known
// status, and a game played through it as a person plays it, with the
// mouse. Set GAMMOND_URL to play against a running gammond -sim (at a new
// match, the board set up) instead of the test's own board; set
// GAMMOND_ARTIFACTS to keep the screenshots.

// artifacts returns the directory to keep screenshots in.
func artifacts(t *testing.T) string {
	if dir := os.Getenv("GAMMOND_ARTIFACTS"); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	return t.TempDir()
}

func TestPageInBrowser(t *testing.T) {
	t.Parallel()
	b := startBrowser(t, 1280, 1000)
	for _, tc := range []struct {
		name string
		test func(*testing.T, *browser)
	}{
		{"draws a known status", testKnownStatus},
		{"reconnects and catches up", testReconnect},
		{"plays through the page", testPlayThroughPage},
		{"presses the director's actions", testDirectorActions}, // browser_director_test.go
		{"starts a club board's next match", testClubNewMatch},  // browser_director_test.go
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.test(t, b)
			wantNoViolations(t, b)
		})
	}
	t.Run("its policy blocks an inline script", func(t *testing.T) { testPolicyBlocks(t, b) })
}

// testPolicyBlocks: under the page's policy an inline script and style
// are blocked and reported, as wantNoViolations expects.
func testPolicyBlocks(t *testing.T, b *browser) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", pagePolicy)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><title>x</title><p style="color:red">x</p><script>document.title = "ran"</script>`)
	}))
	defer ts.Close()
	b.navigate(t, ts.URL+"/")
	b.waitFor(t, "the violations reported", `(window.policyViolations || []).length >= 2`)
	if title := value[string](t, b, `document.title`); title != "x" {
		t.Errorf("the inline script ran under the page's policy: title %q", title)
	}
	v := strings.Join(b.policyViolations(t), "; ")
	for _, want := range []string{"script-src-elem blocked inline", "style-src-attr blocked inline"} {
		if !strings.Contains(v, want) {
			t.Errorf("violations %q, want %q among them", v, want)
		}
	}
}

// drawnJS counts, for each side, the checkers the page draws, laid out as
// engine.Layout: on each board point p (index p), on the bar (25) and in
// the tray (0).
const drawnJS = `(() => {
	const n = [Array(26).fill(0), Array(26).fill(0)];
	for (const c of document.querySelectorAll('#board .checker')) {
		n[Number(c.dataset.side)][Number(c.dataset.point)]++;
	}
	return n; })()`

func drawn(t *testing.T, b *browser) engine.Layout {
	t.Helper()
	return value[engine.Layout](t, b, drawnJS)
}

// shown returns what the page should draw for checkers: at most five on a
// point or the bar, every one in the tray.
func shown(checkers engine.Layout) engine.Layout {
	for side := range checkers {
		for p := 1; p <= engine.Bar; p++ {
			checkers[side][p] = min(checkers[side][p], 5)
		}
	}
	return checkers
}

func testKnownStatus(t *testing.T, b *browser) {
	st := playing()
	st.Sim = nil
	var c engine.Layout
	c[engine.White][6], c[engine.White][8], c[engine.White][engine.Bar], c[engine.White][engine.Off] = 8, 3, 1, 3
	c[engine.Black][19], c[engine.Black][17], c[engine.Black][engine.Bar], c[engine.Black][engine.Off] = 6, 2, 2, 5
	st.Checkers = c
	st.Phase, st.OnRoll, st.Dice, st.Flagged = referee.PhaseFlagged, engine.Black, engine.Dice{2, 5}, []int{17}
	st.Cube, st.CubeOwner, st.Crawford = 4, new(engine.Black), false
	fb := newFakeBoard(st)
	fb.add(referee.Summary{Kind: "play", Text: "Alice 31: 8/5 6/5"})
	fb.add(referee.Summary{Kind: "illegal", Text: "ILLEGAL: Black's play of 52 (illegal), points [17]"})
	_, base := startServer(t, fb, Options{DirectorToken: testToken})

	b.navigate(t, base+"/")
	b.waitFor(t, "the status", `document.body.dataset.phase === "flagged" && document.body.dataset.seq === "2"`)
	if got, want := drawn(t, b), shown(c); got != want {
		t.Errorf("checkers drawn %v, want %v", got, want)
	}
	if n := value[int](t, b, `document.querySelectorAll("#board .checker").length`); n != 26 {
		t.Errorf("%d checker elements, want 26", n)
	}
	if counts := value[[]string](t, b, `[...document.querySelectorAll("#board .count")].map(e => e.textContent).sort()`); !slices.Equal(counts, []string{"6", "8"}) {
		t.Errorf("stack counts %v, want 6 and 8", counts)
	}
	shot := filepath.Join(artifacts(t), "web-page-known.png")
	b.screenshot(t, shot)
	t.Logf("screenshot: %s", shot)
	for what, tc := range map[string]struct{ expr, want string }{
		"cube":        {`document.querySelector("#board .cube").dataset.owner + " " + document.querySelector("#board .cube text").textContent`, "1 4"},
		"dice":        {`[...document.querySelectorAll("#board .die.black")].map(d => d.dataset.value).join(" ")`, "5 2"},
		"flagged LED": {`document.querySelector('#board [data-led="16"]').dataset.color`, "#ff0000"},
		"LED at its point": {`(() => { const led = document.querySelector('#board [data-led="16"]');
			const label = [...document.querySelectorAll('#board .label')].find(l => l.textContent === "8"); // Black, on roll, numbers board point 17 as 8
			return led.getAttribute("cx") === label.getAttribute("x") ? "at 17" : "elsewhere"; })()`, "at 17"},
		"bar LEDs": {`(() => { const w = document.querySelector('#board [data-led="24"]'), k = document.querySelector('#board [data-led="25"]');
			return Number(w.getAttribute("cy")) > Number(k.getAttribute("cy")) && w.getAttribute("cx") === k.getAttribute("cx") ? "White's below Black's" : "misplaced"; })()`, "White's below Black's"},
		"flagged":      {`[...document.querySelectorAll("#board .point.flagged")].map(p => p.dataset.point).join(" ")`, "17"},
		"score":        {`document.getElementById("score").textContent.replace(/\s+/g, " ").trim()`, "Alice 1 – 2 Bob"},
		"length":       {`document.getElementById("length").textContent`, "5-point match, US rules"},
		"Crawford":     {`String(document.getElementById("crawford").hidden)`, "true"},
		"phase":        {`document.getElementById("phase").textContent`, "Bob's play of 52 is illegal (point 8): put it right, or Alice rolls to let it stand"},
		"pips":         {`document.getElementById("pips").textContent`, "Pips: Alice 97 · Bob 102"},
		"side names":   {`[...document.querySelectorAll('#director form[data-action="dice"] option')].map(o => o.textContent).join(" ")`, "Alice Bob"},
		"panel":        {`[...document.querySelectorAll("#director form[data-action]")].filter(f => !f.hidden).map(f => f.dataset.action).join(" ")`, "score rule dice clocks penalty resign clock-adjust out-of-play"},
		"new match":    {`String(document.getElementById("new-match").hidden)`, "true"},
		"last play":    {`document.getElementById("last-play").textContent`, "Alice 31: 8/5 6/5"},
		"illegal log":  {`document.querySelector("#log li.illegal").dataset.kind`, "illegal"},
		"log order":    {`[...document.querySelectorAll("#log li")].map(l => l.dataset.seq).join(" ")`, "2 1"},
		"Black clock":  {`document.querySelector("#clock-1 .time").textContent`, "8:00"},
		"sim controls": {`String(document.getElementById("sim").hidden)`, "true"},
	} {
		if got := value[string](t, b, tc.expr); got != tc.want {
			t.Errorf("%s: %q, want %q", what, got, tc.want)
		}
	}
	testDirector(t, b, fb)
}

// testDirector corrects the score in the director's panel, first with a
// wrong token, then with the right one.
func testDirector(t *testing.T, b *browser, fb *fakeBoard) {
	b.click(t, "the director's panel", `document.querySelector("#director summary")`)
	value[any](t, b, `(() => { const f = document.querySelector('#director form[data-action="score"]');
		f.score0.value = "3"; f.score1.value = "4"; document.getElementById("td-token").value = "wrong"; })()`)
	set := `document.querySelector('#director form[data-action="score"] button')`
	b.click(t, "Set", set)
	b.waitFor(t, "the refusal", `document.getElementById("td-msg").textContent === "the director's token is wrong"`)
	value[any](t, b, `document.getElementById("td-token").value = "`+testToken+`"`)
	b.click(t, "Set", set)
	b.waitFor(t, "the answer", `document.getElementById("td-msg").textContent === "done: score"`)
	if got := fb.applied(); len(got) != 1 || got[0] != (SetScore{Score: [2]int{3, 4}}) {
		t.Errorf("the board applied %v, want the score 3-4 once", got)
	}
}

// testReconnect breaks the page's event stream and checks that the page
// reconnects by itself and shows the events it missed, once each.
func testReconnect(t *testing.T, b *browser) {
	fb := newFakeBoard(playing())
	fb.emit("rolled")
	fb.emit("play")
	_, base := startServer(t, fb, Options{Retry: 100 * time.Millisecond})
	b.navigate(t, base+"/")
	b.waitFor(t, "the log", `document.querySelectorAll("#log li").length === 2`)
	fb.dropSubscribers()
	fb.emit("rolled")
	fb.emit("illegal")
	b.waitFor(t, "the missed events", `[...document.querySelectorAll("#log li")].map(l => l.dataset.seq).join(" ") === "4 3 2 1"`)
	b.waitFor(t, "the page live again", `document.body.dataset.live === "true"`)
	if _, ever := fb.subscribers(); ever != 2 {
		t.Errorf("%d streams opened, want 2: the first and the page's reconnection", ever)
	}
	fb.mu.Lock()
	defer fb.mu.Unlock()
	if !slices.Equal(fb.since, []uint64{0, 2}) {
		t.Errorf("the streams asked for the events after %v, want 0 then 2 (the last the page had)", fb.since)
	}
}

// checkerAt returns the JavaScript for the top checker of side on a board
// point or the bar.
func checkerAt(side engine.Side, p int) string {
	return fmt.Sprintf(`[...document.querySelectorAll('#board .checker[data-side="%d"][data-point="%d"]')].pop()`, side, p)
}

// targetAt returns the JavaScript for where a checker of side is put down
// on point p (or off).
func targetAt(side engine.Side, p int) string {
	if p == engine.Off {
		return fmt.Sprintf(`document.querySelector('#board .target[data-point="0"][data-side="%d"]')`, side)
	}
	return fmt.Sprintf(`document.querySelector('#board .target[data-point="%d"]')`, p)
}

func simButton(side engine.Side, button string) string {
	return fmt.Sprintf(`document.querySelector('#sim .side-buttons[data-side="%d"] button[data-button="%s"]')`, side, button)
}

// playOnPage moves the checkers of a play with the mouse, clicking the
// checker and then where it goes, or dragging it there; after each move it
// waits for the page to draw it.
func playOnPage(t *testing.T, b *browser, sim engine.Layout, p plannedPlay, dragging bool) {
	t.Helper()
	for _, m := range p.moves {
		what := fmt.Sprintf("%v's checker from %d to %d", m.Side, m.From, m.To)
		if dragging {
			b.drag(t, what, checkerAt(m.Side, m.From), targetAt(m.Side, m.To))
		} else {
			b.click(t, what, checkerAt(m.Side, m.From))
			b.waitFor(t, "the checker picked up", `!!document.querySelector("#board .checker.selected")`)
			b.click(t, what, targetAt(m.Side, m.To))
		}
		applyMove(&sim, m)
		want, _ := json.Marshal(shown(sim))
		b.waitFor(t, fmt.Sprintf("the move %d/%d drawn", m.From, m.To), "JSON.stringify("+drawnJS+") === '"+string(want)+"'")
	}
}

func testPlayThroughPage(t *testing.T, b *browser) {
	base := os.Getenv("GAMMOND_URL")
	if base == "" {
		_, base = startServer(t, newRefBoard(3, [2]string{"Alice", "Bob"}, engine.Dice{3, 1}, engine.Dice{6, 4}), Options{})
	}
	dir := artifacts(t)
	b.navigate(t, base+"/")
	b.waitFor(t, "the board set up", `document.body.dataset.live === "true" && document.body.dataset.phase === "setting-up"
		&& document.querySelectorAll("#board .checker").length === 30 && !document.getElementById("sim").hidden`)

	// The opening roll and its play.
	b.click(t, "White's ROLL", simButton(engine.White, ButtonRoll))
	st := waitStatus(t, base, "the opening roll", inPhase(referee.PhaseMoving))
	b.waitFor(t, "the dice drawn, the high die first", fmt.Sprintf(`[...document.querySelectorAll("#board .die")].map(d => d.dataset.value).join(" ") === "%d %d"`,
		max(st.Dice[0], st.Dice[1]), min(st.Dice[0], st.Dice[1])))
	opening := planPlay(t, st)
	playOnPage(t, b, *st.Sim, opening, false)
	b.click(t, "DONE", simButton(st.OnRoll, ButtonDone))
	b.waitFor(t, "the play in the log", `!!document.querySelector('#log li[data-kind="play"]')`)
	if got := value[string](t, b, `document.querySelector('#log li[data-kind="play"]').textContent`); !strings.Contains(got, opening.notation) {
		t.Errorf("the log shows %q, want the play %s", got, opening.notation)
	}
	if got := value[string](t, b, `document.getElementById("last-play").textContent`); !strings.Contains(got, opening.notation) {
		t.Errorf("last play %q, want %s", got, opening.notation)
	}
	after := waitStatus(t, base, "the turn passed", inPhase(referee.PhaseRolling))
	if after.Checkers != opening.after {
		t.Errorf("the referee has %v, want %v", after.Checkers, opening.after)
	}
	b.waitFor(t, "the dice cleared", `document.querySelectorAll("#board .die").length === 0`)
	if got := drawn(t, b); got != shown(opening.after) {
		t.Errorf("after the play the page draws %v, want %v", got, shown(opening.after))
	}

	// The reply: DONE without moving is flagged, then put right.
	other := st.OnRoll.Other()
	b.click(t, "the reply's ROLL", simButton(other, ButtonRoll))
	reply := waitStatus(t, base, "the reply's roll", func(s pageStatus) bool { return s.Phase == referee.PhaseMoving && s.OnRoll == other })
	plan := planPlay(t, reply)
	if len(plan.moves) == 0 {
		t.Skip("the reply's roll cannot be played: nothing to flag") // only with a real board's dice
	}
	b.click(t, "DONE without moving", simButton(other, ButtonDone))
	b.waitFor(t, "the flag", `document.body.dataset.phase === "flagged" && !!document.querySelector("#log li.illegal")`)
	flagged := fetchStatus(t, base).Flagged
	for _, p := range flagged {
		if p <= 24 && !value[bool](t, b, fmt.Sprintf(`document.querySelector('#board .point[data-point="%d"]').classList.contains("flagged")`, p)) {
			t.Errorf("flagged point %d is not highlighted", p)
		}
	}
	if headline, where := value[string](t, b, `document.getElementById("phase").textContent`), referee.PointsText(other, flagged); !strings.Contains(headline, where) {
		t.Errorf("the headline %q does not name the flagged points as the mover numbers them, %s", headline, where)
	}
	shot := filepath.Join(dir, "web-page-flagged.png")
	b.screenshot(t, shot)
	t.Logf("screenshot of the flagged play: %s", shot)

	playOnPage(t, b, *reply.Sim, plan, true)
	b.click(t, "DONE", simButton(other, ButtonDone))
	b.waitFor(t, "the correction", `!!document.querySelector('#log li[data-kind="corrected"]') && document.querySelectorAll('#log li[data-kind="play"]').length === 2`)
	if got := value[string](t, b, `document.querySelector('#log li[data-kind="play"]').textContent`); !strings.Contains(got, plan.notation) {
		t.Errorf("the log shows %q, want the play %s", got, plan.notation)
	}
	b.waitFor(t, "the board after the reply", `document.body.dataset.phase === "rolling"`)
	if got := drawn(t, b); got != shown(plan.after) {
		t.Errorf("after the reply the page draws %v, want %v", got, shown(plan.after))
	}
	shot = filepath.Join(dir, "web-page.png")
	b.screenshot(t, shot)
	t.Logf("screenshot: %s", shot)
}
