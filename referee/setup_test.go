package referee

import (
	"strings"
	"testing"
	"time"

	"gammond/engine"
	"gammond/sensing"
)

// shortStart starts game 1 with White short of a checker on its 6-point
// and plays White's opening 8/5 6/5, Black on roll (turn 1 done).
func shortStart(t *testing.T, deadline int) (*resignFixture, engine.Board) {
	t.Helper()
	m, err := engine.NewMatch(5, engine.MatchOpts{})
	if err != nil {
		t.Fatal(err)
	}
	f := &resignFixture{}
	f.r = New(m, sensing.NewVirtualClock(time.Unix(0, 0)), func(e Event) { f.events = append(f.events, e) })
	f.r.SetSetupDeadline(deadline)
	short := engine.StartingBoard
	short[engine.Mover][5]-- // White's 6-point: 4 checkers
	f.show(short, engine.White)
	f.r.Roll(engine.White, engine.Dice{3, 1})
	after, err := short.Apply([]engine.Move{{From: 8, To: 5}, {From: 6, To: 5}})
	if err != nil {
		t.Fatal(err)
	}
	f.show(after.Swap(), engine.Black)
	f.r.Done(engine.White)
	return f, after.Swap()
}

// TestShortSetUpOfficialUS4_7: a game started a checker short plays from
// the position the board shows, the checker out of play (a gammon still
// possible), logged; no play is flagged for it.
func TestShortSetUpOfficialUS4_7(t *testing.T) {
	f, _ := shortStart(t, SetupDeadlineUS)
	started := f.since(0, GameStarted)
	if len(started) != 1 || started[0].Board[engine.Mover].Total() != 14 {
		t.Fatalf("started %+v: want the short position official", started)
	}
	logged := false
	for _, e := range f.since(0, Irregularity) {
		logged = logged || strings.Contains(e.Reason, "White 1, Black 0 out of play")
	}
	if !logged || f.r.outOfPlay != [2]int{1, 0} {
		t.Fatalf("out of play %v, logged %v: want White's one checker, logged", f.r.outOfPlay, logged)
	}
	if got := f.since(0, IllegalPlay); len(got) != 0 {
		t.Fatalf("a play from the short set-up was flagged: %+v", got)
	}
}

// TestShortSetUpPutRightBeforeDeadline (US 4.7: before the fifth roll;
// Danish 4.2.4: before the starter's second turn, the third roll): the
// missing checker put back after roll 1 is a correction under the US
// rules; after roll 2 under the Danish rules it is a change to the board.
func TestShortSetUpPutRightBeforeDeadline(t *testing.T) {
	f, official := shortStart(t, SetupDeadlineUS)
	white := official.Swap()
	white[engine.Mover][5]++
	f.show(white, engine.White)
	if f.r.outOfPlay != [2]int{} || len(f.since(0, Touched)) != 0 {
		t.Fatalf("US, after roll 1: out of play %v, touched %+v: want the set-up put right", f.r.outOfPlay, f.since(0, Touched))
	}

	d, official := shortStart(t, SetupDeadlineDanish)
	d.r.Roll(engine.Black, engine.Dice{2, 1})
	black := engine.LegalPlays(official, engine.Dice{2, 1})[0]
	d.show(black.After, engine.White)
	d.r.Done(engine.Black) // roll 2 played: the third is the starter's second turn
	back := black.After
	back[engine.Mover][5]++
	d.show(back, engine.White)
	if d.r.outOfPlay != [2]int{1, 0} || len(d.since(0, Touched)) != 1 {
		t.Fatalf("Danish, after roll 2: out of play %v, touched %+v: want the checker still out, the change reported",
			d.r.outOfPlay, d.since(0, Touched))
	}
}
