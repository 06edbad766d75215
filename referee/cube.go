package referee

import (
	"fmt"

	"gammond/engine"
)

// The match state (engine.Match) keeps the score and the cube; the referee
// keeps it in step with the turns it sees and reports what it refuses.

// matchErr reports an error of the match state as an irregularity: the
// referee's own checks come first, so it means the two disagree.
func (r *Referee) matchErr(side engine.Side, err error) {
	if err != nil {
		r.irregular(side, err.Error())
	}
}

// Double tells the referee that side offers the cube. An opponent's double
// on a flagged play accepts that play first.
func (r *Referee) Double(side engine.Side) {
	if r.holdDouble(side) {
		return
	}
	if !r.opponentBegins(side) {
		return
	}
	if r.phase != awaitingRoll || side != r.onRoll {
		r.send(Event{Kind: CubeRefused, Side: side, Reason: "a side doubles on its own turn, before rolling", Cube: r.book.cube()})
		return
	}
	cube, answered, err := r.book.double(side)
	if err != nil {
		r.send(Event{Kind: CubeRefused, Side: side, Reason: err.Error(), Cube: cube})
		return
	}
	if answered {
		r.phase = doubled
		r.clockPress(side)
	}
	r.send(Event{Kind: Doubled, Side: side, Cube: cube})
}

// Take tells the referee that side takes the cube offered to it.
func (r *Referee) Take(side engine.Side) {
	if r.phase != doubled || side == r.onRoll {
		r.irregular(side, fmt.Sprintf("%v takes with no double offered to it", side))
		return
	}
	if err := r.match.Take(side); err != nil {
		r.matchErr(side, err)
		return
	}
	r.phase = awaitingRoll
	r.clockPress(side)
	r.send(Event{Kind: Taken, Side: side, Cube: r.match.Cube()})
}

// Drop tells the referee that side passes the cube offered to it: the game
// ends.
func (r *Referee) Drop(side engine.Side) {
	if r.phase != doubled || side == r.onRoll {
		r.irregular(side, fmt.Sprintf("%v passes with no double offered to it", side))
		return
	}
	res, err := r.match.Drop(side)
	if err != nil {
		r.matchErr(side, err)
		return
	}
	r.send(Event{Kind: Dropped, Side: side, Cube: r.match.Cube()})
	r.gameOver(turnEnd{over: true, result: res})
}

// Cube is the CUBE button: the side on roll doubles, the side doubled
// takes, or with a long press passes; in money play with beavers, the
// taker's second press before the doubler rolls beavers, and the beavered
// doubler's press raccoons. With a resignation offered to side,
// it accepts, or with a long press rejects; with an early roll held, the
// mover's press asks for a reroll, its long press lets the roll stand.
func (r *Referee) Cube(side engine.Side, long bool) {
	switch {
	case r.answerByCube(side, long), r.chooseByCube(side, long), r.moneyByCube(side, long):
	case r.phase == doubled && side != r.onRoll && long:
		r.Drop(side)
	case r.phase == doubled && side != r.onRoll:
		r.Take(side)
	default:
		r.Double(side)
	}
}

// gameOver reports the game's end, and the match's when it is decided,
// and waits for the board to be set up again.
func (r *Referee) gameOver(te turnEnd) {
	res := te.result
	r.lastGame = &endedGame{result: res, cube: r.book.cube()}
	r.clockStop()
	r.offer, r.early, r.stood, r.touched = nil, nil, nil, r.touched[:0]
	r.send(Event{Kind: GameOver, Side: res.Winner, Result: res, Score: r.book.score(), Cube: r.book.cube(), Reason: te.how})
	r.phase = settingUp
	r.setupWrong = nil
	if winner, over, how := r.book.matchOver(); over {
		r.phase = matchOver
		r.send(Event{Kind: MatchOver, Side: winner, Score: r.book.score(), Reason: how})
	}
	r.book.afterGame()
}

// announceCrawford says, before it starts, that the next game is the
// Crawford game (Danish 4.7): a side is one point from the match and no
// Crawford game has been played.
func (r *Referee) announceCrawford() {
	m, score := r.match, r.match.Score()
	if m.Length() < 2 || m.Crawford() || m.PostCrawford() {
		return
	}
	for s, points := range score {
		if points == m.Length()-1 {
			r.send(Event{Kind: CrawfordNext, Side: engine.Side(s), Score: score,
				Reason: fmt.Sprintf("the next game is the Crawford game: %v needs one point; no doubling (Danish 4.7)", engine.Side(s))})
			return
		}
	}
}

// holdDouble holds the opponent's double made after the mover's DONE
// while the board settles, before the play can be judged: the press says
// the mover's hand is empty, and the double is made once the play is
// judged (Settled). It reports whether it held it.
func (r *Referee) holdDouble(side engine.Side) bool {
	if side == r.onRoll || (r.phase != moving && r.phase != flagged) || !r.settling() {
		return false
	}
	r.endGrace()
	r.doubleHeld, r.doubler = true, side
	return true
}
