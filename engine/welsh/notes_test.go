package welsh

import (
	"bytes"
	"errors"
	"reflect"
	"testing"

	"gammond/engine"
)

// TestRecorderCloneSharesNothing: what a clone records leaves the
// original's match and record as they were.
func TestRecorderCloneSharesNothing(t *testing.T) {
	r := NewRecorder("Ann", "Bob", 0)
	if err := r.StartGame(engine.White, fullClocks); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Throw(engine.White, Throw{Dice: engine.Dice{6, 4}}); err != nil {
		t.Fatal(err)
	}
	var before bytes.Buffer
	r.Record().WriteTo(&before)
	board, turn, _ := r.Match().Board()
	c := r.Clone()
	b, _, _ := c.Match().Board()
	if _, err := c.Play(engine.White, LegalPlays(b, engine.Dice{6, 4})[0].After); err != nil {
		t.Fatal(err)
	}
	if err := c.Nominate(engine.White, Throw{Dice: engine.Dice{2, 2}}); err != nil {
		t.Fatal(err)
	}
	var after bytes.Buffer
	r.Record().WriteTo(&after)
	nowBoard, nowTurn, _ := r.Match().Board()
	if after.String() != before.String() || nowBoard != board || nowTurn != turn || r.Match().Nominated() != [2]bool{} {
		t.Fatalf("the clone's play and nominate reached the original:\n%s", after.String())
	}
	if _, ok := c.Match().Nominee(); !ok {
		t.Fatal("the clone lost its nominate")
	}
}

// TestOneDieAndOddsEvensAreTheMatchs (rules 7, 11): one die is chosen only
// by the player to throw with a full spread, and is the throw made of the
// dice shaken; odds and evens decide a first game's chooser, not a game in
// progress's.
func TestOneDieAndOddsEvensAreTheMatchs(t *testing.T) {
	m := NewMatch(0)
	chooser, err := m.CallOddsEvens(engine.Black, true, engine.Dice{3, 4})
	if got, ok := m.Chooser(); err != nil || !ok || got != chooser || chooser != engine.White {
		t.Fatalf("Black calls even on 3-4: chooser %v, %v, want White (the shaker)", chooser, err)
	}
	if err := m.StartGame(engine.White, fullClocks); err != nil {
		t.Fatal(err)
	}
	if _, ok := m.Chooser(); ok {
		t.Error("the chooser outlived the game's start")
	}
	if _, err := m.CallOddsEvens(engine.Black, true, engine.Dice{3, 4}); err == nil {
		t.Error("odds and evens during a game: no error")
	}
	if _, err := m.ChooseOneDie(engine.White); !errors.Is(err, ErrOneDie) {
		t.Errorf("one die with no full spread: %v, want ErrOneDie", err)
	}
	if got := m.ThrowOf(engine.Dice{5, 2}); got != (Throw{Dice: engine.Dice{5, 2}}) {
		t.Errorf("ThrowOf with no choice: %v", got)
	}
	spread := engine.Board{}
	for p := 1; p <= 6; p++ {
		spread[engine.Mover][p-1] = 1 // one man on every home spike
	}
	spread[engine.Mover][12], spread[engine.Opponent][0] = 9, 15
	m.game.board = spread
	if one, err := m.ChooseOneDie(engine.White); err != nil || !one || !m.OneDie() {
		t.Fatalf("one die with a full spread: %v, %v", one, err)
	}
	if got := m.ThrowOf(engine.Dice{5, 2}); got != (Throw{Dice: engine.Dice{5}, OneDie: true}) {
		t.Errorf("ThrowOf after choosing one die: %v, want the first die alone", got)
	}
	if _, err := m.ChooseOneDie(engine.Black); err == nil {
		t.Error("one die chosen by the player not to throw: no error")
	}
}

// TestReadAndNotes: a Welsh position is read off an occupancy, a man not
// shown where the near position has him, else checked out; a dance is
// noted for the mover.
func TestReadAndNotes(t *testing.T) {
	b := engine.StartingBoard
	b[engine.Mover][5]-- // a White man checked out
	o := engine.OccupancyOf(&b, engine.White, 6, 4)
	start := engine.LayoutOf(&engine.StartingBoard, engine.White)
	checkedOut := engine.LayoutOf(&b, engine.White)
	if got, err := Read(&o, engine.White, &checkedOut); err != nil || got != b {
		t.Fatalf("Read = %v, %v: want the board shown, the man checked out", got.PositionID(), err)
	}
	if got, err := Read(&o, engine.White, &start); err != nil || got != engine.StartingBoard {
		t.Fatalf("Read near the start = %v, %v: want the man not seen on his point", got.PositionID(), err)
	}
	notes := TurnEvents{Dance: true}.Notes(engine.Black, NewMatch(0))
	if want := []Note{{engine.Black, "Black dances: men still on the roof (rule 16)"}}; !reflect.DeepEqual(notes, want) {
		t.Errorf("notes %v, want %v", notes, want)
	}
}
