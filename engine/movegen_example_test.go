package engine_test

import (
	"fmt"

	"gammond/engine"
)

// The referee's questions while a player runs a back checker 24/13 with an
// opening 6-5: is the board still on the way to a legal play, and is the
// play legal once the turn ends?
func ExampleGenerator_IsLegal() {
	var g engine.Generator
	start, roll := engine.StartingBoard, engine.Dice{6, 5}

	halfway := start // 24/18: the 6 played, the 5 not yet
	halfway[engine.Mover][23]--
	halfway[engine.Mover][17]++
	done := halfway // 18/13
	done[engine.Mover][17]--
	done[engine.Mover][12]++

	for _, b := range []engine.Board{halfway, done} {
		onTheWay := false
		for _, p := range g.Partials(start, roll) {
			onTheWay = onTheWay || p.Board == b
		}
		fmt.Println(onTheWay, g.IsLegal(start, roll, b.Swap()))
	}
	// Output:
	// true false
	// true true
}

func ExampleLegalPlays() {
	plays := engine.LegalPlays(engine.StartingBoard, engine.Dice{6, 5})
	fmt.Println(len(plays), "plays; the first:", plays[0].Steps())
	// Output: 7 plays; the first: [{24 18 false} {18 13 false}]
}
