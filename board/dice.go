package board

import "gammond/sensing/dice"

// CheckDice reports a dice mode the board cannot play: an unknown one
// (dice.Inferred is played: referee.SetInferredDice). The config's
// validation calls it, so gammond -check-config refuses what the daemon
// would.
func CheckDice(m dice.Mode) error { return m.Validate() }
