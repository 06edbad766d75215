package referee

import (
	"testing"
	"time"

	"gammond/engine"
	"gammond/sensing"
)

// TestPressesReachTheReferee checks that every press of the board's one
// vocabulary (sensing.EventKind) becomes the referee's input for it.
func TestPressesReachTheReferee(t *testing.T) {
	for _, tc := range []struct {
		press sensing.EventKind
		kind  InputKind
		long  bool
	}{
		{sensing.Roll, InputRoll, false},
		{sensing.Done, InputDone, false},
		{sensing.Double, InputDouble, false},
		{sensing.Take, InputTake, false},
		{sensing.Drop, InputDrop, false},
		{sensing.Cube, InputCube, false},
		{sensing.Pass, InputCube, true},
	} {
		t.Run(tc.press.String(), func(t *testing.T) {
			var got []Input
			p := &Pipeline{Deliver: func(in Input) { got = append(got, in) }}
			at := time.Unix(100, 0)
			e := sensing.Event{Kind: tc.press, Side: engine.Black, Dice: engine.Dice{6, 3}}
			if err := p.Step(sensing.Item{At: at, Kind: sensing.EventItem, Event: e}); err != nil {
				t.Fatal(err)
			}
			// With no frame yet the board is unsettled; the press comes last.
			if n := len(got); n == 0 || got[n-1].Kind != tc.kind || got[n-1].Long != tc.long || got[n-1].Side != engine.Black || !got[n-1].At.Equal(at) {
				t.Fatalf("%v press: the referee got %+v, want %v (long %v) of Black last", tc.press, got, tc.kind, tc.long)
			}
		})
	}
}
