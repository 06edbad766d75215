package referee

import (
	"strings"
	"testing"
	"time"

	"gammond/engine"
	"gammond/sensing"
)

func newClockToolsReferee(t *testing.T, length int) (*Referee, *[]Event) {
	t.Helper()
	m, err := engine.NewMatch(length, engine.MatchOpts{})
	if err != nil {
		t.Fatal(err)
	}
	var events []Event
	return New(m, sensing.NewVirtualClock(time.Unix(0, 0)), func(e Event) { events = append(events, e) }), &events
}

// TestIntroduceClockUS7_1: the director puts a match on the clock at the
// start of a later game (US 7.1, clock rules 1.1), the reserves those of
// the current score; the next game runs on it.
func TestIntroduceClockUS7_1(t *testing.T) {
	r, events := newClockToolsReferee(t, 5)
	r.SetScore([2]int{2, 1})
	r.IntroduceClock("us")
	c := r.Clock()
	if c == nil {
		t.Fatalf("no clock: %+v", *events)
	}
	want, err := engine.USClock().Reserve(5, [2]int{2, 1})
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Remaining(engine.White, time.Unix(0, 0)); got != want {
		t.Errorf("reserve %v, want %v at 2-1", got, want)
	}
	if last := (*events)[len(*events)-1]; last.Kind != Irregularity || !strings.HasPrefix(last.Reason, "director: the us clock") {
		t.Errorf("last event %v %q: want the director's action noted", last.Kind, last.Reason)
	}
	newSensorBoard(t, r).show(engine.StartingBoard, engine.White)
	r.Roll(engine.White, engine.Dice{3, 1})
	if side, running := c.Running(); !running || side != engine.White {
		t.Errorf("clock running %v for %v: want White's time running", running, side)
	}
}

// TestIntroduceClockRefused: a second clock, a clock mid-game, on money
// play or of no such rules is refused and changes nothing.
func TestIntroduceClockRefused(t *testing.T) {
	money, events := newClockToolsReferee(t, 0)
	money.IntroduceClock("us")
	if money.Clock() != nil || len(*events) != 1 || !strings.Contains((*events)[0].Reason, "money play") {
		t.Errorf("money play: clock %v, events %+v", money.Clock(), *events)
	}
	r, events := newClockToolsReferee(t, 5)
	r.IntroduceClock("fast")
	if r.Clock() != nil {
		t.Error("a clock of no such rules was introduced")
	}
	r.IntroduceClock("danish")
	first := r.Clock()
	r.IntroduceClock("us")
	if r.Clock() != first {
		t.Error("a second clock replaced the first")
	}
	f := newResignFixture(t, 5) // mid-game
	f.r.IntroduceClock("us")
	if f.r.Clock() != nil {
		t.Error("a clock was introduced mid-game")
	}
	if n := len(f.since(0, Irregularity)); n != 1 {
		t.Errorf("%d refusals mid-game, want 1", n)
	}
}

// TestAdjustClockDanish3_7_2: the director adds to (or takes from) a
// player's time (Danish 3.7.2, 4.3.2.8), noted in the record; without a
// clock it is refused.
func TestAdjustClockDanish3_7_2(t *testing.T) {
	r, events := newClockToolsReferee(t, 5)
	r.AdjustClock(engine.Black, time.Minute)
	if n := len(*events); n != 1 || !strings.Contains((*events)[0].Reason, "no clock") {
		t.Fatalf("events %+v: want a refusal", *events)
	}
	r.IntroduceClock("danish")
	before := r.Clock().Remaining(engine.Black, time.Unix(0, 0))
	r.AdjustClock(engine.Black, 30*time.Second)
	r.AdjustClock(engine.White, -10*time.Second)
	if got := r.Clock().Remaining(engine.Black, time.Unix(0, 0)); got != before+30*time.Second {
		t.Errorf("Black's time %v, want %v", got, before+30*time.Second)
	}
	if got := r.Clock().Remaining(engine.White, time.Unix(0, 0)); got != before-10*time.Second {
		t.Errorf("White's time %v, want %v", got, before-10*time.Second)
	}
	r.AdjustClock(engine.White, 0)
	if last := (*events)[len(*events)-1]; !strings.Contains(last.Reason, "no time given") {
		t.Errorf("a zero adjustment: %q, want a refusal", last.Reason)
	}
}
