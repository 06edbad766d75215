package buttons

import (
	"testing"
	"time"

	"gammond/sensing"

	"github.com/warthog618/go-gpiocdev"
)

// FuzzDecoder drives reference board R1's buttons with any sequence of
// edges and clock steps, three bytes a step: which line (or the clock), the
// edge, and the milliseconds since the last step. Every DONE and ROLL press
// must give its event at the press (a DONE pressed while CUBE is held a
// Resign); every CUBE press at most one event, a Cube released before the
// long press, a Pass at the press plus the long press, or a Resign; both
// ROLLs held together one NextMatch at most until one is released; events come in time order.
func FuzzDecoder(f *testing.F) {
	f.Add([]byte{2, 1, 10, 2, 0, 50})                                             // CUBE tapped
	f.Add([]byte{2, 1, 10, 0, 0, 250, 0, 0, 250, 0, 0, 250, 0, 0, 250, 2, 0, 10}) // CUBE held past the long press
	f.Add([]byte{0, 1, 0, 0, 0, 5, 4, 1, 3, 4, 0, 9})                             // DONE and ROLL
	f.Add([]byte{2, 1, 1, 2, 1, 1, 5, 1, 1, 5, 0, 255, 9, 1, 0})
	lines := DefaultOpts.Lines
	f.Fuzz(func(t *testing.T, steps []byte) {
		c := &fakeClock{}
		var got []Event
		d := r1Decoder(c, func(e Event) { got = append(got, e) })
		presses := map[sensing.EventKind]int{}
		var now time.Duration
		for i := 0; i+2 < len(steps); i += 3 {
			now += time.Duration(steps[i+2]) * 4 * time.Millisecond
			which := int(steps[i])
			if which >= len(lines)+1 {
				c.advanceTo(now)
				continue
			}
			offset := 99 // a line the decoder was not given
			if which < len(lines) {
				offset = lines[which].Offset
			}
			typ := gpiocdev.LineEventFallingEdge
			if steps[i+1]&1 == 1 {
				typ = gpiocdev.LineEventRisingEdge
				if which < len(lines) {
					presses[kindOf(lines[which].Button)]++
				}
			}
			c.advanceTo(now)
			d.Handle(gpiocdev.LineEvent{Offset: offset, Timestamp: now, Type: typ})
		}
		d.Stop()
		checkEvents(t, got, presses)
	})
}

// kindOf is the event a press of b can give: for CUBE, sensing.Cube stands
// for a Cube or a Pass.
func kindOf(b Button) sensing.EventKind {
	switch b {
	case DoneButton:
		return sensing.Done
	case RollButton:
		return sensing.Roll
	}
	return sensing.Cube
}

// checkEvents checks the events decoded from presses.
func checkEvents(t *testing.T, got []Event, presses map[sensing.EventKind]int) {
	t.Helper()
	counts := map[sensing.EventKind]int{}
	for i, e := range got {
		k := e.Kind
		if k == sensing.Pass {
			k = sensing.Cube
		}
		counts[k]++
		if i > 0 && e.At < got[i-1].At {
			t.Fatalf("event %v after %v", e, got[i-1])
		}
	}
	// DONE pressed while CUBE is held is a resignation, which uses the
	// CUBE press up.
	resigns := counts[sensing.Resign]
	if counts[sensing.Done]+resigns != presses[sensing.Done] || counts[sensing.Roll] != presses[sensing.Roll] || counts[sensing.Cube]+resigns > presses[sensing.Cube] ||
		counts[sensing.NextMatch] > 0 && counts[sensing.NextMatch] >= presses[sensing.Roll] {
		t.Fatalf("presses %v gave events %v", presses, got)
	}
}
