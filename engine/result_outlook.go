package engine

import "fmt"

// Outlook is what can still come of a game for one side, as far as the
// engine can be sure. Anything not proven impossible counts as possible: in
// a position with contact, everything but a gammon once the side has borne
// off a checker.
type Outlook struct {
	MayWin, MayLose bool
	// Least and Most bound what the side loses should it lose: Least is
	// certain (Backgammon only if the side cannot help being
	// backgammoned), Most is the worst not ruled out.
	Least, Most ResultKind
}

// Outlook returns side's outlook in b, the position with the side on turn
// in Board[Mover]; dice is the roll of the side on turn if it has rolled
// (Rolled) and not yet played, else ignored, when the outlook holds for any
// roll to come.
//
// In a race (no contact) it compares, for each question, the most turns one
// side can need against the fewest the other can: see result_race.go. A
// side with checkers out of play (see OutOfPlay) is never sure to save a
// gammon by bearing off.
func (m *Match) Outlook(side Side, b Board, dice Dice) Outlook {
	if !m.rolled {
		dice = Dice{}
	}
	return outlook(&b, m.half(side), dice, m.outOfPlay[side])
}

// outlook returns the outlook of half side of b, which has outOfPlay
// checkers out of play; dice is the roll of the side on roll or not Valid.
func outlook(b *Board, side int, dice Dice, outOfPlay int) Outlook {
	me := &b[side]
	most := Backgammon
	if me.BorneOff() > outOfPlay {
		most = Single
	}
	if b.Contact() {
		return Outlook{MayWin: true, MayLose: true, Least: Single, Most: most}
	}
	first := func(p int, pg, qg raceGoal) bool { return raceFirst(b, p, pg, qg, dice) }
	o := Outlook{
		MayWin:  !first(1-side, allOff, allOff),
		MayLose: !first(side, allOff, allOff),
		Least:   Single,
		Most:    most,
	}
	if most == Single {
		return o
	}
	switch {
	case me.inZone() > 0 && first(1-side, allOff, zoneClear):
		o.Least = Backgammon
	case first(1-side, allOff, firstOff):
		o.Least = Gammon
	}
	switch {
	case outOfPlay == 0 && first(side, firstOff, allOff):
		o.Most = Single
	case me.inZone() == 0 || first(side, zoneClear, allOff):
		o.Most = Gammon
	}
	return o
}

// Concession is how an offer to concede stands (US 5.1 of the clock rules,
// US 11.1, Danish 4.5), in match terms: a win worth more points than the
// opponent needs is worth no more than those.
type Concession struct {
	// Forced: nothing better for the opponent can still happen, so the
	// director makes it accept.
	Forced bool
	// Generous: the conceder might still lose less, or win.
	Generous bool
}

// WeighConcession returns how conceder's offer of kind stands in b, the
// position before the roll of the side on turn, which is in Board[Mover].
func (m *Match) WeighConcession(conceder Side, kind ResultKind, b Board) (Concession, error) {
	if err := m.inGame(conceder, "concede"); err != nil {
		return Concession{}, err
	}
	if !kind.valid() {
		return Concession{}, fmt.Errorf("%v cannot concede %v: %w", conceder, kind, ErrResultKind)
	}
	o := outlook(&b, m.half(conceder), Dice{}, m.outOfPlay[conceder])
	worth := func(k ResultKind) int { return m.worth(conceder.Other(), k) }
	return Concession{
		Forced:   worth(o.Most) <= worth(kind),
		Generous: o.MayWin || worth(o.Least) < worth(kind),
	}, nil
}

// half returns which half of a board with the side on turn on roll is
// side's.
func (m *Match) half(side Side) int {
	if side == m.turn {
		return Mover
	}
	return Opponent
}

// worth returns what winning a game of kind at the cube is worth to winner:
// its points, and in a match no more than winner needs.
func (m *Match) worth(winner Side, kind ResultKind) int {
	p := m.points(kind)
	if m.length > 0 {
		p = min(p, m.length-m.score[winner])
	}
	return p
}
