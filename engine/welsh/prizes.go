package welsh

import (
	"errors"

	"gammond/engine"
)

// Payment is money one player pays the other at the match's end (rule 23,
// UK "friendly rates"), in pence.
type Payment struct {
	From, To engine.Side
	Pence    int
	Why      string
}

// The prize sums of rule 23, in pence.
const (
	BasicWager     = 1000 // the match
	PerGameDiff    = 25   // each game of the games-score difference
	RectanglePrize = 750  // a match won by a rectangle, instead of the above
	TimedOutPrize  = 2000 // a match lost on time, instead of the above
	NilPrize       = 2500 // "a match to nil puts a pony on the bill"
	ScoopPerGame   = 100  // the BG scoop-pot: a pound a game from each player
)

// ErrMatchNotOver is the error for prizes asked of a match in progress.
var ErrMatchNotOver = errors.New("the match is not over")

// Prizes returns what the match's end costs whom (rule 23): the standard
// sum (£10 and 25p a game of the score difference), or £7.50 for a
// rectangle, or £20 for a time-out; £25 more if the loser won no game
// (washes are no wins); and each BG scoop-pot collected in the match, a
// pound for every game of its tally. The tournament jack-pot is the
// tournament's, not the match's.
func (m *Match) Prizes() ([]Payment, error) {
	if !m.over {
		return nil, ErrMatchNotOver
	}
	winner, loser := m.winner, m.winner.Other()
	var pay []Payment
	switch m.ending {
	case Rectangle:
		pay = append(pay, Payment{loser, winner, RectanglePrize, "rectangle"})
	case TimedOut:
		pay = append(pay, Payment{loser, winner, TimedOutPrize, "timed out"})
	default:
		diff := m.score[winner] - m.score[loser]
		pay = append(pay, Payment{loser, winner, BasicWager + PerGameDiff*diff, "the match"})
	}
	if m.won[loser] == 0 {
		pay = append(pay, Payment{loser, winner, NilPrize, "a match to nil"})
	}
	for _, s := range m.scoops {
		pay = append(pay, Payment{s.side.Other(), s.side, ScoopPerGame * s.games, "BG scoop-pot"})
	}
	return pay, nil
}
