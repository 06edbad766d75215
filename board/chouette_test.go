package board_test

import (
	"bytes"
	"errors"
	"slices"
	"testing"

	"gammond/board"
	"gammond/engine"
	"gammond/referee"
	"gammond/sensing"
	"gammond/sensing/sim"
	"gammond/web"
)

// chouetteBoard opens a money session's board with the rules in dir (a new
// one when dir is ""), runs it on a simulated board and returns the page's
// game and the state directory; stop stops it and closes the board.
func chouetteBoard(t *testing.T, dir string, rules board.MoneyRules) (g *pageGame, stateDir string, stop func()) {
	t.Helper()
	simulated := sim.NewBoard(3)
	src := sensing.NewLive(simulated.Calibration().Board.Sensors())
	o := options(t, simulated, src, engine.ClockNone)
	if dir != "" {
		o.StateDir = dir
	}
	o.Match.Length, o.Match.MoneyRules = 0, rules
	g, stopBoard := playOnPage(t, o)
	return g, o.StateDir, func() {
		if err := stopBoard(); err != nil {
			t.Error(err)
		}
	}
}

// standings returns the chouette's members by rank and their scores.
func standings(t *testing.T, b *board.Board) ([]string, map[string]float64, *web.Chouette) {
	t.Helper()
	s := b.Status().Session
	if s == nil || s.Chouette == nil {
		t.Fatalf("no chouette in the status: %+v", s)
	}
	var order []string
	scores := map[string]float64{}
	for _, m := range s.Chouette.Members {
		order = append(order, m.Name)
		scores[m.Name] = m.Score
	}
	return order, scores, s.Chouette
}

// TestChouetteOnTheBoard plays a game of a chouette of four on the
// simulated board: the ranks by the board's dice (laws 2, 3), the box
// (White) doubles, the first partner passes on the page, the second takes
// on the page, the captain takes with CUBE on the board (law 8); the team
// resigns a single at the cube of 2. The box wins 1 from the partner who
// passed and 2 from each of the others (law 6); the defeated captain goes
// last and the first partner captains the next game (law 7). A restart
// replays the books from the journal.
func TestChouetteOnTheBoard(t *testing.T) {
	g, dir, stop := chouetteBoard(t, "", board.MoneyRules{})
	g.frames(30)
	members := []string{"Ann", "Bob", "Cy", "Dan"}
	if err := g.b.Act(web.ChouetteStart{Members: members[:2]}); !errors.Is(err, web.ErrInvalid) {
		t.Fatalf("a chouette of two: %v, want web.ErrInvalid (law 1)", err)
	}
	g.act(web.ChouetteStart{Members: members})
	order, _, c := standings(t, g.b)
	if !slices.Equal(slices.Sorted(slices.Values(order)), members) {
		t.Fatalf("ranks %v, want the four members", order)
	}
	for i := 1; i < len(c.Members); i++ {
		above, below := c.Members[i-1].Throws, c.Members[i].Throws
		if !ranksAbove(above, below) {
			t.Errorf("%s (throws %v) ranks above %s (throws %v)", c.Members[i-1].Name, above, c.Members[i].Name, below)
		}
	}
	box, captain, first, second := order[0], order[1], order[2], order[3]
	if p := g.b.Status().Players; p != [2]string{box, captain} {
		t.Errorf("players %v, want the box %s (White) and the captain %s", p, box, captain)
	}

	g.act(web.SimButton{Side: engine.White, Button: web.ButtonRoll})
	g.await(referee.Rolled.String())
	if g.b.Status().OnRoll == engine.Black {
		g.play()
	} else {
		g.play()
		g.act(web.SimButton{Side: engine.Black, Button: web.ButtonRoll})
		g.await(referee.Rolled.String())
		g.play()
	}
	g.act(web.SimButton{Side: engine.White, Button: web.ButtonCube})
	g.await(referee.Doubled.String())
	if _, _, c := standings(t, g.b); !slices.Equal(c.Pending, []string{captain, first, second}) {
		t.Fatalf("pending %v, want every team member by rank (law 8)", c.Pending)
	}
	g.act(web.ChouetteAnswer{Member: first, Take: false})
	if err := g.b.Act(web.ChouetteAnswer{Member: box, Take: true}); !errors.Is(err, web.ErrConflict) {
		t.Errorf("the box answers his own double: %v, want web.ErrConflict", err)
	}
	g.act(web.ChouetteAnswer{Member: second, Take: true})
	if s := g.b.Status(); s.Phase != referee.PhaseDoubled {
		t.Fatalf("phase %s before the captain's answer, want doubled", s.Phase)
	}
	g.act(web.SimButton{Side: engine.Black, Button: web.ButtonCube})
	g.await(referee.Taken.String())
	_, _, c = standings(t, g.b)
	if c.Cube != 2 || len(c.Pending) != 0 {
		t.Fatalf("cube %d, pending %v after the answers, want 2 and none", c.Cube, c.Pending)
	}
	g.act(web.Resign{Side: engine.Black, Points: 1})
	g.act(web.AnswerResignation{Side: engine.White, Accept: true})
	g.await(referee.GameOver.String())

	want := map[string]float64{box: 5, captain: -2, first: -1, second: -2}
	wantOrder := []string{box, first, second, captain}
	check := func(when string, b *board.Board) {
		t.Helper()
		order, scores, _ := standings(t, b)
		if !slices.Equal(order, wantOrder) {
			t.Errorf("%s: ranks %v, want %v", when, order, wantOrder)
		}
		for m, w := range want {
			if scores[m] != w {
				t.Errorf("%s: %s scores %v, want %v", when, m, scores[m], w)
			}
		}
	}
	check("after the game", g.b)
	stop()
	again, _, stopAgain := chouetteBoard(t, dir, board.MoneyRules{})
	defer stopAgain()
	check("after a restart", again.b)
}

// ranksAbove reports whether throws a rank above throws b: the first
// throw that differs is higher.
func ranksAbove(a, b []int) bool {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return a[i] > b[i]
		}
	}
	return false
}

// TestChouetteCaptainPassesWithABoxPartner plays a game of a chouette of
// six with chouette = true: no game starts before the members are entered;
// the box takes the last-ranking member as partner (law 12); at the box's
// double the captain passes with the board's PASS button, two partners
// take and one passes (laws 8, 9); the highest-ranking taker captains the
// rest of the game (law 10); a newcomer joins during the game (law 4).
// The team resigns a single at 2: the box's partner shares the box's
// winnings, half each; the captain who passed and then the defeated
// acting captain go last, the newcomer after them.
func TestChouetteCaptainPassesWithABoxPartner(t *testing.T) {
	g, _, stop := chouetteBoard(t, "", board.MoneyRules{Chouette: true})
	defer stop()
	g.frames(30)
	g.act(web.SimButton{Side: engine.White, Button: web.ButtonRoll})
	g.frames(5)
	if s := g.b.Status(); s.Phase != referee.PhaseSettingUp || s.Game != 0 {
		t.Fatalf("ROLL before the members: %s, game %d; want no game", s.Phase, s.Game)
	}
	g.act(web.ChouetteStart{Members: []string{"Ann", "Bob", "Cy", "Dan", "Eve", "Fay"}})
	o, _, _ := standings(t, g.b)
	box, captain, taker, second, passer, partner := o[0], o[1], o[2], o[3], o[4], o[5]

	g.act(web.SimButton{Side: engine.White, Button: web.ButtonRoll})
	g.await(referee.Rolled.String())
	g.act(web.ChouettePartner{Member: partner})
	if g.b.Status().OnRoll == engine.White {
		g.play()
		g.act(web.SimButton{Side: engine.Black, Button: web.ButtonRoll})
		g.await(referee.Rolled.String())
	}
	g.play()
	g.act(web.ChouetteJoin{Name: "Gus"})
	g.act(web.SimButton{Side: engine.White, Button: web.ButtonCube})
	g.await(referee.Doubled.String())
	if _, _, c := standings(t, g.b); !slices.Equal(c.Pending, []string{captain, taker, second, passer}) {
		t.Fatalf("pending %v, want the team without the box's partner", c.Pending)
	}
	g.act(web.SimButton{Side: engine.Black, Button: web.ButtonPass})
	g.act(web.ChouetteAnswer{Member: taker, Take: true})
	g.act(web.ChouetteAnswer{Member: passer, Take: false})
	g.act(web.ChouetteAnswer{Member: second, Take: true})
	g.await(referee.Taken.String())
	if p := g.b.Status().Players; p != [2]string{box, taker} {
		t.Errorf("players %v, want the box %s against the acting captain %s (law 10)", p, box, taker)
	}
	g.act(web.Resign{Side: engine.Black, Points: 1})
	g.act(web.AnswerResignation{Side: engine.White, Accept: true})
	g.await(referee.GameOver.String())

	order, scores, _ := standings(t, g.b)
	if want := []string{box, second, passer, partner, captain, taker, "Gus"}; !slices.Equal(order, want) {
		t.Errorf("ranks %v, want %v", order, want)
	}
	for m, w := range map[string]float64{box: 3, partner: 3, captain: -1, passer: -1, taker: -2, second: -2, "Gus": 0} {
		if scores[m] != w {
			t.Errorf("%s scores %v, want %v", m, scores[m], w)
		}
	}
}

// TestChouetteOwnTraceReplaysTheTeamsAnswer plays a chouette's game on
// the simulated board keeping the board's own trace: at the box's double
// the captain passes with the board's PASS button and a partner takes on
// the page, so the team takes (laws 8 to 10), and the game is played out
// at the cube of 2. The trace, which knows nothing of the books, carries
// the team's take: `gammon replay` of it gives the record the board wrote.
func TestChouetteOwnTraceReplaysTheTeamsAnswer(t *testing.T) {
	t.Parallel()
	simulated := sim.NewBoard(5)
	src := sensing.NewLive(simulated.Calibration().Board.Sensors())
	o := options(t, simulated, src, engine.ClockNone)
	o.TraceLimit = 64 << 20
	o.Match.Length = 0
	g, stop := playOnPage(t, o)
	g.frames(30)
	g.act(web.ChouetteStart{Members: []string{"Ann", "Bob", "Cy"}})
	order, _, _ := standings(t, g.b)
	partner := order[2]
	g.act(web.SimButton{Side: engine.White, Button: web.ButtonRoll})
	g.await(referee.Rolled.String())
	g.play()
	if g.b.Status().OnRoll == engine.Black {
		g.act(web.SimButton{Side: engine.Black, Button: web.ButtonRoll})
		g.await(referee.Rolled.String())
		g.play()
	}
	g.act(web.SimButton{Side: engine.White, Button: web.ButtonCube})
	g.await(referee.Doubled.String())
	g.act(web.SimButton{Side: engine.Black, Button: web.ButtonPass})
	g.act(web.ChouetteAnswer{Member: partner, Take: true})
	g.await(referee.Taken.String())
	for games := g.b.Status().Game; g.b.Status().Game == games && g.b.Status().Phase != referee.PhaseSettingUp; {
		g.act(web.SimButton{Side: g.b.Status().OnRoll, Button: web.ButtonRoll})
		g.await(referee.Rolled.String())
		g.play()
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}

	trace, wrote := ownTrace(t, o.StateDir)
	if !bytes.Contains(wrote, []byte("Takes")) || !bytes.Contains(wrote, []byte("Wins")) {
		t.Fatalf("the board's record has no take or no game won:\n%s", wrote)
	}
	checkReplaysTo(t, trace, wrote)
}
