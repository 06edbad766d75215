package calib

import (
	"errors"
	"testing"

	"gammond/engine"
)

func TestGeometryValidate(t *testing.T) {
	for _, tc := range []struct {
		name string
		g    Geometry
		ok   bool
	}{
		{"reference board", ReferenceBoard, true},
		{"no bar sensors", Geometry{Points: 24, Slots: 5, BarSlots: 0, ADCBits: 10}, true},
		{"16-bit ADC", Geometry{Points: 24, Slots: 6, BarSlots: 4, ADCBits: 16}, true},
		{"zero value", Geometry{}, false},
		{"25 points", Geometry{Points: 25, Slots: 6, BarSlots: 4, ADCBits: 12}, false},
		{"no slots", Geometry{Points: 24, Slots: 0, BarSlots: 4, ADCBits: 12}, false},
		{"16 slots", Geometry{Points: 24, Slots: 16, BarSlots: 4, ADCBits: 12}, false},
		{"negative bar slots", Geometry{Points: 24, Slots: 6, BarSlots: -1, ADCBits: 12}, false},
		{"17-bit ADC", Geometry{Points: 24, Slots: 6, BarSlots: 4, ADCBits: 17}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.g.Validate()
			if (err == nil) != tc.ok {
				t.Fatalf("Validate(%+v) = %v, want ok %v", tc.g, err, tc.ok)
			}
			if err != nil && !errors.Is(err, ErrGeometry) {
				t.Errorf("error %v does not wrap ErrGeometry", err)
			}
		})
	}
}

func TestGeometryPlace(t *testing.T) {
	g := ReferenceBoard
	for _, tc := range []struct {
		sensor int
		place  Place
		str    string
	}{
		{0, Place{Point: 1, Slot: 0}, "point 1 slot 0"},
		{5, Place{Point: 1, Slot: 5}, "point 1 slot 5"},
		{37, Place{Point: 7, Slot: 1}, "point 7 slot 1"},
		{143, Place{Point: 24, Slot: 5}, "point 24 slot 5"},
		{144, Place{Half: engine.White, Slot: 0}, "bar White's half slot 0"},
		{147, Place{Half: engine.White, Slot: 3}, "bar White's half slot 3"},
		{148, Place{Half: engine.Black, Slot: 0}, "bar Black's half slot 0"},
		{151, Place{Half: engine.Black, Slot: 3}, "bar Black's half slot 3"},
	} {
		t.Run(tc.str, func(t *testing.T) {
			if got := g.Place(tc.sensor); got != tc.place {
				t.Errorf("Place(%d) = %+v, want %+v", tc.sensor, got, tc.place)
			}
			if got := g.Sensor(tc.place); got != tc.sensor {
				t.Errorf("Sensor(%+v) = %d, want %d", tc.place, got, tc.sensor)
			}
			if got := tc.place.String(); got != tc.str {
				t.Errorf("String() = %q, want %q", got, tc.str)
			}
		})
	}
	t.Run("round trip", func(t *testing.T) {
		for i := range g.Sensors() {
			if got := g.Sensor(g.Place(i)); got != i {
				t.Errorf("Sensor(Place(%d)) = %d", i, got)
			}
		}
	})
	t.Run("no panic on nonsense", func(t *testing.T) {
		for _, g := range []Geometry{{}, {Points: 24, Slots: 6}} {
			for _, i := range []int{-1, 0, 144, 1000} {
				_ = g.Place(i)
			}
		}
	})
}
