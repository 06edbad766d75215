package buttons

import (
	"slices"
	"testing"

	"gammond/check"
	"gammond/engine"
	"gammond/sensing/mux"
)

func TestConfigOpts(t *testing.T) {
	c := DefaultConfig()
	c.Black.Roll = mux.Line{Name: "BLACK_ROLL"}
	o := c.Opts("gpiochip4", "test")
	if o.Chips[0] != "gpiochip4" || o.Consumer != "test" || o.Debounce != c.Debounce || o.LongPress != c.LongPress {
		t.Errorf("Opts = %+v", o)
	}
	if len(o.Lines) != 6 {
		t.Fatalf("%d lines, want 6", len(o.Lines))
	}
	want := []Line{
		{Side: engine.White, Button: DoneButton, Offset: 17},
		{Side: engine.Black, Button: RollButton, Name: "BLACK_ROLL", Offset: -1},
	}
	for _, w := range want {
		if !slices.Contains(o.Lines, w) {
			t.Errorf("lines %+v lack %+v", o.Lines, w)
		}
	}
}

func TestConfigLineUsedTwice(t *testing.T) {
	c := DefaultConfig()
	c.Black.Cube = mux.Line{Offset: 5}
	p := check.New()
	c.Check(p.Section("buttons"), []mux.Line{{Offset: 5}})
	want := "buttons.black.cube: line 5 is also scan.mux_lines[0]"
	if err := p.Err(); err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}
