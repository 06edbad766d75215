package welsh

import (
	"errors"
	"fmt"

	"gammond/engine"
)

// Note is something to point out to the players, with a tap on the table
// (rule 23 (vi)): what a turn brought about.
type Note struct {
	Side engine.Side
	Text string
}

// Notes says what mover's turn brought about, the match m as the turn
// left it: a dance (and the first dance's raise of the doubling die), a
// triangle or a bonus throw, the one-throw-win occasion to offer to
// concede. The first dance's raise is CubeRaised's, not a note.
func (ev TurnEvents) Notes(mover engine.Side, m *Match) []Note {
	var notes []Note
	note := func(side engine.Side, format string, args ...any) {
		notes = append(notes, Note{side, fmt.Sprintf(format, args...)})
	}
	if ev.Dance {
		note(mover, "%v dances: men still on the roof (rule 16)", mover)
	}
	if ev.Triangle {
		note(mover, "%v's triangle stands: %v throws again (rule 17a)", mover, mover)
	}
	if ev.BonusThrow {
		note(mover, "%v throws again: a bonus throw (rule 18)", mover)
	}
	if by, ok := m.OfferBy(); ev.OfferWindow && ok {
		note(by, "%v has a one-throw win: %v may offer to concede (rule 18)", by.Other(), by)
	}
	return notes
}

// Ended returns the result of the game that ended last, its winner the
// one who moved or threw last (last) when a wash, and how it ended in
// words; ok is false before a game has ended.
func (m *Match) Ended(last engine.Side) (r Result, how string, ok bool) {
	if len(m.results) == 0 {
		return Result{}, "", false
	}
	r = m.results[len(m.results)-1]
	if r.Ending == WashBySticks || r.Ending == WashBySnakes {
		r.Winner = last
	}
	return r, fmt.Sprintf("%v, %s", r.Ending, GameCount(r.Games)), true
}

// MayRethrow reports whether side's throw is a 2-1 not yet played, which
// it may throw again (rule 13).
func (m *Match) MayRethrow(side engine.Side) bool {
	g := m.game
	return g != nil && g.turn == side && g.throw != nil && !g.throw.OneDie && g.throw.Dice[0]+g.throw.Dice[1] == 3
}

// ChooseOneDie is side's choice, about to throw with a full spread, to
// throw one die (rule 11); chosen again, it is withdrawn. It returns the
// choice now.
func (m *Match) ChooseOneDie(side engine.Side) (bool, error) {
	if err := m.turnCheck(side, false); err != nil {
		return false, fmt.Errorf("%v may choose one die only before his own throw (rule 11): %w", side, err)
	}
	if !HasFullSpread(&m.game.board[engine.Mover]) {
		return false, fmt.Errorf("%v has no full spread: %w", side, ErrOneDie)
	}
	m.game.oneDie = !m.game.oneDie
	return m.game.oneDie, nil
}

// ThrowOf returns the throw the player on turn makes with the dice d
// shaken: the nominee (the dice are set, not shaken: rule 21), or one of
// them if he chose one die (rule 11), or both.
func (m *Match) ThrowOf(d engine.Dice) Throw {
	switch g := m.game; {
	case g != nil && g.nominee != nil:
		return *g.nominee
	case g != nil && g.oneDie:
		return Throw{Dice: engine.Dice{d[0]}, OneDie: true}
	}
	return Throw{Dice: d}
}

// OneDie reports whether the player to throw chose one die (rule 11).
func (m *Match) OneDie() bool { return m.game != nil && m.game.oneDie }

// CallOddsEvens decides who chooses the first thrower of a match's first
// game, or of one after a wash (rule 7): caller calls even or odd on the
// shaker's hidden dice (OddsEvens).
func (m *Match) CallOddsEvens(caller engine.Side, even bool, shaken engine.Dice) (engine.Side, error) {
	if _, ok := m.Starter(); ok || m.game != nil || !shaken.Valid() {
		return 0, errors.New("odds and evens decide only a first game, or one after a wash, with the shaker's two dice (rule 7)")
	}
	chooser := OddsEvens(caller.Other(), even, shaken)
	m.chooser = &chooser
	return chooser, nil
}

// Chooser returns who won odds and evens for the next game, if called.
func (m *Match) Chooser() (engine.Side, bool) {
	if m.chooser == nil {
		return 0, false
	}
	return *m.chooser, true
}

// String says the offer to the players.
func (o Offer) String() string {
	s := fmt.Sprintf("%v offers to concede %s (rule 18)", o.By, GameCount(o.Games))
	if o.Mandatory {
		s += ": with the fiver it must be accepted"
	}
	return s
}

// CubeValue returns the doubling die's value (1 untouched).
func (m *Match) CubeValue() int {
	v, _, _ := m.Cube()
	return v
}

// GameCount says n games: "1 game", "3 games".
func GameCount(n int) string {
	if n == 1 {
		return "1 game"
	}
	return fmt.Sprintf("%d games", n)
}
