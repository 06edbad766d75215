package main

import (
	"errors"
	"testing"

	"gammond/calib"
	"gammond/engine"
)

// occupancy reads the simulated board through the real classifier.
func occupancy(t *testing.T, b *simBoard) engine.Occupancy {
	t.Helper()
	cl, err := calib.NewClassifier(b.cal, nil)
	if err != nil {
		t.Fatal(err)
	}
	frame := make([]uint16, b.geo.Sensors())
	var o engine.Occupancy
	for range 3 { // past the classifier's start, every slot unsure
		b.Frame(frame)
		if err := cl.Classify(frame, &o); err != nil {
			t.Fatal(err)
		}
	}
	return o
}

func TestSimBoardStartsSetUp(t *testing.T) {
	b := newSimBoard(1)
	o := occupancy(t, b)
	start := engine.StartingBoard
	if !o.Fits(&start, engine.White) || o.Unsure != 0 {
		t.Fatalf("a new simulated board reads %+v, want the starting position", o)
	}
}

func TestSimBoardMoves(t *testing.T) {
	b := newSimBoard(2)
	// White plays 24/18 13/11; a Black checker from board point 12 lands
	// on White's blot on 18.
	for _, m := range []struct {
		side     engine.Side
		from, to int
	}{{engine.White, 24, 18}, {engine.White, 13, 11}, {engine.Black, 12, 18}} {
		if err := b.Move(m.side, m.from, m.to); err != nil {
			t.Fatal(err)
		}
	}
	if b.checkers[engine.White][engine.Bar] != 1 || b.checkers[engine.Black][18] != 1 {
		t.Fatalf("the Black checker landing on White's blot on 18 did not hit it: %v", b.checkers)
	}
	o := occupancy(t, b)
	if o.Bar[engine.White][engine.White] != 1 || o.Points[17][engine.Black] != 1 || o.Points[10][engine.White] != 1 {
		t.Fatalf("sensors read %+v", o)
	}
	for _, m := range []struct {
		name     string
		side     engine.Side
		from, to int
	}{
		{"no checker there", engine.White, 20, 15},
		{"onto a held point", engine.White, 13, 12},
		{"point 26", engine.White, 13, 26},
		{"from off", engine.White, 0, 5},
	} {
		t.Run(m.name, func(t *testing.T) {
			if err := b.Move(m.side, m.from, m.to); !errors.Is(err, errSimMove) {
				t.Fatalf("Move(%v, %d, %d) = %v, want errSimMove", m.side, m.from, m.to, err)
			}
		})
	}
}
