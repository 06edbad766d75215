package referee

import (
	"testing"
	"time"

	"gammond/engine"
	"gammond/sensing"
)

// earlyFixture is a referee in game 1 with White moving its opening 3-1,
// one checker of the play set down: the moment an opponent rolls early.
type earlyFixture struct {
	resignFixture
	play engine.Play
}

func newEarlyFixture(t *testing.T) *earlyFixture {
	t.Helper()
	m, err := engine.NewMatch(5, engine.MatchOpts{})
	if err != nil {
		t.Fatal(err)
	}
	f := &earlyFixture{}
	f.r = New(m, sensing.NewVirtualClock(time.Unix(0, 0)), func(e Event) { f.events = append(f.events, e) })
	f.board = newSensorBoard(t, f.r)
	start := engine.StartingBoard
	f.show(start, engine.White)
	f.r.Roll(engine.White, engine.Dice{3, 1})
	f.play = engine.LegalPlays(start, engine.Dice{3, 1})[0]
	half, err := start.Apply(f.play.Steps()[:1])
	if err != nil {
		t.Fatal(err)
	}
	f.show(half, engine.White)
	return f
}

// finish sets down the rest of White's play and presses DONE.
func (f *earlyFixture) finish() {
	f.show(f.play.After, engine.Black)
	f.r.Done(engine.White)
}

// TestEarlyRollHeldUS4_6: Black rolls while White is still playing (US
// 4.6, Danish 4.1.5.1): White's turn goes on, its play is judged at its
// DONE, then Black's roll stands as turn 2.
func TestEarlyRollHeldUS4_6(t *testing.T) {
	f := newEarlyFixture(t)
	f.r.Roll(engine.Black, engine.Dice{6, 5})
	if got := f.since(0, EarlyRoll); len(got) != 1 || got[0].Side != engine.Black || got[0].Dice != (engine.Dice{6, 5}) {
		t.Fatalf("early rolls %+v: want Black's 65 held", got)
	}
	if s := f.r.Status(); s.Phase != PhaseMoving || s.OnRoll != engine.White || s.EarlyRoll == nil {
		t.Fatalf("status %s, %v on roll, held %+v: want White still moving, the roll held", s.Phase, s.OnRoll, s.EarlyRoll)
	}
	f.finish()
	if got := f.since(0, IllegalPlay, IllegalAccepted); len(got) != 0 {
		t.Fatalf("the early roll cut White's play short: %+v", got)
	}
	plays, rolls := f.since(0, PlayMade), f.since(0, Rolled)
	if len(plays) != 1 || plays[0].Turn != 1 || plays[0].Play.After != f.play.After {
		t.Fatalf("plays %+v: want White's 3-1 as turn 1", plays)
	}
	if len(rolls) != 2 || rolls[1].Side != engine.Black || rolls[1].Dice != (engine.Dice{6, 5}) || rolls[1].Turn != 2 {
		t.Fatalf("rolls %+v: want Black's held 65 as turn 2", rolls)
	}
	if s := f.r.Status(); s.Phase != PhaseMoving || s.OnRoll != engine.Black || s.EarlyRoll == nil || !s.EarlyRoll.AfterDone {
		t.Errorf("status %s, %v on roll, held %+v: want Black moving, White's choice still open", s.Phase, s.OnRoll, s.EarlyRoll)
	}
}

// TestEarlyRollRerolledUS4_6: the mover has the early roll rerolled (US
// 4.6): after its DONE the roll is void and the roller rolls again.
func TestEarlyRollRerolledUS4_6(t *testing.T) {
	f := newEarlyFixture(t)
	f.r.Roll(engine.Black, engine.Dice{6, 5})
	f.r.Apply(Input{Kind: InputCube, Side: engine.White}) // the mover's CUBE: reroll
	if s := f.r.Status(); s.EarlyRoll == nil || !s.EarlyRoll.Reroll {
		t.Fatalf("held %+v: want a reroll chosen", s.EarlyRoll)
	}
	f.finish()
	if s := f.r.Status(); s.Phase != PhaseRolling || s.OnRoll != engine.Black || s.Turn != 1 {
		t.Fatalf("status %s, %v on roll, turn %d: want Black to roll again", s.Phase, s.OnRoll, s.Turn)
	}
	f.r.Roll(engine.Black, engine.Dice{2, 1})
	if rolls := f.since(0, Rolled); len(rolls) != 2 || rolls[1].Dice != (engine.Dice{2, 1}) {
		t.Fatalf("rolls %+v: want the reroll 21 as turn 2", rolls)
	}
	if got := f.since(0, Doubled, CubeRefused); len(got) != 0 {
		t.Errorf("the mover's CUBE was taken as a cube action: %+v", got)
	}
}

// TestEarlyRollOnAnIllegalPlay: with a roll held, an illegal play at DONE
// is flagged as ever; corrected, the held roll stands.
func TestEarlyRollOnAnIllegalPlay(t *testing.T) {
	f := newEarlyFixture(t)
	f.r.Roll(engine.Black, engine.Dice{6, 5})
	pressDone(f.r, engine.White) // half the play made
	if got := f.since(0, IllegalPlay); len(got) != 1 {
		t.Fatalf("illegal %+v: want the half play flagged", got)
	}
	f.finish()
	if rolls := f.since(0, Rolled); len(rolls) != 2 || rolls[1].Side != engine.Black {
		t.Fatalf("rolls %+v: want Black's held roll after the correction", rolls)
	}
}

// TestEarlyRollChoiceRefused: a choice with no roll held, or by the side
// that rolled, is refused and changes nothing; a ROLL refused by the board
// (electronic dice) prompts the mover and changes nothing.
func TestEarlyRollChoiceRefused(t *testing.T) {
	f := newEarlyFixture(t)
	f.r.ChooseEarlyRoll(engine.White, true)
	f.r.Roll(engine.Black, engine.Dice{6, 5})
	f.r.ChooseEarlyRoll(engine.Black, true)
	if got := f.since(0, Irregularity); len(got) != 2 {
		t.Fatalf("refusals %+v: want 2", got)
	}
	if s := f.r.Status(); s.EarlyRoll == nil || s.EarlyRoll.Reroll {
		t.Fatalf("held %+v: a refused choice changed it", s.EarlyRoll)
	}
	g := newEarlyFixture(t)
	before := g.r.Status()
	g.r.Apply(Input{Kind: InputRollRefused, Side: engine.Black})
	if got := g.since(0, RollRefused); len(got) != 1 || got[0].Reason == "" {
		t.Fatalf("prompts %+v: want one with its text", got)
	}
	if after := g.r.Status(); after.Phase != before.Phase || after.Turn != before.Turn || after.EarlyRoll != nil {
		t.Errorf("a refused roll changed the match: %+v", after)
	}
}

// earlyRollStood is the fixture after White's DONE: Black's early 6-5
// stood as turn 2, Black has moved nothing yet.
func earlyRollStood(t *testing.T) *earlyFixture {
	t.Helper()
	f := newEarlyFixture(t)
	f.r.Roll(engine.Black, engine.Dice{6, 5})
	f.finish()
	if s := f.r.Status(); s.Phase != PhaseMoving || s.OnRoll != engine.Black || s.EarlyRoll == nil || !s.EarlyRoll.AfterDone {
		t.Fatalf("status %s, %v on roll, held %+v: want Black's roll stood, White's choice open", s.Phase, s.OnRoll, s.EarlyRoll)
	}
	return f
}

// TestEarlyRollRerolledAfterDoneUS4_6: US 4.6 gives the mover its choice
// once it has completed its turn: after White's DONE, while Black has
// moved nothing, White's reroll voids Black's 6-5, by the page or by
// White's CUBE; Black rolls again, and may double first.
func TestEarlyRollRerolledAfterDoneUS4_6(t *testing.T) {
	for _, tc := range []struct {
		name   string
		choose func(f *earlyFixture)
	}{
		{"page", func(f *earlyFixture) { f.r.Apply(Input{Kind: InputEarlyRollChoice, Side: engine.White, Reroll: true}) }},
		{"cube", func(f *earlyFixture) { f.r.Apply(Input{Kind: InputCube, Side: engine.White}) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := earlyRollStood(t)
			tc.choose(f)
			if s := f.r.Status(); s.Phase != PhaseRolling || s.OnRoll != engine.Black || s.Turn != 1 || s.EarlyRoll != nil || s.Dice.Valid() {
				t.Fatalf("status %s, %v on roll, turn %d, dice %v, held %+v: want Black to roll again", s.Phase, s.OnRoll, s.Turn, s.Dice, s.EarlyRoll)
			}
			void := f.since(0, EarlyRollChoice)
			if len(void) != 2 || !void[1].Reroll || void[1].Side != engine.White {
				t.Fatalf("choices %+v: want White's choice, then the roll void", void)
			}
			if got := f.since(0, Doubled, CubeRefused); len(got) != 0 {
				t.Fatalf("the mover's CUBE was taken as a cube action: %+v", got)
			}
			f.r.Double(engine.Black) // before its new roll, Black may double
			if got := f.since(0, Doubled); len(got) != 1 {
				t.Fatalf("Black's double before the reroll: %+v", f.since(0, CubeRefused))
			}
		})
	}
}

// TestEarlyRollChoiceClosesOnPlayUS4_6: once the roller has begun to play
// the roll that stood (a checker moved), the mover's reroll is refused and
// changes nothing; a choice to let it stand only closes the choice.
func TestEarlyRollChoiceClosesOnPlayUS4_6(t *testing.T) {
	f := earlyRollStood(t)
	f.r.ChooseEarlyRoll(engine.White, false)
	if s := f.r.Status(); s.EarlyRoll != nil || s.Phase != PhaseMoving || s.OnRoll != engine.Black {
		t.Fatalf("after White let it stand: %s, %v, held %+v", s.Phase, s.OnRoll, s.EarlyRoll)
	}

	g := earlyRollStood(t)
	b := g.play.After // Black on roll
	play := engine.LegalPlays(b, engine.Dice{6, 5})[0]
	moved, err := b.Apply(play.Steps()[:1])
	if err != nil {
		t.Fatal(err)
	}
	g.show(moved, engine.Black)
	before := g.r.Status()
	n := len(g.events)
	g.r.ChooseEarlyRoll(engine.White, true)
	if got := g.since(n, Irregularity); len(got) != 1 || got[0].Side != engine.White {
		t.Fatalf("refusals %+v: want White's late reroll refused", got)
	}
	if got := g.since(n, EarlyRollChoice); len(got) != 0 {
		t.Fatalf("a refused choice was journalled: %+v", got)
	}
	if after := g.r.Status(); after.Phase != before.Phase || after.Turn != before.Turn || after.Dice != before.Dice || after.EarlyRoll != nil {
		t.Errorf("a refused reroll changed the turn: %+v", after)
	}
}
