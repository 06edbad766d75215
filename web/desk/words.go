package desk

import (
	"fmt"
	"strings"
	"time"

	"gammond/engine"
	"gammond/referee"
	"gammond/web"
)

// doing says in words what a board is doing, with its players' names:
// "Ann to roll", "Bob to play 63", "match over, Ann won 5-3".
func doing(b Board) string {
	s := b.Status
	if s == nil {
		return "no state yet"
	}
	name := func(side engine.Side) string { return playerName(b.Players, side) }
	mover, other := name(s.OnRoll), name(s.OnRoll.Other())
	switch {
	case s.Phase == referee.PhaseMatchOver:
		return matchOver(b.Players, s)
	case s.Resignation != nil:
		return fmt.Sprintf("%s offers to resign %s: %s to answer", name(s.Resignation.Side), pointsText(s.Resignation.Worth),
			name(s.Resignation.Side.Other()))
	}
	switch s.Phase {
	case referee.PhaseSettingUp:
		if s.Game == 0 {
			return "setting up the first game"
		}
		return fmt.Sprintf("setting up game %d", s.Game+1)
	case referee.PhaseRolling:
		return mover + " to roll"
	case referee.PhaseDoubled:
		return fmt.Sprintf("%s doubled to %d: %s to take or pass", other, s.Cube, mover)
	case referee.PhaseMoving:
		return strings.TrimSpace(fmt.Sprintf("%s to play %s", mover, diceText(s.Dice)))
	case referee.PhaseFlagged:
		return mover + "'s play is illegal: to be corrected"
	}
	return s.Phase
}

// matchOver says who won a match and by what score, the winner's first.
func matchOver(players [2]string, s *referee.Status) string {
	w, l := engine.White, engine.Black
	if s.Score[l] > s.Score[w] {
		w, l = l, w
	}
	if s.Score[w] == s.Score[l] {
		return fmt.Sprintf("match over %d-%d", s.Score[w], s.Score[l])
	}
	return fmt.Sprintf("match over, %s won %d-%d", playerName(players, w), s.Score[w], s.Score[l])
}

// playerName is a side's player's name, or the side's colour without one.
func playerName(players [2]string, side engine.Side) string {
	if side <= engine.Black && players[side] != "" {
		return players[side]
	}
	return side.String()
}

// diceText writes a roll high die first, as players call it: "63"; ""
// before the roll.
func diceText(d engine.Dice) string {
	if d == (engine.Dice{}) {
		return ""
	}
	hi, lo := max(d[0], d[1]), min(d[0], d[1])
	return fmt.Sprintf("%d%d", hi, lo)
}

func pointsText(n int) string {
	if n == 1 {
		return "1 point"
	}
	return fmt.Sprintf("%d points", n)
}

// clock is one player's time as the page shows it, counted down by the
// page's script while it runs.
type clock struct {
	Name    string
	Left    time.Duration // reserve
	Delay   time.Duration // the delay left before the reserve runs (simple delay)
	Running bool
}

// clocksOf are both players' times for the page.
func clocksOf(players [2]string, c *web.Clocks) []clock {
	if c == nil {
		return nil
	}
	out := make([]clock, 2)
	for side := range engine.Side(2) {
		out[side] = clock{Name: playerName(players, side), Left: c.Remaining[side]}
	}
	if c.Running && !c.Paused {
		out[c.Turn].Running = true
		if !c.Bronstein {
			out[c.Turn].Delay = c.DelayLeft
		}
	}
	return out
}

// advance returns c as it stands elapsed later: the side on the clock's
// delay runs down first (simple delay), then its reserve.
func advance(c web.Clocks, elapsed time.Duration) web.Clocks {
	if !c.Running || c.Paused || elapsed <= 0 {
		return c
	}
	if !c.Bronstein {
		used := min(elapsed, c.DelayLeft)
		c.DelayLeft, elapsed = c.DelayLeft-used, elapsed-used
	}
	c.Remaining[c.Turn] = max(c.Remaining[c.Turn]-elapsed, 0)
	return c
}

// clockText writes a time as m:ss, or h:mm:ss.
func clockText(d time.Duration) string {
	s := int(d.Round(time.Second) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
