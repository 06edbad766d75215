package panel

import (
	"slices"
	"testing"

	"gammond/engine"
)

// half is one side's checkers, by its own points (engine.Bar for the bar).
func half(on map[int]int) engine.Half {
	var h engine.Half
	for p, n := range on {
		h[p-1] = uint8(n)
	}
	return h
}

// lift returns what the sensors see when the side on roll holds one
// checker from each of its points from, besides what b shows.
func lift(b engine.Board, onRoll engine.Side, from ...int) *engine.Occupancy {
	for _, p := range from {
		b[engine.Mover][p-1]--
	}
	o := engine.OccupancyOf(&b, onRoll, 6, 4)
	return &o
}

func TestHints(t *testing.T) {
	start := engine.StartingBoard
	after13to7 := start
	after13to7[engine.Mover][13-1]--
	after13to7[engine.Mover][7-1]++
	// A Black blot on White's 7 (Black's 18); then a Black point there.
	blot, block := start, start
	blot[engine.Opponent][13-1], blot[engine.Opponent][18-1] = 4, 1
	block[engine.Opponent][13-1], block[engine.Opponent][18-1] = 3, 2
	onBar := engine.Board{start[engine.Opponent], half(map[int]int{engine.Bar: 1, 24: 1, 13: 5, 8: 3, 6: 5})}
	tall := engine.Board{start[engine.Opponent], half(map[int]int{13: 7, 8: 3, 6: 5})}
	six1 := engine.Dice{6, 1}

	tests := []struct {
		name   string
		before engine.Board
		onRoll engine.Side
		now    *engine.Occupancy
		want   []int
	}{
		{"nothing lifted", start, engine.White, lift(start, engine.White), nil},
		// Black's mid-point (White's 12) blocks 13/12: 13/7, 13/7/6 or back.
		{"White lifts from 13", start, engine.White, lift(start, engine.White, 13), []int{6, 7, 13}},
		{"Black lifts from its 13: board points", start, engine.Black, lift(start, engine.Black, 13), []int{12, 18, 19}},
		// After 13/7 a checker lifted from 8 goes on to 7 (13/7 8/7), back
		// to 8, or, the hand being the same as 8/7 with one lifted from 13,
		// to 13.
		{"after 13/7, lifted from 8", start, engine.White, lift(after13to7, engine.White, 8), []int{7, 8, 13}},
		{"a blot is hit, on the way too", blot, engine.White, lift(blot, engine.White, 13), []int{6, 7, 13}},
		{"7 and 12 blocked: back only", block, engine.White, lift(block, engine.White, 13), []int{13}},
		{"entering from the bar", onBar, engine.White, lift(onBar, engine.White, engine.Bar), []int{18, 24}},
		{"the opponent's checker lifted", start, engine.White, lift(start.Swap(), engine.Black, 6), nil},
		{"two checkers lifted", start, engine.White, lift(start, engine.White, 13, 8), nil},
		{"lifted from a stack taller than the slots", tall, engine.White, lift(tall, engine.White, 13), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Hints(tt.before, tt.onRoll, six1, tt.now); !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestHintsBearOff(t *testing.T) {
	// White's last checker, on 2, lifted with 6-5 looks borne off.
	b := engine.Board{half(map[int]int{6: 5, 5: 5, 4: 5}), half(map[int]int{2: 1})}
	if got := Hints(b, engine.White, engine.Dice{6, 5}, lift(b, engine.White, 2)); got != nil {
		t.Errorf("got %v, want nothing", got)
	}
}

func BenchmarkHints(b *testing.B) {
	o := lift(engine.StartingBoard, engine.White, 13)
	for b.Loop() {
		Hints(engine.StartingBoard, engine.White, engine.Dice{3, 3}, o)
	}
}
