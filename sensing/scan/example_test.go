package scan_test

import (
	"context"
	"log"
	"time"

	"gammond/sensing/mcp3208"
	"gammond/sensing/mux"
	"gammond/sensing/scan"

	"periph.io/x/conn/v3/spi/spireg"
	"periph.io/x/host/v3"
)

// Example wires up the reference board R1 and scans at 100 frames/s.
func Example() {
	if _, err := host.Init(); err != nil {
		log.Fatal(err)
	}
	sel, err := mux.Open(&mux.DefaultOpts)
	if err != nil {
		log.Fatal(err)
	}
	defer sel.Close()
	var adcs []scan.ADC
	for _, dev := range []string{"/dev/spidev0.0", "/dev/spidev0.1"} {
		p, err := spireg.Open(dev)
		if err != nil {
			log.Fatal(err)
		}
		defer p.Close()
		adc, err := mcp3208.New(p, &mcp3208.DefaultOpts)
		if err != nil {
			log.Fatal(err)
		}
		adcs = append(adcs, adc)
	}
	s, err := scan.New(sel, adcs, &scan.DefaultOpts)
	if err != nil {
		log.Fatal(err)
	}
	err = s.Run(context.Background(), func(at time.Time, frame []uint16) {
		log.Printf("%s: point 1 slot 0 reads %d", at.Format(time.TimeOnly), frame[0])
	})
	log.Fatal(err)
}
