package mqtt

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"gammond/record/analysis"
)

func TestCheckArrays(t *testing.T) {
	long := "[" + strings.Repeat("1,", MaxArray) + "1]"
	for in, ok := range map[string]bool{
		`{"a":[1,2,3],"b":{"c":[[],[1,2]]}}`:                   true,
		`{"text":"` + strings.Repeat(",", 3*MaxArray) + `"}`:   true, // commas in a string
		`{"text":"\"` + strings.Repeat(",", 3*MaxArray) + `"}`: true, // an escaped quote
		`{` + strings.Repeat(`"k":1,`, 3*MaxArray) + `"z":1}`:  true, // an object's members
		`{"points":` + long + `}`:                              false,
		`[[` + long + `]]`:                                     false,
		strings.Repeat("[", 100):                               false,
	} {
		if err := CheckArrays([]byte(in)); (err == nil) != ok {
			t.Errorf("CheckArrays(%.40q…) = %v, want ok %v", in, err, ok)
		}
	}
}

// TestDecodeAnalysisBounds: an analysis a board receives is decoded within
// the bounds of every message: one as gnubg writes it is taken, one with a
// list or a text longer than gnubg writes is refused, whole.
func TestDecodeAnalysisBounds(t *testing.T) {
	good := func() Analysis {
		return Analysis{Board: "t1", Players: [2]string{"Ann", "Bob"}, Updated: time.Unix(1e9, 0).UTC(), Report: &analysis.Report{
			File: "t1-match.mat", Players: []analysis.Player{{Name: "Ann", OverallRating: "Advanced"}, {Name: "Bob"}},
			Mistakes: []analysis.Mistake{{Game: 1, Move: 3, Player: "Ann", Kind: "checker", Skill: "very bad", Dice: "63", Played: "24/18 13/10", Best: "24/15"}},
			Warnings: []string{}}}
	}
	for name, tc := range map[string]struct {
		change func(*Analysis)
		err    string
	}{
		"as gnubg writes it": {func(*Analysis) {}, ""},
		"another board's":    {func(a *Analysis) { a.Board = "t2" }, `for board "t2"`},
		"no report":          {func(a *Analysis) { a.Report = nil }, "no report"},
		"a long name":        {func(a *Analysis) { a.Players[1] = strings.Repeat("B", 200) }, "name"},
		"a long play": {func(a *Analysis) { a.Report.Mistakes[0].Best = strings.Repeat("24/18 ", 40) },
			"more than 128"},
		"a long skill":   {func(a *Analysis) { a.Report.Mistakes[0].Skill = strings.Repeat("very ", 20) }, "skill of"},
		"a long warning": {func(a *Analysis) { a.Report.Warnings = []string{strings.Repeat("w", MaxText+1)} }, "warning 1 of"},
		"three players":  {func(a *Analysis) { a.Report.Players = append(a.Report.Players, analysis.Player{Name: "Cy"}) }, "3 players"},
		"many mistakes": {func(a *Analysis) {
			for range maxMistakes {
				a.Report.Mistakes = append(a.Report.Mistakes, a.Report.Mistakes[0])
			}
		}, "mistakes: more than"},
		"a long list": {func(a *Analysis) { a.Report.Warnings = make([]string, MaxArray+1) }, "a list of more than"},
	} {
		a := good()
		tc.change(&a)
		payload, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		got, err := decodeAnalysis(payload, "t1")
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%s: %v", name, err)
		case tc.err == "" && (got.Report == nil || got.Report.Mistakes[0].Best != "24/15"):
			t.Errorf("%s: decoded %+v", name, got)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s: %v, want an error with %q", name, err, tc.err)
		}
	}
}
