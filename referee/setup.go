package referee

import (
	"fmt"

	"gammond/engine"
)

// A game that starts short of checkers (US 4.7, Danish 4.2.4): the position
// the board shows becomes official, each missing checker out of play (it
// does not save its side from a gammon, engine.Match.OutOfPlay), and it is
// logged. The players may put the missing checkers back until the rule
// set's deadline: before the fifth roll (US 4.7), before the starter's
// second turn, the third roll (Danish 4.2.4); after it, a checker added is
// a change to the board (US 4.3).

// The set-up deadlines, as the roll before which a set-up may be put right.
const (
	SetupDeadlineUS     = 5
	SetupDeadlineDanish = 3
)

// SetSetupDeadline sets the roll before which a short set-up may be put
// right: SetupDeadlineUS (the default) or SetupDeadlineDanish.
func (r *Referee) SetSetupDeadline(roll int) { r.setupDeadline = roll }

// deadline returns the set-up deadline in force.
func (r *Referee) deadline() int {
	if r.setupDeadline == 0 {
		return SetupDeadlineUS
	}
	return r.setupDeadline
}

// shortSetUp returns the game's official position, opener on roll: the
// starting position, or the set-up the board shows when it is the
// starting position short of checkers and nothing else wrong (short).
func (r *Referee) shortSetUp(opener engine.Side) (official engine.Board, short bool) {
	start := engine.StartingBoard
	if !r.haveBoard || len(r.setupWrong) == 0 {
		return start, false
	}
	shown := reconstruct(&r.board, start, opener)
	if !addedOnly(&start, &shown) {
		return start, false
	}
	return shown, true
}

// officialSetUp counts the checkers a short set-up leaves out of play, and
// logs it; every game starts with none out.
func (r *Referee) officialSetUp(short bool, opener engine.Side) {
	r.outOfPlay = [2]int{}
	if !short {
		return
	}
	r.recountOutOfPlay(&r.lines[0].board, opener)
	r.irregular(opener, fmt.Sprintf("official set-up short of checkers (points %v): White %d, Black %d out of play, counted for a gammon; put them back before roll %d",
		r.setupWrong, r.outOfPlay[engine.White], r.outOfPlay[engine.Black], r.deadline()))
}

// addedOnly reports whether to has every checker of from where from has
// it, and more at most, on the points only: from's checkers put back.
func addedOnly(to, from *engine.Board) bool {
	for s := range to {
		if from[s].On(engine.Bar) != to[s].On(engine.Bar) {
			return false
		}
		for p := 1; p <= 24; p++ {
			if from[s].On(p) > to[s].On(p) {
				return false
			}
		}
	}
	return true
}

// recountOutOfPlay tells the match how many checkers each side has out of
// play in b (onRoll in Board[Mover]): those missing from the board.
func (r *Referee) recountOutOfPlay(b *engine.Board, onRoll engine.Side) {
	white, black := b.Colours(onRoll)
	r.outOfPlay = [2]int{white.BorneOff(), black.BorneOff()}
	for s, n := range r.outOfPlay {
		r.matchErr(engine.Side(s), r.match.OutOfPlay(engine.Side(s), n))
	}
}

// checkSetupPutRight takes, between turns before the deadline, checkers put
// back on a short set-up as the new official position; it reports whether
// it did.
func (r *Referee) checkSetupPutRight() bool {
	if r.outOfPlay == [2]int{} || r.turn+1 >= r.deadline() || len(r.lines) != 1 || r.fitsSomeLine() {
		return false
	}
	official := r.lines[0].board
	shown := reconstruct(&r.board, official, r.onRoll)
	if shown == official || !addedOnly(&shown, &official) {
		return false
	}
	r.lines[0].board = shown
	r.recountOutOfPlay(&shown, r.onRoll)
	r.irregular(r.onRoll, fmt.Sprintf("set-up put right before roll %d: White %d, Black %d out of play",
		r.deadline(), r.outOfPlay[engine.White], r.outOfPlay[engine.Black]))
	return true
}
