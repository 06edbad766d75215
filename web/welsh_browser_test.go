package web

import (
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
		"state":  {`document.getElementById("welsh-state").textContent`, "roof Alice 1, Bob 0 · may double: Black · Bob may offer to concede"},
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
	want := WelshOption{Side: engine.Black, Option: referee.OptionNominate, Dice: engine.Dice{5, 4}}
	if len(fb.acts) != 1 || fb.acts[0] != Action(want) {
		t.Fatalf("actions %+v, want %+v", fb.acts, want)
	}
}
