package board_test

import (
	"strings"
	"testing"

	"gammond/board"
	"gammond/check"
	"gammond/engine"
	"gammond/referee"
	"gammond/sensing"
	"gammond/sensing/sim"
	"gammond/web"
)

// TestMoneyConfigCheck: the money keys are checked with the match's
// length, each problem with its key.
func TestMoneyConfigCheck(t *testing.T) {
	for _, tc := range []struct {
		name  string
		set   func(*board.MatchConfig)
		wants []string
	}{
		{"money play with every option", func(m *board.MatchConfig) {
			m.Length, m.Jacoby, m.Beavers, m.Raccoons, m.AutomaticDoubles, m.CubeLimit = 0, true, true, true, 3, 64
		}, nil},
		{"a match with a cube limit", func(m *board.MatchConfig) { m.CubeLimit = 16 }, nil},
		{"jacoby and beavers in a match", func(m *board.MatchConfig) { m.Jacoby, m.Beavers = true, true },
			[]string{"match.jacoby: true: money play only, and match.length is 5", "match.beavers: true: money play only"}},
		{"raccoons without beavers", func(m *board.MatchConfig) { m.Length, m.Raccoons = 0, true },
			[]string{"match.raccoons: true: raccoons need match.beavers = true"}},
		{"automatic doubles past the cap", func(m *board.MatchConfig) { m.Length, m.AutomaticDoubles = 0, 13 },
			[]string{"match.automatic_doubles: 13: want 0 to 12"}},
		{"a chouette in a match", func(m *board.MatchConfig) { m.Chouette = true },
			[]string{"match.chouette: true: money play only, and match.length is 5"}},
		{"a cube limit not a power of two", func(m *board.MatchConfig) { m.CubeLimit = 48 },
			[]string{"match.cube_limit: 48: want 0 (no limit) or a power of two up to 4096"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := board.DefaultMatchConfig()
			tc.set(&m)
			p := check.New()
			m.Check(p.Section("match"))
			err := p.Err()
			if len(tc.wants) == 0 && err != nil {
				t.Fatalf("problems %v, want none", err)
			}
			for _, w := range tc.wants {
				if err == nil || !strings.Contains(err.Error(), w) {
					t.Errorf("problems %v, want %q", err, w)
				}
			}
		})
	}
}

// TestMoneySessionOnTheBoard plays a money game with beavers on the
// simulated board: the opener plays, the other side doubles (CUBE), the
// opener takes (CUBE) and beavers (CUBE again), the doubler raccoons from
// the page and resigns a single, which costs 8. The ledger on the page
// says so, and says it again after a restart, from the journal.
func TestMoneySessionOnTheBoard(t *testing.T) {
	simulated := sim.NewBoard(5)
	src := sensing.NewLive(simulated.Calibration().Board.Sensors())
	o := options(t, simulated, src, engine.ClockNone)
	o.Match.Length = 0
	o.Match.MoneyRules = board.MoneyRules{Jacoby: true, Beavers: true, Raccoons: true}
	g, stop := playOnPage(t, o)
	b := g.b
	g.frames(30)
	g.act(web.SimButton{Side: engine.White, Button: web.ButtonRoll})
	g.await(referee.Rolled.String())
	opener := b.Status().OnRoll
	g.play()
	doubler := opener.Other()
	g.act(web.SimButton{Side: doubler, Button: web.ButtonCube})
	g.await(referee.Doubled.String())
	g.act(web.SimButton{Side: opener, Button: web.ButtonCube})
	g.await(referee.Taken.String())
	g.act(web.SimButton{Side: opener, Button: web.ButtonCube})
	g.await(referee.Beavered.String())
	g.act(web.Raccoon{Side: doubler})
	g.await(referee.Raccooned.String())
	if s := b.Status(); s.Cube != 8 || s.CubeOwner == nil || *s.CubeOwner != doubler {
		t.Fatalf("cube %d owned by %v, want 8, %v's", s.Cube, s.CubeOwner, doubler)
	}
	g.act(web.Resign{Side: doubler, Points: 1})
	g.act(web.AnswerResignation{Side: opener, Accept: true})
	g.await(referee.GameOver.String())
	want := web.LedgerGame{Game: 1, Winner: opener, Points: 8, Kind: "single", Cube: 8}
	want.Score[opener] = 8
	ledgerIs(t, b.Status().Session, want)
	name, rec := b.MatchFile(web.RecordMat)
	if !strings.Contains(string(rec), "Beavers => 4") || !strings.Contains(string(rec), "Beavers => 8") || !strings.Contains(string(rec), "Wins 8 points") {
		t.Errorf("the record %s lacks the beaver, the raccoon or the 8 points:\n%s", name, rec)
	}

	if err := stop(); err != nil {
		t.Fatal(err)
	}
	again, err := board.Open(o)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	ledgerIs(t, again.Status().Session, want)
}

// ledgerIs fails unless the session's ledger is the one game want.
func ledgerIs(t *testing.T, s *web.Session, want web.LedgerGame) {
	t.Helper()
	if s == nil || len(s.Ledger) != 1 || s.Ledger[0] != want {
		t.Fatalf("session %+v, want the ledger [%+v]", s, want)
	}
}

// play plays the side on roll's first legal play and presses DONE.
func (g *pageGame) play() {
	g.t.Helper()
	st := g.b.Status()
	before, err := engine.ParsePositionID(st.Position)
	if err != nil {
		g.t.Fatal(err)
	}
	if plays := engine.LegalPlays(before, st.Dice); len(plays) > 0 {
		for _, m := range plays[0].Steps() {
			g.act(web.SimMove{Side: st.OnRoll, From: boardPoint(st.OnRoll, int(m.From)), To: boardPoint(st.OnRoll, int(m.To))})
		}
	}
	g.frames(5)
	g.act(web.SimButton{Side: st.OnRoll, Button: web.ButtonDone})
	g.await(referee.PlayMade.String())
}
