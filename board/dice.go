package board

import (
	"fmt"

	"gammond/sensing/dice"
)

// CheckDice reports a dice mode the board cannot play: an unknown one, or
// dice.Inferred, which the referee does not do yet. The config's
// validation calls it, so gammond -check-config refuses what the daemon
// would.
func CheckDice(m dice.Mode) error {
	if err := m.Validate(); err != nil {
		return err
	}
	if m == dice.Inferred {
		return fmt.Errorf("%q: not supported yet: use %q or %q", m, dice.Electronic, dice.Entered)
	}
	return nil
}
