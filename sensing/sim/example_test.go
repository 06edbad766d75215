package sim_test

import (
	"bytes"
	"fmt"
	"log"
	"path/filepath"
	"strings"
	"time"

	"gammond/calib"
	"gammond/engine"
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
	script, err := m.Script()
	if err != nil {
		log.Fatal(err)
	}
	opts := sim.DefaultOpts
	opts.Seed, opts.IllegalRate = 1, 0.1
	var trace bytes.Buffer
	want, err := sim.Simulate(&trace, script, &opts)
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

// A simulated board moved by hand and read through the sensor model of
// its calibration, as "gammond -sim" does.
func ExampleBoard() {
	b := sim.NewBoard(1)
	_ = b.Move(engine.White, 24, 18) // a back checker runs
	_ = b.Move(engine.Black, 12, 18) // and is hit
	cal := b.Calibration()
	m, err := calib.NewModel(cal)
	if err != nil {
		log.Fatal(err)
	}
	frame := make([]uint16, cal.Board.Sensors())
	b.Frame(frame)
	at := time.Unix(0, 0)
	m.Observe(at, frame)
	m.Evaluate(at) // the frame read on its own: every point in its likeliest state
	var o engine.Occupancy
	m.Best(&o)
	fmt.Println("point 18:", o.Points[17], "White's bar half:", o.Bar[engine.White])
	fmt.Println(b.Move(engine.White, 13, 12))
	// Output:
	// point 18: [0 1] White's bar half: [1 0]
	// cannot move the checker: Black holds point 12
}
