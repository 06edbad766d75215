package welsh

import (
	"fmt"
	"time"
)

// Finding is something wrong in a record: an action the rules do not
// allow, an illegal play, or an end or score that is not what the actions
// give.
type Finding struct {
	Line int // the record's line, 0 for a record not read from a file
	Game int // 1 for the first game; 0 for the match
	What string
}

func (f Finding) String() string {
	if f.Line > 0 {
		return fmt.Sprintf("line %d: game %d: %s", f.Line, f.Game, f.What)
	}
	return fmt.Sprintf("game %d: %s", f.Game, f.What)
}

// Check replays a record through the rules and returns what is wrong with
// it, in order. An illegal play is reported and play goes on from the
// position it left, as a play the opponent let stand; a game whose record
// cannot go on (an impossible move, an action refused) is checked no
// further, and its end is taken as recorded.
func Check(rec *Record) []Finding {
	c := checker{m: NewMatch(rec.Scoop)}
	for i := range rec.Games {
		c.game(i+1, &rec.Games[i])
	}
	c.matchEnd(rec.End)
	return c.findings
}

// checker replays a record.
type checker struct {
	m        *Match
	findings []Finding
	offer    Offer
}

func (c *checker) report(line, game int, format string, args ...any) {
	c.findings = append(c.findings, Finding{Line: line, Game: game, What: fmt.Sprintf(format, args...)})
}

// Clock times that start a game with the doubling die at 2 and at 1.
var (
	tenForTwoClocks = [2]time.Duration{time.Minute, time.Minute}
	startClocks     = [2]time.Duration{ClockTime, ClockTime}
)

// game replays game n of the record.
func (c *checker) game(n int, g *GameRecord) {
	clocks := startClocks
	if g.Cube == 2 {
		clocks = tenForTwoClocks
	}
	if err := c.m.StartGame(g.First, clocks); err != nil {
		c.report(g.Line, n, "game start: %v", err)
		c.takeEnd(g)
		return
	}
	for _, a := range g.Actions {
		if c.m.game == nil {
			c.report(a.Line, n, "%s after the game ended", a)
			break
		}
		if err := c.action(&a); err != nil {
			c.report(a.Line, n, "%s: %v", a, err)
			c.takeEnd(g)
			return
		}
	}
	c.gameEnd(n, g)
}

// action replays one action; an illegal play is reported, not returned.
func (c *checker) action(a *Action) error {
	switch a.Kind {
	case ActDouble:
		return c.m.Double(a.Side)
	case ActNominate:
		return c.m.Nominate(a.Side, a.Throw)
	case ActThrow:
		out, err := c.m.Throw(a.Side, a.Throw)
		if err == nil && (out == ThrowAgain) != a.Again {
			return fmt.Errorf("recorded thrown again %v, the rules say %v", a.Again, out == ThrowAgain)
		}
		return err
	case ActAceyDeucey:
		return c.m.ThrowAgainAceyDeucey(a.Side)
	case ActPlay:
		return c.play(a)
	case ActOffer:
		o, err := c.m.OfferConcession(a.Side, a.Games, a.Fiver)
		c.offer = o
		return err
	case ActAccept, ActReject:
		if c.offer.By != a.Side.Other() {
			return ErrNoOffer
		}
		return c.m.AnswerConcession(c.offer, a.Kind == ActAccept)
	case ActTimeOut:
		return c.m.TimeOut(a.Side)
	}
	return fmt.Errorf("unknown action %v", a.Kind)
}

// play replays a play, reporting it if illegal and going on from it.
func (c *checker) play(a *Action) error {
	if err := c.m.turnCheck(a.Side, true); err != nil {
		return err
	}
	g := c.m.game
	b := g.board
	after, err := Apply(b, a.Moves)
	if err != nil {
		return err
	}
	if !IsLegal(b, *g.throw, after.Swap()) {
		c.report(a.Line, len(c.m.results)+1, "%s: illegal play of %v from %s", a, *g.throw, b.PositionID())
	}
	c.m.endTurn(a.Side, after.Swap())
	return nil
}

// gameEnd compares the recorded end of game n with the replay's.
func (c *checker) gameEnd(n int, g *GameRecord) {
	ended := len(c.m.results) == n
	switch {
	case !ended && g.End != nil:
		c.report(g.End.Line, n, "the game is recorded as ended, but it goes on")
		c.takeEnd(g)
	case ended && g.End == nil:
		c.report(g.Line, n, "the game ended (%v) but no end is recorded", c.m.results[n-1].Ending)
	case ended:
		r := c.m.results[n-1]
		want := GameEnd{Winner: r.Winner, Ending: r.Ending, Games: r.Games, Score: c.m.score, Line: g.End.Line}
		if isWash(r.Ending) {
			want.Winner, want.Games = 0, 1
		}
		if *g.End != want {
			c.report(g.End.Line, n, "recorded end %s, the rules give %s", endString(g.End), endString(&want))
		}
	}
}

func endString(e *GameEnd) string {
	winner := e.Winner.String()
	if isWash(e.Ending) {
		winner = "-"
	}
	return fmt.Sprintf("%s %s %d score %d-%d", winner, endingWords[e.Ending], e.Games, e.Score[0], e.Score[1])
}

// takeEnd ends a game that could not be replayed as its record says, so
// the next game can be checked.
func (c *checker) takeEnd(g *GameRecord) {
	if c.m.game == nil || g.End == nil {
		return
	}
	e := g.End
	c.m.game = nil
	c.m.results = append(c.m.results, Result{Ending: e.Ending, Winner: e.Winner, Games: e.Games})
	c.m.score = e.Score
}

// matchEnd compares the recorded end of the match with the replay's.
func (c *checker) matchEnd(e *MatchEnd) {
	over, winner, how := c.m.Over()
	switch {
	case over && e == nil:
		c.report(0, 0, "the match is over (%v wins, %v) but no end is recorded", winner, how)
	case !over && e != nil:
		c.report(e.Line, 0, "the match is recorded as over, but it goes on")
	case over && (e.Winner != winner || e.Ending != how || e.Score != c.m.score):
		c.report(e.Line, 0, "recorded match %v %s %v, the rules give %v %s %v", e.Winner, endingWords[e.Ending], e.Score,
			winner, endingWords[how], c.m.score)
	}
}
