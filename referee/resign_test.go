package referee

import (
	"strings"
	"testing"
	"time"

	"gammond/engine"
	"gammond/sensing"
)

// resignFixture is a referee, the events it emitted and the board its
// sensors read.
type resignFixture struct {
	r      *Referee
	events []Event
	board  *sensorBoard
}

// newResignFixture is a referee in game 1 of a match of length, after
// White's opening 3-1 and DONE: Black on roll, both sides able to win.
func newResignFixture(t *testing.T, length int) *resignFixture {
	t.Helper()
	f := newFixture(t, length, engine.MatchOpts{})
	f.open()
	return f
}

// newFixture is a referee of a match of length (0: a money session) with
// opts, before its first game, its events kept.
func newFixture(t *testing.T, length int, opts engine.MatchOpts) *resignFixture {
	t.Helper()
	m, err := engine.NewMatch(length, opts)
	if err != nil {
		t.Fatal(err)
	}
	f := &resignFixture{}
	f.r = New(m, sensing.NewVirtualClock(time.Unix(0, 0)), func(e Event) { f.events = append(f.events, e) })
	f.board = newSensorBoard(t, f.r)
	return f
}

// open plays White's opening 3-1 from the starting position and DONE:
// Black on roll. It returns the board after the play.
func (f *resignFixture) open() engine.Board {
	start := engine.StartingBoard
	f.show(start, engine.White)
	f.r.Roll(engine.White, engine.Dice{3, 1})
	play := engine.LegalPlays(start, engine.Dice{3, 1})[0]
	f.show(play.After, engine.Black)
	f.r.Done(engine.White)
	return play.After
}

func (f *resignFixture) show(b engine.Board, onRoll engine.Side) { f.board.show(b, onRoll) }

// since returns the events of the kinds given from event i on.
func (f *resignFixture) since(i int, kinds ...Kind) []Event {
	var out []Event
	for _, e := range f.events[i:] {
		for _, k := range kinds {
			if e.Kind == k {
				out = append(out, e)
			}
		}
	}
	return out
}

// TestResignAcceptedUS11_1: a side offers a gammon (US 11.1, Danish 4.5),
// the opponent accepts, and the game ends with a gammon at the cube.
func TestResignAcceptedUS11_1(t *testing.T) {
	f := newResignFixture(t, 5)
	f.r.Resign(engine.Black, 2)
	offers := f.since(0, ResignOffered)
	if len(offers) != 1 || offers[0].Side != engine.Black || offers[0].Result.Kind != engine.Gammon || offers[0].Forced {
		t.Fatalf("offers %+v: want Black's gammon, not forced (White may still win a backgammon)", offers)
	}
	if !strings.Contains(offers[0].Reason, "may still do better") {
		t.Errorf("offer says %q: want what the engine makes of it", offers[0].Reason)
	}
	f.r.Accept(engine.White)
	over := f.since(0, GameOver)
	if len(over) != 1 || over[0].Side != engine.White || over[0].Result.Kind != engine.Gammon || over[0].Result.Points != 2 {
		t.Fatalf("game over %+v: want White winning a gammon, 2 points", over)
	}
	if s := f.r.Status(); s.Phase != PhaseSettingUp || s.Score != [2]int{2, 0} {
		t.Errorf("status %s %v: want setting up at 2-0", s.Phase, s.Score)
	}
}

// TestResignRejectedPlayGoesOn: a rejected offer (US 11.1) leaves the game
// as it was; the next roll is played.
func TestResignRejectedPlayGoesOn(t *testing.T) {
	f := newResignFixture(t, 5)
	f.r.Resign(engine.White, 1)
	f.r.Reject(engine.Black)
	if got := f.since(0, ResignRejected); len(got) != 1 || got[0].Side != engine.Black {
		t.Fatalf("rejections %+v: want Black's", got)
	}
	n := len(f.events)
	f.r.Accept(engine.Black)
	if got := f.since(n, GameOver); len(got) != 0 {
		t.Fatalf("a rejected offer was accepted later: %+v", got)
	}
	f.r.Roll(engine.Black, engine.Dice{6, 5})
	if s := f.r.Status(); s.Phase != PhaseMoving || s.Turn != 2 {
		t.Errorf("status %s turn %d: want Black moving on turn 2", s.Phase, s.Turn)
	}
}

// TestResignRefusedAtTheWrongMoment: an offer outside a game, an answer
// with no offer or to one's own, a second side's offer while one waits, a
// lowered offer: each is refused with a reason and changes nothing.
func TestResignRefusedAtTheWrongMoment(t *testing.T) {
	m, err := engine.NewMatch(5, engine.MatchOpts{})
	if err != nil {
		t.Fatal(err)
	}
	var events []Event
	r := New(m, sensing.NewVirtualClock(time.Unix(0, 0)), func(e Event) { events = append(events, e) })
	r.Resign(engine.White, 1)
	r.Accept(engine.Black)
	r.ForceAccept()
	if len(events) != 3 || r.offer != nil {
		t.Fatalf("before a game: %d events, offer %v: want three refusals and no offer", len(events), r.offer)
	}
	for _, e := range events {
		if e.Kind != Irregularity || e.Reason == "" {
			t.Errorf("%v %q: want a refusal with its reason", e.Kind, e.Reason)
		}
	}

	f := newResignFixture(t, 5)
	f.r.Resign(engine.White, 2)
	n := len(f.events)
	f.r.Accept(engine.White)    // its own offer
	f.r.Resign(engine.Black, 1) // the other side's offer waits
	f.r.Resign(engine.White, 1) // lower than its own
	f.r.Resign(engine.White, 4) // no such level
	if got := f.since(n, Irregularity); len(got) != 4 {
		t.Fatalf("%d refusals, want 4: %+v", len(got), f.events[n:])
	}
	if got := f.since(n, ResignOffered, GameOver, Resigned); len(got) != 0 || f.r.offer.points != int(engine.Gammon) {
		t.Fatalf("refused input changed the match: %+v, offer %+v", got, f.r.offer)
	}
}

// TestForceAcceptUS11_1: the director forces acceptance only where the
// opponent can do no better (US 11.1, clock rules 5.1): an offer of a
// backgammon is forced; an offer of a single at the start is not.
func TestForceAcceptUS11_1(t *testing.T) {
	f := newResignFixture(t, 0)
	f.r.Resign(engine.Black, 1)
	n := len(f.events)
	f.r.ForceAccept()
	if got := f.since(n, Irregularity); len(got) != 1 || !strings.Contains(got[0].Reason, "may still do better") {
		t.Fatalf("forcing a single at the start: %+v, want a refusal", f.events[n:])
	}
	f.r.Resign(engine.Black, 3)
	if offers := f.since(n, ResignOffered); len(offers) != 1 || !offers[0].Forced {
		t.Fatalf("raised offers %+v: want a backgammon, forced", offers)
	}
	f.r.ForceAccept()
	if over := f.since(n, GameOver); len(over) != 1 || over[0].Side != engine.White || over[0].Result.Points != 3 {
		t.Fatalf("game over %+v: want White winning 3", over)
	}
}

// TestResignWinsTheMatchEvenWithBothSidesAbleToWin: in a 1-point match an
// accepted resignation scores the game that the set-up inference leaves
// unscored (both sides could still win): the offer of any result is worth
// the match, so the director could force it.
func TestResignWinsTheMatchEvenWithBothSidesAbleToWin(t *testing.T) {
	f := newResignFixture(t, 1)
	f.r.Resign(engine.White, 2)
	if offers := f.since(0, ResignOffered); len(offers) != 1 || !offers[0].Forced {
		t.Fatalf("offers %+v: want one, forced (a win is worth 1 point at most)", offers)
	}
	f.r.Accept(engine.Black)
	f.r.End()
	if got := f.since(0, MatchOver); len(got) != 1 || got[0].Side != engine.Black || got[0].Score != [2]int{0, 2} {
		t.Fatalf("match over %+v: want Black 2-0", got)
	}
}

// TestResignByButtons: DONE and CUBE held together (Points 0) offers a
// single and, again, raises it; the opponent's CUBE accepts, CUBE held
// rejects.
func TestResignByButtons(t *testing.T) {
	f := newResignFixture(t, 7)
	f.r.Apply(Input{Kind: InputResign, Side: engine.White})
	f.r.Apply(Input{Kind: InputResign, Side: engine.White})
	offers := f.since(0, ResignOffered)
	if len(offers) != 2 || offers[0].Result.Kind != engine.Single || offers[1].Result.Kind != engine.Gammon {
		t.Fatalf("offers %+v: want a single raised to a gammon", offers)
	}
	f.r.Apply(Input{Kind: InputCube, Side: engine.Black, Long: true})
	if got := f.since(0, ResignRejected); len(got) != 1 {
		t.Fatalf("CUBE held did not reject: %+v", f.events)
	}
	f.r.Apply(Input{Kind: InputResign, Side: engine.White})
	f.r.Apply(Input{Kind: InputCube, Side: engine.Black})
	if over := f.since(0, GameOver); len(over) != 1 || over[0].Side != engine.Black || over[0].Result.Points != 1 {
		t.Fatalf("game over %+v: want Black a single", over)
	}
	if got := f.since(0, Doubled); len(got) != 0 {
		t.Errorf("CUBE answered the offer and also doubled: %+v", got)
	}
}
