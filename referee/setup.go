package referee

import (
	"fmt"
	"slices"

	"gammond/engine"
)

// A wrong set-up (US 4.7, Danish 4.2.4) may be put right until the rule
// set's deadline: before the fifth roll of the game under the US rules,
// before the starter's second turn (the third roll) under the Danish. Then
// the set-up is official, and a side that starts short of checkers may
// still be gammoned or backgammoned.
//
// The board cannot tell a missing checker from one on a sensor that does
// not read (dead, and not yet learnt, at a game's start: the pipeline then
// masks it): so it never counts a checker out of play by itself. At the
// deadline it logs the official set-up and the points where it does not
// see checkers of the official position, and asks; the director, who can
// look, rules them out of play (RuleOutOfPlay), and they count for gammons.

// setupDeadline returns the roll before which a wrong set-up may be put
// right, and the rule that says so.
func (r *Referee) setupDeadline() (roll int, rule string) {
	if r.rules == engine.RulesDanish {
		return 3, "Danish 4.2.4"
	}
	return 5, "US 4.7"
}

// setupDeadlineText says until when a set-up wrong at the game's start
// may be put right.
// setupFault says what is wrong with the set-up, the points as side
// numbers them.
func (r *Referee) setupFault(side engine.Side) string {
	if !r.haveBoard {
		return "the board not yet read"
	}
	return "the board not in the starting position at " + PointsText(side, r.setupWrong)
}

func (r *Referee) setupDeadlineText() string {
	roll, rule := r.setupDeadline()
	return fmt.Sprintf("it may be put right before roll %d (%s), then it is official", roll, rule)
}

// checkSetupDeadline, at the game's roll r.turn, makes a set-up that was
// wrong at the start official once the deadline is reached, and logs it
// with the points where the board does not see checkers of the official
// position.
func (r *Referee) checkSetupDeadline() {
	roll, rule := r.setupDeadline()
	if !r.setupWrongAtStart || r.setupOfficial || r.turn != roll {
		return
	}
	r.setupOfficial = true
	unseen := r.unseenCheckers()
	if unseen == [2]int{} {
		r.notice(r.onRoll, fmt.Sprintf("%s: from roll %d the set-up is official, as the board shows it", rule, roll))
		return
	}
	r.notice(r.onRoll, fmt.Sprintf("%s: from roll %d the set-up is official; the board does not see White %d, Black %d of its checkers (%s): "+
		"missing, or on sensors that do not read, so none counts out of play until the director rules it", rule, roll, unseen[engine.White], unseen[engine.Black], PointsText(r.onRoll, r.unseenPoints())))
}

// unseenCheckers counts, per colour, the checkers of the official
// position the board does not see on its points: missing, or on masked or
// unreadable slots. A full point may hold more than its slots.
func (r *Referee) unseenCheckers() (n [2]int) {
	for p := 1; p <= 24; p++ {
		for s := range n {
			n[s] += r.unseenAt(p, engine.Side(s))
		}
	}
	return n
}

// unseenAt returns how many of side's checkers on board point p the
// official position has and the board does not see.
func (r *Referee) unseenAt(p int, side engine.Side) int {
	if len(r.lines) == 0 {
		return 0
	}
	white, black := r.lines[0].board.Colours(r.onRoll)
	want := white.On(p)
	if side == engine.Black {
		want = black.On(25 - p)
	}
	seen := int(r.board.Points[p-1][side])
	if seen >= int(r.board.SlotsPerPoint) {
		return 0
	}
	return max(want-seen, 0)
}

// unseenPoints returns the board points where unseenAt finds checkers.
func (r *Referee) unseenPoints() []int {
	var points []int
	for p := 1; p <= 24; p++ {
		if r.unseenAt(p, engine.White)+r.unseenAt(p, engine.Black) > 0 {
			points = append(points, p)
		}
	}
	return points
}

// RuleOutOfPlay is the director's ruling that n of side's checkers the
// board does not see are out of play (US 4.7, Danish 4.2.4): they leave
// the official position and count for a gammon or backgammon. It is
// refused (an Irregularity) before the set-up is official, out of a game,
// or for more checkers than the board does not see.
func (r *Referee) RuleOutOfPlay(side engine.Side, n int) {
	roll, rule := r.setupDeadline()
	unseen := r.unseenCheckers()
	switch {
	case r.phase == settingUp || r.phase == matchOver:
		r.irregular(side, "out of play refused: no game in progress")
		return
	case !r.setupOfficial:
		r.irregular(side, fmt.Sprintf("out of play refused: the set-up is not official before roll %d (%s): put the checkers back", roll, rule))
		return
	case len(r.lines) != 1 || r.phase == flagged:
		r.irregular(side, "out of play refused: wait until the position is certain")
		return
	case n < 1 || n > unseen[side]:
		r.irregular(side, fmt.Sprintf("out of play refused: the board does not see %d of %v's checkers, not %d", unseen[side], side, n))
		return
	}
	points := r.takeUnseen(side, n)
	r.outOfPlay[side] += n
	r.matchErr(side, r.match.OutOfPlay(side, r.outOfPlay[side]))
	r.notice(side, fmt.Sprintf("%s: the director rules %d of %v's checkers (%s) out of play: %d in all, counted for a gammon or backgammon", rule, n, side, PointsText(side, points), r.outOfPlay[side]))
}

// takeUnseen removes n of side's checkers the board does not see from the
// official position, and returns their board points.
func (r *Referee) takeUnseen(side engine.Side, n int) []int {
	var points []int
	for p := 1; p <= 24 && len(points) < n; p++ {
		for k := r.unseenAt(p, side); k > 0 && len(points) < n; k-- {
			points = append(points, p)
		}
	}
	b := &r.lines[0].board
	half, at := engine.Mover, func(p int) int { return p }
	if side != r.onRoll {
		half = engine.Opponent
	}
	if side == engine.Black {
		at = func(p int) int { return 25 - p }
	}
	for _, p := range points {
		b[half][at(p)-1]--
	}
	return slices.Compact(points)
}
