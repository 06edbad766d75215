package referee

import (
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"gammond/engine"
	"gammond/sensing"
)

// TestSteadyTurnAllocatesNothing plays the first game of a trace twice on
// one referee, each board the frame the reference board's sensors read,
// and counts the allocations of the second game's turns: once the
// matchers have met the game's rolls, a turn (roll, settled frame, DONE,
// judged legal by the sensor model) allocates nothing.
func TestSteadyTurnAllocatesNothing(t *testing.T) {
	if raceDetector {
		t.Skip("allocations are counted without -race: its instrumentation allocates")
	}
	var plays []Event
	for _, e := range replayTrace(t, filepath.Join(tracesDir, "match-004.trace.jsonl")) {
		if e.Kind == PlayMade && e.Game == 1 {
			plays = append(plays, e)
		}
	}
	plays = plays[:len(plays)-1] // not the last: a game won is no steady turn
	if len(plays) < 20 {
		t.Fatalf("the first game has %d plays, want 20 or more", len(plays))
	}
	m, err := engine.NewMatch(0, engine.MatchOpts{})
	if err != nil {
		t.Fatal(err)
	}
	made := 0
	clock := sensing.NewVirtualClock(time.Unix(0, 0))
	r := New(m, clock, func(e Event) {
		if e.Kind == PlayMade {
			made++
		}
	})
	board := newSensorBoard(t, r)
	start, frames := board.frame(engine.StartingBoard, engine.White), make([][]uint16, len(plays))
	for i, e := range plays {
		frames[i] = board.frame(e.Play.After, e.Side.Other())
	}
	show := func(frame []uint16) {
		clock.Advance(time.Second)
		r.Apply(Input{At: clock.Now(), Kind: InputSettled, Frame: frame, FrameAt: clock.Now()})
	}
	turn := func(i int) {
		e := plays[i]
		r.Roll(e.Side, e.Dice)
		show(frames[i])
		r.Done(e.Side)
	}
	for game := range 2 {
		show(start)
		for i := range plays {
			if game == 1 && i == 2 {
				// One P, as testing.AllocsPerRun: no other goroutine's
				// allocations are counted.
				defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
				runtime.GC()
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				for k := range plays[2:] {
					turn(2 + k)
				}
				runtime.ReadMemStats(&after)
				if n := after.Mallocs - before.Mallocs; n != 0 {
					t.Fatalf("%d allocations in %d steady turns, want none", n, len(plays)-2)
				}
				break
			}
			turn(i)
		}
	}
	if made != 2*len(plays) {
		t.Fatalf("%d plays judged legal, want %d", made, 2*len(plays))
	}
}
