package referee

import (
	"fmt"

	"gammond/engine"
)

// Players often end a decided game without playing it out: the loser
// resigns and the board is set up again. The board has no button for it, so
// the referee scores such a game when play shows it was abandoned (the next
// game's set-up and roll, or the end of the input) and says so in an
// Irregularity: the loser is the side that can no longer win, and it
// concedes the worst result its position does not rule out, as a resigning
// player concedes what it expects to lose. The director can correct it.

// End tells the referee that its input has ended (a trace's last line). A
// DONE still waiting for the board to settle is judged on the last settled
// board, and a game left in a position only one side can win is scored as
// conceded.
func (r *Referee) End() {
	if r.pendingDone {
		r.judgeNow()
	}
	if r.phase == awaitingRoll {
		r.concede()
	}
}

// abandoned reports whether the game in progress was given up: it is
// between turns and the board shows the starting position again.
func (r *Referee) abandoned() bool {
	start := engine.StartingBoard
	return r.phase == awaitingRoll && r.turn > 0 && r.haveBoard && !r.unsettled && r.board.Fits(&start, engine.White)
}

// concede ends the game in progress with the side that cannot win
// conceding, and reports whether the position was decided enough to do so.
func (r *Referee) concede() bool {
	b := r.lines[0].board
	var mayWin [2]bool
	var worst [2]engine.ResultKind
	for s := range mayWin {
		o := r.match.Outlook(engine.Side(s), b, engine.Dice{})
		mayWin[s], worst[s] = o.MayWin, o.Most
	}
	if mayWin[engine.White] == mayWin[engine.Black] {
		r.irregular(r.onRoll, "the game was left with both sides still able to win: not scored")
		return false
	}
	loser := engine.White
	if mayWin[engine.White] {
		loser = engine.Black
	}
	res, err := r.match.Resign(loser, worst[loser])
	if err != nil {
		r.matchErr(loser, fmt.Errorf("concede: %w", err))
		return false
	}
	r.irregular(loser, fmt.Sprintf("game abandoned: %v, who can no longer win, concedes a %v", loser, worst[loser]))
	r.gameOver(res)
	return true
}
