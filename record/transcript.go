// Package record keeps what a match leaves behind: the match record in the
// .mat format (package record/mat) built from the referee's events as the
// match is played, and the crash-safe journal.
package record

import (
	"slices"

	"gammond/engine"
	"gammond/record/mat"
	"gammond/referee"
)

// Transcript builds a match's .mat record from the referee's events. Feed it
// every event, in order, with Event.
type Transcript struct {
	match mat.Match
	score [2]int
	cells map[int]cell // the current game's Roll cells by turn
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

// Event adds what e changes in the record.
func (t *Transcript) Event(e referee.Event) {
	switch e.Kind {
	case referee.GameStarted:
		t.match.Games = append(t.match.Games, mat.Game{Number: len(t.match.Games) + 1, Score: t.score})
		t.cells = map[int]cell{}
	case referee.PlayMade:
		t.roll(e.Turn, e.Side, e.Dice, e.Play.Steps())
	case referee.IllegalAccepted:
		t.roll(e.Turn, e.Side, e.Dice, e.Moves)
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
