package referee

import (
	"testing"

	"gammond/engine"
)

// crawfordFixture is game 1 of a 5-point match under rules, Black on roll
// after White's opening, Black's double to 2 on offer, then the score
// corrected by the director to score: the game the board thought an
// ordinary one is the Crawford game.
func crawfordFixture(t *testing.T, rules engine.RuleSet, score [2]int) *resignFixture {
	t.Helper()
	f := newResignFixture(t, 5)
	f.r.SetRules(rules)
	f.r.Double(engine.Black)
	if got := f.since(0, Doubled); len(got) != 1 {
		t.Fatalf("Black's double: %+v", f.since(0, CubeRefused))
	}
	f.r.SetScore(score)
	return f
}

// TestCrawfordDoubleAnnulledInGameDanish4_4_4: Danish 4.4.4 case 1: the
// double of a game in progress that the corrected score makes the Crawford
// game is annulled; the doubler goes on with its turn, the cube at 1, and
// doubling is refused for the rest of the game.
func TestCrawfordDoubleAnnulledInGameDanish4_4_4(t *testing.T) {
	f := crawfordFixture(t, engine.RulesDanish, [2]int{4, 0})
	n := len(f.events)
	f.r.AnnulCrawfordDouble()
	got := f.since(n, CrawfordAnnulled)
	if len(got) != 1 || got[0].Score != [2]int{4, 0} || got[0].Reason == "" {
		t.Fatalf("annulments %+v: want one at 4-0 with its reason", f.events[n:])
	}
	if s := f.r.Status(); s.Phase != PhaseRolling || s.OnRoll != engine.Black || s.Cube != 1 || !s.Crawford {
		t.Fatalf("status %s, %v on roll, cube %d, Crawford %v: want Black to roll at cube 1 in the Crawford game", s.Phase, s.OnRoll, s.Cube, s.Crawford)
	}
	n = len(f.events)
	f.r.Double(engine.Black)
	if got := f.since(n, CubeRefused); len(got) != 1 {
		t.Fatalf("a double after the annulment: %+v, want it refused", f.events[n:])
	}
}

// TestCrawfordDoubleAnnulledAfterTheMatchDanish4_4_4: Danish 4.4.4 cases 2
// and 3: the doubled game, the Crawford game at the corrected 3-4, ends
// the match 5-4; annulled after it, White's 2 points become 1, the score
// 4-4, and the match is resumed, its next game post-Crawford.
func TestCrawfordDoubleAnnulledAfterTheMatchDanish4_4_4(t *testing.T) {
	f := crawfordFixture(t, engine.RulesDanish, [2]int{3, 4})
	f.r.Take(engine.White)
	f.r.Resign(engine.Black, 1)
	f.r.Accept(engine.White)
	if s := f.r.Status(); s.Phase != PhaseMatchOver || s.Score != [2]int{5, 4} {
		t.Fatalf("status %s at %v: want the match over 5-4", s.Phase, s.Score)
	}
	n := len(f.events)
	f.r.AnnulCrawfordDouble()
	got := f.since(n, CrawfordAnnulled)
	if len(got) != 1 || got[0].Result.Points != 1 || got[0].Result.Winner != engine.White || got[0].Score != [2]int{4, 4} {
		t.Fatalf("annulments %+v: want White's 1 point, 4-4", f.events[n:])
	}
	if s := f.r.Status(); s.Phase != PhaseSettingUp || s.Score != [2]int{4, 4} {
		t.Fatalf("status %s at %v: want the match resumed at 4-4", s.Phase, s.Score)
	}
	n = len(f.events)
	f.r.AnnulCrawfordDouble()
	if got := f.since(n, Irregularity, CrawfordAnnulled); len(got) != 1 || got[0].Kind != Irregularity {
		t.Fatalf("a second annulment: %+v, want it refused", f.events[n:])
	}
	start := engine.StartingBoard
	f.show(start, engine.White)
	f.r.Roll(engine.White, engine.Dice{3, 1})
	if s := f.r.Status(); s.Crawford {
		t.Error("the game after the annulled Crawford game is the Crawford game again")
	}
}

// TestCrawfordAnnulmentRefused: under the US rules, with the score making
// no Crawford game, or with no game to annul, the annulment is refused with
// its reason, journalled as an irregularity only, and changes nothing.
func TestCrawfordAnnulmentRefused(t *testing.T) {
	for _, tc := range []struct {
		name  string
		rules engine.RuleSet
		score [2]int
	}{
		{"US rules", engine.RulesUS, [2]int{4, 0}},
		{"no Crawford game at 3-0", engine.RulesDanish, [2]int{3, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := crawfordFixture(t, tc.rules, tc.score)
			before := f.r.Status()
			n := len(f.events)
			f.r.AnnulCrawfordDouble()
			if got := f.since(n, Irregularity, CrawfordAnnulled); len(got) != 1 || got[0].Kind != Irregularity || got[0].Reason == "" {
				t.Fatalf("events %+v: want one refusal with its reason", f.events[n:])
			}
			if after := f.r.Status(); after.Phase != before.Phase || after.Cube != before.Cube || after.Score != before.Score || after.Crawford {
				t.Errorf("a refused annulment changed the match: %+v", after)
			}
		})
	}
	f := newResignFixture(t, 5)
	f.r.SetRules(engine.RulesDanish)
	f.r.Resign(engine.Black, 1)
	f.r.Accept(engine.White)
	n := len(f.events)
	f.r.AnnulCrawfordDouble()
	if got := f.since(n, Irregularity); len(got) != 1 {
		t.Fatalf("annulling a game never doubled: %+v, want it refused", f.events[n:])
	}
}
