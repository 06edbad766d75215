package board

import (
	"fmt"
	"sync"

	"gammond/referee"
	"gammond/web"
)

// session is the output that keeps a money session's ledger (each game's
// result and the running score) and a chouette's books, for the page. Journal replay rebuilds it
// as it rebuilds the record. Its lock guards it: the page reads it from
// the web server's goroutines.
type session struct {
	mu     sync.Mutex
	money  bool
	ledger []web.LedgerGame
	books  *chouetteBooks // nil without a chouette
}

var _ Output = (*session)(nil)

func (s *session) String() string { return "the session's ledger" }

// Begin implements Output: a new match starts an empty ledger.
func (s *session) Begin(m *Begin) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.money = m.Match.Length == 0
	if !m.Taken {
		s.ledger, s.books = nil, nil
	}
	return nil
}

// Event implements Output: a game's end joins the ledger; the chouette's
// books follow the game.
func (s *session) Event(e *Event) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.chouetteEvent(e); err != nil {
		return fmt.Errorf("chouette: %v: %w", e.Kind, err)
	}
	if e.Kind != referee.GameOver {
		return nil
	}
	s.ledger = append(s.ledger, web.LedgerGame{Game: e.Game, Winner: e.Side, Points: e.Result.Points,
		Kind: e.Result.Kind.String(), Cube: e.Cube, Score: e.Score})
	return nil
}

// Show implements Output.
func (s *session) Show(*Shown) error { return nil }

// status is the session for the page; nil in a match.
func (s *session) status() *web.Session {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.money {
		return nil
	}
	return &web.Session{Ledger: append([]web.LedgerGame{}, s.ledger...), Chouette: s.chouetteStatus()}
}
