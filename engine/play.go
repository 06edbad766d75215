package engine

import "fmt"

// Dice is a roll of two dice, each 1..6.
type Dice [2]int

// Double reports whether both dice show the same number: the roll is
// played four times.
func (d Dice) Double() bool { return d[0] == d[1] }

// Valid reports whether both dice are in 1..6.
func (d Dice) Valid() bool { return d[0] >= 1 && d[0] <= 6 && d[1] >= 1 && d[1] <= 6 }

func (d Dice) String() string { return fmt.Sprintf("%d%d", d[0], d[1]) }

// Move is one checker moved by one die, in the mover's point numbers: From
// is 1..24 or Bar, To is 1..24 or Off. Hit says it hit a blot on To.
type Move struct {
	From, To int8
	Hit      bool
}

// MaxMoves is the most moves a play has: four, for a double.
const MaxMoves = 4

// Play is what the side on roll does with a roll: up to four moves, one per
// die used, and the position they leave.
type Play struct {
	Moves [MaxMoves]Move
	N     int8 // how many of Moves are used: 0 for a forfeited roll

	// After is the position the play leaves with the opponent on roll
	// (the mover is now After[Opponent]), as gnubg shows the next turn.
	After Board
}

// Steps returns the moves of the play, in the order they were made.
func (p *Play) Steps() []Move { return p.Moves[:p.N] }
