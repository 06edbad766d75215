package diceaudit_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"gammond/engine"
	"gammond/internal/testmain"
	"gammond/record/diceaudit"
	"gammond/record/mat"
)

// TestChiSquareSurvival: the survival function against closed forms (1,
// 2 and 4 degrees of freedom, both of upperGamma's branches) and the
// printed table of 20 degrees of freedom, the audit's.
func TestChiSquareSurvival(t *testing.T) {
	for x := 0.05; x < 60; x *= 1.3 {
		for _, c := range []struct {
			dof  int
			want float64
		}{
			{1, math.Erfc(math.Sqrt(x / 2))},
			{2, math.Exp(-x / 2)},
			{4, math.Exp(-x/2) * (1 + x/2)},
		} {
			if got := diceaudit.ChiSquareSurvival(x, c.dof); math.Abs(got-c.want) > 1e-12+1e-9*c.want {
				t.Errorf("Q(x=%.4g, dof=%d) = %.15g, want %.15g", x, c.dof, got, c.want)
			}
		}
	}
	// Critical values of chi-square with 20 degrees of freedom, to 3
	// decimals, and the upper-tail chance of each.
	for _, c := range []struct{ x, p float64 }{
		{7.434, 0.995}, {9.591, 0.975}, {10.851, 0.95}, {12.443, 0.90},
		{28.412, 0.10}, {31.410, 0.05}, {34.170, 0.025}, {37.566, 0.01},
		{39.997, 0.005}, {45.315, 0.001},
	} {
		if got := diceaudit.ChiSquareSurvival(c.x, 20); math.Abs(got-c.p) > 2e-4*max(c.p, 0.01) {
			t.Errorf("Q(%.3f, 20 dof) = %.6f, want %.3f", c.x, got, c.p)
		}
	}
	if got := diceaudit.ChiSquareSurvival(0, 20); got != 1 {
		t.Errorf("Q(0) = %v, want 1", got)
	}
}

// roll throws two dice; loaded, a die shows 6 with chance load, and any
// number otherwise.
func roll(r *rand.Rand, load float64) engine.Dice {
	die := func() int {
		if r.Float64() < load {
			return 6
		}
		return 1 + r.IntN(6)
	}
	return engine.Dice{die(), die()}
}

func session(t testing.TB, r *rand.Rand, rolls int, load float64) diceaudit.Report {
	var a diceaudit.Audit
	for range rolls {
		if err := a.Add(roll(r, load)); err != nil {
			t.Fatal(err)
		}
	}
	return a.Report()
}

// TestFairDicePass: a long session of seeded fair dice is not flagged,
// and its doubles rate and mean pips are fair dice's.
func TestFairDicePass(t *testing.T) {
	r := session(t, rand.New(rand.NewPCG(1, 2)), 20000, 0)
	if r.Flagged || r.PValue < 0.01 {
		t.Errorf("fair dice: p = %.4g, flagged %v", r.PValue, r.Flagged)
	}
	if math.Abs(r.DoublesRate-1.0/6) > 0.01 || math.Abs(r.MeanPips-49.0/6) > 0.1 {
		t.Errorf("fair dice: doubles rate %.4f, mean pips %.3f", r.DoublesRate, r.MeanPips)
	}
}

// TestLoadedDiceFlagged: dice that show a 6 a tenth more often than fair,
// over an evening's 600 rolls, are flagged; their doubles rate and pips
// are up.
func TestLoadedDiceFlagged(t *testing.T) {
	r := session(t, rand.New(rand.NewPCG(3, 4)), 600, 0.1)
	if !r.Flagged {
		t.Errorf("loaded dice not flagged: chi-square %.1f, p = %.4g", r.ChiSquare, r.PValue)
	}
	if r.MeanPips <= 49.0/6 {
		t.Errorf("loaded dice's mean pips %.3f, want over fair's", r.MeanPips)
	}
}

// TestFalseAlarmRate: over fair dice's sessions of 600 rolls the audit
// flags about one in a thousand, as its threshold promises. 1,000
// sessions hold 0 to 5 flags with chance 0.9994; the long run (CI's)
// measures the rate over 100,000 sessions, where 1/1000 gives 100 and
// fewer than 60 or more than 145 have a chance under 1 in 10,000.
func TestFalseAlarmRate(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	sessions, atMost := 1000, 5
	lowest := 0
	if !testmain.Trimmed() {
		sessions, lowest, atMost = 100000, 60, 145
	}
	flagged := 0
	for range sessions {
		if session(t, r, 600, 0).Flagged {
			flagged++
		}
	}
	t.Logf("false alarms: %d of %d fair sessions (%.5f)", flagged, sessions, float64(flagged)/float64(sessions))
	if flagged < lowest || flagged > atMost {
		t.Errorf("%d of %d fair sessions flagged, want %d to %d", flagged, sessions, lowest, atMost)
	}
}

// TestMatchLeavesOpeningRollsOut: a match's rolls are counted but each
// game's opening roll, never a double.
func TestMatchLeavesOpeningRollsOut(t *testing.T) {
	m, err := mat.ReadFile("../../examples/match.mat")
	if err != nil {
		t.Fatal(err)
	}
	rolls := 0
	for _, g := range m.Games {
		for _, turn := range g.Turns {
			for _, a := range turn.Actions {
				if a.Kind == mat.Roll || a.Kind == mat.Resign {
					rolls++
				}
			}
		}
	}
	var a diceaudit.Audit
	a.AddMatch(m)
	if got, want := a.Report().Rolls, rolls-len(m.Games); got != want || got == 0 {
		t.Errorf("%d rolls counted, want %d (%d in %d games)", got, want, rolls, len(m.Games))
	}
}

func TestAddRejectsBadDice(t *testing.T) {
	var a diceaudit.Audit
	if err := a.Add(engine.Dice{0, 7}); err == nil {
		t.Error("a 0-7 roll counted")
	}
}

// TestTooFewRollsNotJudged: dice loaded past doubt over 60 rolls are not
// flagged, being too few to judge; their p-value says how uneven.
func TestTooFewRollsNotJudged(t *testing.T) {
	r := session(t, rand.New(rand.NewPCG(7, 7)), 60, 0.5)
	if r.Judged || r.Flagged || r.PValue >= diceaudit.FlagBelow {
		t.Errorf("60 loaded rolls: judged %v, flagged %v, p = %.3g", r.Judged, r.Flagged, r.PValue)
	}
}
