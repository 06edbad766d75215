// Package record keeps what a match leaves behind: the match record in the
// .mat format (package record/mat) built from the referee's events as the
// match is played, with notes for its SGF, and the crash-safe journal; and
// checks a match record from anywhere against the rules (Check,
// CheckReader), telling breaches of the rules from the conventions of the
// programs that write records (warnings).
package record

import (
	"fmt"
	"slices"
	"time"

	"gammond/engine"
	"gammond/record/mat"
	"gammond/referee"
)

// Transcript builds a match's .mat record from the referee's events. Feed it
// every event, in order, with Event.
//
// An accepted illegal play is written as the moves the referee gives for
// it, checked by replaying the game as a .mat reader will. A play that
// cannot be written (the referee found no moves for it, or its moves do not
// leave the board the referee shows) ends the record before that turn:
// Match keeps the match up to it, writable, and Err says where and why.
type Transcript struct {
	match   mat.Match
	score   [2]int
	cells   map[int]cell // the current game's Roll cells by turn
	notes   []mat.Note
	pending []string  // notes for the next action recorded
	rolled  time.Time // when the turn in progress began: its roll
	flag    flagNote  // the flags raised on the turn in progress
	err     *UnwritableError
}

// flagNote is a flag's note and its DONE's time. A flag withdrawn never
// stood: its note is taken back, and the turn ended at that DONE.
type flagNote struct {
	texts     []string // one a flag raised: a DONE again on a board still illegal raises another
	at        time.Time
	withdrawn bool
}

// UnwritableError says which turn a Transcript could not write, and why:
// the record stops before it.
type UnwritableError struct {
	Game   int // from 1
	Number int // the .mat move number the turn would have had
	Turn   int // the referee's turn number in the game
	Side   engine.Side
	Reason string
}

// Error returns "game G move N (turn T) Side: ...".
func (e *UnwritableError) Error() string {
	return fmt.Sprintf("game %d move %d (turn %d) %v: the accepted illegal play cannot be written: %s; the record stops before it",
		e.Game, e.Number, e.Turn, e.Side, e.Reason)
}

// Err returns nil while every event so far was written, else the
// *UnwritableError of the turn the record stops before.
func (t *Transcript) Err() error {
	if t.err == nil {
		return nil
	}
	return t.err
}

// cell is where a turn's play stands in the record.
type cell struct {
	line int
	side engine.Side
}

// NewTranscript returns a transcript of a match to length points (0 for
// money play) between the named players (by engine.Side).
func NewTranscript(length int, players [2]string) *Transcript {
	return &Transcript{match: mat.Match{Length: length, Players: players}}
}

// Match returns the record so far. It shares memory with the transcript:
// copy it to keep it past the next Event.
func (t *Transcript) Match() *mat.Match { return &t.match }

// Notes returns the notes on the record's actions that a .mat cannot
// hold and an SGF can (mat.Match.WriteSGF): how long each turn took from
// its roll, illegal plays flagged, corrected or let stand, refused cube
// actions, irregularities, and what Note added. It shares memory with the transcript.
func (t *Transcript) Notes() []mat.Note { return t.notes }

// Note adds a note on the last action recorded, or on the game when it
// has none yet: a director's ruling, the clock's times. A note before the
// first game waits for its first action, and opens no game of its own.
func (t *Transcript) Note(text string) {
	if len(t.match.Games) == 0 {
		t.pending = append(t.pending, text) // before the first game: on its first action
		return
	}
	g := t.game()
	n := mat.Note{Game: len(t.match.Games) - 1, Turn: -1, Text: text}
	for i := len(g.Turns) - 1; i >= 0 && n.Turn < 0; i-- {
		for _, s := range [2]engine.Side{engine.Black, engine.White} {
			if g.Turns[i].Actions[s].Kind != mat.None {
				n.Turn, n.Side = i, s
				break
			}
		}
	}
	t.notes = append(t.notes, n)
}

// Event adds what e changes in the record; after a turn that could not be
// written, nothing.
func (t *Transcript) Event(e referee.Event) {
	if t.err != nil {
		return
	}
	switch e.Kind {
	case referee.GameStarted, referee.Rolled:
		t.rolled = e.At
	case referee.PlayMade:
		t.turnTime(e)
	case referee.IllegalPlay:
		text := fmt.Sprintf("%v's play was flagged illegal at DONE (%s)", e.Side, e.Fault)
		t.flag.texts, t.flag.at = append(t.flag.texts, text), e.At
		t.pending = append(t.pending, text)
	case referee.Withdrawn:
		t.withdraw()
	case referee.Corrected:
		t.pending = append(t.pending, "the illegal play was put right")
	case referee.IllegalAccepted:
		t.turnTime(e)
		t.pending = append(t.pending, "the illegal play stands: the opponent went on")
	case referee.CubeRefused:
		t.pending = append(t.pending, fmt.Sprintf("%v's cube action refused: %s", e.Side, e.Reason))
	case referee.Irregularity:
		t.Note("irregularity: " + e.Reason)
	case referee.Resigned, referee.EarlyRoll, referee.EarlyRollChoice, referee.Touched, referee.DiceInferred, referee.OpeningTied:
		t.Note(e.Reason)
	case referee.CrawfordAnnulled:
		t.annulCrawford(e) // crawford.go
	}
	switch e.Kind {
	case referee.GameStarted:
		t.match.Games = append(t.match.Games, mat.Game{Number: len(t.match.Games) + 1, Score: t.score})
		t.cells = map[int]cell{}
	case referee.PlayMade:
		t.roll(e.Turn, e.Side, e.Dice, e.Play.Steps())
	case referee.IllegalAccepted:
		t.illegal(e)
	case referee.Resolved:
		for _, p := range e.Plays {
			t.replace(p.Turn, p.Play.Steps())
		}
	case referee.Doubled:
		t.add(e.Side, mat.Action{Kind: mat.Double, Cube: e.Cube})
	case referee.Taken:
		t.add(e.Side, mat.Action{Kind: mat.Take})
	case referee.Dropped:
		t.add(e.Side, mat.Action{Kind: mat.Drop})
	case referee.Beavered, referee.Raccooned:
		t.beaver(e.Side, e.Cube)
	case referee.GameOver:
		t.add(e.Side, mat.Action{Kind: mat.Win, Points: e.Result.Points})
		t.score = e.Score
	}
}

// beaver records a beaver or a raccoon as GNU Backgammon writes both
// ("Beavers => 4"): a beaver made by a second CUBE press replaces the
// take it follows, as the take and the beaver are one answer.
func (t *Transcript) beaver(s engine.Side, cube int) {
	g := t.game()
	if n := len(g.Turns); n > 0 && g.Turns[n-1].Actions[s].Kind == mat.Take {
		g.Turns[n-1].Actions[s] = mat.Action{Kind: mat.Beaver, Cube: cube}
		return
	}
	t.add(s, mat.Action{Kind: mat.Beaver, Cube: cube})
}

// withdraw takes back the notes of the turn's flags, withdrawn.
func (t *Transcript) withdraw() {
	for _, text := range t.flag.texts {
		if i := slices.Index(t.pending, text); i >= 0 {
			t.pending = slices.Delete(t.pending, i, i+1)
		}
	}
	t.flag.withdrawn = true
}

// turnTime notes how long the turn that e ends took from its roll: to
// its DONE when a flag raised there was withdrawn.
func (t *Transcript) turnTime(e referee.Event) {
	end := e.At
	if t.flag.withdrawn {
		end = t.flag.at
	}
	t.flag = flagNote{}
	if !t.rolled.IsZero() && !end.IsZero() {
		t.pending = append(t.pending, fmt.Sprintf("%v's turn took %v", e.Side, end.Sub(t.rolled).Round(time.Second)))
	}
}

// game returns the game being recorded, starting one if the events began
// mid-game.
func (t *Transcript) game() *mat.Game {
	if len(t.match.Games) == 0 {
		t.Event(referee.Event{Kind: referee.GameStarted})
	}
	return &t.match.Games[len(t.match.Games)-1]
}

// add records an action, with the notes waiting for it.
func (t *Transcript) add(s engine.Side, a mat.Action) {
	g := t.game()
	g.Add(s, a)
	for _, text := range t.pending {
		t.notes = append(t.notes, mat.Note{Game: len(t.match.Games) - 1, Turn: len(g.Turns) - 1, Side: s, Text: text})
	}
	t.pending = nil
}

// roll records a turn's play: the dice in the order the referee has them,
// as rolled when the board knows it, and the moves in GNU Backgammon's
// order, so that its export of the record is the record.
func (t *Transcript) roll(turn int, s engine.Side, d engine.Dice, moves []engine.Move) {
	t.add(s, mat.Action{Kind: mat.Roll, Dice: d, Moves: gnubgOrder(moves)})
	g := t.game()
	t.cells[turn] = cell{line: len(g.Turns) - 1, side: s}
}

// replace rewrites the play of an earlier turn of the game.
func (t *Transcript) replace(turn int, moves []engine.Move) {
	if c, ok := t.cells[turn]; ok {
		t.game().Turns[c.line].Actions[c.side].Moves = gnubgOrder(moves)
	}
}

// gnubgOrder returns a copy of moves in GNU Backgammon's order.
func gnubgOrder(moves []engine.Move) []engine.Move {
	m := slices.Clone(moves)
	mat.SortMoves(m)
	return m
}

// illegal records an accepted illegal play, if its moves replay to the
// board the referee shows; otherwise it ends the record before it, which
// the play laid out in the record says where.
func (t *Transcript) illegal(e referee.Event) {
	g := t.game()
	turns := len(g.Turns)
	t.roll(e.Turn, e.Side, e.Dice, e.Moves)
	reason := e.Reason
	if reason == "" {
		if reason = t.replaysTo(e.Board); reason == "" {
			return
		}
	}
	number := g.Turns[len(g.Turns)-1].Number
	if len(g.Turns) > turns {
		g.Turns = g.Turns[:turns]
	} else {
		g.Turns[turns-1].Actions[e.Side] = mat.Action{}
	}
	delete(t.cells, e.Turn)
	t.err = &UnwritableError{Game: g.Number, Number: number, Turn: e.Turn, Side: e.Side, Reason: reason}
}

// replaysTo returns "" if the game so far, a play just added, replays as a
// reader of the .mat will to board (the side now on roll in Board[Mover]),
// else what is wrong.
func (t *Transcript) replaysTo(board engine.Board) string {
	steps, err := t.game().Replay()
	if err != nil {
		return err.Error()
	}
	if after := steps[len(steps)-1].After.Swap(); after != board {
		return fmt.Sprintf("its moves read as a play leaving %s, not the board's %s", after.PositionID(), board.PositionID())
	}
	return ""
}
