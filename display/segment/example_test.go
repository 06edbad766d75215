package segment_test

import (
	"fmt"
	"log"

	"periph.io/x/conn/v3/i2c/i2ctest"

	"gammond/display/segment"
)

func Example() {
	// On the board: bus, err := i2creg.Open("1").
	bus := &i2ctest.Record{}
	d, err := segment.New(bus, &segment.DefaultOpts)
	if err != nil {
		log.Fatal(err)
	}
	// Black owns the cube at 4: "  4." with Black's point on the right end.
	if err := d.ShowCube(4, segment.Black, false); err != nil {
		log.Fatal(err)
	}
	dice, err := segment.Dice(6, 3)
	if err != nil {
		log.Fatal(err)
	}
	if err := d.Show(dice); err != nil {
		log.Fatal(err)
	}
	for _, op := range bus.Ops[4:] { // After New's four writes.
		fmt.Printf("%#x: % x\n", op.Addr, op.W)
	}
	// Output:
	// 0x70: 00 00 00 00 00 00 00 66 00 80 00 00 00 00 00 00 00
	// 0x70: 00 00 00 7d 00 00 00 40 00 4f 00 00 00 00 00 00 00
}
