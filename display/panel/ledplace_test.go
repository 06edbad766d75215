package panel

import (
	"testing"

	"gammond/display/leds"
	"gammond/engine"
)

// TestLEDPlace checks that every LED is where PaintPoints lights it: a
// point's own LED, both bar halves for the bar.
func TestLEDPlace(t *testing.T) {
	lit := LED{Blink: true}
	for i := range leds.Count {
		point, side, ok := LEDPlace(i)
		if !ok {
			t.Fatalf("LED %d has no place", i)
		}
		var out [leds.Count]LED
		PaintPoints(&out, []int{point}, lit)
		if out[i] != lit {
			t.Errorf("LED %d is at point %d, side %v, which does not light it", i, point, side)
		}
		if point == engine.Bar && i != barLED(side) {
			t.Errorf("LED %d is on %v's bar half, whose LED is %d", i, side, barLED(side))
		}
	}
	if _, _, ok := LEDPlace(leds.Count); ok {
		t.Errorf("LED %d past the board's has a place", leds.Count)
	}
}
