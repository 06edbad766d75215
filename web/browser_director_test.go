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
	_, base := startServer(t, fb, Options{DirectorToken: testToken})
	b.navigate(t, base+"/")
	b.waitFor(t, "the page", `document.body.dataset.live === "true"`)
	b.click(t, "the director's panel", `document.querySelector("#director summary")`)
	value[any](t, b, `document.getElementById("td-token").value = "`+testToken+`"`)
	for i, p := range directorPresses {
		if p.state != nil {
			fb.setStatus(p.state)
		}
		value[any](t, b, `(() => { document.getElementById("td-msg").textContent = "";
			const f = document.querySelector('#director form[data-action="`+p.form+`"]'); `+p.fill+` })()`)
		b.click(t, p.form, buttonOf(p.form, p.button))
		b.waitFor(t, p.form+"'s answer", `document.getElementById("td-msg").textContent === "done: `+p.form+`"`)
		got := fb.applied()
		if len(got) != i+1 || !reflect.DeepEqual(got[i], p.want) {
			t.Fatalf("after %s the board applied %#v, want %#v last", p.form, got, p.want)
		}
	}

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
