package mat

import (
	"fmt"

	"gammond/engine"
)

// Step is one action of a replayed game and the board around it.
type Step struct {
	// Turn indexes Game.Turns; Number is that line's move number.
	Turn, Number int
	Side         engine.Side
	Action       Action
	// Before is the board when Side acted, Side on roll: Before[engine.Mover]
	// are Side's checkers. After is the board the action left, from the
	// same side's view (After.Swap() puts the opponent on roll); only a
	// Roll changes it.
	Before, After engine.Board
	// Matches are the legal plays of a Roll that the recorded moves stand
	// for: one when the play is legal, none when it is not, several (all
	// leaving different positions) when a combined move of XG's could be
	// played along ways that hit differently.
	Matches []engine.Play
}

// ReplayError reports a recorded move no board allows: no checker on the
// point it starts from, or two opponent checkers where it lands.
type ReplayError struct {
	Game, Number int // Game.Number and Turn.Number
	Side         engine.Side
	Err          error
}

// Error returns "game G move N Side: what is wrong".
func (e *ReplayError) Error() string {
	return fmt.Sprintf("game %d move %d %v: %v", e.Game, e.Number, e.Side, e.Err)
}

// Unwrap returns the engine's error.
func (e *ReplayError) Unwrap() error { return e.Err }

// Replay plays the game's actions from the starting position, in record
// order, and returns a Step for each. It does not judge: an illegal play
// is played as recorded and has no Matches. It stops at a move no board
// allows, with the steps before it and a *ReplayError.
//
// A play of one move per die is matched by position: the legal play that
// leaves what engine.Board.Apply leaves, which hits what a move lands on,
// marked or not (XG marks no hits). A move spanning several dice, as XG
// writes a checker's moves ("63: 24/15"), hits nothing on its way when
// applied, so such a play is matched by where the player's checkers end;
// when the plays that end so differ in what they hit, the record cannot
// tell which was played, and Matches holds them all.
func (g *Game) Replay() ([]Step, error) {
	var steps []Step
	var gen engine.Generator // its buffers serve every roll of the game
	board, onRoll := engine.StartingBoard, engine.White
	for i, t := range g.Turns {
		for s, a := range t.Actions {
			side := engine.Side(s)
			if a.Kind == None {
				continue
			}
			if side != onRoll {
				board, onRoll = board.Swap(), side
			}
			st := Step{Turn: i, Number: t.Number, Side: side, Action: a, Before: board, After: board}
			if a.Kind == Roll {
				var err error
				if st.After, st.Matches, err = play(&gen, board, a); err != nil {
					return steps, &ReplayError{g.Number, t.Number, side, err}
				}
			}
			steps = append(steps, st)
			board = st.After
		}
	}
	return steps, nil
}

// play applies a recorded roll to the board (its roller on roll) and finds
// the legal plays it stands for, copied out of gen's.
func play(gen *engine.Generator, b engine.Board, a Action) (engine.Board, []engine.Play, error) {
	after, err := b.Apply(a.Moves)
	if err != nil {
		return b, nil, err
	}
	if backwards(a) {
		return after, nil, nil // no legal play moves a checker away from home
	}
	legal := gen.Plays(b, a.Dice)
	if len(legal) == 0 {
		legal = []engine.Play{{After: b.Swap()}} // the roll cannot be played
	}
	if !combined(a) {
		for _, p := range legal {
			if p.After == after.Swap() {
				return after, []engine.Play{p}, nil
			}
		}
		return after, nil, nil
	}
	var matches []engine.Play
	for _, p := range legal {
		if p.After[engine.Opponent] == after[engine.Mover] && !hasPosition(matches, p.After) {
			matches = append(matches, p)
		}
	}
	if len(matches) == 1 {
		after = matches[0].After.Swap()
	}
	return after, matches, nil
}

// combined reports whether a recorded move spans several dice, as in XG's
// "24/15" for 63.
func combined(a Action) bool {
	for _, m := range a.Moves {
		pips := int(m.From - m.To)
		fits := pips == a.Dice[0] || pips == a.Dice[1] ||
			m.To == engine.Off && pips < max(a.Dice[0], a.Dice[1]) // bearing off with a higher die
		if !fits {
			return true
		}
	}
	return false
}

// backwards reports whether a recorded play moves a checker away from
// its home.
func backwards(a Action) bool {
	for _, m := range a.Moves {
		if m.To > m.From {
			return true
		}
	}
	return false
}

// hasPosition reports whether one of plays leaves the position after.
func hasPosition(plays []engine.Play, after engine.Board) bool {
	for _, p := range plays {
		if p.After == after {
			return true
		}
	}
	return false
}
