package referee

import (
	"testing"
	"time"

	"gammond/engine"
	"gammond/sensing"
)

// TestAbandonedContactGame sets the board up again in the middle of a game
// both sides can still win: the side on roll is taken to have resigned a
// single game, and the roll that follows opens the next game.
func TestAbandonedContactGame(t *testing.T) {
	m, err := engine.NewMatch(5, engine.MatchOpts{})
	if err != nil {
		t.Fatal(err)
	}
	var events []Event
	clock := sensing.NewVirtualClock(time.Unix(0, 0))
	r := New(m, clock, func(e Event) { events = append(events, e) })
	show := newSensorBoard(t, r).show
	start := engine.StartingBoard
	show(start, engine.White)
	r.Roll(engine.White, engine.Dice{3, 1})
	play := engine.LegalPlays(start, engine.Dice{3, 1})[0]
	show(play.After, engine.Black) // Black on roll: the position White's play left
	r.Done(engine.White)
	show(start, engine.White) // the players set up again: Black, on roll, gave up
	r.Roll(engine.White, engine.Dice{6, 5})

	var over, started int
	for _, e := range events {
		switch e.Kind {
		case GameOver:
			over++
			if e.Side != engine.White || e.Result.Kind != engine.Single || e.Result.Points != 1 {
				t.Errorf("game over: %v wins %v (%d points), want White a single point", e.Side, e.Result.Kind, e.Result.Points)
			}
		case GameStarted:
			started++
		}
	}
	if over != 1 || started != 2 || r.Status().Game != 2 || r.Status().Turn != 1 {
		t.Fatalf("%d games over, %d started, now game %d turn %d: want the first scored and the second begun with its opening roll",
			over, started, r.Status().Game, r.Status().Turn)
	}
}
