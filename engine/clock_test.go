package engine

import (
	"errors"
	"testing"
	"time"
)

var clockT0 = time.Date(2025, 6, 1, 14, 0, 0, 0, time.UTC)

// clockAt returns the time d after clockT0.
func clockAt(d time.Duration) time.Time { return clockT0.Add(d) }

const (
	second = time.Second
	minute = time.Minute
)

func newClock(t *testing.T, rules ClockRules, length int, score [2]int) *Clock {
	t.Helper()
	c, err := NewClock(rules, length, score)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestClockReserve(t *testing.T) {
	us := func(length, a, b int) time.Duration { // US 8.1(a) as written
		return time.Duration(2*length)*minute - time.Duration(a+b)*minute
	}
	usDoubles := func(length, a, b int) time.Duration { // US 8.1(b) as written
		return time.Duration(length)*(2*minute+30*second) - time.Duration(a+b)*(minute+15*second)
	}
	for _, tc := range []struct {
		name   string
		rules  ClockRules
		length int
		score  [2]int
		want   time.Duration
	}{
		{"US 8.1(a) 5 points at 0-0", USClock(), 5, [2]int{0, 0}, 10 * minute},
		{"US 8.1(a) 7 points at 3-2", USClock(), 7, [2]int{3, 2}, us(7, 3, 2)},
		{"US 8.1(a) 11 points at 10-9", USClock(), 11, [2]int{10, 9}, us(11, 10, 9)},
		{"US 8.1(b) doubles 7 points at 0-0", USDoublesClock(18 * second), 7, [2]int{0, 0}, 17*minute + 30*second},
		{"US 8.1(b) doubles 7 points at 3-2", USDoublesClock(18 * second), 7, [2]int{3, 2}, usDoubles(7, 3, 2)},
		{"US 8.1(b) doubles 9 points at 8-1", USDoublesClock(15 * second), 9, [2]int{8, 1}, usDoubles(9, 8, 1)},
		{"Danish 3.5.5 9 points: 2 minutes a point", DanishClock(), 9, [2]int{0, 0}, 18 * minute},
		{"Danish 3.5.6 RA+RB at 4-6 of 9", DanishClock(), 9, [2]int{4, 6}, (5 + 3) * minute},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.rules.Reserve(tc.length, tc.score)
			if err != nil || got != tc.want {
				t.Fatalf("Reserve(%d, %v) = %v, %v, want %v", tc.length, tc.score, got, err, tc.want)
			}
			c := newClock(t, tc.rules, tc.length, tc.score)
			if c.Remaining(White, clockT0) != tc.want || c.Remaining(Black, clockT0) != tc.want {
				t.Fatalf("NewClock reserves %v, %v, want %v each", c.Remaining(White, clockT0), c.Remaining(Black, clockT0), tc.want)
			}
		})
	}
	for _, tc := range []struct {
		name   string
		length int
		score  [2]int
	}{
		{"money play", 0, [2]int{0, 0}},
		{"match won", 5, [2]int{5, 2}},
		{"negative score", 5, [2]int{-1, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := NewClock(USClock(), tc.length, tc.score); !errors.Is(err, ErrClockScore) {
				t.Fatalf("NewClock(%d, %v) error = %v, want ErrClockScore", tc.length, tc.score, err)
			}
		})
	}
}

func TestClockRulesNamed(t *testing.T) {
	for _, tc := range []struct {
		name  ClockName
		want  ClockRules
		error error
	}{
		{"us", USClock(), nil},
		{"us-doubles", USDoublesClock(18 * second), nil},
		{"us-doubles-2009", USDoublesClock(15 * second), nil},
		{"danish", DanishClock(), nil},
		{"fischer", ClockRules{}, ErrClockRules},
		{ClockNone, ClockRules{}, ErrClockRules},
	} {
		t.Run(string(tc.name), func(t *testing.T) {
			got, err := ClockRulesNamed(tc.name)
			if got != tc.want || !errors.Is(err, tc.error) {
				t.Fatalf("ClockRulesNamed(%q) = %v, %v, want %v, %v", tc.name, got, err, tc.want, tc.error)
			}
		})
	}
	if _, err := NewClock(ClockRules{Delay: 12 * second, PerPoint: minute}, 5, [2]int{}); !errors.Is(err, ErrClockRules) {
		t.Fatalf("NewClock with no DelayMode: error %v, want ErrClockRules", err)
	}
}

// clockTurn is one turn on the clock: the side on it presses after took.
type clockTurn struct {
	side Side
	took time.Duration
}

// playTurns starts the clock for the first turn's side at clockT0 and presses
// through the turns, returning when the last press happened.
func playTurns(t *testing.T, c *Clock, turns []clockTurn) time.Duration {
	t.Helper()
	noErr(t, c.Start(turns[0].side, clockT0))
	var now time.Duration
	for _, tn := range turns {
		now += tn.took
		noErr(t, c.Press(tn.side, clockAt(now)))
	}
	return now
}

// TestClockTurns: what turns cost the reserve. The delay spares each turn's
// first 12 seconds and is not carried over (US 8.1, Danish 3.5.5); a
// Bronstein press gives back the time used up to the delay, no more.
func TestClockTurns(t *testing.T) {
	const reserve = 10 * minute // 5-point match
	for _, tc := range []struct {
		name  string
		rules ClockRules
		turns []clockTurn
		want  [2]time.Duration // reserves used
	}{
		{"US 8.1(a) a turn within the delay costs nothing", USClock(),
			[]clockTurn{{White, 10 * second}, {Black, 12 * second}}, [2]time.Duration{0, 0}},
		{"US 8.1(a) beyond the delay", USClock(),
			[]clockTurn{{White, 30 * second}, {Black, 13 * second}}, [2]time.Duration{18 * second, 1 * second}},
		{"US 8.1(a) the delay does not accumulate", USClock(),
			[]clockTurn{{White, 2 * second}, {Black, 2 * second}, {White, 2 * second}, {Black, 2 * second}, {White, 20 * second}},
			[2]time.Duration{8 * second, 0}},
		{"US 9.5 double, take: each press a turn", USClock(),
			[]clockTurn{{White, 15 * second}, {Black, 40 * second}, {White, 20 * second}}, [2]time.Duration{3*second + 8*second, 28 * second}},
		{"Danish 3.5.5 Bronstein gives back what was used", DanishClock(),
			[]clockTurn{{White, 5 * second}, {Black, 12 * second}}, [2]time.Duration{0, 0}},
		{"Danish 3.5.5 Bronstein gives back 12 seconds at most", DanishClock(),
			[]clockTurn{{White, 20 * second}, {Black, 1 * minute}}, [2]time.Duration{8 * second, 48 * second}},
		{"Danish 3.5.5 Bronstein does not accumulate", DanishClock(),
			[]clockTurn{{White, 1 * second}, {Black, 1 * second}, {White, 1 * second}, {Black, 1 * second}, {White, 30 * second}},
			[2]time.Duration{18 * second, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newClock(t, tc.rules, 5, [2]int{})
			end := playTurns(t, c, tc.turns)
			noErr(t, c.Stop(clockAt(end)))
			for _, s := range [2]Side{White, Black} {
				if got := reserve - c.Remaining(s, clockAt(end+time.Hour)); got != tc.want[s] {
					t.Errorf("%v used %v of its reserve, want %v", s, got, tc.want[s])
				}
			}
		})
	}
}

// TestClockDuringTurn: what the clock shows while a turn runs.
func TestClockDuringTurn(t *testing.T) {
	for _, tc := range []struct {
		name            string
		rules           ClockRules
		after           time.Duration
		remaining, left time.Duration
	}{
		{"simple delay: the delay runs first", USClock(), 5 * second, 10 * minute, 7 * second},
		{"simple delay: then the reserve", USClock(), 20 * second, 10*minute - 8*second, 0},
		{"Bronstein: the reserve runs at once", DanishClock(), 5 * second, 10*minute - 5*second, 7 * second},
		{"Bronstein: past the delay", DanishClock(), 20 * second, 10*minute - 20*second, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newClock(t, tc.rules, 5, [2]int{})
			noErr(t, c.Start(White, clockT0))
			if got := c.Remaining(White, clockAt(tc.after)); got != tc.remaining {
				t.Errorf("Remaining = %v, want %v", got, tc.remaining)
			}
			if got := c.DelayLeft(clockAt(tc.after)); got != tc.left {
				t.Errorf("DelayLeft = %v, want %v", got, tc.left)
			}
			if got := c.Remaining(Black, clockAt(tc.after)); got != 10*minute {
				t.Errorf("the waiting side's Remaining = %v, want 10m", got)
			}
		})
	}
}

// TestFlagFall: US 11.3, Danish 4.3.3: time runs out when the reserve does;
// under simple delay after the turn's delay, under Bronstein even within it.
func TestFlagFall(t *testing.T) {
	for _, tc := range []struct {
		name     string
		rules    ClockRules
		reserve  time.Duration
		deadline time.Duration
	}{
		{"US simple delay", USClock(), 5 * second, 17 * second},
		{"Danish Bronstein", DanishClock(), 5 * second, 5 * second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newClock(t, tc.rules, 5, [2]int{})
			c.Adjust(Black, tc.reserve-10*minute)
			noErr(t, c.Start(White, clockT0))
			noErr(t, c.Press(White, clockAt(time.Minute)))
			start := time.Minute
			if d, ok := c.Deadline(); !ok || !d.Equal(clockAt(start+tc.deadline)) {
				t.Fatalf("Deadline() = %v, %v, want %v", d, ok, clockAt(start+tc.deadline))
			}
			if s, out := c.TimedOut(clockAt(start + tc.deadline - time.Millisecond)); out {
				t.Fatalf("TimedOut a millisecond early: %v", s)
			}
			if s, out := c.TimedOut(clockAt(start + tc.deadline)); !out || s != Black {
				t.Fatalf("TimedOut at the deadline = %v, %v, want Black, true", s, out)
			}
			if err := c.Press(Black, clockAt(start+tc.deadline+second)); !errors.Is(err, ErrTimeOut) {
				t.Fatalf("Press after the flag: %v, want ErrTimeOut", err)
			}
			if err := c.Stop(clockAt(start + tc.deadline + second)); !errors.Is(err, ErrTimeOut) {
				t.Fatalf("Stop after the flag: %v, want ErrTimeOut", err)
			}
			noErr(t, c.Pause(clockAt(start+tc.deadline+2*second)))
			if s, out := c.TimedOut(clockAt(start + time.Hour)); !out || s != Black {
				t.Fatalf("TimedOut after pausing = %v, %v, want Black, true", s, out)
			}
		})
	}
}

// TestClockPause: US 11.2, Danish 4.3.2: time stands still while paused;
// pressing a paused clock hands over (US 10.2: the opponent moves with the
// clock stopped).
func TestClockPause(t *testing.T) {
	c := newClock(t, USClock(), 5, [2]int{})
	noErr(t, c.Start(White, clockT0))
	noErr(t, c.Pause(clockAt(20*second)))
	if _, ok := c.Deadline(); ok {
		t.Fatal("Deadline() with the clock paused: ok, want none")
	}
	if got := c.Remaining(White, clockAt(time.Hour)); got != 10*minute-8*second {
		t.Fatalf("Remaining while paused = %v, want 9m52s", got)
	}
	noErr(t, c.Resume(clockAt(5*minute)))
	noErr(t, c.Press(White, clockAt(5*minute+10*second)))
	if got := c.Remaining(White, clockAt(time.Hour)); got != 10*minute-18*second {
		t.Fatalf("Remaining after 30s of play around a pause = %v, want 9m42s", got)
	}
	noErr(t, c.Pause(clockAt(5*minute+15*second)))
	noErr(t, c.Press(Black, clockAt(8*minute)))
	if got := c.Remaining(Black, clockAt(time.Hour)); got != 10*minute {
		t.Fatalf("Black moved with the clock stopped: Remaining = %v, want 10m", got)
	}
	if s, ok := c.Running(); !ok || s != White || c.Paused() {
		t.Fatalf("after the press: Running() = %v, %v, Paused() = %v, want White running", s, ok, c.Paused())
	}
}

// TestClockAcrossGames: the reserve is for the match (US 7.1): stopped
// between games, it starts where it was.
func TestClockAcrossGames(t *testing.T) {
	c := newClock(t, USClock(), 5, [2]int{})
	noErr(t, c.Start(White, clockT0))
	noErr(t, c.Press(White, clockAt(1*minute)))
	noErr(t, c.Stop(clockAt(3*minute)))
	if _, ok := c.Running(); ok {
		t.Fatal("Running() after Stop: ok")
	}
	noErr(t, c.Start(Black, clockAt(10*minute)))
	if got := c.Remaining(Black, clockAt(10*minute)); got != 10*minute-108*second {
		t.Fatalf("Black's reserve in game 2 = %v, want 8m12s", got)
	}
	if got := c.Remaining(White, clockAt(10*minute)); got != 10*minute-48*second {
		t.Fatalf("White's reserve in game 2 = %v, want 9m12s", got)
	}
}

// TestPrematurePickup: US 10.1 forfeits the offender's next delay; Danish
// 4.1.5.2 costs 30 seconds.
func TestPrematurePickup(t *testing.T) {
	for _, tc := range []struct {
		name      string
		rules     ClockRules
		whileOwn  bool          // the penalty comes in during the offender's turn, 5s in
		took      time.Duration // the offender's turn
		wantSpent time.Duration
	}{
		{"US 10.1 the next turn has no delay", USClock(), false, 10 * second, 10 * second},
		{"US 10.1 entered during the turn: no delay from then", USClock(), true, 10 * second, 5 * second},
		{"Danish 4.1.5.2 30 seconds", DanishClock(), false, 10 * second, 30 * second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newClock(t, tc.rules, 5, [2]int{})
			noErr(t, c.Start(White, clockT0))
			if !tc.whileOwn {
				c.PrematurePickup(Black, clockAt(second))
			}
			noErr(t, c.Press(White, clockAt(2*second)))
			if tc.whileOwn {
				c.PrematurePickup(Black, clockAt(7*second))
			}
			noErr(t, c.Press(Black, clockAt(2*second+tc.took)))
			if got := 10*minute - c.Remaining(Black, clockAt(time.Hour)); got != tc.wantSpent {
				t.Fatalf("the offender's turn cost %v, want %v", got, tc.wantSpent)
			}
			noErr(t, c.Press(White, clockAt(time.Minute)))
			noErr(t, c.Press(Black, clockAt(time.Minute+10*second)))
			if got := 10*minute - c.Remaining(Black, clockAt(time.Hour)); got != tc.wantSpent {
				t.Fatalf("the turn after cost %v, want nothing: the penalty is once", got-tc.wantSpent)
			}
		})
	}
}

func TestClockErrors(t *testing.T) {
	for _, tc := range []struct {
		name    string
		running bool
		act     func(c *Clock) error
		want    error
	}{
		{"start twice", true, func(c *Clock) error { return c.Start(Black, clockAt(second)) }, ErrClockRunning},
		{"press the waiting side's clock", true, func(c *Clock) error { return c.Press(Black, clockAt(second)) }, ErrNotOnClock},
		{"press a stopped clock", false, func(c *Clock) error { return c.Press(White, clockAt(second)) }, ErrClockStopped},
		{"stop a stopped clock", false, func(c *Clock) error { return c.Stop(clockAt(second)) }, ErrClockStopped},
		{"pause a stopped clock", false, func(c *Clock) error { return c.Pause(clockAt(second)) }, ErrClockStopped},
		{"pause twice", true, func(c *Clock) error { noErr(t, c.Pause(clockAt(second))); return c.Pause(clockAt(2 * second)) }, ErrClockPaused},
		{"resume a running clock", true, func(c *Clock) error { return c.Resume(clockAt(second)) }, ErrClockNotPaused},
		{"resume a stopped clock", false, func(c *Clock) error { return c.Resume(clockAt(second)) }, ErrClockStopped},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newClock(t, USClock(), 5, [2]int{})
			if tc.running {
				noErr(t, c.Start(White, clockT0))
			}
			if err := tc.act(c); !errors.Is(err, tc.want) {
				t.Fatalf("error = %v, want %v", err, tc.want)
			}
		})
	}
}

// TestClockTimeBackwards: a time before the last counts as no time.
func TestClockTimeBackwards(t *testing.T) {
	c := newClock(t, USClock(), 5, [2]int{})
	noErr(t, c.Start(White, clockAt(time.Minute)))
	noErr(t, c.Press(White, clockT0))
	if got := c.Remaining(White, clockT0); got != 10*minute {
		t.Fatalf("Remaining = %v, want 10m", got)
	}
}
