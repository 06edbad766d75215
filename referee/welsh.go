package referee

import (
	"fmt"
	"io"
	"slices"
	"time"

	"gammond/engine"
	"gammond/engine/welsh"
	"gammond/sensing"
)

// welshGame is Welsh backgammon's rulebook (engine/welsh, docs/WELSH.md):
// its legal plays, and a welsh.Recorder that keeps the match and its
// record. Between games ROLL (or CUBE) starts a game, mugs away; CUBE
// doubles with no take or pass (rule 3); a long CUBE press chooses one die
// (rule 11); ROLL on an unplayed 2-1 throws it again (rule 13).
type welshGame struct {
	r   *Referee
	rec *welsh.Recorder
	// early is a nominate made before the throw it is for is due.
	early *Input
}

// NewWelsh returns the referee of a Welsh match recorded by rec, emitting
// its events to emit in order; a clocked match's is welsh.NewClock's.
func NewWelsh(rec *welsh.Recorder, clock sensing.Clock, emit func(Event)) *Referee {
	r := &Referee{clock: clock, emit: emit, setupWrong: []int{}, rules: engine.RulesWelsh, judging: uncalibrated()}
	r.book = &welshGame{r: r, rec: rec}
	return r
}

// take takes Welsh backgammon's own inputs, refusing the standard game's.
func (g *welshGame) take(in Input) bool {
	r, m := g.r, g.rec.Match()
	switch in.Kind {
	case InputDouble, InputCube:
		if in.Long {
			g.chooseOneDie(in.Side)
		} else if r.phase != settingUp || r.startGame(in.Side, engine.Dice{}) { // he doubles, about to throw
			r.Double(in.Side)
		}
	case InputRoll: // on the unmoved board of a 2-1, it is thrown again
		return r.phase == moving && m.MayRethrow(in.Side) && r.unmovedSinceRoll() && !g.aceyDeucey(in.Side)
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
	case InputScore, InputPenalty, InputEarlyRollChoice, InputClockIntroduce, InputClockAdjust, InputAnnulCrawford, InputOutOfPlay, InputBeaver, InputRaccoon, InputOpeningTie:
		r.irregular(in.Side, fmt.Sprintf("%v: not an input of the Welsh game", in.Kind))
	default:
		return false
	}
	return true
}

// startGame starts a game with the clocks' times (rule 12b); the match
// refuses a first thrower other than the loser of the last game.
func (g *welshGame) startGame(first engine.Side, _ engine.Dice) error {
	clocks := [2]time.Duration{welsh.ClockTime, welsh.ClockTime}
	if c := g.r.gameClock; c != nil {
		now := g.r.clock.Now()
		clocks = [2]time.Duration{c.Remaining(engine.White, now), c.Remaining(engine.Black, now)}
	}
	if err := g.rec.StartGame(first, clocks); err != nil {
		return fmt.Errorf("start game: %w (rule 7)", err)
	}
	for _, e := range g.held() {
		g.r.send(e)
	}
	return nil
}

// throw plays the nominee, or one die, or the dice thrown.
func (g *welshGame) throw(side engine.Side, d engine.Dice, _ int) (thrown, error) {
	t := g.rec.Match().ThrowOf(d)
	out, err := g.rec.Throw(side, t)
	if err != nil {
		return thrown{}, err
	}
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

// ends: all checked out, a rectangle, three on the roof, candlesticks.
func (g *welshGame) ends(after engine.Board) bool { return welsh.Ends(after) }

// endTurn records the play, and says what it brought about.
func (g *welshGame) endTurn(mover engine.Side, _, after engine.Board, standing bool) (turnEnd, error) {
	record := g.rec.Play
	if standing {
		record = g.rec.PlayStanding
	}
	ev, err := record(mover, after)
	if err != nil || ev.Ending != welsh.NotOver {
		return g.ended(mover), err
	}
	_, next, _ := g.rec.Match().Board()
	te := turnEnd{again: next == mover}
	for _, n := range ev.Notes(mover, g.rec.Match()) {
		te.events = append(te.events, Event{Kind: Note, Side: n.Side, Reason: n.Text})
	}
	if ev.CubeRaised { // after the dance's note
		raised := Event{Kind: Doubled, Side: mover, Cube: g.cube(), Reason: "the game's first dance takes the doubling die up (rule 16)"}
		te.events = slices.Insert(te.events, 1, raised)
	}
	te.events = append(te.events, g.held()...)
	return te, nil
}

// ended is the end of the game last ended (last moved or threw last).
func (g *welshGame) ended(last engine.Side) turnEnd {
	res, how, ok := g.rec.Match().Ended(last)
	return turnEnd{over: ok, result: engine.Result{Winner: res.Winner, Points: res.Games}, how: how}
}

// standing reads every count, a man not seen where the nearest legal
// result has him.
func (g *welshGame) standing(o *engine.Occupancy, before, near engine.Board, mover engine.Side, _ engine.Dice) (stood, error) {
	after, err := welsh.Read(o, mover.Other(), new(engine.LayoutOf(&near, mover)))
	moves := welsh.DiffMoves(before, after)
	return stood{after: after, moves: moves, notation: welsh.PlayText(moves)}, err
}

func (g *welshGame) notation(p engine.Play) string { return welsh.PlayText(p.Steps()) }

// double turns the doubling die up at once: no take or pass (rule 3).
func (g *welshGame) double(side engine.Side) (int, bool, error) {
	err := g.rec.Double(side)
	return g.cube(), false, err
}

func (g *welshGame) cube() int     { return g.rec.Match().CubeValue() }
func (g *welshGame) score() [2]int { return g.rec.Match().Score() }

// offer is an offer to concede games (rule 18), with a fiver paid or not.
func (g *welshGame) offer(o *resignation, _ engine.Board) (string, error) {
	off, err := g.rec.OfferConcession(o.side, o.points, o.fiver)
	o.forced = off.Mandatory
	return off.String(), err
}

func (g *welshGame) forced(o *resignation, _ engine.Board) bool { return o.forced }
func (g *welshGame) offered(o *resignation) (engine.Result, string) {
	return engine.Result{Winner: o.side.Other(), Points: o.points}, welsh.GameCount(o.points)
}

func (g *welshGame) concede(o *resignation, accept bool) (turnEnd, error) {
	err := g.rec.AnswerConcession(welsh.Offer{By: o.side, Games: o.points, Mandatory: o.forced}, accept)
	if err != nil || !accept {
		return turnEnd{}, err
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

func (g *welshGame) copy(c *Referee) rulebook {
	return &welshGame{r: c, rec: g.rec.Clone(), early: g.early}
}

func (g *welshGame) abandoned(bool) bool { return false }
func (g *welshGame) hypotheses() bool    { return false }

// afterGame tells what the match's end costs whom (rule 23), a payment a
// note; before the match's end there are none.
func (g *welshGame) afterGame() {
	pay, _ := g.rec.Match().Prizes()
	for _, p := range pay {
		g.r.note(p.To, fmt.Sprintf("prizes (rule 23): %v pays %v £%d.%02d for %s", p.From, p.To, p.Pence/100, p.Pence%100, p.Why))
	}
}

// aceyDeucey takes up an unplayed 2-1's option of throwing again (rule 13).
func (g *welshGame) aceyDeucey(side engine.Side) bool {
	if err := g.rec.ThrowAgainAceyDeucey(side); err != nil {
		g.r.irregular(side, fmt.Sprintf("%v may not throw again: only an unplayed 2-1 is thrown again (rule 13): %v", side, err))
		return false
	}
	g.r.phase = awaitingRoll
	g.r.send(Event{Kind: ThrowVoid, Side: side, Dice: g.r.dice, Reason: fmt.Sprintf("%v throws the 2-1 again (acey-deucey, rule 13)", side)})
	return true
}

// chooseOneDie is the choice of a player with a full spread, about to
// throw, to throw one die (rule 11); chosen again, it is withdrawn. The
// opponent's choice ends the mover's turn, as his throw would.
func (g *welshGame) chooseOneDie(side engine.Side) {
	if !g.r.opponentBegins(side) {
		return
	}
	switch one, err := g.rec.Match().ChooseOneDie(side); {
	case err != nil:
		g.r.irregular(side, err.Error())
	case one:
		g.r.note(side, fmt.Sprintf("%v throws one die (full spread, rule 11)", side))
	default:
		g.r.note(side, fmt.Sprintf("%v throws both dice after all", side))
	}
}

// nominate is by's nominate of the next throw (rule 21); made before it
// is due (between games, or after a DONE whose play is not yet judged or
// is flagged), held until it is.
func (g *welshGame) nominate(by engine.Side, t welsh.Throw) {
	if (g.r.phase == settingUp || g.r.phase == flagged || g.r.wait != doneNone) && g.early == nil && !g.rec.Match().Nominated()[by] {
		g.early = &Input{Side: by, Dice: t.Dice}
	} else if e := g.recordNominate(by, t); e.Kind == Irregularity {
		g.r.irregular(by, e.Reason)
	} else {
		g.r.send(e)
	}
}

// held gives the match the nominate held, the next throw now due.
func (g *welshGame) held() []Event {
	if in := g.early; in != nil {
		g.early = nil
		return []Event{g.recordNominate(in.Side, welsh.Throw{Dice: in.Dice})}
	}
	return nil
}

// recordNominate gives the match by's nominate: what to tell the players.
func (g *welshGame) recordNominate(by engine.Side, t welsh.Throw) Event {
	if err := g.rec.Nominate(by, t); err != nil {
		return Event{Kind: Irregularity, Side: by, Reason: err.Error()}
	}
	return Event{Kind: Note, Side: by, Reason: fmt.Sprintf("%v nominates %v for the next throw (rule 21)", by, t)}
}

// oddsEvens is the call for the match's first game (rule 7): the winner
// chooses who throws first, and that player's ROLL starts the game.
func (g *welshGame) oddsEvens(caller engine.Side, even bool, shaken engine.Dice) {
	chooser, err := g.rec.Match().CallOddsEvens(caller, even, shaken)
	if err != nil {
		g.r.irregular(caller, err.Error())
		return
	}
	g.r.note(chooser, fmt.Sprintf("%v wins odds and evens (%v, %d): %v chooses who throws first (rule 7)", chooser, shaken, shaken[0]+shaken[1], chooser))
}

// WelshStatus is the Welsh game's own state in Status.
type WelshStatus = welsh.Status

// status fills in the Welsh match's score and cube, and its own state.
func (g *welshGame) status(s *Status, b engine.Board) {
	m := g.rec.Match()
	cube, centred, right := m.Cube()
	s.Length, s.Score, s.Cube = welsh.MatchGames, m.Score(), cube
	if !centred {
		s.CubeOwner = &right
	}
	ws := m.Status(b, g.r.onRoll)
	if o := s.Resignation; o != nil {
		ws.Offer = &welsh.Offer{By: o.Side, Games: o.Points, Mandatory: o.Forced}
	}
	s.Welsh = &ws
}

// OpenWelshTrace is OpenTrace for a Welsh match's trace (or any the
// caller says is one), with the recorder of the match it transcribes.
func OpenWelshTrace(r io.Reader, emit func(Event)) (*Pipeline, *welsh.Recorder, *sensing.Header, error) {
	var rec *welsh.Recorder
	p, h, err := openTrace(r, emit, func(h *sensing.Header, clock sensing.Clock, emit func(Event)) (*Referee, error) {
		rec = welsh.NewRecorder(h.Match.White, h.Match.Black, 0)
		return NewWelsh(rec, clock, emit), nil
	})
	return p, rec, h, err
}
