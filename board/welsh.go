package board

import (
	"gammond/display/panel"
	"gammond/engine/welsh"
	"gammond/referee"
)

// setUpWelsh builds a Welsh match's referee (rules = "welsh"): it keeps the
// match's record, written where the standard game's .mat goes. A clocked
// match runs the 70-minute clocks of rule 12, whichever clock is named.
func (b *Board) setUpWelsh() {
	b.welsh = welsh.NewRecorder(b.header.White, b.header.Black, 0)
	b.ref = referee.NewWelsh(b.welsh, b.clock, b.emit)
	if b.header.clocked() {
		b.ref.SetClock(welsh.NewClock())
	}
}

// hints are the points a lifted checker may land on (hint mode), by the
// match's rules.
func (b *Board) hints(s referee.Status) []int {
	occ := b.ref.SettledBoard()
	if b.welsh == nil {
		return panel.Hints(b.recent.Before(), s.OnRoll, s.Dice, &occ)
	}
	t := welsh.Throw{Dice: s.Dice, OneDie: s.Dice[1] == 0}
	return panel.WelshHints(b.recent.Before(), s.OnRoll, t, &occ)
}

// matchOver reports whether the match is over.
func (b *Board) matchOver() bool {
	if b.welsh != nil {
		over, _, _ := b.welsh.Match().Over()
		return over
	}
	_, over := b.match.Winner()
	return over
}
