// Package diceaudit tests a board's rolls against fair dice: the 21
// distinct rolls counted, a chi-square test of their spread (a double is
// 1 roll in 36, each other roll 2 in 36), the doubles rate and the mean
// pips, and a flag when fair dice would spread so unevenly less than once
// in a thousand sessions. Pure: no I/O, no clock.
package diceaudit

import (
	"fmt"
	"math"

	"gammond/engine"
	"gammond/record/mat"
)

// FlagBelow is the p-value under which an audit is flagged: fair dice
// spread as unevenly as that once in a thousand sessions.
const FlagBelow = 1.0 / 1000

// MinRolls is the fewest rolls an audit judges: five expected of each
// double, the chi-square test's rule of thumb. Below it the test's p-value
// is too low (fair dice over 40 rolls would be flagged twice in a
// thousand sessions), and a board is not flagged on so few.
const MinRolls = 180

// Explanation says in one sentence what the audit's figure means.
const Explanation = "The p-value is the chance that fair dice would spread their 21 rolls at least as unevenly as this board's did; " +
	"a board with 180 rolls or more is flagged when it falls under 1 in 1,000, which fair dice do by chance about once in every thousand sessions."

// Rolls is the number of distinct rolls: 6 doubles and 15 others.
const Rolls = 21

// fairMeanPips is a roll's mean pips with fair dice: 7 for a non-double,
// a double's four times its die, 49/6 in all.
const fairMeanPips = 49.0 / 6

// Audit counts rolls; the zero value is an empty audit.
type Audit struct {
	counts [Rolls]int
}

// index is a roll's cell: the six doubles first (1-1 to 6-6), then the 15
// others, high die first (2-1, 3-1, 3-2, ...).
func index(d engine.Dice) int {
	hi, lo := max(d[0], d[1]), min(d[0], d[1])
	if hi == lo {
		return hi - 1
	}
	return 6 + (hi-1)*(hi-2)/2 + lo - 1
}

// probability is a cell's chance with fair dice.
func probability(cell int) float64 {
	if cell < 6 {
		return 1.0 / 36
	}
	return 2.0 / 36
}

// Add counts one roll; a roll with a die outside 1 to 6 is an error.
func (a *Audit) Add(d engine.Dice) error {
	if !d.Valid() {
		return fmt.Errorf("roll %d-%d: a die outside 1 to 6", d[0], d[1])
	}
	a.counts[index(d)]++
	return nil
}

// AddMatch counts the rolls of a match record, each game's opening roll
// left out: it is never a double (the players roll again), so counting it
// would make fair dice look short of doubles.
func (a *Audit) AddMatch(m *mat.Match) {
	for _, g := range m.Games {
		opening := true
		for _, t := range g.Turns {
			for _, act := range t.Actions {
				if act.Kind != mat.Roll && act.Kind != mat.Resign || !act.Dice.Valid() {
					continue
				}
				if !opening {
					a.Add(act.Dice)
				}
				opening = false
			}
		}
	}
}

// Merge adds another audit's rolls to a's.
func (a *Audit) Merge(b Audit) {
	for i, n := range b.counts {
		a.counts[i] += n
	}
}

// Report is an audit's figures.
type Report struct {
	Rolls       int        `json:"rolls"`
	Counts      [Rolls]int `json:"counts"` // by cell: 1-1 to 6-6, then 2-1, 3-1, 3-2, ... 6-5
	DoublesRate float64    `json:"doubles_rate"`
	MeanPips    float64    `json:"mean_pips"`
	ChiSquare   float64    `json:"chi_square"` // 20 degrees of freedom
	PValue      float64    `json:"p_value"`    // the chance fair dice spread at least so unevenly
	Judged      bool       `json:"judged"`     // MinRolls or more
	Flagged     bool       `json:"flagged"`
	Expected    [2]float64 `json:"expected"` // fair dice's doubles rate and mean pips
}

// Report computes the figures of the rolls counted. With no rolls the
// p-value is 1: nothing is uneven.
func (a *Audit) Report() Report {
	r := Report{Counts: a.counts, PValue: 1, Expected: [2]float64{1.0 / 6, fairMeanPips}}
	doubles, pips := 0, 0
	for cell, n := range a.counts {
		r.Rolls += n
		if cell < 6 {
			doubles += n
			pips += n * 4 * (cell + 1)
		}
	}
	for hi := 2; hi <= 6; hi++ {
		for lo := 1; lo < hi; lo++ {
			pips += a.counts[index(engine.Dice{hi, lo})] * (hi + lo)
		}
	}
	if r.Rolls == 0 {
		return r
	}
	n := float64(r.Rolls)
	r.DoublesRate = float64(doubles) / n
	r.MeanPips = float64(pips) / n
	for cell, seen := range a.counts {
		expected := n * probability(cell)
		r.ChiSquare += (float64(seen) - expected) * (float64(seen) - expected) / expected
	}
	r.PValue = ChiSquareSurvival(r.ChiSquare, Rolls-1)
	r.Judged = r.Rolls >= MinRolls
	r.Flagged = r.Judged && r.PValue < FlagBelow
	return r
}

// ChiSquareSurvival is the chance that a chi-square variable with dof
// degrees of freedom exceeds x: the regularized upper incomplete gamma
// function Q(dof/2, x/2).
func ChiSquareSurvival(x float64, dof int) float64 {
	if x <= 0 {
		return 1
	}
	return upperGamma(float64(dof)/2, x/2)
}

// upperGamma is Q(a, x) = Γ(a, x)/Γ(a) for a > 0, x > 0: by its series
// below a+1, where the series converges fast, by its continued fraction
// (modified Lentz) above (Numerical Recipes, 6.2).
func upperGamma(a, x float64) float64 {
	lnFactor := a*math.Log(x) - x - lgamma(a)
	if x < a+1 {
		sum, term := 1/a, 1/a
		for n := 1.0; n < 1000; n++ {
			term *= x / (a + n)
			sum += term
			if math.Abs(term) < math.Abs(sum)*1e-15 {
				break
			}
		}
		return 1 - sum*math.Exp(lnFactor)
	}
	const tiny = 1e-300
	b := x + 1 - a
	c, d := 1/tiny, 1/b
	h := d
	for i := 1.0; i < 1000; i++ {
		an := -i * (i - a)
		b += 2
		d = an*d + b
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = b + an/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		delta := d * c
		h *= delta
		if math.Abs(delta-1) < 1e-15 {
			break
		}
	}
	return math.Exp(lnFactor) * h
}

func lgamma(a float64) float64 {
	v, _ := math.Lgamma(a)
	return v
}
