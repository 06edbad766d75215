package web

import (
	"fmt"
	"path/filepath"
	"reflect"
	"testing"

	"gammond/engine"
	"gammond/referee"
)

// setStatus changes the fake board's status, as the board's own state
// would change between the director's actions.
func (f *fakeBoard) setStatus(change func(*Status)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	change(&f.status)
}

// directorPress is one press in the director's panel: the form, the
// fields to fill, the button, the state the board is in, and the action
// the board must receive.
type directorPress struct {
	form   string
	fill   string // JavaScript run with the form as f
	button string // the button's value, "" for the form's only one
	state  func(*Status)
	want   Action
}

// directorPresses are the director's actions beyond the score that the
// web API has: the clock tools (US 7.1, Danish 3.7.2), resignations and
// their forced acceptance (US 11.1), the early roll's choice (US 4.6),
// checkers out of play (US 4.7) and the Crawford annulment (Danish 4.4.4).
var directorPresses = []directorPress{
	{form: "resign", fill: `f.side.value = "1"; f.points.value = "2"`,
		want: Resign{Side: engine.Black, Points: 2}},
	{form: "resignation", fill: `f.side.value = "0"`, button: "true",
		state: func(s *Status) { s.Resignation = &referee.Offer{Side: engine.Black, Points: 2, Worth: 2} },
		want:  AnswerResignation{Side: engine.White, Accept: true}},
	{form: "resignation", fill: `f.side.value = "0"`, button: "false",
		want: AnswerResignation{Side: engine.White, Accept: false}},
	{form: "force-resignation",
		state: func(s *Status) { s.Resignation = &referee.Offer{Side: engine.Black, Points: 3, Worth: 3, Forced: true} },
		want:  ForceResignation{}},
	{form: "early-roll", fill: `f.side.value = "0"`, button: "true",
		state: func(s *Status) {
			s.Resignation = nil
			s.EarlyRoll = &referee.HeldRoll{Side: engine.Black, Dice: engine.Dice{6, 5}, AfterDone: true}
		},
		want: ChooseEarlyRoll{Side: engine.White, Reroll: true}},
	{form: "early-roll", fill: `f.side.value = "0"`, button: "false",
		want: ChooseEarlyRoll{Side: engine.White, Reroll: false}},
	{form: "clock-adjust", fill: `f.side.value = "1"; f.seconds.value = "-45"`,
		want: AdjustClock{Side: engine.Black, Seconds: -45}},
	{form: "out-of-play", fill: `f.side.value = "1"; f.checkers.value = "2"`,
		want: RuleOutOfPlay{Side: engine.Black, Checkers: 2}},
	{form: "clock", fill: `f.clock.value = "danish"`,
		state: func(s *Status) { s.Phase, s.Clocks, s.EarlyRoll = referee.PhaseSettingUp, nil, nil },
		want:  IntroduceClock{Clock: engine.ClockDanish}},
	{form: "annul-crawford",
		state: func(s *Status) { s.Rules, s.Cube, s.Phase = engine.RulesDanish, 2, referee.PhaseRolling },
		want:  AnnulCrawford{}},
}

// offered is the JavaScript that says the director's panel offers a form.
func offered(form string) string {
	return fmt.Sprintf(`!document.querySelector('#director form[data-action="%s"]').hidden`, form)
}

// buttonOf returns the JavaScript for a director form's button.
func buttonOf(form, value string) string {
	if value == "" {
		return fmt.Sprintf(`document.querySelector('#director form[data-action="%s"] button')`, form)
	}
	return fmt.Sprintf(`document.querySelector('#director form[data-action="%s"] button[value="%s"]')`, form, value)
}

// testDirectorActions presses each of the director's actions in the
// panel, the board in a state it fits, and checks the action the board
// receives; then one at the wrong moment, which the page shows refused and
// the board does not apply.
func testDirectorActions(t *testing.T, b *browser) {
	fb := newFakeBoard(playing())
	srv, base := startServer(t, fb, Options{DirectorToken: testToken})
	b.navigate(t, base+"/")
	b.waitFor(t, "the page", `document.body.dataset.live === "true"`)
	b.click(t, "the director's panel", `document.querySelector("#director summary")`)
	value[any](t, b, `document.getElementById("td-token").value = "`+testToken+`"`)
	for i, p := range directorPresses {
		if p.state != nil {
			fb.setStatus(p.state)
			srv.poke()
		}
		b.waitFor(t, "the "+p.form+" form", offered(p.form))
		value[any](t, b, `(() => { document.getElementById("td-msg").textContent = "";
			const f = document.querySelector('#director form[data-action="`+p.form+`"]'); `+p.fill+` })()`)
		b.click(t, p.form, buttonOf(p.form, p.button))
		b.waitFor(t, p.form+"'s answer", `document.getElementById("td-msg").textContent === "done: `+p.form+`"`)
		got := fb.applied()
		if len(got) != i+1 || !reflect.DeepEqual(got[i], p.want) {
			t.Fatalf("after %s the board applied %#v, want %#v last", p.form, got, p.want)
		}
	}

	// The page offers the choice of an early roll the board has just
	// settled (a player pressed a button meanwhile): the board refuses it.
	fb.setStatus(func(s *Status) { s.EarlyRoll = &referee.HeldRoll{Side: engine.Black, Dice: engine.Dice{6, 5}} })
	srv.poke()
	b.waitFor(t, "the early-roll form", offered("early-roll"))
	fb.setStatus(func(s *Status) {
		s.EarlyRoll, s.Phase = nil, referee.PhaseRolling
		refuses("White's choice on an early roll refused: no early roll is held")(s)
	})
	value[any](t, b, `document.getElementById("td-msg").textContent = ""`)
	b.click(t, "Reroll with no early roll", buttonOf("early-roll", "true"))
	b.waitFor(t, "the refusal", `document.getElementById("td-msg").textContent.endsWith("no early roll is held")`)
	shot := filepath.Join(artifacts(t), "web-page-director.png")
	b.screenshot(t, shot)
	t.Logf("screenshot of the director's panel: %s", shot)
	if n := len(fb.applied()); n != len(directorPresses) {
		t.Errorf("a refused action was applied: %d actions, want %d", n, len(directorPresses))
	}
}

// testClubNewMatch: on a board without a director the page hides the
// director's panel and, once the match is over, offers New match to the
// players, which the board takes without a token.
func testClubNewMatch(t *testing.T, b *browser) {
	st := playing()
	st.Phase, st.Score = referee.PhaseMatchOver, [2]int{5, 2}
	fb := newFakeBoard(st)
	_, base := startServer(t, fb, Options{})
	b.navigate(t, base+"/")
	b.waitFor(t, "New match", `!document.getElementById("new-match").hidden`)
	if got := value[string](t, b, `String(document.getElementById("director").hidden) + " " + document.getElementById("phase").textContent`); got != "true Alice wins the match 5-2" {
		t.Errorf("director's panel hidden, headline: %q, want true and Alice's win", got)
	}
	if got := value[string](t, b, `(() => { const f = document.getElementById("new-match-form");
		return [f.white.value, f.black.value, f.length.value, f.rules.value].join(" "); })()`); got != "Alice Bob 5 us" {
		t.Errorf("New match offers %q, want the match again: Alice Bob 5 us", got)
	}
	value[any](t, b, `(() => { const f = document.getElementById("new-match-form");
		f.white.value = "Cy"; f.black.value = "Dee"; f.length.value = "3"; })()`)
	b.click(t, "Start", `document.querySelector("#new-match-form button")`)
	b.waitFor(t, "the answer", `document.querySelector("#new-match .msg").textContent === "done: match"`)
	want := StartMatch{White: "Cy", Black: "Dee", Length: 3, Rules: engine.RulesUS, Clock: engine.ClockNone}
	if got := fb.applied(); len(got) != 1 || got[0] != want {
		t.Errorf("the board applied %#v, want %#v", got, want)
	}
}
