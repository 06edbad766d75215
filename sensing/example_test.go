package sensing_test

import (
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"time"

	"gammond/engine"
	"gammond/sensing"
)

func ExampleTraceReader() {
	f, err := os.Open(filepath.Join("..", "testdata", "traces", "match-004.trace.jsonl"))
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	tr, err := sensing.NewTraceReader(f, nil)
	if err != nil {
		log.Fatal(err)
	}
	h := tr.Header()
	fmt.Printf("%d-point match, %s v %s, %d sensors\n", h.Match.Length, h.Match.White, h.Match.Black, h.Board.Sensors())
	for events := 0; events < 3; {
		it, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		if it.Kind == sensing.EventItem {
			fmt.Printf("line %d, %v: %v\n", tr.Line(), it.At.Sub(time.Unix(0, 0)), it.Event)
			events++
		}
	}
	// Output:
	// 1-point match, White v Black, 152 sensors
	// line 124, 7.656s: White roll 31
	// line 144, 10.824s: White done
	// line 145, 11.132s: Black roll 54
}

func ExampleSettler() {
	start := time.Unix(0, 0)
	var empty, one engine.Occupancy
	one.Points[24-1][engine.White] = 1
	s := sensing.NewSettler(150 * time.Millisecond)
	for _, f := range []struct {
		ms int
		o  *engine.Occupancy
	}{
		{0, &empty},
		{200, &one}, // a one-frame spike
		{210, &empty},
		{500, &one}, // a checker set down
		{700, &one},
	} {
		if s.Observe(start.Add(time.Duration(f.ms)*time.Millisecond), f.o) {
			o, at, _ := s.Settled()
			fmt.Printf("settled at %v: %d White on point 24\n", at.Sub(start), o.Points[24-1][engine.White])
		}
	}
	fmt.Println("pending:", s.Pending())
	// Output:
	// settled at 150ms: 0 White on point 24
	// settled at 650ms: 1 White on point 24
	// pending: false
}

func ExampleSettleStage() {
	start := time.Unix(0, 0)
	var empty, one engine.Occupancy
	one.Points[24-1][engine.White] = 1
	st := sensing.NewSettleStage(sensing.NewSettler(150*time.Millisecond),
		func() { fmt.Println("moving") },
		func(o *engine.Occupancy) { fmt.Printf("still: %d White on point 24\n", o.Points[24-1][engine.White]) })
	for ms := 0; ms <= 1000; ms += 10 {
		o := &empty
		if ms == 200 || ms >= 500 { // a one-frame spike, then a checker set down
			o = &one
		}
		st.Frame(start.Add(time.Duration(ms)*time.Millisecond), o)
	}
	// Output:
	// moving
	// still: 0 White on point 24
	// moving
	// still: 1 White on point 24
}
