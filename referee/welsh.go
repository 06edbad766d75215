package referee

import (
	"fmt"
	"slices"
	"time"

	"gammond/engine"
	"gammond/engine/welsh"
	"gammond/sensing"
)

// Judge is what runs a match's turn flow from the referee's inputs: the
// standard game's Referee or Welsh backgammon's Welsh. The board and the
// pipeline speak to a match through it, so the rules are chosen once, when
// the match is set up, and a journal of inputs replays either.
type Judge interface {
	// Apply gives one input, in time order.
	Apply(in Input)
	// Status is the match as it stands.
	Status() Status
	// Clock is the match's clock, nil when it is not clocked.
	Clock() *engine.Clock
	// TimedOut returns the side whose time has run out, for the daemon to
	// deliver as an InputTimeout.
	TimedOut() (engine.Side, bool)
}

var (
	_ Judge = (*Referee)(nil)
	_ Judge = (*Welsh)(nil)
)

// Welsh runs the turn flow of a Welsh backgammon match (engine/welsh,
// docs/WELSH.md) from the same inputs as the standard game's Referee, and
// keeps its record (welsh.Recorder). It judges whole positions at DONE as
// the Referee does: the board must show what a legal play of the throw
// leaves, or the play is flagged, to be put right or to stand when the
// opponent throws. A Welsh spike never holds more than six men, so on the
// reference board (six slots a point) every count is known and no play is
// ever ambiguous.
//
// Its inputs, beside the standard game's: ROLL throws (between games it
// starts the game: the first game's thrower is who won odds and evens, the
// next games' the loser of the last, "mugs away"); CUBE doubles, with no
// take or pass (rule 3), and a long CUBE press chooses one die for the next
// throw of a player with a full spread (rule 11); ROLL again on an unplayed
// 2-1 throws it again (rule 13); a resignation is an offer to concede
// Points games (rule 18), accepted or rejected; InputOption carries the
// options only the page can give (OptionNominate, OptionOffer with a fiver,
// OptionOddsEvens).
type Welsh struct {
	rec   *welsh.Recorder
	clock sensing.Clock
	emit  func(Event)
	// gameClock is the match's clock (rule 12a); nil when not clocked.
	gameClock *engine.Clock

	phase  phase
	game   int
	turn   int
	onRoll engine.Side // the player to throw, or playing
	throw  welsh.Throw
	// before is the position the turn started from, the mover on roll; plays
	// are the throw's legal plays (the unchanged board when none).
	before engine.Board
	plays  []engine.Play
	// partials are the positions on the way to a legal play (welsh.Partials):
	// a DONE on one is a play not finished ("partial").
	partials []engine.Board
	// mayRethrow: the throw is a 2-1 not yet played (rule 13).
	mayRethrow bool
	oneDie     bool         // the player to throw chose one die (rule 11)
	nominee    *welsh.Throw // the next throw, nominated (rule 21)
	nominated  [2]bool      // each player's nominate spent
	offer      *welsh.Offer // an offer to concede waiting for its answer
	offerBy    *engine.Side // who may offer to concede: the one-throw-win occasion is open (rule 18)
	chooser    *engine.Side // who won odds and evens, before the first game

	board        engine.Occupancy
	haveBoard    bool
	unsettled    bool
	pendingDone  bool
	flagged      []int
	setupWrong   []int
	illegalPlays [2]int
}

// NewWelsh returns the referee of a Welsh match recorded by rec (a new
// match: welsh.NewRecorder), emitting its events to emit in order.
func NewWelsh(rec *welsh.Recorder, clock sensing.Clock, emit func(Event)) *Welsh {
	return &Welsh{rec: rec, clock: clock, emit: emit, setupWrong: []int{}}
}

// SetClock makes the match a clocked one (welsh.NewClock: rule 12a); call
// it before the first game.
func (w *Welsh) SetClock(c *engine.Clock) { w.gameClock = c }

// Clock implements Judge.
func (w *Welsh) Clock() *engine.Clock { return w.gameClock }

// Record returns the match's record so far (docs/WELSH.md).
func (w *Welsh) Record() *welsh.Record { return w.rec.Record() }

// Over reports whether the match is over and who won it.
func (w *Welsh) Over() (over bool, winner engine.Side) {
	over, winner, _ = w.rec.Match().Over()
	return over, winner
}

// TimedOut implements Judge.
func (w *Welsh) TimedOut() (engine.Side, bool) {
	if w.gameClock == nil || w.phase == matchOver || w.phase == settingUp {
		return 0, false
	}
	return w.gameClock.TimedOut(w.clock.Now())
}

func (w *Welsh) send(e Event) {
	if e.Kind == IllegalPlay {
		w.illegalPlays[e.Side]++
	}
	e.At = w.clock.Now()
	e.Game, e.Turn = w.game, w.turn
	w.emit(e)
}

func (w *Welsh) irregular(side engine.Side, reason string) {
	w.send(Event{Kind: Irregularity, Side: side, Reason: reason})
}

func (w *Welsh) note(side engine.Side, format string, args ...any) {
	w.send(Event{Kind: Note, Side: side, Reason: fmt.Sprintf(format, args...)})
}

// Apply implements Judge.
func (w *Welsh) Apply(in Input) {
	switch in.Kind {
	case InputSettled:
		w.settled(in.Board)
	case InputUnsettled:
		w.unsettled = true
	case InputRoll:
		w.Roll(in.Side, in.Dice)
	case InputDone:
		w.Done(in.Side)
	case InputDouble:
		w.Double(in.Side)
	case InputCube:
		if in.Long {
			w.ChooseOneDie(in.Side)
			return
		}
		w.Double(in.Side)
	case InputTake, InputDrop:
		w.irregular(in.Side, "Welsh backgammon has no take or pass: the doubling die just goes up (rule 3)")
	case InputResign:
		w.Offer(in.Side, max(in.Points, 1), false)
	case InputOption:
		w.option(in)
	case InputAccept:
		w.Answer(in.Side, true)
	case InputReject:
		w.Answer(in.Side, false)
	case InputForceAccept:
		if w.offer != nil && w.offer.Mandatory {
			w.Answer(w.offer.By.Other(), true)
			return
		}
		w.irregular(w.onRoll, "no offer to concede that must be accepted (rule 18: the fiver to 24 exactly)")
	case InputLetStand:
		w.LetStand()
	case InputTimeout:
		w.TimeOut()
	case InputPause:
		w.pauseClock(in.Paused)
	case InputEnd, InputDoneGrace, InputRollRefused:
		// nothing waits for them in the Welsh flow
	default:
		w.irregular(in.Side, fmt.Sprintf("%v: not an input of the Welsh game", in.Kind))
	}
}

// option applies an InputOption.
func (w *Welsh) option(in Input) {
	switch in.Option {
	case OptionAceyDeucey:
		w.AceyDeucey(in.Side)
	case OptionOneDie:
		w.ChooseOneDie(in.Side)
	case OptionNominate:
		w.Nominate(in.Side, welsh.Throw{Dice: in.Dice})
	case OptionOffer:
		w.Offer(in.Side, in.Points, in.Long)
	case OptionOddsEvens:
		w.OddsEvens(in.Side, in.Points == 0, in.Dice)
	default:
		w.irregular(in.Side, fmt.Sprintf("no Welsh option %q", in.Option))
	}
}

// settled takes an occupancy that held still.
func (w *Welsh) settled(o *engine.Occupancy) {
	w.board, w.haveBoard, w.unsettled = *o, true, false
	switch w.phase {
	case settingUp:
		w.checkSetup()
	case moving, flagged:
		if w.pendingDone {
			w.pendingDone = false
			w.judge()
		}
	}
}

// checkSetup reports the points that differ from the starting position
// whenever they change (rule 1: the standard layout, docs/WELSH.md).
func (w *Welsh) checkSetup() {
	start := engine.StartingBoard
	points := w.board.Diff(nil, &start, engine.White)
	if slices.Equal(points, w.setupWrong) {
		return
	}
	w.setupWrong = append(w.setupWrong[:0], points...)
	w.send(Event{Kind: SetupWrong, Points: append([]int{}, points...)})
}

// Roll is side's throw of d. Between games it starts the game with side
// first; on a flagged play the opponent's throw lets it stand; on an
// unplayed 2-1 the mover's throw is the acey-deucey thrown again.
func (w *Welsh) Roll(side engine.Side, d engine.Dice) {
	switch {
	case w.phase == settingUp:
		if !w.startGame(side) {
			return
		}
	case w.phase == flagged && side != w.onRoll:
		if !w.accept() {
			return
		}
	case w.phase == moving && side == w.onRoll && w.mayRethrow && w.haveBoard && w.board.Fits(&w.before, w.onRoll):
		if !w.AceyDeucey(side) {
			return
		}
	}
	if w.phase != awaitingRoll || side != w.onRoll {
		w.irregular(side, fmt.Sprintf("%v threw %s out of turn", side, Roll(d)))
		return
	}
	w.throwDice(side, d)
}

// startGame begins a game with first throwing: "mugs away" after a game
// won, the winner of odds and evens (or whoever throws) otherwise.
func (w *Welsh) startGame(first engine.Side) bool {
	m := w.rec.Match()
	if over, _, _ := m.Over(); over {
		w.irregular(first, "the match is over")
		return false
	}
	if starter, ok := m.Starter(); ok && starter != first {
		w.irregular(first, fmt.Sprintf("mugs away: %v lost the last game and throws first (rule 7)", starter))
		return false
	}
	if !w.haveBoard || len(w.setupWrong) > 0 {
		w.irregular(first, fmt.Sprintf("the game starts with the board not in the starting position (points %v)", w.setupWrong))
	}
	clocks := [2]time.Duration{welsh.ClockTime, welsh.ClockTime}
	if w.gameClock != nil {
		now := w.clock.Now()
		clocks = [2]time.Duration{w.gameClock.Remaining(engine.White, now), w.gameClock.Remaining(engine.Black, now)}
	}
	if err := w.rec.StartGame(first, clocks); err != nil {
		w.irregular(first, fmt.Sprintf("start game: %v", err))
		return false
	}
	w.game++
	w.turn = 0
	w.onRoll = first
	w.chooser = nil
	w.phase = awaitingRoll
	if w.gameClock != nil {
		w.clockErr(w.gameClock.Start(first, w.clock.Now()))
	}
	cube, _, _ := m.Cube()
	w.send(Event{Kind: GameStarted, Side: first, Board: engine.StartingBoard, OnRoll: first, Cube: cube})
	return true
}

// throwDice gives the mover's throw to the match and starts the turn.
func (w *Welsh) throwDice(side engine.Side, d engine.Dice) {
	t := welsh.Throw{Dice: d}
	switch {
	case w.nominee != nil:
		t = *w.nominee // the dice are set, not shaken (rule 21)
	case w.oneDie:
		t = welsh.Throw{Dice: engine.Dice{d[0]}, OneDie: true}
	}
	out, err := w.rec.Throw(side, t)
	if err != nil {
		w.irregular(side, err.Error())
		return
	}
	w.nominee, w.oneDie, w.offerBy = nil, false, nil
	w.turn++
	w.send(Event{Kind: Rolled, Side: side, Dice: t.Dice})
	switch out {
	case welsh.ThrowAgain:
		w.send(Event{Kind: ThrowVoid, Side: side, Dice: t.Dice, Reason: fmt.Sprintf("%v threw %v a third turn running: throw again (rule 7)", side, t)})
		return
	case welsh.ThrowWashesSnake:
		w.gameOver(side)
		return
	}
	w.throw, w.mayRethrow = t, out == welsh.ThrowMayRethrow
	w.before, _, _ = w.rec.Match().Board()
	w.plays = welsh.Plays(w.before, t)
	if len(w.plays) == 0 {
		w.plays = []engine.Play{{After: w.before.Swap()}}
	}
	w.partials = welsh.Partials(w.before, t)
	w.phase = moving
	if w.mayRethrow {
		w.note(side, "%v may throw the 2-1 again (acey-deucey, rule 13)", side)
	}
}

// AceyDeucey takes up an unplayed 2-1's option of throwing again (rule 13).
func (w *Welsh) AceyDeucey(side engine.Side) bool {
	if w.phase != moving || side != w.onRoll || !w.mayRethrow {
		w.irregular(side, fmt.Sprintf("%v may not throw again: only an unplayed 2-1 is thrown again (rule 13)", side))
		return false
	}
	if err := w.rec.ThrowAgainAceyDeucey(side); err != nil {
		w.irregular(side, err.Error())
		return false
	}
	w.mayRethrow = false
	w.phase = awaitingRoll
	w.send(Event{Kind: ThrowVoid, Side: side, Dice: w.throw.Dice, Reason: fmt.Sprintf("%v throws the 2-1 again (acey-deucey, rule 13)", side)})
	return true
}

// Done is side's DONE: the play is judged once the board has settled.
func (w *Welsh) Done(side engine.Side) {
	if (w.phase != moving && w.phase != flagged) || side != w.onRoll {
		w.irregular(side, fmt.Sprintf("%v pressed DONE out of turn", side))
		return
	}
	if w.unsettled || !w.haveBoard {
		w.pendingDone = true
		return
	}
	w.judge()
}

// judge decides the play at DONE: the board shows what a legal play
// leaves, or the play is flagged with the points that differ from the
// nearest legal result.
func (w *Welsh) judge() {
	for i := range w.plays {
		shown := w.plays[i].After.Swap()
		if w.board.Fits(&shown, w.onRoll) {
			if w.phase == flagged {
				w.send(Event{Kind: Corrected, Side: w.onRoll, Dice: w.throw.Dice})
			}
			w.played(w.plays[i], false)
			return
		}
	}
	fault := "illegal"
	for i := range w.partials {
		if w.board.Fits(&w.partials[i], w.onRoll) {
			fault = "partial" // on the way to a legal play: not finished
			break
		}
	}
	w.flagged = w.nearest()
	w.phase = flagged
	w.send(Event{Kind: IllegalPlay, Side: w.onRoll, Dice: w.throw.Dice, Points: w.flagged, Fault: fault})
}

// nearest returns the points where the board differs from the legal result
// nearest to it.
func (w *Welsh) nearest() []int {
	var best []int
	for i := range w.plays {
		shown := w.plays[i].After.Swap()
		if diff := w.board.Diff(nil, &shown, w.onRoll); best == nil || len(diff) < len(best) {
			best = diff
		}
	}
	return best
}

// played ends the mover's turn with p: a legal play (Recorder.Play), or
// one flagged that stands (standing: Recorder.PlayStanding). It reports
// false when the recorder refuses it.
func (w *Welsh) played(p engine.Play, standing bool) bool {
	mover := w.onRoll
	record := w.rec.Play
	if standing {
		record = w.rec.PlayStanding
	}
	ev, err := record(mover, p.After)
	if err != nil {
		w.irregular(mover, err.Error())
		return false
	}
	w.flagged, w.mayRethrow = nil, false
	board, next, err := w.rec.Match().Board()
	if err != nil { // the game is over
		board, next = p.After, mover.Other()
	}
	e := Event{Kind: PlayMade, Side: mover, Dice: w.throw.Dice, Before: w.before, Play: p, Board: board, OnRoll: next,
		Notation: welsh.FormatPlay(p.Steps())}
	if standing {
		e.Kind, e.Play, e.Moves = IllegalAccepted, engine.Play{}, welsh.DiffMoves(w.before, p.After)
		e.Notation = welsh.FormatPlay(e.Moves)
	}
	if e.Notation == "" {
		e.Notation = "no move"
	}
	w.send(e)
	if ev.Ending != welsh.NotOver {
		w.gameOver(mover)
		return true
	}
	w.onRoll, w.phase = next, awaitingRoll
	if next != mover && w.gameClock != nil {
		w.clockErr(w.gameClock.Press(mover, w.clock.Now()))
	}
	w.turnNotes(mover, ev)
	return true
}

// turnNotes tells what a turn brought about (rule 23 (vi): "pointed out
// with a tap on the table").
func (w *Welsh) turnNotes(mover engine.Side, ev welsh.TurnEvents) {
	if ev.Dance {
		w.note(mover, "%v dances: men still on the roof (rule 16)", mover)
	}
	if ev.CubeRaised {
		cube, _, _ := w.rec.Match().Cube()
		w.send(Event{Kind: Doubled, Side: mover, Cube: cube, Reason: "the game's first dance takes the doubling die up (rule 16)"})
	}
	if ev.Triangle {
		w.note(mover, "%v's triangle stands: %v throws again (rule 17a)", mover, mover)
	}
	if ev.BonusThrow {
		w.note(mover, "%v throws again: a bonus throw (rule 18)", mover)
	}
	if ev.OfferWindow {
		board, next, _ := w.rec.Match().Board()
		by := next // the player on turn may lose, unless he has the one-throw win
		if welsh.OneThrowWin(&board) {
			by = next.Other()
		}
		w.offerBy = &by
		w.note(by, "%v has a one-throw win: %v may offer to concede (rule 18)", by.Other(), by)
	}
}

// gameOver reports the game's end, and the match's.
func (w *Welsh) gameOver(last engine.Side) {
	m := w.rec.Match()
	results := m.Results()
	r := results[len(results)-1]
	if w.gameClock != nil {
		w.clockErr(w.gameClock.Stop(w.clock.Now()))
	}
	w.phase, w.offer, w.offerBy, w.nominee = settingUp, nil, nil, nil
	w.setupWrong = w.setupWrong[:0]
	winner := r.Winner
	if r.Ending == welsh.WashBySticks || r.Ending == welsh.WashBySnakes {
		winner = last
	}
	w.send(Event{Kind: GameOver, Side: winner, Score: m.Score(), Result: engine.Result{Points: r.Games},
		Reason: fmt.Sprintf("%v, %d game(s)", r.Ending, r.Games)})
	w.matchOver()
}

// matchOver reports the match's end, if it has come.
func (w *Welsh) matchOver() {
	over, winner, how := w.rec.Match().Over()
	if !over {
		return
	}
	w.phase = matchOver
	w.send(Event{Kind: MatchOver, Side: winner, Score: w.rec.Match().Score(), Reason: how.String()})
	w.prizes()
}

// prizes tells what the match's end costs whom (rule 23), a note a payment.
func (w *Welsh) prizes() {
	pay, err := w.rec.Match().Prizes()
	if err != nil {
		return // the match is not over: no prizes yet
	}
	for _, p := range pay {
		w.note(p.To, "prizes (rule 23): %v pays %v £%d.%02d for %s", p.From, p.To, p.Pence/100, p.Pence%100, p.Why)
	}
}

// accept lets a flagged play stand: the opponent threw or doubled, so
// play goes on from the position on the board (as read: a Welsh spike's
// count is exact). It reports false when it cannot stand.
func (w *Welsh) accept() bool {
	l := occupancyLayout(&w.board)
	shown, err := l.Board(w.onRoll.Other())
	if err == nil {
		err = welsh.Validate(&shown)
	}
	if err != nil {
		w.irregular(w.onRoll, fmt.Sprintf("the flagged play cannot stand: %v", err))
		return false
	}
	return w.played(engine.Play{After: shown}, true)
}

// occupancyLayout reads the occupancy's counts as a layout: on a Welsh
// board every spike's count is known (no spike holds more than six men);
// the men not on the board are checked out.
func occupancyLayout(o *engine.Occupancy) engine.Layout {
	var l engine.Layout
	for _, s := range []engine.Side{engine.White, engine.Black} {
		on := 0
		for p := 1; p <= 24; p++ {
			l[s][p] = int(o.Points[p-1][s])
			on += l[s][p]
		}
		l[s][engine.Bar] = int(o.Bar[0][s]) + int(o.Bar[1][s])
		l[s][engine.Off] = max(0, 15-on-l[s][engine.Bar])
	}
	return l
}

// LetStand is the director's ruling that a flagged play stands.
func (w *Welsh) LetStand() {
	if w.phase != flagged {
		w.irregular(w.onRoll, "the director let a play stand with none flagged")
		return
	}
	w.accept()
}

// Double is side's double before throwing (rule 3): no take or pass, the
// right to double passes to the other player. Between games it starts the
// game with side first, as his ROLL would: he is about to throw.
func (w *Welsh) Double(side engine.Side) {
	switch {
	case w.phase == settingUp && !w.startGame(side):
		return
	case w.phase == flagged && side != w.onRoll && !w.accept():
		return
	}
	cube, _, _ := w.rec.Match().Cube()
	if w.phase != awaitingRoll || side != w.onRoll {
		w.send(Event{Kind: CubeRefused, Side: side, Reason: "a player doubles on his own turn, before throwing (rule 3)", Cube: cube})
		return
	}
	if err := w.rec.Double(side); err != nil {
		w.send(Event{Kind: CubeRefused, Side: side, Reason: err.Error(), Cube: cube})
		return
	}
	cube, _, _ = w.rec.Match().Cube()
	w.send(Event{Kind: Doubled, Side: side, Cube: cube})
}

// ChooseOneDie is the choice of a player with a full spread, about to
// throw, to throw one die (rule 11); chosen again, it is withdrawn.
func (w *Welsh) ChooseOneDie(side engine.Side) {
	board, _, err := w.rec.Match().Board()
	switch {
	case err != nil || w.phase != awaitingRoll || side != w.onRoll:
		w.irregular(side, fmt.Sprintf("%v may choose one die only before his own throw (rule 11)", side))
	case !welsh.HasFullSpread(&board[engine.Mover]):
		w.irregular(side, fmt.Sprintf("%v has no full spread: one die is thrown only with one (rule 11)", side))
	default:
		w.oneDie = !w.oneDie
		if w.oneDie {
			w.note(side, "%v throws one die (full spread, rule 11)", side)
		} else {
			w.note(side, "%v throws both dice after all", side)
		}
	}
}

// Nominate is by's nominate of the next throw (rule 21).
func (w *Welsh) Nominate(by engine.Side, t welsh.Throw) {
	if err := w.rec.Nominate(by, t); err != nil {
		w.irregular(by, err.Error())
		return
	}
	w.nominee, w.nominated[by] = &t, true
	w.note(by, "%v nominates %v for the next throw (rule 21)", by, t)
}

// Offer is by's offer to concede the game for games (rule 18), with a
// fiver paid or not.
func (w *Welsh) Offer(by engine.Side, games int, fiver bool) {
	o, err := w.rec.OfferConcession(by, games, fiver)
	if err != nil {
		w.irregular(by, err.Error())
		return
	}
	w.offer = &o
	reason := fmt.Sprintf("%v offers to concede %d game(s) (rule 18)", by, games)
	if o.Mandatory {
		reason += ": with the fiver it must be accepted"
	}
	w.send(Event{Kind: ResignOffered, Side: by, Result: engine.Result{Points: games}, Reason: reason})
}

// Answer is side's answer to the offer to concede made to it.
func (w *Welsh) Answer(side engine.Side, accept bool) {
	if w.offer == nil || side == w.offer.By {
		w.irregular(side, fmt.Sprintf("%v answers no offer to concede made to him", side))
		return
	}
	o := *w.offer
	if err := w.rec.AnswerConcession(o, accept); err != nil {
		w.irregular(side, err.Error())
		return
	}
	w.offer, w.offerBy = nil, nil
	if !accept {
		w.send(Event{Kind: ResignRejected, Side: side})
		return
	}
	w.send(Event{Kind: Resigned, Side: o.By, Result: engine.Result{Points: o.Games}, Reason: fmt.Sprintf("%v accepts %d game(s) conceded", side, o.Games)})
	w.gameOver(o.By)
}

// OddsEvens is the call for the match's first game (rule 7): caller calls
// even or odd on the shaker's hidden dice; the winner chooses who throws
// first, and that player's ROLL starts the game.
func (w *Welsh) OddsEvens(caller engine.Side, even bool, shaken engine.Dice) {
	if _, ok := w.rec.Match().Starter(); ok || w.phase != settingUp || !shaken.Valid() {
		w.irregular(caller, "odds and evens decide only a first game, or one after a wash, with the shaker's two dice (rule 7)")
		return
	}
	chooser := welsh.OddsEvens(caller.Other(), even, shaken)
	w.chooser = &chooser
	w.note(chooser, "%v wins odds and evens (%v, %d): %v chooses who throws first (rule 7)", chooser, shaken, shaken[0]+shaken[1], chooser)
}

// TimeOut ends the match of the player whose time ran out (rule 12a).
func (w *Welsh) TimeOut() {
	side, out := w.TimedOut()
	if !out {
		return
	}
	w.clockErr(w.gameClock.Stop(w.clock.Now()))
	if err := w.rec.TimeOut(side); err != nil {
		w.irregular(side, err.Error())
		return
	}
	w.irregular(side, fmt.Sprintf("%v's time ran out: %v wins the match (rule 12a)", side, side.Other()))
	w.phase = matchOver
	w.send(Event{Kind: MatchOver, Side: side.Other(), Score: w.rec.Match().Score(), Reason: welsh.TimedOut.String()})
	w.prizes()
}

func (w *Welsh) pauseClock(paused bool) {
	switch {
	case w.gameClock == nil:
		w.irregular(w.onRoll, "no clock to pause")
	case paused:
		w.clockErr(w.gameClock.Pause(w.clock.Now()))
	default:
		w.clockErr(w.gameClock.Resume(w.clock.Now()))
	}
}

func (w *Welsh) clockErr(err error) {
	if err != nil {
		w.irregular(w.onRoll, fmt.Sprintf("clock: %v", err))
	}
}
