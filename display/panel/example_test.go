package panel_test

import (
	"fmt"
	"log"

	"periph.io/x/conn/v3/i2c/i2ctest"
	"periph.io/x/conn/v3/spi/spitest"

	"gammond/display/leds"
	"gammond/display/panel"
	"gammond/display/segment"
	"gammond/engine"
	"gammond/referee"
	"gammond/sensing"
)

func Example() {
	// On the board: spireg.Open("/dev/spidev1.0") and i2creg.Open("1").
	strip, err := leds.NewAPA102(&spitest.Record{}, &leds.DefaultOpts)
	if err != nil {
		log.Fatal(err)
	}
	cube, err := segment.New(&i2ctest.Record{}, &segment.DefaultOpts)
	if err != nil {
		log.Fatal(err)
	}
	p, err := panel.New(panel.Devices{Strip: strip, Cube: cube}, sensing.SystemClock{}, &panel.DefaultOpts)
	if err != nil {
		log.Fatal(err)
	}
	// A ticker blinks the LEDs:
	//	for now := range time.Tick(50 * time.Millisecond) { p.Tick(now) }

	// Each referee event: remember it, compute the state with the
	// referee's Status, show it.
	var recent panel.Recent
	recent.Observe(referee.Event{Kind: referee.IllegalPlay, Side: engine.White, Dice: engine.Dice{5, 2}, Points: []int{13, 8}})
	st := referee.Status{Phase: referee.PhaseFlagged, OnRoll: engine.White, Cube: 1, Dice: engine.Dice{5, 2}, Flagged: []int{8, 13}}
	s := panel.Compute(&panel.Input{Status: st, Recent: &recent}, &panel.DefaultLook)
	if err := p.Update(s); err != nil {
		log.Fatal(err)
	}
	for i, led := range s.LEDs {
		if led.Blink {
			fmt.Println("blinking: LED", i)
		}
	}
	fmt.Printf("cube display %x, blinking %v\n", s.Cube, s.CubeBlink)
	fmt.Println(s.Screen.Message)
	// Output:
	// blinking: LED 7
	// blinking: LED 12
	// cube display 30383800, blinking true
	// ILLEGAL 13 8
}

func ExampleHints() {
	// White opens 6-1 and lifts a checker from 13: it may go to 7, on to 6,
	// or back (Black's mid-point blocks 12).
	before := engine.StartingBoard
	lifted := before
	lifted[engine.Mover][13-1]--
	now := engine.OccupancyOf(&lifted, engine.White, 6, 4)
	fmt.Println(panel.Hints(before, engine.White, engine.Dice{6, 1}, &now))
	// Output: [6 7 13]
}
