package record

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"gammond/engine"
	"gammond/record/mat"
)

// Kind says what a Finding is: a breach of the rules or a warning.
type Kind string

// The kinds of Finding.
const (
	// Breach is a play, cube action or result that breaks the rules.
	Breach Kind = "finding"
	// Warning is a line the reader skipped or a writer's convention that
	// breaks no rule: a "Wins" capped at the points the match needed, a
	// money session's score lines left at 0-0, an unfinished match.
	Warning Kind = "warning"
)

// Finding is one thing a check of a match record reports: a play no roll
// of its dice allows, a cube action against the rules, a result the
// position and cube do not give; or, of Kind Warning, a line it skipped
// or a convention of the program that wrote it.
type Finding struct {
	Kind   Kind         `json:"kind"`
	Line   int          `json:"line,omitempty"` // the file's line, for a line the reader skipped
	Game   int          `json:"game"`           // from 1; 0 for the match as a whole
	Move   int          `json:"move"`           // the record's "N)"
	Side   engine.Side  `json:"side"`           // 0 is the left column
	Dice   *engine.Dice `json:"dice"`           // nil for a cube action or a result
	Play   string       `json:"play"`           // the record's cell
	Reason string       `json:"reason"`
}

// String returns "game 3 move 12 side 0: 62: 24/18 13/10: why", a
// warning starting "warning: " and saying where it is.
func (f Finding) String() string {
	var parts []string
	if f.Kind == Warning {
		parts = append(parts, "warning")
	}
	switch {
	case f.Line > 0:
		parts = append(parts, fmt.Sprintf("line %d", f.Line))
	case f.Game == 0:
	case f.Move == 0 && f.Play == "":
		parts = append(parts, fmt.Sprintf("game %d", f.Game))
	default:
		parts = append(parts, fmt.Sprintf("game %d move %d side %d", f.Game, f.Move, f.Side))
	}
	if f.Play != "" {
		parts = append(parts, f.Play)
	}
	return strings.Join(append(parts, f.Reason), ": ")
}

// Check replays a match record with the engine and returns what it finds,
// in record order, the warnings of its reading first. After an illegal
// play it carries on from the position the record gives; after a refused
// double, as if it had been allowed, so that one mistake is reported once.
func Check(rec *mat.Match) []Finding {
	c := NewChecker(rec)
	c.Warnings(rec.Warnings)
	for i := range rec.Games {
		c.Game(&rec.Games[i])
	}
	return c.Finish()
}

// CheckReader checks the record r reads a game at a time, holding two
// games at most. It returns the findings up to where r failed, and r's
// error: a record it could not read to its end.
func CheckReader(r *mat.Reader) ([]Finding, error) {
	h, err := r.Header()
	if err != nil {
		return nil, err
	}
	c := NewChecker(h)
	seen := 0
	for {
		g, err := r.Next()
		ws := r.Warnings()
		c.Warnings(ws[seen:])
		seen = len(ws)
		if err == io.EOF {
			return c.Finish(), nil
		}
		if err != nil {
			return c.Finish(), err
		}
		c.Game(g)
	}
}

// Checker checks a match record fed to it a game at a time: Game for
// each, then Finish. It keeps the last game back until it knows whether
// another follows.
type Checker struct {
	c       checker
	pending *mat.Game
}

// NewChecker returns a Checker of the match whose header is h: its length
// and the rules its tags state, as XG writes them: [Jacoby "On"] for a
// money session, [Crawford "Off"] for a match without the Crawford rule.
// It uses no game of h.
func NewChecker(h *mat.Match) *Checker {
	c := checker{
		length:      h.Length,
		opts:        moneyOpts(h),
		crawfordOff: strings.EqualFold(h.Tag("Crawford"), "Off"),
	}
	m, err := engine.NewMatch(c.length, c.opts)
	c.match = m
	if err != nil {
		c.findings = []Finding{{Kind: Breach, Reason: err.Error()}}
	}
	return &Checker{c: c}
}

// moneyOpts are the rules a record's header states: a money session
// allows beavers and raccoons, which the record shows where they were
// played ("Beavers => 4"), and Jacoby by XG's tag.
func moneyOpts(h *mat.Match) engine.MatchOpts {
	if h.Length != 0 {
		return engine.MatchOpts{}
	}
	return engine.MatchOpts{Jacoby: strings.EqualFold(h.Tag("Jacoby"), "On"), Beavers: true, Raccoons: true}
}

// Warnings adds the reader's warnings.
func (k *Checker) Warnings(ws []mat.Warning) {
	for _, w := range ws {
		k.c.findings = append(k.c.findings, Finding{Kind: Warning, Line: w.Line, Reason: w.Msg})
	}
}

// Game checks the game before g, now known not to be the last, and keeps
// g. The Checker keeps g until the next call.
func (k *Checker) Game(g *mat.Game) {
	if k.pending != nil && k.c.match != nil {
		k.c.game(k.pending, false)
	}
	k.pending = g
}

// Findings returns what the Checker found so far, in record order, and
// forgets it, so that a caller may print findings as games are checked.
func (k *Checker) Findings() []Finding {
	f := k.c.findings
	k.c.findings = nil
	return f
}

// Finish checks the last game and the match's end, and returns the
// findings not yet taken by Findings.
func (k *Checker) Finish() []Finding {
	if k.pending != nil && k.c.match != nil {
		k.c.game(k.pending, true)
		k.pending = nil
	}
	if k.c.match != nil {
		k.c.end()
	}
	return k.Findings()
}

// checker carries the match state from game to game.
type checker struct {
	match       *engine.Match
	length      int
	opts        engine.MatchOpts
	crawfordOff bool // the header says the match is played without the Crawford rule
	findings    []Finding

	gameNo     int
	move       int            // the last numbered line's move number
	started    bool           // the game's opening roll is in
	refused    bool           // the game's cube went against the rules: its value is the record's
	cube       int            // the record's cube value while refused
	result     *engine.Result // how the game ended, per the engine
	moneyScore bool           // a money session's score lines stay 0-0: warned once
	lost       bool           // a game without a result left the score to the next score line
}

func (c *checker) report(st mat.Step, reason string) {
	c.add(Breach, st, reason)
}

// warn adds a warning about a step.
func (c *checker) warn(st mat.Step, reason string) {
	c.add(Warning, st, reason)
}

func (c *checker) add(kind Kind, st mat.Step, reason string) {
	f := Finding{Kind: kind, Game: c.gameNo, Move: c.move, Side: st.Side, Play: cellText(st), Reason: reason}
	if st.Action.Kind == mat.Roll || st.Action.Kind == mat.Resign && st.Action.Rolled() {
		d := st.Action.Dice
		f.Dice = &d
	}
	c.findings = append(c.findings, f)
}

// game checks one game of the record.
func (c *checker) game(g *mat.Game, last bool) {
	c.gameNo++
	c.move, c.started, c.refused, c.result = 0, false, false, nil
	c.score(g)
	for _, text := range g.Comments {
		c.warn(mat.Step{}, "comment: "+text)
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

// score checks the game's score line against the results before it, and
// goes on from the record's score, so that one wrong result is reported
// once.
func (c *checker) score(g *mat.Game) {
	if c.lost && !g.Unscored {
		c.restart(g.Score)
	}
	score := c.match.Score()
	switch {
	case score == g.Score || g.Unscored:
		return
	case c.length == 0 && g.Score == [2]int{}:
		if !c.moneyScore {
			c.warn(mat.Step{}, fmt.Sprintf("the score lines of this money session stay 0-0, as GNU Backgammon writes them; the results give %d-%d before this game", score[0], score[1]))
			c.moneyScore = true
		}
		return
	case c.length == 0:
		// GNU Backgammon's money score lines count a beavered game's
		// result at half: the results are the session's ledger.
		c.warn(mat.Step{}, fmt.Sprintf("the score line says %d-%d, the results before give %d-%d; a money session goes on from its results", g.Score[0], g.Score[1], score[0], score[1]))
		return
	}
	c.report(mat.Step{}, fmt.Sprintf("the score line says %d-%d, the results before give %d-%d", g.Score[0], g.Score[1], score[0], score[1]))
	_ = c.match.SetScore(g.Score) // an impossible score stays the engine's
}

// restart goes on from a game the record left without a result: a new
// match at the next game's score. (Whether the Crawford game was played
// is lost; the engine infers it from the score.)
func (c *checker) restart(score [2]int) {
	c.lost = false
	m, err := engine.NewMatch(c.length, c.opts)
	if err == nil && m.SetScore(score) == nil {
		c.match = m
	}
}

// end warns of a match that ends before a side has won it.
func (c *checker) end() {
	if _, over := c.match.Winner(); over || c.length == 0 {
		return
	}
	score := c.match.Score()
	c.gameNo, c.move = 0, 0
	c.warn(mat.Step{}, fmt.Sprintf("the match is unfinished: %d-%d in a %d point match", score[0], score[1], c.length))
}

// abandon ends a game the engine could not follow to its end, with the
// record's result if it has one, so the next game starts at its score.
func (c *checker) abandon(g *mat.Game) {
	winner, win, ok := g.Result()
	if !ok {
		c.warn(mat.Step{}, "the game has no result: the next game's score line gives the score")
		c.lost = true
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
	case mat.Beaver:
		c.beaver(st)
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
// A resignation before the roll ("Resigns") rolls nothing: the opponent's
// "Wins" scores it.
func (c *checker) roll(st mat.Step) {
	if !st.Action.Rolled() {
		return
	}
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
	case errors.Is(err, engine.ErrCrawfordDouble) && c.crawfordOff:
		c.warn(st, "doubles in what would be the Crawford game; the header says the match is played without the Crawford rule")
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

// beaver checks a beaver by the side doubled, or the doubler's raccoon of
// it: both redouble at once, keeping the cube.
func (c *checker) beaver(st mat.Step) {
	if c.refused {
		c.cube = st.Action.Cube
		return
	}
	var err error
	if st.Side == c.match.Turn() {
		err = c.match.Raccoon(st.Side)
	} else {
		err = c.match.Beaver(st.Side)
	}
	if err != nil {
		c.report(st, err.Error())
		c.refused, c.cube = true, st.Action.Cube
		return
	}
	if got := c.match.Cube(); st.Action.Cube != got {
		c.report(st, fmt.Sprintf("the cube goes to %d, not %d", got, st.Action.Cube))
	}
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
	switch {
	case st.Side == want.Winner && got == want.Points:
	case st.Side == want.Winner && c.capped(got, want.Points, c.match.Score()[want.Winner]-want.Points):
		c.warnCapped(st, want.Points)
	default:
		c.report(st, fmt.Sprintf("the position and cube give %v %d point(s) (%v)", want.Winner, want.Points, want.Kind))
	}
}

// capped reports whether a win of points recorded as got is written
// capped at what the match needed, the winner having had before: as
// Backgammon Galaxy writes "Wins 3 point and the match" for a gammon at
// a cube of 2.
func (c *checker) capped(got, points, before int) bool {
	return c.length > 0 && got < points && got >= c.length-before
}

func (c *checker) warnCapped(st mat.Step, points int) {
	c.warn(st, fmt.Sprintf("the game scores %d point(s); the record caps it at the %d the match needed", points, st.Action.Points))
}

// resigned scores a game the record ends with a resignation, before the
// opening roll too (Backgammon Galaxy records a forfeit so).
func (c *checker) resigned(st mat.Step) {
	if !c.started {
		c.started = true
		c.engineErr(st, c.match.StartGame(st.Side.Other()))
	}
	cube := c.match.Cube()
	if c.refused {
		cube = c.cube
	}
	got := st.Action.Points
	before := c.match.Score()[st.Side]
	kind := engine.ResultKind(got / cube)
	switch {
	case got%cube == 0 && kind >= engine.Single && kind <= engine.Backgammon:
	case c.capped(got, int(engine.Backgammon)*cube, before):
		kind = engine.ResultKind((got + cube - 1) / cube)
	default:
		c.report(st, fmt.Sprintf("%d point(s) is no single, gammon or backgammon with the cube at %d", got, cube))
		kind = engine.Single
	}
	res, err := c.match.Resign(st.Side.Other(), kind)
	c.engineErr(st, err)
	switch {
	case err != nil || c.refused || res.Points == got:
	case c.capped(got, res.Points, before):
		c.warnCapped(st, res.Points)
	default:
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
		if !a.Rolled() {
			return "Resigns"
		}
		return fmt.Sprintf("%v: (resigns)", a.Dice)
	case mat.Double:
		return fmt.Sprintf("Doubles => %d", a.Cube)
	case mat.Beaver:
		return fmt.Sprintf("Beavers => %d", a.Cube)
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
