package scan

import (
	"reflect"
	"testing"

	"gammond/check"
	"gammond/sensing/mux"
)

func TestConfigDefaultsPass(t *testing.T) {
	c := DefaultConfig()
	p := check.New()
	c.Check(p.Section("scan"))
	if err := p.Err(); err != nil {
		t.Errorf("defaults: %v", err)
	}
}

func TestConfigPins(t *testing.T) {
	c := DefaultConfig()
	c.GPIOChip = "pinctrl-rp1"
	c.MuxLines = []mux.Line{{Name: "GPIO5"}, {Offset: 6}}
	got := c.Pins()
	want := mux.Pins{Chips: append([]string{"pinctrl-rp1"}, mux.PiChips...), Names: []string{"GPIO5", ""}, Offsets: []int{-1, 6}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Pins() = %+v, want %+v", got, want)
	}
}
