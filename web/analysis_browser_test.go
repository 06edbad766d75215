package web

import (
	"encoding/json"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"gammond/record/analysis"
	"gammond/referee"
)

func analysedMatch(errorRate float64) MatchAnalysis {
	return MatchAnalysis{By: "the desk", Players: [2]string{"Alice", "Bob"}, At: time.Date(2026, 11, 28, 16, 0, 0, 0, time.UTC),
		Report: &analysis.Report{Plies: 0,
			Players: []analysis.Player{
				{Name: "Alice", OverallErrorRate: errorRate, CheckerErrorRate: -10.5, CubeErrorRate: -40.2, LuckRate: 12.3, OverallRating: "Intermediate", Blunders: 1, Errors: 2},
				{Name: "Bob", OverallErrorRate: -4.4, CheckerErrorRate: -4.0, CubeErrorRate: -6.1, LuckRate: -8.8, OverallRating: "Expert"},
			},
			Mistakes: []analysis.Mistake{
				{Game: 1, Move: 9, Player: "Alice", Kind: "checker", Skill: "bad", Dice: "64", Played: "15/9 9/5", Best: "15/9 13/9", Loss: 0.09},
				{Game: 2, Move: 13, Player: "Alice", Kind: "checker", Skill: "very bad", Dice: "33", Played: "8/5(2) 4/1(2)", Best: "8/5(2) 7/4 4/1", Loss: 0.2},
			}}}
}

// TestAnalysisOnThePage: the board's page shows its last match's analysis
// to the players when the board has one and the match is over: each
// player's figures and the biggest mistakes, blunders first; a newer
// analysis replaces it; the next match hides it.
func TestAnalysisOnThePage(t *testing.T) {
	t.Parallel()
	st := playing()
	st.Phase = referee.PhaseMatchOver
	latest := new(LatestAnalysis)
	fb := newFakeBoard(st)
	_, base := startServer(t, fb, Options{Analysis: latest})

	resp, err := http.Get(base + "/api/analysis")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("api/analysis before any: %s, want 404", resp.Status)
	}

	b := startBrowser(t, 1280, 1000)
	b.navigate(t, base+"/")
	b.waitFor(t, "the page", `document.body.dataset.phase === "match-over"`)
	if hidden := value[bool](t, b, `document.getElementById("analysis").hidden`); !hidden {
		t.Error("an analysis section shown before any analysis")
	}
	latest.Set(analysedMatch(-23.4))
	b.waitFor(t, "the analysis", `!document.getElementById("analysis").hidden`)
	for what, tc := range map[string]struct{ expr, want string }{
		"Alice's error rate": {`document.querySelector('#analysis-players tr[data-player="Alice"] .error-rate').textContent`, "-23.4"},
		"Bob's luck":         {`document.querySelector('#analysis-players tr[data-player="Bob"] .luck-rate').textContent`, "-8.8"},
		"Alice's worst":      {`document.querySelector('#analysis .mistakes li').textContent`, "game 2, move 13, 33: 8/5(2) 4/1(2)?? — best 8/5(2) 7/4 4/1"},
	} {
		if got := value[string](t, b, tc.expr); got != tc.want {
			t.Errorf("%s: %q, want %q", what, got, tc.want)
		}
	}
	shot := filepath.Join(artifacts(t), "web-page-analysis.png")
	b.screenshot(t, shot)
	t.Logf("screenshot: %s", shot)

	latest.Set(analysedMatch(-5.1))
	b.waitFor(t, "the newer analysis", `document.querySelector('#analysis-players tr[data-player="Alice"] .error-rate').textContent === "-5.1"`)

	// The next match begins: the last one's analysis goes.
	fb.mu.Lock()
	fb.status.Phase = referee.PhaseSettingUp
	fb.mu.Unlock()
	fb.emit("match-started")
	b.waitFor(t, "the analysis hidden", `document.getElementById("analysis").hidden`)

	var got MatchAnalysis
	resp, err = http.Get(base + "/api/analysis")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(&got); err != nil || got.Report == nil || got.Report.Players[0].OverallErrorRate != -5.1 {
		t.Errorf("api/analysis: %+v, %v", got, err)
	}
}
