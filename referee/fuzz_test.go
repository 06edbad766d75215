package referee

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"gammond/engine"
	"gammond/sensing"
)

// FuzzParseInput: ParseInput does not panic, and an input it accepts,
// journalled again, reads back to the same journal record.
func FuzzParseInput(f *testing.F) {
	for _, s := range []string{
		`{"at":"1970-01-01T00:00:01Z","kind":"roll","side":1,"dice":[6,3]}`, `{"kind":"settled","board":{"points":[0,2]}}`,
		`{"kind":"score","score":[3,-1]}`, `{"kind":"cube","side":1,"long":true}`, `{"kind":"pause","paused":true}`,
		`{"kind":"jump"}`, `{"kind":"done","side":2}`, `{"kind":"roll","dice":[7,1]}`, `{"kind":`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		in, err := ParseInput(b)
		if err != nil {
			return
		}
		first, err := json.Marshal(in)
		if err != nil {
			t.Fatalf("journalling %+v: %v", in, err)
		}
		again, err := ParseInput(first)
		if err != nil {
			t.Fatalf("reading back %s: %v", first, err)
		}
		if second, _ := json.Marshal(again); !bytes.Equal(first, second) {
			t.Fatalf("journalled %s, read back and journalled again %s", first, second)
		}
	})
}

// FuzzJournalReplay replays any journal, one input a line as the board
// keeps them, into a 3-point match: the referee must not panic, and a
// second replay of the same inputs must give the same events (a restart
// rebuilds the state the journal made).
func FuzzJournalReplay(f *testing.F) {
	f.Add(journalOf(f, 60))
	f.Add(journalOf(f, 200))
	f.Add(`{"kind":"roll","side":0,"dice":[3,1]}` + "\n" + `{"kind":"score","score":[2,0]}` + "\n" + `{"kind":"let-stand"}` + "\n" +
		`{"kind":"double","side":1}` + "\n" + `{"kind":"take","side":0}` + "\n" + `{"kind":"timeout"}` + "\n" + `{"kind":"penalty","side":1}` + "\n" + `{"kind":"end"}`)
	f.Fuzz(func(t *testing.T, journal string) {
		var inputs []Input
		for _, l := range strings.Split(journal, "\n") {
			if in, err := ParseInput([]byte(l)); err == nil {
				inputs = append(inputs, in)
			}
		}
		first, second := replayInputs(t, inputs), replayInputs(t, inputs)
		if !reflect.DeepEqual(first, second) {
			t.Fatalf("two replays of %d inputs differ:\n%v\n%v", len(inputs), first, second)
		}
	})
}

// replayInputs applies inputs to a new referee of a 3-point match and
// returns the summaries of its events and its status at the end.
func replayInputs(t *testing.T, inputs []Input) []Summary {
	m, err := engine.NewMatch(3, engine.MatchOpts{})
	if err != nil {
		t.Fatal(err)
	}
	clock := sensing.NewVirtualClock(time.Unix(0, 0).UTC())
	var events []Event
	r := New(m, clock, func(e Event) { events = append(events, e) })
	for _, in := range inputs {
		clock.Set(in.At)
		r.Apply(in)
		r.Status()
	}
	return summaries(events)
}

// journalOf returns the first n inputs of a real trace's replay as the
// board journals them.
func journalOf(f *testing.F, n int) string {
	var lines []string
	p, _, err := OpenTrace(openTestdata(f, "match-002-illegal.trace.jsonl"), func(Event) {})
	if err != nil {
		f.Fatal(err)
	}
	p.Deliver = func(in Input) {
		if len(lines) < n {
			b, err := json.Marshal(in)
			if err != nil {
				f.Fatal(err)
			}
			lines = append(lines, string(b))
		}
		p.Referee.Apply(in)
	}
	if err := p.Run(); err != nil {
		f.Fatal(err)
	}
	return strings.Join(lines, "\n")
}
