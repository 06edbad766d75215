package chouette_test

import (
	"fmt"

	"gammond/engine"
	"gammond/engine/chouette"
)

// A game as a board drives it: the box doubles, one partner passes, the
// captain passes too and the highest-ranking taker captains and loses.
func ExampleChouette() {
	order, err := chouette.Rank(map[string][]int{"Ann": {6}, "Bob": {5}, "Cy": {3}, "Dan": {2}})
	if err != nil {
		fmt.Println(err)
		return
	}
	c, _ := chouette.New(order)
	steps := []error{
		c.StartGame(),
		c.Double(chouette.Box),
		c.Pass("Bob"), // the captain passes: he loses his post
		c.Take("Cy"),
		c.Take("Dan"),
		c.Double(chouette.Box), // refused: the team holds the cube
		c.Win(chouette.Box, engine.Gammon),
	}
	for _, err := range steps {
		if err != nil {
			fmt.Println(err)
		}
	}
	s := c.Scores()
	fmt.Println("Ann", s["Ann"], "Bob", s["Bob"], "Cy", s["Cy"], "Dan", s["Dan"])
	fmt.Println("next:", c.Order())
	// Output:
	// the box cannot double: the other side holds the cube
	// Ann 9 Bob -1 Cy -4 Dan -4
	// next: [Ann Dan Bob Cy]
}
