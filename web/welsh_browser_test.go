package web

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"gammond/engine"
	"gammond/referee"
)

// TestWelshPageInBrowser: a Welsh match's page shows the match to 25
// games and the Welsh state (the roof, who may double, the options open),
// and its option form sends a nominate as the director's action.
func TestWelshPageInBrowser(t *testing.T) {
	b := startBrowser(t, 1280, 1000)
	st := playing()
	st.Sim, st.Rules, st.Length = nil, engine.RulesWelsh, 25
	st.Phase, st.Dice = referee.PhaseRolling, engine.Dice{}
	offerBy := engine.Black
	st.Welsh = &referee.WelshStatus{Games: 25, Roof: [2]int{1, 0}, CubeRight: "Black", OfferBy: &offerBy}
	fb := newFakeBoard(st)
	_, base := startServer(t, fb, Options{DirectorToken: testToken})
	b.navigate(t, base+"/")
	b.waitFor(t, "the Welsh section", `!document.getElementById("welsh").hidden`)
	for what, tc := range map[string]struct{ expr, want string }{
		"length": {`document.getElementById("length").textContent`, "Welsh backgammon, match to 25 games"},
		"state":  {`document.getElementById("welsh-state").textContent`, "roof Alice 1, Bob 0 · may double: Bob · Bob may offer to concede"},
	} {
		if got := value[string](t, b, tc.expr); got != tc.want {
			t.Errorf("%s: %q, want %q", what, got, tc.want)
		}
	}
	value[any](t, b, `(() => { const f = document.getElementById("welsh-option");
		f.side.value = "1"; f.option.value = "nominate"; f.die0.value = "5"; f.die1.value = "4";
		document.getElementById("td-token").value = "`+testToken+`"; })()`)
	b.click(t, "Take it", `document.querySelector("#welsh-option button")`)
	b.waitFor(t, "the answer", `document.getElementById("welsh-msg").textContent !== ""`)
	if msg := value[string](t, b, `document.getElementById("welsh-msg").textContent`); !strings.Contains(msg, "done") {
		t.Fatalf("the page says %q", msg)
	}
	fb.mu.Lock()
	defer fb.mu.Unlock()
	want := WelshOption{Side: engine.Black, Option: referee.InputNominate, Dice: engine.Dice{5, 4}}
	if len(fb.acts) != 1 || fb.acts[0] != Action(want) {
		t.Fatalf("actions %+v, want %+v", fb.acts, want)
	}
}

// TestWelshOptionButtonsInBrowser: the page puts up one button per Welsh
// option open, named for the player it is open to (the 2-1 thrown again
// and one die for the player on roll, the offer for the player the
// one-throw win is against, a nominate for the player whose own is not
// spent), and each sends its option with the form's dice and games.
func TestWelshOptionButtonsInBrowser(t *testing.T) {
	b := startBrowser(t, 1280, 1000)
	st := playing()
	st.Sim, st.Rules, st.Length = nil, engine.RulesWelsh, 25
	st.Phase, st.Dice, st.OnRoll = referee.PhaseRolling, engine.Dice{}, engine.White
	offerBy := engine.Black
	st.Welsh = &referee.WelshStatus{Games: 25, CubeRight: "either", OfferBy: &offerBy, FullSpread: true,
		AceyDeucey: true, Nominated: [2]bool{true, false}}
	fb := newFakeBoard(st)
	_, base := startServer(t, fb, Options{DirectorToken: testToken})
	b.navigate(t, base+"/")
	b.waitFor(t, "the Welsh buttons", `document.querySelectorAll("#welsh-buttons button").length > 0`)
	labels := value[[]string](t, b, `[...document.querySelectorAll("#welsh-buttons button")].map(b => b.textContent)`)
	wantLabels := []string{"Alice throws the 2-1 again", "Alice throws one die", "Bob offers to concede", "Bob nominates"}
	if !slices.Equal(labels, wantLabels) {
		t.Fatalf("buttons %q, want %q", labels, wantLabels)
	}
	value[any](t, b, `(() => { const f = document.getElementById("welsh-option");
		f.die0.value = "6"; f.die1.value = "2"; f.games.value = "2";
		document.getElementById("td-token").value = "`+testToken+`"; })()`)
	want := []Action{
		WelshOption{Side: engine.White, Option: referee.InputAceyDeucey},
		WelshOption{Side: engine.White, Option: referee.InputOneDie},
		WelshOption{Side: engine.Black, Option: referee.InputConcede, Games: 2},
		WelshOption{Side: engine.Black, Option: referee.InputNominate, Dice: engine.Dice{6, 2}},
	}
	for i, label := range wantLabels {
		b.click(t, label, fmt.Sprintf(`document.querySelectorAll("#welsh-buttons button")[%d]`, i))
		b.waitFor(t, "the answer to "+label, fmt.Sprintf(`document.getElementById("welsh-msg").textContent === "done: %s"`, want[i].(WelshOption).Option))
		if got := fb.applied(); len(got) != i+1 || got[i] != want[i] {
			t.Fatalf("after %q: actions %+v, want %+v", label, got, want[:i+1])
		}
	}
}

// TestWelshOddsEvensButtonsInBrowser: before the first game each player
// has a button to call odds and evens, which sends the form's shaken dice
// and call; no other option is open then.
func TestWelshOddsEvensButtonsInBrowser(t *testing.T) {
	b := startBrowser(t, 1280, 1000)
	st := playing()
	st.Sim, st.Rules, st.Length = nil, engine.RulesWelsh, 25
	st.Phase, st.Dice, st.Game = referee.PhaseSettingUp, engine.Dice{}, 0
	st.Welsh = &referee.WelshStatus{Games: 25, CubeRight: "either"}
	fb := newFakeBoard(st)
	_, base := startServer(t, fb, Options{DirectorToken: testToken})
	b.navigate(t, base+"/")
	b.waitFor(t, "the Welsh buttons", `document.querySelectorAll("#welsh-buttons button").length > 0`)
	labels := value[[]string](t, b, `[...document.querySelectorAll("#welsh-buttons button")].map(b => b.textContent)`)
	if want := []string{"Alice calls odds and evens", "Bob calls odds and evens"}; !slices.Equal(labels, want) {
		t.Fatalf("buttons %q, want %q", labels, want)
	}
	value[any](t, b, `(() => { const f = document.getElementById("welsh-option");
		f.die0.value = "3"; f.die1.value = "4"; f.odds.checked = true;
		document.getElementById("td-token").value = "`+testToken+`"; })()`)
	b.click(t, "Bob calls odds and evens", `document.querySelectorAll("#welsh-buttons button")[1]`)
	b.waitFor(t, "the answer", `document.getElementById("welsh-msg").textContent === "done: odds-evens"`)
	want := WelshOption{Side: engine.Black, Option: referee.InputOddsEvens, Dice: engine.Dice{3, 4}, Odds: true}
	if got := fb.applied(); len(got) != 1 || got[0] != Action(want) {
		t.Fatalf("actions %+v, want %+v", got, want)
	}
}
