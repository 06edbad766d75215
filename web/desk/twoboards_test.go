package desk

import (
	"testing"
	"time"

	"gammond/referee"
)

// TestTwoBoardsOneID: a board's publisher that comes back after another
// under the same ID is a second board, flagged for ten minutes; a new
// publisher (the board restarted) is not.
func TestTwoBoardsOneID(t *testing.T) {
	now := time.Date(2026, 11, 23, 20, 0, 0, 0, time.UTC)
	d := offlineDesk(t, Opts{Now: func() time.Time { return now }})
	from := func(instance string) {
		s := state("t1", 1, referee.PhaseMoving)
		s.Instance = instance
		d.handle("gammond/t1/state", payload(t, s), false)
		now = now.Add(time.Second)
	}
	check := func(step string, want bool) {
		t.Helper()
		if got := d.Boards()[0].TwoBoards; got != want {
			t.Errorf("%s: TwoBoards %v, want %v", step, got, want)
		}
	}
	from("aaaa")
	from("aaaa")
	check("one publisher", false)
	from("bbbb")
	check("the board restarted", false)
	from("aaaa")
	check("the first publisher again", true)
	now = now.Add(twoBoardsWindow + time.Minute)
	check("ten minutes on", false)
	from("cccc")
	from("bbbb") // last heard more than ten minutes ago: forgotten
	check("a publisher long gone", false)
	from("cccc")
	check("the one before again", true)
}
