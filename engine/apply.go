package engine

import (
	"errors"
	"fmt"
)

// ErrImpossibleMove is wrapped by the errors of Apply.
var ErrImpossibleMove = errors.New("impossible move")

// Apply moves the checkers of the side on roll (b[Mover]) as given, in
// order, and returns the board with that side still b[Mover] (call Swap for
// the next turn). A move that lands on a lone opponent checker hits it onto
// the opponent's bar, whether or not Move.Hit says so.
//
// Apply plays what was recorded, legal or not: it checks neither the dice
// nor the rules, only what cannot happen on a board: a point out of range
// (From 1..24 or Bar, To 1..24 or Off), no checker of the mover on From, or
// two or more opponent checkers on To. Then it returns b unchanged and an
// error naming the move.
func (b Board) Apply(moves []Move) (Board, error) {
	after := b
	for i, m := range moves {
		if err := after.move(m); err != nil {
			return b, fmt.Errorf("%w %d/%d (move %d): %s", ErrImpossibleMove, m.From, m.To, i+1, err)
		}
	}
	return after, nil
}

// move plays one move of the side on roll, or says why it cannot be played.
func (b *Board) move(m Move) error {
	switch {
	case m.From < 1 || m.From > Bar:
		return fmt.Errorf("no point %d to move from", m.From)
	case m.To < Off || m.To >= Bar:
		return fmt.Errorf("no point %d to move to", m.To)
	case b[Mover][m.From-1] == 0 && m.From == Bar:
		return errors.New("no checker on the bar")
	case b[Mover][m.From-1] == 0:
		return fmt.Errorf("no checker on %d", m.From)
	}
	if m.To != Off {
		switch blots := &b[Opponent][24-m.To]; *blots {
		case 0:
		case 1:
			*blots = 0
			b[Opponent][Bar-1]++
		default:
			return fmt.Errorf("%d opponent checkers hold point %d", *blots, m.To)
		}
		b[Mover][m.To-1]++
	}
	b[Mover][m.From-1]--
	return nil
}
