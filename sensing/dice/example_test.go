package dice_test

import (
	"fmt"
	"log"

	"gammond/sensing/dice"
)

func Example() {
	mode, err := dice.ParseMode("electronic")
	if err != nil {
		log.Fatal(err)
	}
	if mode != dice.Electronic {
		return
	}
	r := dice.New(nil) // crypto/rand
	o, err := r.Opening()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s opens with %s\n", o.Opener(), o.Roll())
	d, err := r.Roll()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s rolls %s\n", o.Opener().Other(), d)
}
