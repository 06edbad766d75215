package referee

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"gammond/engine"
	"gammond/internal/testmain"
	"gammond/sensing"
)

// TestInputsReplayToTheSameMatch journals a replay's inputs as JSON, reads
// them back and applies them to a fresh referee: the events must be the
// same: the sensor model judges on the frames the settled inputs carry.
// This is how the daemon rebuilds its state after a restart. The 5-point
// match has cube actions and illegal plays; when trimmed, the 1-point
// match with an illegal play.
func TestInputsReplayToTheSameMatch(t *testing.T) {
	t.Parallel()
	trace := "match-002-illegal.trace.jsonl"
	if testmain.Trimmed() {
		trace = "match-010-illegal.trace.jsonl"
	}
	var journal [][]byte
	var first []Event
	p, h, err := OpenTrace(openTestdata(t, trace), func(e Event) { first = append(first, e) })
	if err != nil {
		t.Fatal(err)
	}
	p.Deliver = func(in Input) {
		b, err := json.Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		journal = append(journal, b)
		p.Referee.Apply(in)
	}
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}

	m, err := engine.NewMatch(h.Match.Length, engine.MatchOpts{})
	if err != nil {
		t.Fatal(err)
	}
	clock := sensing.NewVirtualClock(time.Unix(0, 0).UTC())
	var again []Event
	r := New(m, clock, func(e Event) { again = append(again, e) })
	if err := r.SetCalibration(&h.Calibration); err != nil {
		t.Fatal(err)
	}
	for i, b := range journal {
		in, err := ParseInput(b)
		if err != nil {
			t.Fatalf("journal record %d: %v", i+1, err)
		}
		clock.Set(in.At)
		r.Apply(in)
	}
	if len(first) < 100 || !reflect.DeepEqual(summaries(first), summaries(again)) {
		t.Fatalf("%d events from the trace, %d from the journal: they differ", len(first), len(again))
	}
}

func summaries(events []Event) []Summary {
	var s []Summary
	for _, e := range events {
		s = append(s, e.Summary())
	}
	return s
}

func TestParseInputErrors(t *testing.T) {
	for _, tc := range []struct{ name, json string }{
		{"not JSON", `{"kind":`},
		{"no kind", `{"side":1}`},
		{"unknown kind", `{"kind":"jump"}`},
		{"settled without a frame", `{"kind":"settled"}`},
		{"settled with an occupancy alone", `{"kind":"settled","board":{"Points":[]}}`},
		{"side 2", `{"kind":"done","side":2}`},
		{"roll of 7", `{"kind":"roll","side":0,"dice":[7,1]}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := ParseInput([]byte(tc.json)); err == nil {
				t.Fatalf("ParseInput(%s) accepted it", tc.json)
			}
		})
	}
}

// TestDirectorRulings lets the first flagged play of a trace stand and
// corrects the score between games.
func TestDirectorRulings(t *testing.T) {
	t.Parallel()
	var events []Event
	var r *Referee
	ruled := false
	p, _, err := OpenTrace(openTestdata(t, "match-002-illegal.trace.jsonl"), func(e Event) {
		events = append(events, e)
		if e.Kind == IllegalPlay && !ruled {
			ruled = true
			r.Apply(Input{Kind: InputLetStand})
		}
		if e.Kind == GameOver && e.Game == 1 {
			r.Apply(Input{Kind: InputScore, Score: [2]int{1, 3}})
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	r = p.Referee
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	var accepted, scoreSet bool
	for _, e := range events {
		accepted = accepted || e.Kind == IllegalAccepted
		scoreSet = scoreSet || (e.Kind == Irregularity && e.Reason == "the director set the score to 1-3")
	}
	if !accepted || !scoreSet {
		t.Fatalf("let stand accepted the play: %v; score set: %v", accepted, scoreSet)
	}
	if s := r.match.Score(); s[1] < 3 {
		t.Fatalf("final score %v: Black had 3 from the correction", s)
	}
}

// TestWelshOptionJournalledInItsOldForm: a journal written when the Welsh
// inputs were options of one kind ("kind": "option") replays as the
// typed inputs they are now, each field where the input keeps it.
func TestWelshOptionJournalledInItsOldForm(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		old  string
		want Input
	}{
		{`{"at":"2026-01-02T03:04:05Z","kind":"option","side":1,"option":"acey-deucey"}`, Input{Kind: InputAceyDeucey, Side: engine.Black}},
		{`{"at":"2026-01-02T03:04:05Z","kind":"option","option":"one-die"}`, Input{Kind: InputOneDie}},
		{`{"at":"2026-01-02T03:04:05Z","kind":"option","side":1,"option":"nominate","dice":[5,5]}`, Input{Kind: InputNominate, Side: engine.Black, Dice: engine.Dice{5, 5}}},
		{`{"at":"2026-01-02T03:04:05Z","kind":"option","option":"offer","points":3,"long":true}`, Input{Kind: InputConcede, Games: 3, Fiver: true}},
		{`{"at":"2026-01-02T03:04:05Z","kind":"option","side":1,"option":"odds-evens","points":1,"dice":[3,4]}`, Input{Kind: InputOddsEvens, Side: engine.Black, Odds: true, Dice: engine.Dice{3, 4}}},
		{`{"at":"2026-01-02T03:04:05Z","kind":"option","option":"odds-evens","dice":[3,4]}`, Input{Kind: InputOddsEvens, Dice: engine.Dice{3, 4}}},
	} {
		in, err := ParseInput([]byte(c.old))
		if err != nil {
			t.Fatalf("%s: %v", c.old, err)
		}
		c.want.At = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
		if !reflect.DeepEqual(in, c.want) {
			t.Errorf("%s: read %+v, want %+v", c.old, in, c.want)
		}
		again, err := json.Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		if back, err := ParseInput(again); err != nil || !reflect.DeepEqual(back, in) {
			t.Errorf("%s written as %s reads back as %+v, %v", c.old, again, back, err)
		}
	}
	for _, bad := range []string{`{"kind":"option"}`, `{"kind":"option","option":"roll"}`, `{"kind":"option","option":"mulligan"}`} {
		if in, err := ParseInput([]byte(bad)); err == nil {
			t.Errorf("%s read as %+v, want an error", bad, in)
		}
	}
}
