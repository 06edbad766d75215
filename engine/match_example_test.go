package engine_test

import (
	"fmt"

	"gammond/engine"
)

// A game of a 5-point match as the referee drives it: the opening roll, a
// turn, a double and a take, and a pass of the redouble.
func ExampleMatch() {
	m, err := engine.NewMatch(5, engine.MatchOpts{FreezeDeadCube: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	steps := []error{
		m.StartGame(engine.White), // White won the opening roll and plays it
		m.EndTurn(engine.White),
		m.Double(engine.Black),
		m.Take(engine.White),
		m.Roll(engine.Black),
		m.Double(engine.Black), // refused: rolled, and White owns the cube
		m.EndTurn(engine.Black),
		m.Double(engine.White),
	}
	for _, err := range steps {
		if err != nil {
			fmt.Println(err)
		}
	}
	r, _ := m.Drop(engine.Black)
	fmt.Println(r)
	fmt.Println(m)
	// Output:
	// Black cannot double: the dice are already rolled
	// White wins 2 (single)
	// 5-point match, 2-0, cube 2 White
}
