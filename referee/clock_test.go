package referee

import (
	"strings"
	"testing"
	"time"

	"gammond/engine"
)

// clockedReplay replays a trace with a game clock of the rules, delivering
// a timeout as the daemon does when the referee says a side's time is out.
func clockedReplay(t *testing.T, name string, rules engine.ClockRules) ([]Event, *Referee) {
	t.Helper()
	var events []Event
	p, h, err := OpenTrace(openTestdata(t, name), func(e Event) { events = append(events, e) })
	if err != nil {
		t.Fatal(err)
	}
	c, err := engine.NewClock(rules, h.Match.Length, [2]int{})
	if err != nil {
		t.Fatal(err)
	}
	r := p.Referee
	r.SetClock(c)
	p.Deliver = func(in Input) {
		r.Apply(in)
		if _, out := r.TimedOut(); out {
			r.Apply(Input{At: in.At, Kind: InputTimeout})
		}
	}
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	return events, r
}

func TestClockRunsWithTheTurns(t *testing.T) {
	// A short delay, so that both sides' turns cost reserve.
	rules := engine.ClockRules{Mode: engine.SimpleDelay, Delay: time.Second, PerPoint: 2 * time.Minute}
	events, r := clockedReplay(t, "match-004.trace.jsonl", rules)
	end := events[len(events)-1].At
	c := r.Clock()
	if side, running := c.Running(); running {
		t.Fatalf("after the match the clock runs for %v", side)
	}
	reserve, _ := rules.Reserve(1, [2]int{})
	for _, s := range []engine.Side{engine.White, engine.Black} {
		left := c.Remaining(s, end)
		if left <= 0 || left >= reserve {
			t.Errorf("%v has %v left of %v: want some used, none run out", s, left, reserve)
		}
	}
	if events[len(events)-1].Kind != MatchOver {
		t.Fatalf("last event %v, want the match won on the board", events[len(events)-1].Kind)
	}
}

func TestTimeOutLosesTheMatch(t *testing.T) {
	rules := engine.ClockRules{Mode: engine.SimpleDelay, Delay: time.Second, PerPoint: 20 * time.Second}
	events, r := clockedReplay(t, "match-004.trace.jsonl", rules)
	var last Event
	for _, e := range events {
		if e.Kind == MatchOver {
			last = e
		}
	}
	var ran bool
	for _, e := range events {
		if e.Kind == Irregularity && strings.Contains(e.Reason, "time ran out") {
			ran = true
			if !strings.HasSuffix(e.Reason, last.Side.String()+" wins the match") {
				t.Errorf("%q, but the match went to %v", e.Reason, last.Side)
			}
		}
	}
	if !ran || r.Status().Phase != PhaseMatchOver {
		t.Fatalf("no time out reported (phase %s) with 20 s of reserve", r.Status().Phase)
	}
}
