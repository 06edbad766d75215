package engine

import (
	"errors"
	"fmt"
	"time"
)

// DelayMode is how a clock's per-move delay spares the reserve.
type DelayMode uint8

// The delay modes.
const (
	// SimpleDelay: each turn the delay runs down first and the reserve
	// only after it (US 7.1, clock rules 1.1).
	SimpleDelay DelayMode = iota + 1
	// Bronstein: the reserve runs from the start of the turn and the
	// press gives back the time used, up to the delay (Danish 3.5.5). A
	// turn costs the reserve what it would under SimpleDelay, but the
	// reserve can run out within the delay.
	Bronstein
)

func (d DelayMode) String() string {
	switch d {
	case SimpleDelay:
		return "simple delay"
	case Bronstein:
		return "Bronstein"
	}
	return fmt.Sprintf("DelayMode(%d)", uint8(d))
}

// ClockRules are the settings of a match clock. The reserve is for the
// match: it carries over from game to game.
type ClockRules struct {
	Mode DelayMode
	// Delay is the time each turn has before it costs reserve; it never
	// accumulates.
	Delay time.Duration
	// PerPoint is the reserve for every point the two sides still need
	// between them (see Reserve).
	PerPoint time.Duration
	// PickupPenalty is what picking up the dice before the opponent's
	// turn is over costs: that much reserve (Danish 4.1.5.2), or, when 0,
	// the delay of the offender's next turn (US 10.1).
	PickupPenalty time.Duration
	// Gin: a side whose time runs out still wins the match when it cannot
	// lose it whatever is rolled (Danish 4.3.3; see Match.Gin).
	Gin bool
}

// USClock returns the US rules for singles matches (US 8.1(a), clock rules
// 2.1): simple delay of 12 seconds, reserve 2 minutes per match point less 1
// minute per point already scored by either player.
func USClock() ClockRules {
	return ClockRules{Mode: SimpleDelay, Delay: 12 * time.Second, PerPoint: time.Minute}
}

// USDoublesClock returns the US rules for doubles matches (US 8.1(b), clock
// rules 2.2): reserve 2:30 per match point less 1:15 per point already
// scored by either team, and delay, which the 2009 tournament rules set to
// 15 seconds and the 2013 clock rules to 18.
func USDoublesClock(delay time.Duration) ClockRules {
	return ClockRules{Mode: SimpleDelay, Delay: delay, PerPoint: 75 * time.Second}
}

// DanishClock returns the Danish rules (Danish 3.5.5-6, 4.1.5.2, 4.3.3):
// Bronstein delay of 12 seconds, 2 minutes per point of the match (RA+RB
// minutes), 30 seconds for picking up the dice early, and gin.
func DanishClock() ClockRules {
	return ClockRules{Mode: Bronstein, Delay: 12 * time.Second, PerPoint: time.Minute,
		PickupPenalty: 30 * time.Second, Gin: true}
}

// ErrClockRules is the error for clock rules with no DelayMode, or a name
// ClockRulesNamed does not know.
var ErrClockRules = errors.New("unknown clock rules")

// ClockRulesNamed returns the clock rules a ClockName names; ClockNone and
// unknown names are ErrClockRules.
func ClockRulesNamed(name ClockName) (ClockRules, error) {
	switch name {
	case ClockUS:
		return USClock(), nil
	case ClockUSDoubles:
		return USDoublesClock(18 * time.Second), nil
	case ClockUSDoubles2009:
		return USDoublesClock(15 * time.Second), nil
	case ClockDanish:
		return DanishClock(), nil
	}
	return ClockRules{}, fmt.Errorf("%w %q", ErrClockRules, name)
}

func (r ClockRules) String() string {
	return fmt.Sprintf("%v %v, %v per point needed", r.Mode, r.Delay, r.PerPoint)
}

// ErrClockScore is the error for a match length and score no reserve is
// set for: money play, or a match already won.
var ErrClockScore = errors.New("no reserve for this match and score")

// Reserve returns each side's reserve for a match to length points at
// score: PerPoint for every point the two sides still need between them.
// For the US rules that is "two minutes per match point, less one minute per
// point already scored by either player"; for the Danish, RA+RB minutes
// (3.5.6), which is 2 minutes per point of the match at 0-0 (3.5.5).
func (r ClockRules) Reserve(length int, score [2]int) (time.Duration, error) {
	for _, s := range score {
		if length < 1 || s < 0 || s >= length {
			return 0, fmt.Errorf("%w: %d-point match at %d-%d", ErrClockScore, length, score[0], score[1])
		}
	}
	return time.Duration(2*length-score[0]-score[1]) * r.PerPoint, nil
}

// Errors of Clock.
var (
	ErrClockRunning   = errors.New("a turn is on the clock")
	ErrClockStopped   = errors.New("the clock is stopped")
	ErrClockPaused    = errors.New("the clock is paused")
	ErrClockNotPaused = errors.New("the clock is not paused")
	ErrNotOnClock     = errors.New("not that side's turn on the clock")
	ErrTimeOut        = errors.New("time has run out")
)

// Clock is a match clock as a pure state machine: every method that reads
// the time takes it as now. A time before the last one counts as no time.
// Between games, and before Start, it is stopped: no clock runs.
type Clock struct {
	rules   ClockRules
	reserve [2]time.Duration // at the start of each side's turn on the clock
	forfeit [2]bool          // the side's next turn has no delay (US 10.1)

	running bool // a turn is on the clock, paused or not
	side    Side // whose turn
	paused  bool
	since   time.Time     // when side's clock last started running
	used    time.Duration // the turn's time before since
	delay   time.Duration // the turn's delay
}

// NewClock returns a stopped clock for a match to length points, introduced
// at score, each side with the reserve the rules give.
func NewClock(rules ClockRules, length int, score [2]int) (*Clock, error) {
	if rules.Mode != SimpleDelay && rules.Mode != Bronstein {
		return nil, fmt.Errorf("%w: %v", ErrClockRules, rules.Mode)
	}
	r, err := rules.Reserve(length, score)
	if err != nil {
		return nil, err
	}
	return &Clock{rules: rules, reserve: [2]time.Duration{r, r}}, nil
}

// Rules returns the clock's settings.
func (c *Clock) Rules() ClockRules { return c.rules }

// Running returns the side whose turn is on the clock, and whether one is:
// false when stopped. A paused clock keeps its turn.
func (c *Clock) Running() (side Side, ok bool) { return c.side, c.running }

// Paused reports whether the clock is paused.
func (c *Clock) Paused() bool { return c.paused }

// Start starts side's turn at now: at the beginning of a game, the opener's
// (US 9.3).
func (c *Clock) Start(side Side, now time.Time) error {
	if c.running {
		return ErrClockRunning
	}
	c.begin(side, now)
	return nil
}

// Press ends side's turn at now and starts the opponent's: DONE, also after
// a double, a take, or a turn with no legal play (US 9.4-9.5, Danish
// 4.1.6.2). Pressed while paused, it hands over with the turn's time as it
// stood.
func (c *Clock) Press(side Side, now time.Time) error {
	if err := c.settle(side, now); err != nil {
		return err
	}
	c.begin(side.Other(), now)
	return nil
}

// Stop ends the turn on the clock at now and stops both clocks: the game is
// over (US 11.1, Danish 4.3.2.1).
func (c *Clock) Stop(now time.Time) error {
	if !c.running {
		return ErrClockStopped
	}
	if err := c.settle(c.side, now); err != nil {
		return err
	}
	c.running, c.paused = false, false
	return nil
}

// Pause stops both clocks at now, keeping the turn: a concession offer,
// fallen dice, a dispute, the director (US 11.2, Danish 4.3.2).
func (c *Clock) Pause(now time.Time) error {
	switch {
	case !c.running:
		return ErrClockStopped
	case c.paused:
		return ErrClockPaused
	}
	c.used += c.elapsed(now)
	c.paused = true
	return nil
}

// Resume restarts the paused turn's clock at now.
func (c *Clock) Resume(now time.Time) error {
	switch {
	case !c.running:
		return ErrClockStopped
	case !c.paused:
		return ErrClockNotPaused
	}
	c.since, c.paused = now, false
	return nil
}

// Remaining returns side's reserve at now: under Bronstein, as the clock
// shows it, before the press gives back the delay.
func (c *Clock) Remaining(side Side, now time.Time) time.Duration {
	if c.running && side == c.side {
		return max(c.left(now), 0)
	}
	return max(c.reserve[side], 0)
}

// DelayLeft returns how much of the delay of the turn on the clock is still
// unused at now: time that costs no reserve.
func (c *Clock) DelayLeft(now time.Time) time.Duration {
	if !c.running {
		return 0
	}
	return max(c.delay-c.turnTime(now), 0)
}

// Deadline returns when the time of the turn on the clock runs out if
// nobody presses; ok is false when no clock runs.
func (c *Clock) Deadline() (at time.Time, ok bool) {
	if !c.running || c.paused {
		return time.Time{}, false
	}
	budget := c.reserve[c.side] - c.used
	if c.rules.Mode == SimpleDelay {
		budget += c.delay
	}
	return c.since.Add(budget), true
}

// TimedOut returns the side whose time has run out at now, if any.
func (c *Clock) TimedOut(now time.Time) (side Side, out bool) {
	if c.running && c.left(now) <= 0 {
		return c.side, true
	}
	for _, s := range [2]Side{White, Black} {
		if c.reserve[s] <= 0 {
			return s, true
		}
	}
	return 0, false
}

// PrematurePickup applies the penalty for side picking up the dice before
// the opponent's turn was over: PickupPenalty of reserve, or without one,
// the delay of side's next turn (of its turn under way from now, should it
// have begun).
func (c *Clock) PrematurePickup(side Side, now time.Time) {
	switch {
	case c.rules.PickupPenalty > 0:
		c.reserve[side] -= c.rules.PickupPenalty
	case c.running && side == c.side:
		c.delay = min(c.delay, c.turnTime(now))
	default:
		c.forfeit[side] = true
	}
}

// Adjust adds d, negative to take time away, to side's reserve: the
// director's correction (Danish 3.7.2, 4.3.2.2), or the two minutes for a
// game wrongly claimed settled (Danish 4.3.2.8).
func (c *Clock) Adjust(side Side, d time.Duration) { c.reserve[side] += d }

// begin starts side's turn at now with a fresh delay, unless forfeited.
func (c *Clock) begin(side Side, now time.Time) {
	c.running, c.side, c.paused = true, side, false
	c.since, c.used = now, 0
	c.delay = c.rules.Delay
	if c.forfeit[side] {
		c.delay, c.forfeit[side] = 0, false
	}
}

// settle ends side's turn on the clock at now, charging its reserve the
// time beyond the delay.
func (c *Clock) settle(side Side, now time.Time) error {
	switch {
	case !c.running:
		return ErrClockStopped
	case side != c.side:
		return fmt.Errorf("%v: %w", side, ErrNotOnClock)
	case c.left(now) <= 0:
		return fmt.Errorf("%v: %w", side, ErrTimeOut)
	}
	c.reserve[side] -= max(c.turnTime(now)-c.delay, 0)
	return nil
}

// left returns the reserve of the turn on the clock at now, as the clock
// shows it.
func (c *Clock) left(now time.Time) time.Duration {
	t := c.turnTime(now)
	if c.rules.Mode == SimpleDelay {
		t = max(t-c.delay, 0)
	}
	return c.reserve[c.side] - t
}

// turnTime returns the time the turn on the clock has used at now.
func (c *Clock) turnTime(now time.Time) time.Duration {
	return c.used + c.elapsed(now)
}

// elapsed returns the time since the clock last started, 0 while paused.
func (c *Clock) elapsed(now time.Time) time.Duration {
	if c.paused {
		return 0
	}
	return max(now.Sub(c.since), 0)
}
