package record

import (
	"errors"
	"fmt"

	"gammond/engine"
	"gammond/record/mat"
)

// Finding is one thing a match record gets wrong: a play no roll of its dice
// allows, a cube action against the rules, or a result the position and
// cube do not give.
type Finding struct {
	Game   int          `json:"game"` // from 1
	Move   int          `json:"move"` // the record's "N)"
	Side   engine.Side  `json:"side"` // 0 is the left column
	Dice   *engine.Dice `json:"dice"` // nil for a cube action or a result
	Play   string       `json:"play"` // the record's cell
	Reason string       `json:"reason"`
}

func (f Finding) String() string {
	if f.Play == "" {
		return fmt.Sprintf("game %d move %d side %d: %s", f.Game, f.Move, f.Side, f.Reason)
	}
	return fmt.Sprintf("game %d move %d side %d: %s: %s", f.Game, f.Move, f.Side, f.Play, f.Reason)
}

// Check replays a match record with the engine and returns what it finds
// wrong, in record order. After an illegal play it carries on from the
// position the record gives; after a refused double, as if it had been
// allowed, so that one mistake is reported once.
func Check(rec *mat.Match) []Finding {
	m, err := engine.NewMatch(rec.Length, engine.MatchOpts{})
	if err != nil {
		return []Finding{{Game: 1, Reason: err.Error()}}
	}
	c := checker{match: m}
	for i := range rec.Games {
		c.game(i+1, &rec.Games[i], i == len(rec.Games)-1)
	}
	return c.findings
}

// checker carries the match state from game to game.
type checker struct {
	match    *engine.Match
	findings []Finding

	gameNo  int
	move    int            // the last numbered line's move number
	started bool           // the game's opening roll is in
	refused bool           // the game's cube went against the rules: its value is the record's
	cube    int            // the record's cube value while refused
	result  *engine.Result // how the game ended, per the engine
}

func (c *checker) report(st mat.Step, reason string) {
	f := Finding{Game: c.gameNo, Move: c.move, Side: st.Side, Play: cellText(st), Reason: reason}
	if st.Action.Kind == mat.Roll || st.Action.Kind == mat.Resign {
		d := st.Action.Dice
		f.Dice = &d
	}
	c.findings = append(c.findings, f)
}

// game checks one game of the record.
func (c *checker) game(n int, g *mat.Game, last bool) {
	c.gameNo, c.move, c.started, c.refused, c.result = n, 0, false, false, nil
	if score := c.match.Score(); score != g.Score {
		c.report(mat.Step{}, fmt.Sprintf("the score line says %d-%d, the results before give %d-%d", g.Score[0], g.Score[1], score[0], score[1]))
	}
	steps, err := g.Replay()
	for _, st := range steps {
		if st.Number > 0 {
			c.move = st.Number
		}
		c.step(st)
	}
	var re *mat.ReplayError
	if errors.As(err, &re) {
		c.move = re.Number
		c.report(recordedStep(g, re), fmt.Sprintf("a move no board allows: %v", re.Err))
		if !c.started {
			c.engineErr(mat.Step{Side: re.Side}, c.match.StartGame(re.Side))
		}
	}
	if c.match.Playing() && (!last || err != nil) {
		c.abandon(g)
	}
}

// abandon ends a game the engine could not follow to its end, with the
// record's result if it has one, so the next game starts at its score.
func (c *checker) abandon(g *mat.Game) {
	winner, win, ok := g.Result()
	if !ok {
		c.report(mat.Step{}, "the game has no result")
		return
	}
	kind := engine.ResultKind(max(1, min(3, win.Points/max(1, c.match.Cube()))))
	c.match.Resign(winner.Other(), kind)
}

func (c *checker) step(st mat.Step) {
	switch st.Action.Kind {
	case mat.Roll, mat.Resign:
		c.roll(st)
	case mat.Double:
		c.double(st)
	case mat.Take:
		if !c.refused {
			c.engineErr(st, c.match.Take(st.Side))
		}
	case mat.Drop:
		c.drop(st)
	case mat.Win:
		c.win(st)
	}
}

// engineErr reports an action the match state refuses.
func (c *checker) engineErr(st mat.Step, err error) {
	if err != nil {
		c.report(st, err.Error())
	}
}

// roll checks a roll and its play, and passes the turn or ends the game.
func (c *checker) roll(st mat.Step) {
	if !c.started {
		c.started = true
		c.engineErr(st, c.match.StartGame(st.Side))
	} else {
		c.engineErr(st, c.match.Roll(st.Side))
	}
	if st.Action.Kind == mat.Resign {
		return
	}
	if len(st.Matches) == 0 {
		c.report(st, illegalReason(st))
	}
	if st.After[engine.Mover].BorneOff() < engine.CheckersPerSide {
		c.engineErr(st, c.match.EndTurn(st.Side))
		return
	}
	res, err := c.match.Finish(st.After.Swap())
	c.engineErr(st, err)
	if err == nil {
		if c.refused {
			res.Points = int(res.Kind) * c.cube
		}
		c.result = &res
	}
}

// double checks a double against the rules; a refused one is reported and
// the game goes on at the record's cube.
func (c *checker) double(st mat.Step) {
	err := c.match.CanDouble(st.Side)
	switch {
	case c.refused:
		c.cube = st.Action.Cube
		return
	case errors.Is(err, engine.ErrCrawfordDouble):
		c.report(st, "doubles in the Crawford game")
	case errors.Is(err, engine.ErrNotCubeOwner):
		c.report(st, "doubles when the opponent owns the cube")
	case err != nil:
		c.report(st, err.Error())
	default:
		c.engineErr(st, c.match.Double(st.Side))
		if want := 2 * c.match.Cube(); st.Action.Cube != want {
			c.report(st, fmt.Sprintf("the cube goes to %d, not %d", want, st.Action.Cube))
		}
		return
	}
	c.refused, c.cube = true, st.Action.Cube
}

func (c *checker) drop(st mat.Step) {
	var res engine.Result
	var err error
	if c.refused {
		res, err = c.match.Resign(st.Side, engine.Single)
		res.Points = c.cube / 2 // a pass loses the cube before the double
	} else {
		res, err = c.match.Drop(st.Side)
	}
	c.engineErr(st, err)
	if err == nil {
		c.result = &res
	}
}

// win checks the record's result against the engine's: the game's end, or
// for a resignation, a whole number of cubes up to a backgammon.
func (c *checker) win(st mat.Step) {
	got := st.Action.Points
	if c.result == nil {
		c.resigned(st)
		return
	}
	want := *c.result
	if st.Side != want.Winner || got != want.Points {
		c.report(st, fmt.Sprintf("the position and cube give %v %d point(s) (%v)", want.Winner, want.Points, want.Kind))
	}
}

// resigned scores a game the record ends with a resignation.
func (c *checker) resigned(st mat.Step) {
	cube := c.match.Cube()
	if c.refused {
		cube = c.cube
	}
	got := st.Action.Points
	kind := engine.ResultKind(got / cube)
	if got%cube != 0 || kind < engine.Single || kind > engine.Backgammon {
		c.report(st, fmt.Sprintf("%d point(s) is no single, gammon or backgammon with the cube at %d", got, cube))
		kind = engine.Single
	}
	res, err := c.match.Resign(st.Side.Other(), kind)
	c.engineErr(st, err)
	if err == nil && !c.refused && res.Points != got {
		c.report(st, fmt.Sprintf("a conceded %v scores %d point(s) here", kind, res.Points))
	}
}

// cellText writes a step's cell as the record has it.
func cellText(st mat.Step) string {
	a := st.Action
	switch a.Kind {
	case mat.Roll:
		return fmt.Sprintf("%v: %s", a.Dice, engine.FormatMat(st.Before, a.Moves))
	case mat.Resign:
		return fmt.Sprintf("%v: (resigns)", a.Dice)
	case mat.Double:
		return fmt.Sprintf("Doubles => %d", a.Cube)
	case mat.Take:
		return "Takes"
	case mat.Drop:
		return "Drops"
	case mat.Win:
		return fmt.Sprintf("Wins %d point(s)", a.Points)
	}
	return ""
}

// recordedStep returns the step a replay could not play, for its finding:
// the board is unknown, so its moves are written without hits.
func recordedStep(g *mat.Game, re *mat.ReplayError) mat.Step {
	for i, t := range g.Turns {
		if t.Number == re.Number && t.Actions[re.Side].Kind == mat.Roll {
			return mat.Step{Turn: i, Number: t.Number, Side: re.Side, Action: t.Actions[re.Side]}
		}
	}
	return mat.Step{Side: re.Side}
}
