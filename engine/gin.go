package engine

// Gin reports whether flagged, whose time has run out, wins the match all
// the same (Danish 4.3.3): it is certain to win the game whatever is rolled,
// including a roll already made, and the least it can win gives it the
// match. A win that would not end the match is no gin: the match would go
// on with flagged out of time. A double not yet answered counts at the
// cube's value before it. Never in money play.
//
// b is the position at the start of the turn under way, the side on turn
// (Turn) in Board[Mover]; dice is that side's roll if it has rolled
// (Rolled), else ignored. A side can be certain only in a race: see
// Outlook.
func (m *Match) Gin(flagged Side, b Board, dice Dice) bool {
	if m.length == 0 || !m.playing {
		return false
	}
	if m.Outlook(flagged, b, dice).MayLose {
		return false
	}
	least := m.Outlook(flagged.Other(), b, dice).Least
	return m.score[flagged]+m.points(least) >= m.length
}
