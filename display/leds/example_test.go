package leds_test

import (
	"fmt"
	"image/color"
	"log"

	"periph.io/x/conn/v3/spi/spitest"

	"gammond/display/leds"
)

func Example() {
	// On the board: port, err := spireg.Open("/dev/spidev1.0").
	port := &spitest.Record{}
	var s leds.Strip
	s, err := leds.NewAPA102(port, &leds.Opts{NumPixels: leds.Count, Brightness: 255})
	if err != nil {
		log.Fatal(err)
	}
	// Light points 13 and 8 red, White's bar half blue.
	var c [leds.Count]color.NRGBA
	red := color.NRGBA{R: 0xFF, A: 0xFF}
	c[leds.Point(13)], c[leds.Point(8)] = red, red
	c[leds.WhiteBar] = color.NRGBA{B: 0xFF, A: 0xFF}
	if err := s.Show(c[:]); err != nil {
		log.Fatal(err)
	}
	w := port.Ops[0].W
	fmt.Printf("start % x\n", w[:4])
	fmt.Printf("point 8 % x\n", w[4+4*leds.Point(8):][:4])
	fmt.Printf("point 13 % x\n", w[4+4*leds.Point(13):][:4])
	fmt.Printf("White's bar % x\n", w[4+4*leds.WhiteBar:][:4])
	fmt.Printf("end % x\n", w[4+4*leds.Count:])
	// Output:
	// start 00 00 00 00
	// point 8 ff 00 00 ff
	// point 13 ff 00 00 ff
	// White's bar ff ff 00 00
	// end ff ff
}
