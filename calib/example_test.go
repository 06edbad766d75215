package calib_test

import (
	"fmt"
	"log"
	"slices"
	"time"

	"gammond/calib"
	"gammond/engine"
)

func ExampleModel() {
	g := calib.ReferenceBoard
	n := g.Sensors()
	cal := &calib.Calibration{
		Board:    g,
		Baseline: slices.Repeat([]uint16{2000}, n),
		White:    slices.Repeat([]uint16{2600}, n),
		Black:    slices.Repeat([]uint16{1400}, n),
	}
	m, err := calib.NewModel(cal)
	if err != nil {
		log.Fatal(err)
	}
	frame := slices.Clone(cal.Baseline)
	frame[g.Sensor(calib.Place{Point: 24, Slot: 0})] = 2604 // White
	frame[g.Sensor(calib.Place{Point: 24, Slot: 1})] = 2590 // White
	frame[g.Sensor(calib.Place{Point: 1, Slot: 0})] = 1395  // Black
	at := time.Unix(0, 0)
	for !m.Observe(at, frame) { // until the board has held still for SettleWindow
		at = at.Add(10 * time.Millisecond)
	}
	m.Evaluate(at)
	var o engine.Occupancy
	m.Best(&o)
	fmt.Println("point 24:", o.Points[24-1], "point 1:", o.Points[1-1], "point 2:", o.Points[2-1])
	// Output:
	// point 24: [2 0] point 1: [0 1] point 2: [0 0]
}
