package referee

import (
	"fmt"

	"gammond/engine"
)

// The match state (engine.Match) keeps the score and the cube; the referee
// keeps it in step with the turns it sees and reports what it refuses.

func (r *Referee) startMatchGame() {
	if err := r.match.StartGame(r.onRoll); err != nil {
		r.irregular(r.onRoll, fmt.Sprintf("start game: %v", err))
	}
}

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
	if side != r.onRoll {
		r.endGrace()
	}
	if r.phase == flagged && side != r.onRoll {
		r.accept()
	}
	if r.phase != awaitingRoll || side != r.onRoll {
		r.send(Event{Kind: CubeRefused, Side: side, Reason: "a side doubles on its own turn, before rolling", Cube: r.match.Cube()})
		return
	}
	if err := r.match.Double(side); err != nil {
		r.send(Event{Kind: CubeRefused, Side: side, Reason: err.Error(), Cube: r.match.Cube()})
		return
	}
	r.phase = doubled
	r.clockPress(side)
	r.send(Event{Kind: Doubled, Side: side, Cube: 2 * r.match.Cube()})
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
	r.gameOver(res)
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

// endTurn passes the turn in the match state after side's play, or ends the
// game when the play bore off side's last checker.
func (r *Referee) endTurn(side engine.Side, after engine.Board) {
	if after[engine.Opponent].BorneOff() < engine.CheckersPerSide {
		r.matchErr(side, r.match.EndTurn(side))
		r.clockPress(side)
		return
	}
	res, err := r.match.Finish(after)
	if err != nil {
		r.matchErr(side, err)
		return
	}
	r.gameOver(res)
}

// gameOver reports the game's result, and the match's when it is decided,
// and waits for the board to be set up again.
func (r *Referee) gameOver(res engine.Result) {
	r.lastGame = &endedGame{result: res, cube: r.match.Cube()}
	r.clockStop()
	r.offer, r.early, r.stood, r.touched = nil, nil, nil, r.touched[:0]
	r.send(Event{Kind: GameOver, Side: res.Winner, Result: res, Score: r.match.Score(), Cube: r.match.Cube()})
	r.phase = settingUp
	r.setupWrong = nil
	if winner, over := r.match.Winner(); over {
		r.phase = matchOver
		r.send(Event{Kind: MatchOver, Side: winner, Score: r.match.Score()})
		return
	}
	r.announceCrawford()
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
