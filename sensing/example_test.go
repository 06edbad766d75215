package sensing_test

import (
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"time"

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
