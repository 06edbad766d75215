package referee

import (
	"testing"

	"gammond/engine"
)

func TestPointsText(t *testing.T) {
	for _, c := range []struct {
		mover  engine.Side
		points []int
		want   string
	}{
		{engine.White, nil, ""},
		{engine.White, []int{8}, "point 8"},
		{engine.Black, []int{16, 17}, "points 9 and 8"},
		{engine.White, []int{6, 13, 8}, "points 13, 8 and 6"},
		{engine.Black, []int{engine.BarPoint, 5}, "the bar and point 20"},
		{engine.White, []int{1, engine.BarPoint, 24}, "the bar and points 24 and 1"},
		{engine.Black, []int{engine.BarPoint}, "the bar"},
	} {
		if got := PointsText(c.mover, c.points); got != c.want {
			t.Errorf("PointsText(%v, %v) = %q, want %q", c.mover, c.points, got, c.want)
		}
	}
}

func TestRollAndPointCount(t *testing.T) {
	for d, want := range map[engine.Dice]string{{3, 6}: "63", {6, 3}: "63", {5, 5}: "55", {1, 2}: "21"} {
		if got := Roll(d); got != want {
			t.Errorf("Roll(%v) = %q, want %q", [2]int(d), got, want)
		}
	}
	for n, want := range map[int]string{1: "1 point", 2: "2 points", 0: "0 points", 64: "64 points"} {
		if got := PointCount(n); got != want {
			t.Errorf("PointCount(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestSummaryTellsThePlayers: an event's line names the players, writes
// the points in the mover's numbering and the high die first, and says
// its own reason with the names too.
func TestSummaryTellsThePlayers(t *testing.T) {
	names := [2]string{"Ann", "Bob"}
	for _, c := range []struct {
		e    Event
		want string
	}{
		{Event{Kind: IllegalPlay, Side: engine.Black, Dice: engine.Dice{3, 6}, Points: []int{16, 17}, Fault: "illegal"},
			"Bob's play of 63 is illegal: points 9 and 8"},
		{Event{Kind: IllegalPlay, Side: engine.White, Dice: engine.Dice{2, 1}, Points: []int{24}, Fault: "partial"},
			"Ann's play of 21 is illegal (not finished): point 24"},
		{Event{Kind: Rolled, Side: engine.White, Dice: engine.Dice{3, 6}}, "Ann rolls 63"},
		{Event{Kind: GameOver, Side: engine.Black, Result: engine.Result{Points: 1, Kind: engine.Single}, Score: [2]int{0, 1}}, "Bob wins 1 point (single); score Ann 0, Bob 1"},
		{Event{Kind: MatchOver, Side: engine.Black, Score: [2]int{3, 5}}, "Bob wins the match 5-3"},
		{Event{Kind: EarlyRoll, Side: engine.Black, Reason: "US 4.6: Black rolled 52 before White pressed DONE"},
			"US 4.6: Bob rolled 52 before Ann pressed DONE"},
		{Event{Kind: SetupWrong, Points: []int{13, 8}}, "set-up: points 13 and 8 wrong"},
	} {
		c.e.Names = names
		if got := c.e.Summary().Text; got != c.want {
			t.Errorf("%v: %q, want %q", c.e.Kind, got, c.want)
		}
	}
	unnamed := Event{Kind: Rolled, Side: engine.Black, Dice: engine.Dice{1, 4}}
	if got, want := unnamed.Summary().Text, "Black rolls 41"; got != want {
		t.Errorf("without names: %q, want %q", got, want)
	}
}

func TestSituation(t *testing.T) {
	names := [2]string{"Ann", "Bob"}
	for _, c := range []struct {
		s    Status
		want string
	}{
		{Status{Phase: PhaseFlagged, OnRoll: engine.Black, Dice: engine.Dice{3, 6}, Flagged: []int{16, 17}},
			"Bob's play of 63 is illegal (points 9 and 8): put it right, or Ann rolls to let it stand"},
		{Status{Phase: PhaseMoving, OnRoll: engine.White, Dice: engine.Dice{2, 5}}, "Ann to play 52"},
		{Status{Phase: PhaseDoubled, OnRoll: engine.White}, "Bob to take or pass the cube"},
		{Status{Phase: PhaseSettingUp, Game: 2}, "Set up; the opening roll starts game 3"},
		{Status{Phase: PhaseSettingUp, SetupWrong: []int{24}}, "Set up the board: point 24 wrong"},
		{Status{Phase: PhaseMatchOver, Score: [2]int{3, 5}}, "Bob wins the match 5-3"},
	} {
		if got := Situation(&c.s, names); got != c.want {
			t.Errorf("%s: %q, want %q", c.s.Phase, got, c.want)
		}
	}
}
