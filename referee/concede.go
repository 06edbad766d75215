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
// board, a flagged play whose board has shown it ending the game ends it
// (followEnd), one whose board shows a legal result is that play (the
// flag withdrawn), and a game left in a position only one side can win
// is scored as conceded.
func (r *Referee) End() {
	r.endGrace()
	if r.settling() {
		r.judgeNow()
	}
	if r.phase == flagged && r.doubt == flagEnds {
		r.endAsShown()
	}
	r.moverActs()
	if r.phase == awaitingRoll {
		r.book.abandoned(false)
	}
}

// abandoned reports whether the game in progress was given up: it is
// between turns and the board shows the starting position again.
func (r *Referee) abandoned() bool {
	start := engine.StartingBoard
	return r.phase == awaitingRoll && r.turn > 0 && r.haveBoard && !r.unsettled && r.board.Fits(&start, engine.White)
}

// concede ends the game in progress with the side that cannot win
// conceding. When the engine cannot prove either side lost (contact), a
// game whose board was set up again (setUp) is over all the same: the side
// on roll, the one whose turn it was to resign, concedes the least it is
// sure to lose. Otherwise the game stays unscored. It reports whether the
// game ended.
func (r *Referee) concede(setUp bool) bool {
	b := r.lines[0].board
	var outlook [2]engine.Outlook
	for s := range outlook {
		outlook[s] = r.match.Outlook(engine.Side(s), b, engine.Dice{})
	}
	loser, kind, why := engine.White, outlook[engine.White].Most, "who can no longer win"
	switch {
	case outlook[engine.White].MayWin && !outlook[engine.Black].MayWin:
		loser, kind = engine.Black, outlook[engine.Black].Most
	case outlook[engine.White].MayWin == outlook[engine.Black].MayWin && !setUp:
		r.notice(r.onRoll, "the game was left with both sides still able to win: not scored")
		return false
	case outlook[engine.White].MayWin == outlook[engine.Black].MayWin:
		loser, why = r.onRoll, "on roll when the board was set up again"
		kind = outlook[loser].Least
	}
	res, err := r.match.Resign(loser, kind)
	if err != nil {
		r.matchErr(loser, fmt.Errorf("concede: %w", err))
		return false
	}
	r.notice(loser, fmt.Sprintf("game abandoned: %v, %s, concedes a %v", loser, why, kind))
	r.gameOver(turnEnd{over: true, result: res})
	return true
}
