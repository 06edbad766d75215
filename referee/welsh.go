package referee

import (
	"fmt"
	"time"

	"gammond/engine"
	"gammond/engine/welsh"
	"gammond/sensing"
)

// welshGame is Welsh backgammon's rulebook (engine/welsh, docs/WELSH.md):
// its legal plays, and a welsh.Recorder that keeps the match and its
// record. A Welsh spike never holds more than six men, so on the reference
// board (six slots a point) every count is known; only dead sensors leave
// a play in doubt, and then the first legal result that fits is recorded,
// the play reported ambiguous.
//
// Its own inputs, beside the standard game's: ROLL throws (between games
// it starts the game: the first game's thrower is who won odds and evens,
// the next games' the loser of the last, "mugs away"); CUBE doubles, with
// no take or pass (rule 3), and a long CUBE press chooses one die for the
// next throw of a player with a full spread (rule 11); ROLL again on an
// unplayed 2-1 throws it again (rule 13); a resignation is an offer to
// concede games (rule 18); InputNominate, InputConcede with a fiver,
// InputOddsEvens are the page's.
type welshGame struct {
	r   *Referee
	rec *welsh.Recorder
	// mayRethrow: the throw is a 2-1 not yet played (rule 13).
	mayRethrow bool
	thrown     engine.Dice  // the turn's throw, for acey-deucey's note
	oneDie     bool         // the player to throw chose one die (rule 11)
	nominee    *welsh.Throw // the next throw, nominated (rule 21)
	// early is a nominate of a game's first throw made before the game
	// starts (its first throw does), held for it.
	early     *Input
	nominated [2]bool      // each player's nominate spent
	offerBy   *engine.Side // who may offer to concede: the one-throw-win occasion is open (rule 18)
	chooser   *engine.Side // who won odds and evens, before the first game
}

// NewWelsh returns the referee of a Welsh match recorded by rec (a new
// match: welsh.NewRecorder), emitting its events to emit in order. A
// clocked match takes welsh.NewClock (rule 12a) with SetClock.
func NewWelsh(rec *welsh.Recorder, clock sensing.Clock, emit func(Event)) *Referee {
	r := &Referee{clock: clock, emit: emit, setupWrong: []int{}, rules: engine.RulesWelsh}
	r.book = &welshGame{r: r, rec: rec}
	return r
}

// take takes the inputs Welsh backgammon has of its own, and refuses the
// standard game's it has no use for.
func (g *welshGame) take(in Input) bool {
	r := g.r
	switch in.Kind {
	case InputDouble, InputCube:
		if in.Long {
			g.chooseOneDie(in.Side)
		} else if r.phase != settingUp || r.startGame(in.Side) { // he doubles, about to throw
			r.Double(in.Side)
		}
	case InputRoll:
		if r.phase != moving || in.Side != r.onRoll || !g.mayRethrow || !r.haveBoard {
			return false
		}
		if before := r.lines[0].matcher.Before(); !r.board.Fits(&before, r.onRoll) {
			return false
		}
		return !g.aceyDeucey(in.Side) // then the throw again
	case InputAceyDeucey:
		g.aceyDeucey(in.Side)
	case InputOneDie:
		g.chooseOneDie(in.Side)
	case InputNominate:
		g.nominate(in.Side, welsh.Throw{Dice: in.Dice})
	case InputConcede:
		r.offerToConcede(in.Side, in.Games, in.Fiver)
	case InputOddsEvens:
		g.oddsEvens(in.Side, !in.Odds, in.Dice)
	case InputTake, InputDrop:
		r.irregular(in.Side, "Welsh backgammon has no take or pass: the doubling die just goes up (rule 3)")
	case InputScore, InputPenalty, InputEarlyRollChoice, InputClockIntroduce, InputClockAdjust,
		InputAnnulCrawford, InputOutOfPlay, InputBeaver, InputRaccoon, InputOpeningTie:
		r.irregular(in.Side, fmt.Sprintf("%v: not an input of the Welsh game", in.Kind))
	default:
		return false
	}
	return true
}

// startGame refuses a game after the match's end, and a first thrower
// other than the loser of the last game (mugs away, rule 7).
func (g *welshGame) startGame(first engine.Side) error {
	m := g.rec.Match()
	if over, _, _ := m.Over(); over {
		return fmt.Errorf("the match is over")
	}
	if starter, ok := m.Starter(); ok && starter != first {
		return fmt.Errorf("mugs away: %v lost the last game and throws first (rule 7)", starter)
	}
	clocks := [2]time.Duration{welsh.ClockTime, welsh.ClockTime}
	if c := g.r.gameClock; c != nil {
		now := g.r.clock.Now()
		clocks = [2]time.Duration{c.Remaining(engine.White, now), c.Remaining(engine.Black, now)}
	}
	if err := g.rec.StartGame(first, clocks); err != nil {
		return fmt.Errorf("start game: %w", err)
	}
	g.chooser = nil
	if in := g.early; in != nil {
		g.early = nil
		g.recordNominate(in.Side, welsh.Throw{Dice: in.Dice})
	}
	return nil
}

// throw plays the nominee, or one die, or the dice thrown.
func (g *welshGame) throw(side engine.Side, d engine.Dice, _ int) (thrown, error) {
	t := welsh.Throw{Dice: d}
	switch {
	case g.nominee != nil:
		t = *g.nominee // the dice are set, not shaken (rule 21)
	case g.oneDie:
		t = welsh.Throw{Dice: engine.Dice{d[0]}, OneDie: true}
	}
	out, err := g.rec.Throw(side, t)
	if err != nil {
		return thrown{}, err
	}
	g.nominee, g.oneDie, g.offerBy = nil, false, nil
	g.thrown, g.mayRethrow = t.Dice, out == welsh.ThrowMayRethrow
	th := thrown{dice: t.Dice}
	switch out {
	case welsh.ThrowAgain:
		th.void = fmt.Sprintf("%v threw %v a third turn running: throw again (rule 7)", side, t)
	case welsh.ThrowWashesSnake:
		th.end = g.ended(side)
	case welsh.ThrowMayRethrow:
		th.note = fmt.Sprintf("%v may throw the 2-1 again (acey-deucey, rule 13)", side)
	}
	return th, nil
}

// startTurn takes a throw of one die as Dice with no second die.
func (g *welshGame) startTurn(m *engine.Matcher, before engine.Board, onRoll engine.Side, d engine.Dice) {
	t := welsh.Throw{Dice: d, OneDie: d[1] == 0}
	m.StartPlays(before, onRoll, welsh.Plays(before, t), welsh.Partials(before, t))
}

// endTurn records the play, and says what it brought about (rule 23 (vi):
// "pointed out with a tap on the table").
func (g *welshGame) endTurn(mover engine.Side, _, after engine.Board, standing bool) (turnEnd, error) {
	record := g.rec.Play
	if standing {
		record = g.rec.PlayStanding
	}
	ev, err := record(mover, after)
	if err != nil {
		return turnEnd{}, err
	}
	g.mayRethrow = false
	if ev.Ending != welsh.NotOver {
		return g.ended(mover), nil
	}
	board, next, _ := g.rec.Match().Board()
	te := turnEnd{again: next == mover}
	note := func(side engine.Side, format string, args ...any) {
		te.events = append(te.events, Event{Kind: Note, Side: side, Reason: fmt.Sprintf(format, args...)})
	}
	if ev.Dance {
		note(mover, "%v dances: men still on the roof (rule 16)", mover)
	}
	if ev.CubeRaised {
		te.events = append(te.events, Event{Kind: Doubled, Side: mover, Cube: g.cube(), Reason: "the game's first dance takes the doubling die up (rule 16)"})
	}
	if ev.Triangle {
		note(mover, "%v's triangle stands: %v throws again (rule 17a)", mover, mover)
	}
	if ev.BonusThrow {
		note(mover, "%v throws again: a bonus throw (rule 18)", mover)
	}
	if ev.OfferWindow {
		by := next // the player on turn may lose, unless he has the one-throw win
		if welsh.OneThrowWin(&board) {
			by = next.Other()
		}
		g.offerBy = &by
		note(by, "%v has a one-throw win: %v may offer to concede (rule 18)", by.Other(), by)
	}
	return te, nil
}

// ended is the game's end the match recorded last; last played or threw
// last (the winner of a wash).
func (g *welshGame) ended(last engine.Side) turnEnd {
	results := g.rec.Match().Results()
	res := results[len(results)-1]
	winner := res.Winner
	if res.Ending == welsh.WashBySticks || res.Ending == welsh.WashBySnakes {
		winner = last
	}
	return turnEnd{over: true, result: engine.Result{Winner: winner, Points: res.Games}, how: fmt.Sprintf("%v, %d game(s)", res.Ending, res.Games)}
}

// standing reads the position as the occupancy shows it: a Welsh spike's
// count is exact, and the men not on the board are checked out.
func (g *welshGame) standing(o *engine.Occupancy, before, _ engine.Board, mover engine.Side, _ engine.Dice) (stood, error) {
	var l engine.Layout
	for _, s := range []engine.Side{engine.White, engine.Black} {
		on := 0
		for p := 1; p <= 24; p++ {
			l[s][p] = int(o.Points[p-1][s])
			on += l[s][p]
		}
		l[s][engine.Bar] = int(o.Bar[0][s]) + int(o.Bar[1][s])
		l[s][engine.Off] = max(0, engine.CheckersPerSide-on-l[s][engine.Bar])
	}
	after, err := l.Board(mover.Other())
	if err == nil {
		err = welsh.Validate(&after)
	}
	moves := welsh.DiffMoves(before, after)
	return stood{after: after, moves: moves, notation: notation(moves)}, err
}

func (g *welshGame) notation(p engine.Play) string { return notation(p.Steps()) }

// notation writes moves as the Welsh record does.
func notation(moves []engine.Move) string {
	if s := welsh.FormatPlay(moves); s != "" {
		return s
	}
	return "no move"
}

// double turns the doubling die up at once: no take or pass (rule 3).
func (g *welshGame) double(side engine.Side) (int, bool, error) {
	err := g.rec.Double(side)
	return g.cube(), false, err
}

func (g *welshGame) cube() int {
	cube, _, _ := g.rec.Match().Cube()
	return cube
}

func (g *welshGame) score() [2]int { return g.rec.Match().Score() }

// offer is an offer to concede games (rule 18), with a fiver paid or not.
func (g *welshGame) offer(o *resignation, _ engine.Board) (string, error) {
	off, err := g.rec.OfferConcession(o.side, o.points, o.fiver)
	if err != nil {
		return "", err
	}
	o.forced = off.Mandatory
	reason := fmt.Sprintf("%v offers to concede %d game(s) (rule 18)", o.side, o.points)
	if o.forced {
		reason += ": with the fiver it must be accepted"
	}
	return reason, nil
}

func (g *welshGame) forced(o *resignation, _ engine.Board) bool { return o.forced }

func (g *welshGame) offered(o *resignation) (engine.Result, string) {
	return engine.Result{Winner: o.side.Other(), Points: o.points}, fmt.Sprintf("%d game(s)", o.points)
}

func (g *welshGame) concede(o *resignation, accept bool) (turnEnd, error) {
	if err := g.rec.AnswerConcession(welsh.Offer{By: o.side, Games: o.points, Mandatory: o.forced}, accept); err != nil {
		return turnEnd{}, err
	}
	g.offerBy = nil
	if !accept {
		return turnEnd{}, nil
	}
	return g.ended(o.side), nil
}

func (g *welshGame) matchOver() (engine.Side, bool, string) {
	over, winner, how := g.rec.Match().Over()
	return winner, over, how.String()
}

func (g *welshGame) timeOut(side engine.Side, _ engine.Board, _ engine.Dice, _ bool) (engine.Side, error) {
	return side.Other(), g.rec.TimeOut(side)
}

func (g *welshGame) abandoned(bool) bool { return false }
func (g *welshGame) hypotheses() bool    { return false }

// afterGame tells what the match's end costs whom (rule 23), a note a
// payment.
func (g *welshGame) afterGame() {
	g.offerBy, g.nominee, g.early = nil, nil, nil
	pay, err := g.rec.Match().Prizes()
	if err != nil {
		return // the match is not over: no prizes yet
	}
	for _, p := range pay {
		g.r.note(p.To, fmt.Sprintf("prizes (rule 23): %v pays %v £%d.%02d for %s", p.From, p.To, p.Pence/100, p.Pence%100, p.Why))
	}
}

// aceyDeucey takes up an unplayed 2-1's option of throwing again (rule 13).
func (g *welshGame) aceyDeucey(side engine.Side) bool {
	r := g.r
	if r.phase != moving || side != r.onRoll || !g.mayRethrow {
		r.irregular(side, fmt.Sprintf("%v may not throw again: only an unplayed 2-1 is thrown again (rule 13)", side))
		return false
	}
	if err := g.rec.ThrowAgainAceyDeucey(side); err != nil {
		r.irregular(side, err.Error())
		return false
	}
	g.mayRethrow = false
	r.phase = awaitingRoll
	r.send(Event{Kind: ThrowVoid, Side: side, Dice: g.thrown, Reason: fmt.Sprintf("%v throws the 2-1 again (acey-deucey, rule 13)", side)})
	return true
}

// chooseOneDie is the choice of a player with a full spread, about to
// throw, to throw one die (rule 11); chosen again, it is withdrawn.
func (g *welshGame) chooseOneDie(side engine.Side) {
	r := g.r
	switch {
	case r.phase != awaitingRoll || side != r.onRoll:
		r.irregular(side, fmt.Sprintf("%v may choose one die only before his own throw (rule 11)", side))
	case !welsh.HasFullSpread(&r.lines[0].board[engine.Mover]):
		r.irregular(side, fmt.Sprintf("%v has no full spread: one die is thrown only with one (rule 11)", side))
	case !g.oneDie:
		g.oneDie = true
		r.note(side, fmt.Sprintf("%v throws one die (full spread, rule 11)", side))
	default:
		g.oneDie = false
		r.note(side, fmt.Sprintf("%v throws both dice after all", side))
	}
}

// nominate is by's nominate of the next throw (rule 21); between games,
// of the next game's first, held until it starts.
func (g *welshGame) nominate(by engine.Side, t welsh.Throw) {
	if g.r.phase == settingUp && g.early == nil && !g.nominated[by] {
		g.early = &Input{Side: by, Dice: t.Dice}
		return
	}
	g.recordNominate(by, t)
}

// recordNominate gives the match by's nominate.
func (g *welshGame) recordNominate(by engine.Side, t welsh.Throw) {
	if err := g.rec.Nominate(by, t); err != nil {
		g.r.irregular(by, err.Error())
		return
	}
	g.nominee, g.nominated[by] = &t, true
	g.r.note(by, fmt.Sprintf("%v nominates %v for the next throw (rule 21)", by, t))
}

// oddsEvens is the call for the match's first game (rule 7): caller calls
// even or odd on the shaker's hidden dice; the winner chooses who throws
// first, and that player's ROLL starts the game.
func (g *welshGame) oddsEvens(caller engine.Side, even bool, shaken engine.Dice) {
	if _, ok := g.rec.Match().Starter(); ok || g.r.phase != settingUp || !shaken.Valid() {
		g.r.irregular(caller, "odds and evens decide only a first game, or one after a wash, with the shaker's two dice (rule 7)")
		return
	}
	chooser := welsh.OddsEvens(caller.Other(), even, shaken)
	g.chooser = &chooser
	g.r.note(chooser, fmt.Sprintf("%v wins odds and evens (%v, %d): %v chooses who throws first (rule 7)", chooser, shaken, shaken[0]+shaken[1], chooser))
}
