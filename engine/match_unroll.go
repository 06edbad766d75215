package engine

import "fmt"

// Unroll records that side's roll is void before any of it was played:
// side is on turn again, not yet rolled, and may double. It is how a roll
// made too early is rerolled at the opponent's choice (US 4.6, Danish
// 4.1.5.1) when the roll had already been let stand.
func (m *Match) Unroll(side Side) error {
	if err := m.onTurn(side, "have its roll voided"); err != nil {
		return err
	}
	if !m.rolled {
		return fmt.Errorf("%v cannot have its roll voided: %w", side, ErrNotRolled)
	}
	m.rolled = false
	return nil
}
