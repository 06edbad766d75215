// Package referee is the live turn flow of a match. It is fed settled board
// occupancies (from calib and sensing) and the players' presses (roll, done,
// cube), judges every play against the engine's legal plays when the mover
// presses DONE, and emits a typed stream of events that the display, the
// journal, the web page and the match record subscribe to.
//
// It judges whole positions, never checker paths: during a turn any position
// on the way passes unremarked (shuffling is allowed); at DONE the board must
// show a position some legal play leaves. When the sensors cannot tell two
// legal plays apart (tall stacks) it keeps both hypotheses until a later
// position decides, and says so.
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

	phase  phase
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

	board       engine.Occupancy // the last settled occupancy
	haveBoard   bool
	unsettled   bool // the board has changed since it last settled
	pendingDone bool // DONE was pressed while the board was unsettled
	restored    bool // flagged, and the board is back at the position before the turn
	// awaitingChecker: DONE found the mover short of a checker (grace.go);
	// the play is judged when it lands or the grace period is over.
	awaitingChecker bool
	// flaggedShort: the flagged play was flagged with the mover short of a
	// checker; it is withdrawn if the board becomes a legal result.
	flaggedShort bool
	// waitUntil: when awaitingChecker was set on a board with masked
	// slots (mayBeShort), the time after which the board's next move ends
	// the wait (maskedLanding); zero: the grace period alone ends it.
	waitUntil  time.Time
	setupWrong []int
	offer      *resignation // an offer to concede waiting for its answer
	early      *earlyRoll   // a roll made before the mover's DONE, held
	stood      *earlyRoll   // an early roll let stand at the DONE, the mover's choice still open
	touched    []int        // points moved after DONE, before the roll
	lastGame   *endedGame   // the game just ended, until the next starts (Danish 4.4.4)
	// rules is the rule set (SetRules); "" is the US rules.
	rules engine.RuleSet
	// setupWrongAtStart: the game started on a wrong set-up, official from
	// the rule set's deadline (setupOfficial); outOfPlay counts the
	// checkers the director ruled out of play (setup.go).
	setupWrongAtStart, setupOfficial bool
	outOfPlay                        [2]int
	// illegalPlays counts each side's plays flagged in the match (US 4.8).
	illegalPlays [2]int
	inferred     bool           // the dice are inferred from the plays (SetInferredDice)
	inferMatcher engine.Matcher // tries each roll when the dice are inferred
	points       []int          // scratch for Diff
}

// New returns a referee for a match of the standard game, emitting its
// events to emit in order.
func New(m *engine.Match, clock sensing.Clock, emit func(Event)) *Referee {
	r := &Referee{match: m, clock: clock, emit: emit, setupWrong: []int{}}
	r.book = &standardGame{r: r, m: m}
	return r
}

func (r *Referee) send(e Event) {
	if e.Kind == IllegalPlay {
		r.illegalPlays[e.Side]++ // US 4.8: the director warns, then may penalize
	}
	e.At = r.clock.Now()
	e.Game, e.Turn = r.game, r.turn
	r.emit(e)
}

func (r *Referee) irregular(side engine.Side, reason string) {
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

// Settled gives the referee an occupancy that has held still for the settle
// window.
func (r *Referee) Settled(o *engine.Occupancy) {
	r.board, r.haveBoard, r.unsettled = *o, true, false
	switch r.phase {
	case settingUp:
		r.checkSetup()
	case awaitingRoll:
		r.checkTouched()
	case moving, flagged:
		r.closeChoice()
		if r.pendingDone {
			r.pendingDone = false
			r.judgeAtDone()
			return
		}
		r.checkerLanded()
		if r.phase == flagged {
			r.checkRestored()
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
	r.restored = fits
}
