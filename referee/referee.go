// Package referee is the live turn flow of a match. It is fed the board's
// settled frames (from sensing), which it reads through the sensor model
// (calib.Model), and the players' presses (roll, done, cube), judges every
// play against the engine's legal plays when the mover presses DONE, and
// emits a typed stream of events that the display, the journal, the web
// page and the match record subscribe to.
//
// It judges whole positions, never checker paths: during a turn any position
// on the way passes unremarked (shuffling is allowed); at DONE the board must
// show a position some legal play leaves. When the sensors cannot tell two
// legal plays apart (tall stacks) it keeps both hypotheses until a later
// position decides, and says so.
//
// One Referee runs both games: the standard game (New) and Welsh
// backgammon (NewWelsh). Where they differ the flow asks the game's
// rulebook (rulebook.go): the start of a game, a throw and its plays,
// what a turn ends with (a bonus throw, a game won by a shape), the cube,
// an offer to concede and what it is worth, the match's end.
//
// # The turn flow
//
// The state is the phase (Status.Phase) and, in moving or flagged, what a
// DONE waits for (wait). Inputs not listed leave the state as it is, or
// are refused with an Irregularity (CubeRefused for a cube action).
//
//	state             input                                   next state
//	setting-up        Settled                                 setting-up (SetupWrong when the points wrong change)
//	                  Roll (Welsh: also CUBE, the doubler)    rolling, and on at once with that roll; the rules may refuse (mugs away)
//	rolling           Roll by the side on roll                moving (Welsh: a void throw stays rolling; a wash, setting-up)
//	                  Roll with the board touched since DONE  rolling (refused until it is put back, US 4.3)
//	                  Double by the side on roll              doubled (Welsh: rolling, the cube turned)
//	                  the board set up again, then Roll       setting-up (the game conceded), and on with the roll
//	doubled           Take, Beaver                            rolling
//	                  Drop                                    setting-up or match-over
//	moving            Done, the board still                   judged (below)
//	                  Done, the board moving                  moving, waiting doneSettling; Settled judges
//	                  Roll by the opponent                    moving (the early roll held until the DONE, US 4.6)
//	                  Done, the opponent's early roll held    as above, the hand empty (doneSettlingEmpty): the roller may move at once
//	waiting to settle Roll, DoneGrace                         doneSettlingEmpty: Settled judges with the hand empty
//	                  Double by the opponent                  held: Settled judges with the hand empty, then the double
//	judged at DONE    a legal result fits                     rolling (the other side; the mover on a Welsh bonus throw), or setting-up / match-over (game won)
//	                  none read, a checker maybe in the hand  moving, waiting doneLanding
//	                  no legal result fits                    flagged (IllegalPlay)
//	waiting in hand   Settled                                 judged again
//	                  DoneGrace, End, the opponent's Roll     judged as the board stands
//	                  or Double; a move after waitUntil
//	flagged           the board put right, Done               judged (Corrected)
//	                  Roll by the opponent, a DONE again      held until the board settles: judged, then confirmed (endFlag)
//	                  waiting for the board to settle
//	                  Roll, Double, Resign by the opponent;   judged again on the last settled board (endFlag): a legal
//	                  LetStand                                result is the play (Withdrawn; Corrected once the mover put
//	                                                          the board back or pressed DONE again), else rolling
//	                                                          (IllegalAccepted); then on with the roll, double or offer
//	                  Roll, Double by the mover, End, on a    judged (Withdrawn), then the roll: a Welsh bonus throw, or out of turn
//	                  board showing a legal result
//	                  a legal result ending the game settles  flagged, the game's end shown (flagEnds): Done corrects it;
//	                  then the board set up again, End        judged on the board that showed it (Withdrawn)
//	any game phase    Resign/Accept/Reject/ForceAccept        the offer stands beside the phase; accepted: setting-up or match-over
//	                  Timeout                                 match-over
//	match-over        AnnulCrawford (Danish 4.4.4)            setting-up when the corrected score resumes the match
//
// A flag raised at DONE is confirmed only when the opponent begins its
// turn: the board read at DONE may be misread (a checker still settling,
// a hand above a point), and the opponent's input comes before it touches
// a checker, so the board as it reads then is still the mover's. What
// withdraws a flag is its doubt (flagDoubt).
//
// Beside the phase, and independent of it, the referee keeps an offer to
// concede waiting (offer), an early roll held or let stand (early, stood),
// the points touched after DONE (touched), whether a wrong set-up is
// official (setupOfficial) and the hypotheses the sensors leave (lines).
package referee

import (
	"slices"
	"time"

	"gammond/engine"
	"gammond/sensing"
)

// phase is where the referee is in the turn flow.
type phase uint8

const (
	settingUp    phase = iota // between games: waiting for the starting position and a roll
	awaitingRoll              // the side on roll may double or roll
	doubled                   // a double is offered: the other side takes or drops
	moving                    // the side on roll is playing its roll
	flagged                   // DONE came on an illegal position: correct it, or the opponent's roll accepts it
	matchOver                 // the match is decided
)

// doneWait is what a DONE waits for before its play is judged.
type doneWait uint8

const (
	doneNone          doneWait = iota // no DONE waits
	doneSettling                      // the board was moving at the DONE: judged once it settles
	doneLanding                       // a checker may be in the hand: judged once the board settles again or the grace is over; its move after waitUntil ends it
	doneSettlingEmpty                 // as doneSettling, the wait for a checker in the hand over meanwhile (a roll, the grace): judged as the board stands
)

// settling reports whether a DONE waits for the board to settle.
func (r *Referee) settling() bool { return r.wait == doneSettling || r.wait == doneSettlingEmpty }

// flagDoubt is what withdraws a flag. The board read at DONE may be
// misread (a checker still settling or in the hand, a hand held above a
// point), so a flag is confirmed only when the opponent begins its turn
// (Referee.endFlag): a legal result of the turn shown then withdraws it.
type flagDoubt uint8

const (
	flagOpen    flagDoubt = iota // a legal result at the opponent's roll or double withdraws it
	flagEnds                     // the board has shown a legal result that ends the game (ending): withdrawn once the board is set up again
	flagActedOn                  // the mover put the board back or pressed DONE again: a legal result is the play corrected
)

// line is one hypothesis about the game since the last position the sensors
// were sure of: the board now and the plays that led there.
type line struct {
	board   engine.Board // the side on roll in Board[Mover]
	plays   []TurnPlay   // since the ambiguity began
	matcher engine.Matcher
}

// Referee runs the turn flow of one match. Its methods are not safe for
// concurrent use: one goroutine feeds it, in time order.
type Referee struct {
	book rulebook // the rules of the game played
	// match is the standard game's match state (standardGame's), nil in
	// Welsh backgammon: the standard game's own inputs (money play,
	// Crawford, set-up rulings, clock tools) read it.
	match     *engine.Match
	clock     sensing.Clock
	gameClock *engine.Clock // nil when the match is not clocked
	emit      func(Event)

	phase phase
	// doneAt is when the mover last pressed DONE in this turn (zero:
	// not yet): its time on the clock stops there, however late the
	// play is judged (a checker awaited, a flag withdrawn at the roll).
	doneAt time.Time
	game   int
	turn   int
	onRoll engine.Side // the side to roll, or playing
	dice   engine.Dice
	lines  []line
	// spare is the lines before the last play, kept for their matchers'
	// buffers: a turn allocates nothing once they have grown.
	spare []line
	// ambiguousFrom is the first turn the lines disagree on, 0 when there
	// is one line.
	ambiguousFrom int

	board     engine.Occupancy // the last settled occupancy
	rolledOn  engine.Occupancy // the settled occupancy at the turn's roll
	haveBoard bool
	unsettled bool // the board has changed since it last settled
	// wait is what a DONE pressed waits for before the play is judged:
	// the board to settle, or a checker still in the hand (grace.go).
	wait doneWait
	// waitUntil: waiting doneLanding, the time after which the board's
	// next move ends the wait (restLanding).
	waitUntil time.Time
	restored  bool // flagged, and the board is back at the position before the turn
	// doubt: flagged, when a legal result of the turn withdraws the flag;
	// ending is the legal plays the board showed when it ended the game
	// (flagEnds).
	doubt      flagDoubt
	ending     []fit
	setupWrong []int
	offer      *resignation // an offer to concede waiting for its answer
	early      *earlyRoll   // a roll made before the mover's DONE, held
	// doubleHeld: the opponent doubled after the mover's DONE, while the
	// board settled before the play could be judged; doubler doubled.
	doubleHeld bool
	doubler    engine.Side
	stood      *earlyRoll // an early roll let stand at the DONE, the mover's choice still open
	touched    []int      // points moved after DONE, before the roll
	lastGame   *endedGame // the game just ended, until the next starts (Danish 4.4.4)
	// rules is the rule set (SetRules); "" is the US rules.
	rules engine.RuleSet
	// setupWrongAtStart: the game started on a wrong set-up, official from
	// the rule set's deadline (setupOfficial); outOfPlay counts the
	// checkers the director ruled out of play (setup.go).
	setupWrongAtStart, setupOfficial bool
	outOfPlay                        [2]int
	// illegalPlays counts each side's plays flagged in the match (US 4.8);
	// turnFlags, the flags raised on the turn in progress (a DONE again on
	// a board still illegal raises another), all taken back if withdrawn.
	illegalPlays [2]int
	turnFlags    int
	// lastWord: the judgement under way is a flagged turn's last word
	// (the opponent acts on it, or it would end the game): a sensor never
	// seen to read a field may be dead from the start (modelJudge.judge).
	lastWord     bool
	inferred     bool           // the dice are inferred from the plays (SetInferredDice)
	inferMatcher engine.Matcher // tries each roll when the dice are inferred
	points       []int          // scratch for Diff
	// refused is the first refusal's reason since Check began: a copy's.
	refused string
	// judging judges each play at DONE by the sensor model (judge.go);
	// fits is its scratch.
	judging *modelJudge
	fits    []fit
}

// New returns a referee for a match of the standard game, emitting its
// events to emit in order.
func New(m *engine.Match, clock sensing.Clock, emit func(Event)) *Referee {
	r := &Referee{match: m, clock: clock, emit: emit, setupWrong: []int{}, judging: uncalibrated()}
	r.book = &standardGame{r: r, m: m}
	return r
}

func (r *Referee) send(e Event) {
	switch {
	case e.Kind == IllegalPlay:
		r.illegalPlays[e.Side]++ // US 4.8: the director warns, then may penalize
		r.turnFlags++
	case e.Kind == Withdrawn:
		r.illegalPlays[e.Side] -= r.turnFlags // the flags never stood
		r.turnFlags = 0
	case e.Kind == CubeRefused && r.refused == "":
		r.refused = e.Reason
	}
	e.At = r.clock.Now()
	e.Game, e.Turn = r.game, r.turn
	r.judging.learn(r, e)
	r.emit(e)
}

// irregular refuses an input, or reports what the referee and the rules'
// state disagree on: an Irregularity with the reason.
func (r *Referee) irregular(side engine.Side, reason string) {
	if r.refused == "" {
		r.refused = reason
	}
	r.send(Event{Kind: Irregularity, Side: side, Reason: reason})
}

// notice reports an irregularity the input that brought it about is no
// refusal of: a wrong set-up made official, the director's correction.
func (r *Referee) notice(side engine.Side, reason string) {
	r.send(Event{Kind: Irregularity, Side: side, Reason: reason})
}

// note points out to the players what a turn or an option brought about.
func (r *Referee) note(side engine.Side, reason string) {
	r.send(Event{Kind: Note, Side: side, Reason: reason})
}

// Unsettled tells the referee that the board has moved since it last
// settled: a DONE now waits for it to settle again.
func (r *Referee) Unsettled() {
	r.unsettled = true
	r.movedLate()
}

// SettledBoard returns the board as the referee last read it settled.
func (r *Referee) SettledBoard() engine.Occupancy { return r.board }

// settled gives the referee the board as it reads o, held still for the
// settle window.
func (r *Referee) settled(o *engine.Occupancy) {
	r.board, r.haveBoard, r.unsettled = *o, true, false
	switch r.phase {
	case settingUp:
		r.checkSetup()
	case awaitingRoll:
		r.checkTouched()
	case moving, flagged:
		r.closeChoice()
		if r.settling() {
			handEmpty := r.wait == doneSettlingEmpty
			r.wait = doneNone
			r.judge(handEmpty)
			if r.doubleHeld {
				r.doubleHeld = false
				r.Double(r.doubler) // a flag is confirmed on the board as judged, then the cube turns
			}
			r.confirmOnEarlyRoll() // the opponent rolled while the board settled
			return
		}
		r.checkerLanded()
		if r.phase == flagged {
			r.checkRestored()
			r.followEnd()
		}
	}
}

// checkSetup reports the points that differ from the starting position
// whenever they change, so the players see what to fix.
func (r *Referee) checkSetup() {
	start := engine.StartingBoard
	r.points = r.board.Diff(r.points[:0], &start, engine.White)
	if slices.Equal(r.points, r.setupWrong) {
		return
	}
	r.setupWrong = append(r.setupWrong[:0], r.points...)
	r.send(Event{Kind: SetupWrong, Points: append([]int(nil), r.points...)})
}

// shows reports whether the settled board shows b, the side on roll in
// b[Mover].
func (r *Referee) shows(b engine.Board) bool {
	return r.haveBoard && r.board.Fits(&b, r.onRoll)
}

// checkRestored notices a flagged board put back to the position before the
// turn, ready for the mover to replay.
func (r *Referee) checkRestored() {
	before := r.lines[0].matcher.Before()
	fits := r.board.Fits(&before, r.onRoll)
	if fits && !r.restored {
		r.send(Event{Kind: BoardRestored, Side: r.onRoll})
	}
	if fits && !r.fitsLegal() {
		r.doubt = flagActedOn // the mover replays the turn (unless it is one with no move): the flag stood
	}
	r.restored = fits
}
