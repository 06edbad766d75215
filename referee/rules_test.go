package referee

import (
	"testing"

	"gammond/engine"
)

// TestDeadCubeFrozenUS5_6: at 3-3 to 5, once Black doubles to 2 the cube
// is dead; under the US rules (FreezeDeadCube) White's redouble is refused,
// under the Danish rules it is allowed.
func TestDeadCubeFrozenUS5_6(t *testing.T) {
	for _, tc := range []struct {
		rules  string
		freeze bool
	}{{"us", true}, {"danish", false}} {
		t.Run(tc.rules, func(t *testing.T) {
			f := newFixture(t, 5, engine.MatchOpts{FreezeDeadCube: tc.freeze})
			f.r.SetScore([2]int{3, 3})
			opened := f.open()
			f.r.Double(engine.Black)
			f.r.Take(engine.White)
			f.r.Roll(engine.Black, engine.Dice{2, 1})
			black := engine.LegalPlays(opened, engine.Dice{2, 1})[0]
			f.show(black.After, engine.White)
			f.r.Done(engine.Black)
			if !f.r.Status().CubeDead {
				t.Fatal("the cube at 2, 3-3 to 5, is not dead")
			}
			n := len(f.events)
			f.r.Double(engine.White)
			refused, doubled := f.since(n, CubeRefused), f.since(n, Doubled)
			if tc.freeze && (len(refused) != 1 || len(doubled) != 0) {
				t.Fatalf("US: refused %+v, doubled %+v: want the redouble refused", refused, doubled)
			}
			if !tc.freeze && (len(refused) != 0 || len(doubled) != 1) {
				t.Fatalf("Danish: refused %+v, doubled %+v: want the redouble", refused, doubled)
			}
		})
	}
}

// TestIllegalPlaysCountedUS4_8: each flagged play counts against its side
// for the director, corrected or not.
func TestIllegalPlaysCountedUS4_8(t *testing.T) {
	f := newEarlyFixture(t) // White has half its 3-1 down
	pressDone(f.r, engine.White)
	pressDone(f.r, engine.White)
	f.finish()
	if got := f.r.Status().IllegalPlays; got != [2]int{2, 0} {
		t.Fatalf("illegal plays %v, want White 2, Black 0", got)
	}
}

// TestCrawfordAnnouncedDanish4_7: the game that brings a side to one point
// from the match is followed by the announcement that the next game is the
// Crawford game, before it starts; its double is refused and the cube and
// score stay (Danish 4.4.4: a Crawford double counts for nothing).
func TestCrawfordAnnouncedDanish4_7(t *testing.T) {
	f := newResignFixture(t, 3)
	f.r.Resign(engine.Black, 2) // White wins 2: 2-0 to 3
	f.r.Accept(engine.White)
	ann := f.since(0, CrawfordNext)
	if len(ann) != 1 || ann[0].Side != engine.White {
		t.Fatalf("announcements %+v: want White's Crawford game", ann)
	}
	if over := f.since(0, GameOver); len(over) != 1 {
		t.Fatalf("game over %+v", over)
	}
	start := engine.StartingBoard
	f.show(start, engine.White)
	f.r.Roll(engine.Black, engine.Dice{3, 1})
	if !f.r.Status().Crawford {
		t.Fatal("game 2 is not the Crawford game")
	}
	play := engine.LegalPlays(start, engine.Dice{3, 1})[0]
	f.show(play.After, engine.White)
	f.r.Done(engine.Black)
	n := len(f.events)
	f.r.Double(engine.White)
	if got := f.since(n, CubeRefused); len(got) != 1 {
		t.Fatalf("Crawford double: %+v, want it refused", f.events[n:])
	}
	if s := f.r.Status(); s.Cube != 1 || s.Score != [2]int{2, 0} || s.Phase != PhaseRolling {
		t.Errorf("after the refused double: cube %d, score %v, %s", s.Cube, s.Score, s.Phase)
	}
	f.r.Resign(engine.White, 1) // Black wins the Crawford game: 2-1, post-Crawford
	f.r.Accept(engine.Black)
	if s := f.r.Status(); s.Score != [2]int{2, 1} || s.Phase != PhaseSettingUp {
		t.Fatalf("after the Crawford game: %v, %s", s.Score, s.Phase)
	}
	if got := f.since(n, CrawfordNext); len(got) != 0 {
		t.Errorf("announced again after the Crawford game: %+v", got)
	}
}
