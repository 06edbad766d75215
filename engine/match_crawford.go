package engine

import (
	"errors"
	"fmt"
)

// Danish 4.4.4: a double made in the Crawford game is annulled. The match
// refuses a double in a game it knows to be the Crawford game, so one is
// made only when the score was wrong: corrected (SetScore) during the game
// or after it, the score shows that the game was the first with a side one
// point from the match. The director then annuls the cube: during the game
// it goes on without the cube; after it, before the next game, the score is
// corrected to what the game scores without the cube, and a match that
// ended on the cube's points is resumed.

// Errors of the Crawford annulment, wrapped with what is wrong.
var (
	ErrNotCrawford = errors.New("not the Crawford game at the score")
	ErrCubeUnused  = errors.New("the cube was not turned")
)

// AnnulCrawfordCube annuls the cube of the game in progress, which the
// score makes the Crawford game (a side one point from the match, no
// Crawford game played): the cube goes back to 1 in the centre, a double
// offered is withdrawn, and the game goes on as the Crawford game.
func (m *Match) AnnulCrawfordCube() error {
	switch {
	case m.over:
		return ErrMatchOver
	case !m.playing:
		return ErrNoGame
	case !m.crawfordAt(m.score):
		return fmt.Errorf("game %d at %d-%d: %w", m.games, m.score[White], m.score[Black], ErrNotCrawford)
	case m.cube == 1 && !m.doubled:
		return fmt.Errorf("game %d: %w", m.games, ErrCubeUnused)
	}
	m.cube, m.centred, m.doubled, m.beavered = 1, true, false, false
	m.crawford, m.crawfordPlayed = true, true
	return nil
}

// AnnulCrawfordResult annuls the cube of the game that just ended with
// res at the cube cube, the next not started, which the score before it
// makes the Crawford game: the winner's points are corrected to what the
// game's kind scores without the cube (a pass scores a single), and a
// match that had ended is resumed unless the winner still has enough. It
// returns the corrected result.
func (m *Match) AnnulCrawfordResult(res Result, cube int) (Result, error) {
	before := m.score
	before[res.Winner] -= res.Points
	switch {
	case m.playing:
		return Result{}, ErrGameInProgress
	case cube <= 1:
		return Result{}, fmt.Errorf("game %d: %w", m.games, ErrCubeUnused)
	case before[res.Winner] < 0 || !m.crawfordAt(before):
		return Result{}, fmt.Errorf("game %d at %d-%d: %w", m.games, before[White], before[Black], ErrNotCrawford)
	}
	corrected := Result{Winner: res.Winner, Kind: res.Kind, Points: int(res.Kind)}
	m.score[res.Winner] = before[res.Winner] + corrected.Points
	m.over = m.score[res.Winner] >= m.length
	m.crawfordPlayed = true
	return corrected, nil
}

// crawfordAt reports whether a game started at score, no Crawford game
// played, is the Crawford game.
func (m *Match) crawfordAt(score [2]int) bool {
	return m.length > 1 && !m.crawfordPlayed && (score[White] == m.length-1 || score[Black] == m.length-1)
}
