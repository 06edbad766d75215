package mux_test

import (
	"log"

	"gammond/sensing/mux"
)

func Example() {
	sel, err := mux.Open(&mux.DefaultOpts)
	if err != nil {
		log.Fatal(err)
	}
	defer sel.Close()
	for ch := range mux.Channels {
		if err := sel.Select(ch); err != nil {
			log.Fatal(err)
		}
		// Wait for the outputs to settle, then read them.
	}
}
