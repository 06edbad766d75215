package sim_test

import (
	"bytes"
	"fmt"
	"log"
	"path/filepath"
	"strings"

	"gammond/record/mat"
	"gammond/sensing/sim"
)

// Simulate a recorded 1-point match, about one turn in ten first played
// illegally, and see what a replay of the trace must give.
func ExampleSimulate() {
	m, err := mat.ReadFile(filepath.Join("..", "..", "testdata", "matches", "match-004-1pt.mat"))
	if err != nil {
		log.Fatal(err)
	}
	opts := sim.DefaultOpts
	opts.Seed, opts.IllegalRate = 1, 0.1
	var trace bytes.Buffer
	want, err := sim.Simulate(&trace, m, &opts)
	if err != nil {
		log.Fatal(err)
	}
	g := want.Games[0]
	fmt.Printf("%d plays, %d first played illegally; side %d wins %d points\n", len(g.Plays), len(g.Illegal), *g.Winner, g.Points)
	fmt.Println(strings.SplitN(trace.String(), "\n", 3)[1][:20])
	// Output:
	// 35 plays, 2 first played illegally; side 0 wins 2 points
	// {"t":0,"frame":[1999
}
