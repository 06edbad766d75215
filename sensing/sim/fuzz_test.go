package sim_test

import (
	"bytes"
	"os"
	"reflect"
	"strings"
	"testing"

	"gammond/sensing/sim"
)

// FuzzReadExpect: ReadExpect does not panic, its errors say they are about
// the expectation, and an expectation it reads, written and read again, is
// the same.
func FuzzReadExpect(f *testing.F) {
	f.Add(realExpect(f))
	for _, s := range []string{
		`{"match_length": 1, "games": [{"plays": [{"turn": 1, "side": 0, "dice": [3, 1], "after": "4HPwATDgc/ABMA"}], "cube": [["double", 1, 3], ["take", 0, 3]], "illegal": [{"turn": 2, "side": 1, "kind": "partial", "played": "4HPwATDgc/ABMA"}], "winner": 1, "points": 2}]}`,
		`{"games": [{"cube": [["drop", 0]]}]}`, `{"match_length": 3} {}`, `{"winner": null}`, `{"games": [{"cube": [null]}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		e, err := sim.ReadExpect(bytes.NewReader(data))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "expectation") {
				t.Fatalf("error %q does not say it is about the expectation", err)
			}
			return
		}
		var buf bytes.Buffer
		if err := e.Write(&buf); err != nil {
			t.Fatalf("writing an expectation read: %v", err)
		}
		again, err := sim.ReadExpect(&buf)
		if err != nil || !reflect.DeepEqual(again, e) {
			t.Fatalf("written and read again: %+v, %v; want %+v", again, err, e)
		}
	})
}

// realExpect returns a shared trace's expectation cut to its first game's
// first plays, cube actions and illegal turns: a small seed, since the
// fuzzer minimizes each new input, up to a minute.
func realExpect(f *testing.F) []byte {
	file, err := os.Open("../../testdata/traces/match-002-illegal.expect.json")
	if err != nil {
		f.Fatal(err)
	}
	defer file.Close()
	e, err := sim.ReadExpect(file)
	if err != nil {
		f.Fatal(err)
	}
	g := e.Games[0]
	g.Plays, g.Cube, g.Illegal = g.Plays[:min(3, len(g.Plays))], g.Cube[:min(2, len(g.Cube))], g.Illegal[:min(1, len(g.Illegal))]
	e.Games = []sim.ExpectGame{g}
	var buf bytes.Buffer
	if err := e.Write(&buf); err != nil {
		f.Fatal(err)
	}
	return buf.Bytes()
}
