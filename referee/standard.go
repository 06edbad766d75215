package referee

import (
	"fmt"

	"gammond/engine"
)

// standardGame is the standard game's rulebook: engine's legal plays, and
// engine.Match for the score, the cube, resignations and the match's end.
type standardGame struct {
	r *Referee
	m *engine.Match
}

// take takes none of the flow's inputs.
func (g *standardGame) take(Input) bool { return false }

// startGame refuses an opening roll of doubles: each player throws one
// die, and a tie is thrown again (US 9.3).
func (g *standardGame) startGame(first engine.Side, d engine.Dice) error {
	if d.Double() {
		return fmt.Errorf("an opening roll of %v: each player throws one die, and a tie is thrown again (US 9.3)", d)
	}
	if err := g.m.StartGame(first); err != nil {
		return fmt.Errorf("start game: %w", err)
	}
	return nil
}

// throw plays the dice entered; the opening roll is the game's start.
func (g *standardGame) throw(side engine.Side, d engine.Dice, turn int) (thrown, error) {
	if turn > 0 {
		if err := g.m.Roll(side); err != nil {
			return thrown{}, err
		}
	}
	return thrown{dice: d}, nil
}

func (g *standardGame) startTurn(m *engine.Matcher, before engine.Board, onRoll engine.Side, d engine.Dice) {
	m.Start(before, onRoll, d)
}

// endTurn passes the turn, or ends the game when the play ends it.
func (g *standardGame) endTurn(mover engine.Side, _, after engine.Board, standing bool) (turnEnd, error) {
	if standing || !g.ends(after) {
		return turnEnd{}, g.m.EndTurn(mover)
	}
	res, err := g.m.Finish(after)
	return turnEnd{over: err == nil, result: res}, err
}

// ends: the play bore off the mover's last checker.
func (g *standardGame) ends(after engine.Board) bool {
	return after[engine.Opponent].BorneOff() == engine.CheckersPerSide
}

// standing reads the position from the occupancy, tall stacks as near
// has them, and writes the play as moves a .mat holds, or says why it
// cannot: the play stands all the same.
func (g *standardGame) standing(o *engine.Occupancy, before, near engine.Board, mover engine.Side, d engine.Dice) (stood, error) {
	shown := reconstruct(o, near, mover)
	moves, err := deriveMoves(&before, &shown, mover, d)
	s := stood{after: shown.Swap(), moves: moves}
	if err != nil {
		s.reason = err.Error()
	}
	return s, nil
}

func (g *standardGame) notation(engine.Play) string { return "" }

// double offers the cube at twice its value, to be taken or passed.
func (g *standardGame) double(side engine.Side) (int, bool, error) {
	if err := g.m.Double(side); err != nil {
		return g.m.Cube(), false, err
	}
	return 2 * g.m.Cube(), true, nil
}

func (g *standardGame) cube() int     { return g.m.Cube() }
func (g *standardGame) score() [2]int { return g.m.Score() }

// offer weighs a resignation of a single game, gammon or backgammon.
func (g *standardGame) offer(o *resignation, board engine.Board) (string, error) {
	kind := engine.ResultKind(o.points)
	if kind < engine.Single || kind > engine.Backgammon {
		return "", fmt.Errorf("%d points: offer 1 (single), 2 (gammon) or 3 (backgammon)", o.points)
	}
	c, err := g.m.WeighConcession(o.side, kind, board)
	if err != nil {
		return "", err
	}
	o.forced = c.Forced
	if c.Forced {
		return fmt.Sprintf("%v can do no better: the director may force acceptance", o.side.Other()), nil
	}
	return fmt.Sprintf("%v may still do better", o.side.Other()), nil
}

func (g *standardGame) forced(o *resignation, board engine.Board) bool {
	c, err := g.m.WeighConcession(o.side, engine.ResultKind(o.points), board)
	return err == nil && c.Forced
}

func (g *standardGame) offered(o *resignation) (engine.Result, string) {
	kind := engine.ResultKind(o.points)
	return engine.Result{Winner: o.side.Other(), Kind: kind, Points: o.points * g.m.Cube()}, "a " + kind.String()
}

func (g *standardGame) concede(o *resignation, accept bool) (turnEnd, error) {
	if !accept {
		return turnEnd{}, nil
	}
	res, err := g.m.Resign(o.side, engine.ResultKind(o.points))
	return turnEnd{over: err == nil, result: res}, err
}

func (g *standardGame) matchOver() (engine.Side, bool, string) {
	winner, over := g.m.Winner()
	return winner, over, ""
}

// timeOut awards the match to the opponent, unless the gin rule applies
// and side cannot lose whatever is rolled.
func (g *standardGame) timeOut(side engine.Side, before engine.Board, d engine.Dice, gin bool) (engine.Side, error) {
	winner := side.Other()
	if gin && g.m.Gin(side, before, d) {
		winner = side
	}
	return winner, g.m.AwardMatch(winner)
}

func (g *standardGame) abandoned(setUp bool) bool { return g.r.concede(setUp) }

func (g *standardGame) hypotheses() bool { return true }

func (g *standardGame) status(s *Status, _ engine.Board) {
	s.Length, s.Score, s.Crawford = g.m.Length(), g.m.Score(), g.m.Crawford()
	s.Cube, s.CubeDead = g.r.nextCube(), g.m.CubeDead()
	if owner, owned := g.m.CubeOwner(); owned {
		s.CubeOwner = &owner
	}
}

// afterGame says when the next game is the Crawford game.
func (g *standardGame) afterGame() {
	if _, over := g.m.Winner(); !over {
		g.r.announceCrawford()
	}
}

func (g *standardGame) copy(c *Referee) rulebook {
	m := *g.m
	c.match = &m
	return &standardGame{r: c, m: &m}
}
