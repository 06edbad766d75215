package buttons_test

import (
	"log"

	"gammond/sensing/buttons"
)

func Example() {
	events := make(chan buttons.Event, 16)
	b, err := buttons.Open(&buttons.DefaultOpts, func(e buttons.Event) { events <- e })
	if err != nil {
		log.Fatal(err)
	}
	defer b.Close()
	for e := range events {
		log.Print(e) // "White done at 1h2m3.004s", "Black pass at ..."
	}
}
