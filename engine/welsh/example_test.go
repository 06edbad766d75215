package welsh_test

import (
	"fmt"
	"os"
	"time"

	"gammond/engine"
	"gammond/engine/welsh"
)

// The opening 6-4 of rule 15: one of the plays sends a man across the
// stream from far-outer spike 6 and on 4 to join the three on point 8.
func ExamplePlays() {
	for _, p := range welsh.Plays(engine.StartingBoard, welsh.Throw{Dice: engine.Dice{6, 4}}) {
		if p.Moves[0].From == 13 {
			fmt.Println(welsh.FormatPlay(p.Steps()), p.After.PositionID())
		}
	}
	// Output: 13/12 12/8 4PPgATDgc/ABMA
}

// A match recorded as the referee would drive it, written in the record's
// text format.
func ExampleRecorder() {
	r := welsh.NewRecorder("Ann", "Bob", 0)
	r.StartGame(engine.White, [2]time.Duration{welsh.ClockTime, welsh.ClockTime})
	r.Throw(engine.White, welsh.Throw{Dice: engine.Dice{6, 4}})
	b, _, _ := r.Match().Board()
	for _, p := range welsh.Plays(b, welsh.Throw{Dice: engine.Dice{6, 4}}) {
		if welsh.FormatPlay(p.Steps()) == "13/12 12/8" {
			r.Play(engine.White, p.After)
		}
	}
	r.Double(engine.Black)
	r.Record().WriteTo(os.Stdout)
	// Output:
	// welsh-match
	// white Ann
	// black Bob
	// scoop 0
	// game White 1
	// White throw 64
	// White play 13/12 12/8
	// Black double
}
