package referee

import (
	"strings"
	"testing"
	"time"

	"gammond/calib"
	"gammond/engine"
	"gammond/sensing"
	"gammond/sensing/sim"
)

// setupFixture is a 5-point match under rules whose board shows White
// one checker short on point 6 at the game's start: the sensor under its
// fifth checker is dead. From the start the sensor model knows it dead
// (it learns the starting position), so the board fits either way.
type setupFixture struct {
	resignFixture
	m     *engine.Match
	board engine.Board // the official position, the side on roll in Mover
}

func newSetupFixture(t *testing.T, rules engine.RuleSet) *setupFixture {
	t.Helper()
	m, err := engine.NewMatch(5, engine.MatchOpts{})
	if err != nil {
		t.Fatal(err)
	}
	f := &setupFixture{m: m, board: engine.StartingBoard}
	f.r = New(m, sensing.NewVirtualClock(time.Unix(0, 0)), func(e Event) { f.events = append(f.events, e) })
	f.r.SetRules(rules)
	f.resignFixture.board = newSensorBoard(t, f.r)
	if err := f.resignFixture.board.board.SetFault(calib.ReferenceBoard.Sensor(calib.Place{Point: 6, Slot: 4}), sim.Dead); err != nil {
		t.Fatal(err)
	}
	f.show(f.board, engine.White) // point 6 short of a checker
	return f
}

// play plays rolls in turn from the opening, side opening, the first
// legal play of each that keeps White's five checkers on point 6, the
// fifth on the dead sensor.
func (f *setupFixture) play(t *testing.T, side engine.Side, rolls ...engine.Dice) {
	t.Helper()
	for _, d := range rolls {
		f.r.Roll(side, d)
		var chosen *engine.Play
		plays := engine.LegalPlays(f.board, d)
		for i := range plays {
			if o := engine.OccupancyOf(&plays[i].After, side.Other(), 6, 4); o.Points[5][engine.White] == 5 {
				chosen = &plays[i]
				break
			}
		}
		if chosen == nil {
			t.Fatalf("no play of %v keeps White's five checkers on 6", d)
		}
		f.board = chosen.After
		f.show(f.board, side.Other())
		f.r.Done(side)
		side = side.Other()
	}
	if got := f.since(0, IllegalPlay); len(got) != 0 {
		t.Fatalf("plays flagged: %+v", got)
	}
}

// official returns the irregularities that log the official set-up.
func (f *setupFixture) official() []Event {
	var out []Event
	for _, e := range f.since(0, Irregularity) {
		if strings.Contains(e.Reason, "set-up is official") {
			out = append(out, e)
		}
	}
	return out
}

// TestSetupDeadlineUS4_7: a game started short of a checker may be put
// right before the fifth roll (US 4.7), said at the start; at the fifth
// roll the set-up is official and logged, and the checker the board does
// not see, on a masked sensor, is not counted out of play: the board asks.
func TestSetupDeadlineUS4_7(t *testing.T) {
	f := newSetupFixture(t, engine.RulesUS)
	rolls := []engine.Dice{{3, 1}, {6, 4}, {5, 2}, {4, 3}}
	f.play(t, engine.White, rolls...)
	start := f.since(0, Irregularity)
	if len(start) == 0 || !strings.Contains(start[0].Reason, "before roll 5 (US 4.7)") {
		t.Fatalf("at the start %+v: want the deadline, roll 5 (US 4.7)", start)
	}
	if got := f.official(); len(got) != 0 {
		t.Fatalf("official before roll 5: %+v", got)
	}
	f.r.Roll(engine.White, engine.Dice{2, 1})
	got := f.official()
	if len(got) != 1 || got[0].Turn != 5 || !strings.Contains(got[0].Reason, "White 1, Black 0") || !strings.Contains(got[0].Reason, "director rules") {
		t.Fatalf("official set-up %+v: want it at roll 5, White 1 unseen, the director asked", got)
	}
	if o := f.m.Outlook(engine.White, f.board, engine.Dice{}); o.Most != engine.Backgammon {
		t.Errorf("White's outlook %+v: nothing is out of play, yet", o)
	}
}

// TestSetupDeadlineDanish4_2_4: under the Danish rules the set-up is
// official from the starter's second turn, the third roll.
func TestSetupDeadlineDanish4_2_4(t *testing.T) {
	f := newSetupFixture(t, engine.RulesDanish)
	f.play(t, engine.White, engine.Dice{3, 1}, engine.Dice{6, 4})
	if got := f.official(); len(got) != 0 {
		t.Fatalf("official before roll 3: %+v", got)
	}
	f.r.Roll(engine.White, engine.Dice{5, 2})
	if got := f.official(); len(got) != 1 || got[0].Turn != 3 || !strings.Contains(got[0].Reason, "Danish 4.2.4") {
		t.Fatalf("official set-up %+v: want it at roll 3 (Danish 4.2.4)", got)
	}
}

// TestOutOfPlayRuledUS4_7: after the deadline the director rules White's
// unseen checker out of play: it leaves the official position and counts
// for a gammon (US 4.7: a side short of checkers may still be gammoned),
// where a checker borne off would save it.
func TestOutOfPlayRuledUS4_7(t *testing.T) {
	f := newSetupFixture(t, engine.RulesUS)
	f.play(t, engine.White, engine.Dice{3, 1}, engine.Dice{6, 4}, engine.Dice{5, 2}, engine.Dice{4, 3})
	f.r.Roll(engine.White, engine.Dice{2, 1})
	n := len(f.events)
	f.r.RuleOutOfPlay(engine.White, 1)
	ruled := f.since(n, Irregularity)
	if len(ruled) != 1 || !strings.Contains(ruled[0].Reason, "out of play: 1 in all") {
		t.Fatalf("ruling %+v: want it applied", f.events[n:])
	}
	official := f.r.lines[0].board
	white, _ := official.Colours(f.r.onRoll)
	if white.Total() != engine.CheckersPerSide-1 {
		t.Fatalf("the official position has %d White checkers, want 14", white.Total())
	}
	if o := f.m.Outlook(engine.White, official, engine.Dice{}); o.Most == engine.Single {
		t.Errorf("White's outlook %+v: the checker out of play saved the gammon", o)
	}
	control, err := engine.NewMatch(5, engine.MatchOpts{})
	if err != nil {
		t.Fatal(err)
	}
	if err := control.StartGame(engine.White); err != nil {
		t.Fatal(err)
	}
	if o := control.Outlook(engine.White, official, engine.Dice{}); o.Most != engine.Single {
		t.Fatalf("control %+v: a checker off saves the gammon", o)
	}
	n = len(f.events)
	f.r.RuleOutOfPlay(engine.White, 1)
	if got := f.since(n, Irregularity); len(got) != 1 || !strings.Contains(got[0].Reason, "refused") {
		t.Errorf("a second ruling on a checker the board sees: %+v, want it refused", f.events[n:])
	}
}

// TestOutOfPlayRefused: a ruling before the deadline, for a side the board
// sees whole, or between games is refused with its reason and changes
// nothing.
func TestOutOfPlayRefused(t *testing.T) {
	f := newSetupFixture(t, engine.RulesUS)
	f.play(t, engine.White, engine.Dice{3, 1})
	for _, tc := range []struct {
		side engine.Side
		n    int
		why  string
	}{
		{engine.White, 1, "not official before roll 5"},
		{engine.Black, 1, "not official before roll 5"},
	} {
		n := len(f.events)
		f.r.RuleOutOfPlay(tc.side, tc.n)
		if got := f.since(n, Irregularity); len(got) != 1 || !strings.Contains(got[0].Reason, tc.why) {
			t.Errorf("%v %d: %+v, want refused: %s", tc.side, tc.n, f.events[n:], tc.why)
		}
	}
	f.play(t, engine.Black, engine.Dice{6, 4}, engine.Dice{5, 2}, engine.Dice{4, 3})
	f.r.Roll(engine.White, engine.Dice{2, 1})
	before := f.r.lines[0].board
	for _, tc := range []struct {
		side engine.Side
		n    int
	}{{engine.Black, 1}, {engine.White, 2}, {engine.White, 0}} {
		n := len(f.events)
		f.r.RuleOutOfPlay(tc.side, tc.n)
		if got := f.since(n, Irregularity); len(got) != 1 || !strings.Contains(got[0].Reason, "the board does not see") {
			t.Errorf("%v %d: %+v, want refused", tc.side, tc.n, f.events[n:])
		}
	}
	if f.r.lines[0].board != before {
		t.Error("a refused ruling changed the official position")
	}
	g := newResignFixture(t, 5)
	g.r.Resign(engine.Black, 1)
	g.r.Accept(engine.White)
	n := len(g.events)
	g.r.RuleOutOfPlay(engine.White, 1)
	if got := g.since(n, Irregularity); len(got) != 1 || !strings.Contains(got[0].Reason, "no game in progress") {
		t.Errorf("between games: %+v, want refused", g.events[n:])
	}
}

// TestSetupRightNoDeadline: a game started on the right set-up logs no
// deadline and no official set-up.
func TestSetupRightNoDeadline(t *testing.T) {
	f := newResignFixture(t, 5)
	for _, e := range f.since(0, Irregularity) {
		t.Errorf("irregularity on a right set-up: %s", e.Reason)
	}
}
