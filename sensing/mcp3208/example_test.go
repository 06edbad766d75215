package mcp3208_test

import (
	"fmt"
	"log"

	"gammond/sensing/mcp3208"

	"periph.io/x/conn/v3/spi/spireg"
	"periph.io/x/host/v3"
)

func Example() {
	if _, err := host.Init(); err != nil {
		log.Fatal(err)
	}
	p, err := spireg.Open("/dev/spidev0.0")
	if err != nil {
		log.Fatal(err)
	}
	defer p.Close()
	adc, err := mcp3208.New(p, &mcp3208.DefaultOpts)
	if err != nil {
		log.Fatal(err)
	}
	readings := make([]uint16, 3)
	if err := adc.ReadChannels([]int{0, 1, 2}, readings); err != nil {
		log.Fatal(err)
	}
	fmt.Println(adc, readings)
}
