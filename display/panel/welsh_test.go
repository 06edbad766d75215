package panel

import (
	"reflect"
	"slices"
	"testing"

	"gammond/engine"
	"gammond/engine/welsh"
	"gammond/referee"
)

// TestWelshHints: the points a lifted man may go to on the way to a legal
// Welsh play; nothing while the board shows a position on the way.
func TestWelshHints(t *testing.T) {
	start := engine.StartingBoard
	after83, err := welsh.Apply(start, []engine.Move{{From: 8, To: 3}})
	if err != nil {
		t.Fatal(err)
	}
	fiveOne := welsh.Throw{Dice: engine.Dice{5, 1}}
	tests := []struct {
		name   string
		before engine.Board
		onRoll engine.Side
		t      welsh.Throw
		now    *engine.Occupancy
		want   []int
	}{
		{"nothing lifted", start, engine.White, fiveOne, lift(start, engine.White), nil},
		// From 8 with 5-1: 8/3, 8/7, 8/2 combined, or back to 8.
		{"White lifts from 8", start, engine.White, fiveOne, lift(start, engine.White, 8), []int{2, 3, 7, 8}},
		{"Black lifts from its 8: board points", start, engine.Black, fiveOne, lift(start, engine.Black, 8), []int{17, 18, 22, 23}},
		// After 8/3, the man on 3 lifted: on to 2 (8/3 3/2), back to 3, or
		// the hand being 6/5's with one lifted from 8: to 8, 7, 3 or 2.
		{"after 8/3, lifted from 3", start, engine.White, fiveOne, lift(after83, engine.White, 3), []int{2, 3, 7, 8}},
		// The opening 6-4 (rule 15): a man leaves far-outer spike 6 (13)
		// only with a 6, across the stream to 12, the opponent's covered
		// spike, so it goes on with the 4 to 8; or back to 13.
		{"White lifts from 13 on 6-4", start, engine.White, welsh.Throw{Dice: engine.Dice{6, 4}}, lift(start, engine.White, 13), []int{8, 13}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := WelshHints(tc.before, tc.onRoll, tc.t, tc.now)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

// TestRecentWelshBonusThrow: a Welsh play after which the mover throws
// again (the event's board has the mover on roll) lights the points it
// changed, as any play does.
func TestRecentWelshBonusThrow(t *testing.T) {
	start := engine.StartingBoard
	after, err := welsh.Apply(start, []engine.Move{{From: 8, To: 3}})
	if err != nil {
		t.Fatal(err)
	}
	var r Recent
	r.Observe(referee.Event{Kind: referee.PlayMade, Side: engine.Black, Before: start, Board: after, OnRoll: engine.Black})
	var lit []int
	for i, on := range r.lastPlay {
		if on {
			lit = append(lit, i)
		}
	}
	want := []int{layoutLED(engine.Black, engine.BoardPoint(engine.Black, 3)), layoutLED(engine.Black, engine.BoardPoint(engine.Black, 8))}
	slices.Sort(want)
	if !slices.Equal(lit, want) {
		t.Fatalf("LEDs %v lit, want %v: Black's 8 and 3", lit, want)
	}
	if r.Before() != after {
		t.Fatal("the next turn's board is not the play's")
	}
}
