package calib_test

import (
	"fmt"
	"log"
	"slices"

	"gammond/calib"
	"gammond/engine"
)

func ExampleClassifier() {
	g := calib.ReferenceBoard
	n := g.Sensors()
	cal := &calib.Calibration{
		Board:    g,
		Baseline: slices.Repeat([]uint16{2000}, n),
		White:    slices.Repeat([]uint16{2600}, n),
		Black:    slices.Repeat([]uint16{1400}, n),
	}
	cl, err := calib.NewClassifier(cal, nil)
	if err != nil {
		log.Fatal(err)
	}
	frame := slices.Clone(cal.Baseline)
	frame[g.Sensor(calib.Place{Point: 24, Slot: 0})] = 2604 // White
	frame[g.Sensor(calib.Place{Point: 24, Slot: 1})] = 2590 // White
	frame[g.Sensor(calib.Place{Point: 1, Slot: 0})] = 1395  // Black
	frame[g.Sensor(calib.Place{Point: 1, Slot: 1})] = 1800  // Black, being set down
	var o engine.Occupancy
	if err := cl.Classify(frame, &o); err != nil {
		log.Fatal(err)
	}
	fmt.Println("point 24:", o.Points[24-1], "point 1:", o.Points[1-1], "unsure:", o.Unsure)
	// Output:
	// point 24: [2 0] point 1: [0 1] unsure: 1
}
