package engine_test

import (
	"fmt"
	"time"

	"gammond/engine"
)

// A Danish clock for a 5-point match: 10 minutes each, Bronstein delay of
// 12 seconds.
func ExampleClock() {
	c, err := engine.NewClock(engine.DanishClock(), 5, [2]int{})
	if err != nil {
		fmt.Println(err)
		return
	}
	start := time.Date(2025, 6, 1, 14, 0, 0, 0, time.UTC)
	_ = c.Start(engine.White, start)                     // White opens
	_ = c.Press(engine.White, start.Add(8*time.Second))  // 8s: within the delay
	_ = c.Press(engine.Black, start.Add(38*time.Second)) // 30s: 18s beyond it
	now := start.Add(40 * time.Second)
	fmt.Println(c.Remaining(engine.White, now), c.Remaining(engine.Black, now))
	// Output:
	// 9m58s 9m42s
}
