package sim

import (
	"errors"
	"fmt"

	"gammond/engine"
)

// Script is the match Simulate plays, as engine values: what each side
// did, game by game, in order. record/mat's Match.Script makes one from a
// .mat record.
type Script struct {
	// Length is the match length in points; 0 for a money session.
	Length int
	// Players are the names, indexed by engine.Side.
	Players [2]string
	Games   []GameScript
}

// GameScript is one game of a Script.
type GameScript struct {
	// Number is the game's number as the record gives it, for messages.
	Number int
	// Actions are what the players did, in order; the first is a roll.
	Actions []Action
	// Winner is the side that won, nil for a game left unfinished; Points
	// is what it scored. A game ends with the winner's last checker off,
	// a drop, or, when neither ends it, a resignation: the players set up
	// the next game.
	Winner *engine.Side
	Points int
}

// ActionKind says what an Action is.
type ActionKind uint8

// The kinds of Action.
const (
	// Roll is a roll and its play: DONE ends it.
	Roll ActionKind = iota + 1
	// Double offers the cube.
	Double
	// Take takes it.
	Take
	// Drop passes: the game ends.
	Drop
)

// Action is one thing a side did.
type Action struct {
	Kind ActionKind
	Side engine.Side
	// Number is the record's move number, for messages.
	Number int
	// Dice is a Roll's roll.
	Dice engine.Dice
	// Moves are a Roll's play from the roller's view (engine.Board's
	// numbering: the roller's own points), one move per die; none when
	// the roll cannot be played.
	Moves []engine.Move
}

// step is an action with the position it is taken in: before, its side
// on roll, and a roll's legal play.
type step struct {
	Action
	before engine.Board
	play   engine.Play
}

// prepare plays every game of the script from the starting position and
// checks that a board can show it: each game opens with a roll and each
// play is legal.
func prepare(s *Script) ([][]step, error) {
	if s == nil {
		return nil, errors.New("sim: no match to simulate")
	}
	if s.Length < 0 {
		return nil, fmt.Errorf("sim: a match of %d points", s.Length)
	}
	var gen engine.Generator
	games := make([][]step, 0, len(s.Games))
	for i := range s.Games {
		g := &s.Games[i]
		if len(g.Actions) == 0 || g.Actions[0].Kind != Roll {
			return nil, fmt.Errorf("sim: game %d has no opening roll: a board shows no game without one", g.Number)
		}
		steps, err := prepareGame(&gen, g)
		if err != nil {
			return nil, err
		}
		games = append(games, steps)
	}
	return games, nil
}

// prepareGame plays one game of the script.
func prepareGame(gen *engine.Generator, g *GameScript) ([]step, error) {
	steps := make([]step, 0, len(g.Actions))
	board, onRoll := engine.StartingBoard, engine.White
	for _, a := range g.Actions {
		if a.Side > engine.Black || a.Kind < Roll || a.Kind > Drop {
			return nil, fmt.Errorf("sim: game %d move %d: side %d, kind %d: not an action", g.Number, a.Number, a.Side, a.Kind)
		}
		if a.Side != onRoll {
			board, onRoll = board.Swap(), a.Side
		}
		st := step{Action: a, before: board}
		if a.Kind == Roll {
			play, ok := legalPlay(gen, board, a)
			if !ok {
				return nil, fmt.Errorf("sim: game %d move %d %v: %v %s is not a legal play",
					g.Number, a.Number, a.Side, a.Dice, engine.FormatMat(board, a.Moves))
			}
			st.play = play
			board = play.After.Swap()
		}
		steps = append(steps, st)
	}
	return steps, nil
}

// legalPlay returns the legal play of a roll's moves from b, its side on
// roll; false when they are not one.
func legalPlay(gen *engine.Generator, b engine.Board, a Action) (engine.Play, bool) {
	if !a.Dice.Valid() {
		return engine.Play{}, false
	}
	after, err := b.Apply(a.Moves)
	if err != nil {
		return engine.Play{}, false
	}
	legal := gen.Plays(b, a.Dice)
	if len(legal) == 0 {
		return engine.Play{After: b.Swap()}, len(a.Moves) == 0 // the roll cannot be played
	}
	for _, p := range legal {
		if p.After == after.Swap() {
			return p, true
		}
	}
	return engine.Play{}, false
}
