package referee

import (
	"gammond/engine"
)

// rulebook is the rules of the game a Referee runs its one turn flow on:
// the standard game's (engine.Match: standardGame) or Welsh backgammon's
// (engine/welsh: welshGame). The flow asks it wherever the two games
// differ; the rest (set-up, settling, DONE and its grace for a checker in
// the hand, judging against the turn's legal plays, flags, corrections,
// ambiguity, touches after DONE, early rolls, clocks) is the flow's own.
type rulebook interface {
	// take gives the game an input before the flow, and reports whether
	// it took it: an input of the game's own, or one it has no use for.
	take(in Input) bool
	// startGame begins a game with first on roll, who threw d, or says
	// why it may not.
	startGame(first engine.Side, d engine.Dice) error
	// throw takes side's throw of d, the game's turn-th (0: its first):
	// the dice the turn plays, or a throw void, or the game it ends.
	throw(side engine.Side, d engine.Dice, turn int) (thrown, error)
	// startTurn prepares m for a turn of d from before (onRoll's colour
	// in before[Mover]): the throw's legal plays and the positions on the
	// way to them.
	startTurn(m *engine.Matcher, before engine.Board, onRoll engine.Side, d engine.Dice)
	// endTurn records mover's play from before leaving after (the
	// opponent in after[Mover]); standing: an illegal play let stand.
	endTurn(mover engine.Side, before, after engine.Board, standing bool) (turnEnd, error)
	// ends reports whether a turn leaving after (the opponent in Mover)
	// ends the game, so that no turn of the opponent's follows it.
	ends(after engine.Board) bool
	// standing reads the position a flagged play let stand leaves from o,
	// with near (the nearest legal result, the mover in Mover) where the
	// sensors leave a count open, and writes the play from before as
	// moves; err says why it cannot stand.
	standing(o *engine.Occupancy, before, near engine.Board, mover engine.Side, d engine.Dice) (stood, error)
	// notation writes a legal play as the game's record does; "" when the
	// record writes it itself.
	notation(p engine.Play) string
	// double is side's double before its throw: the cube the event shows,
	// and whether the opponent answers it (take or pass).
	double(side engine.Side) (cube int, answered bool, err error)
	// cube is the cube's value now; score the match's, by engine.Side.
	cube() int
	score() [2]int
	// offer weighs o, an offer to concede, on board (the position before
	// the turn): o.forced when the opponent can do no better or must
	// accept. reason says so.
	offer(o *resignation, board engine.Board) (reason string, err error)
	// forced reports whether the offer must be accepted on board now.
	forced(o *resignation, board engine.Board) bool
	// offered is what the offer gives if accepted, and its name.
	offered(o *resignation) (engine.Result, string)
	// concede answers the offer: accepted, the game's end.
	concede(o *resignation, accept bool) (turnEnd, error)
	// matchOver says whether the match is over, who won and how.
	matchOver() (winner engine.Side, over bool, how string)
	// timeOut ends the match of side, out of time, from before with d
	// thrown (gin: the clock rules' gin rule applies): the winner.
	timeOut(side engine.Side, before engine.Board, d engine.Dice, gin bool) (engine.Side, error)
	// abandoned scores a game given up between turns (setUp: the board
	// set up again), and reports whether the game ended.
	abandoned(setUp bool) bool
	// hypotheses reports whether the game keeps every position the
	// sensors cannot tell apart; else the first legal result is recorded
	// and the play reported ambiguous.
	hypotheses() bool
	// status fills in the game's part of s; b is the position before the
	// turn (or now), the side on roll in Mover.
	status(s *Status, b engine.Board)
	// afterGame does what a game's end brings before the next game.
	afterGame()
	// copy returns the rulebook of c, a copy of its referee, sharing no
	// memory with it (Referee.Check).
	copy(c *Referee) rulebook
}

// thrown is what a throw brings: dice to play, or a throw void (thrown
// again: void says why), or the game's end.
type thrown struct {
	dice engine.Dice
	void string
	end  turnEnd
	note string // to point out to the players
}

// turnEnd is what a turn ends with: the game over (result, how), or the
// next on roll, the mover again when again; events say what the turn
// brought about, after its play.
type turnEnd struct {
	over   bool
	result engine.Result
	how    string
	again  bool
	events []Event
}

// stood is a flagged play let stand: the position it leaves (the
// opponent in Mover) and its moves, with their notation ("" for the
// record's own), or why they cannot be written (reason).
type stood struct {
	after            engine.Board
	moves            []engine.Move
	notation, reason string
}

// resignation is an offer to concede waiting for its answer: points 1
// single, 2 gammon, 3 backgammon in the standard game, games in Welsh.
type resignation struct {
	side   engine.Side
	points int
	fiver  bool
	forced bool // the opponent can do no better, or must accept
}
