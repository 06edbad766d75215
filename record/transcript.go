// Package record keeps what a match leaves behind: the match record in the
// .mat format (package record/mat) built from the referee's events as the
// match is played, and the crash-safe journal.
package record

import (
	"fmt"
	"slices"

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
	match mat.Match
	score [2]int
	cells map[int]cell // the current game's Roll cells by turn
	err   *UnwritableError
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

// Event adds what e changes in the record; after a turn that could not be
// written, nothing.
func (t *Transcript) Event(e referee.Event) {
	if t.err != nil {
		return
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
	case referee.GameOver:
		t.add(e.Side, mat.Action{Kind: mat.Win, Points: e.Result.Points})
		t.score = e.Score
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

func (t *Transcript) add(s engine.Side, a mat.Action) {
	g := t.game()
	g.Add(s, a)
}

// roll records a turn's play, highest die first as GNU Backgammon writes it.
func (t *Transcript) roll(turn int, s engine.Side, d engine.Dice, moves []engine.Move) {
	if d[0] < d[1] {
		d[0], d[1] = d[1], d[0]
	}
	t.add(s, mat.Action{Kind: mat.Roll, Dice: d, Moves: slices.Clone(moves)})
	g := t.game()
	t.cells[turn] = cell{line: len(g.Turns) - 1, side: s}
}

// replace rewrites the play of an earlier turn of the game.
func (t *Transcript) replace(turn int, moves []engine.Move) {
	if c, ok := t.cells[turn]; ok {
		t.game().Turns[c.line].Actions[c.side].Moves = slices.Clone(moves)
	}
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
