package engine

import "fmt"

// ErrNotTaken refuses a beaver after the take when the double was not just
// taken by that side.
var ErrNotTaken = fmt.Errorf("no double just taken: %w", ErrNoDouble)

// CanBeaverTaken says whether side may still beaver the double it has just
// taken, and if not, why: with Beavers, before the doubler rolls, while
// twice the cube is within the limit. A board's buttons take first (CUBE)
// and beaver with a second press: the take and the beaver are one answer.
func (m *Match) CanBeaverTaken(side Side) error {
	if err := m.inGame(side, "beaver"); err != nil {
		return err
	}
	switch {
	case !m.opts.Beavers:
		return fmt.Errorf("%v cannot beaver: %w", side, ErrNoBeavers)
	case !m.taken || m.turn == side || m.rolled:
		return fmt.Errorf("%v cannot beaver: %w", side, ErrNotTaken)
	case m.cube*2 > m.CubeLimit():
		return fmt.Errorf("%v cannot beaver a cube of %d: %w", side, m.cube, ErrCubeMax)
	}
	return nil
}

// BeaverTaken turns side's take of the double into a beaver, as if it had
// beavered at once (Beaver): the cube is worth twice as much again, side
// keeps it, and the doubler may raccoon before it rolls.
func (m *Match) BeaverTaken(side Side) error {
	if err := m.CanBeaverTaken(side); err != nil {
		return err
	}
	m.cube *= 2
	m.taken, m.beavered = false, true
	return nil
}

// NextCube returns the cube the next game starts with: 1, or more after
// the automatic doubles of its opening throw's ties so far (OpeningTie).
func (m *Match) NextCube() int { return m.openingCube() }
