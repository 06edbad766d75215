package calib

import (
	"bytes"
	"errors"
	"reflect"
	"testing"
)

// FuzzLoad feeds any file to Load: it must not panic, must fail only with
// ErrCalibration, and a calibration it accepts must save and load back
// equal.
func FuzzLoad(f *testing.F) {
	var good bytes.Buffer
	if err := testCalibration().Save(&good); err != nil {
		f.Fatal(err)
	}
	f.Add(good.Bytes())
	f.Add([]byte(`{"board": {"points": 24, "slots": 1, "bar_slots": 0, "adc_bits": 8},
		"baseline": [100,100,100,100,100,100,100,100,100,100,100,100,100,100,100,100,100,100,100,100,100,100,100,100],
		"white": [255,255,255,255,255,255,255,255,255,255,255,255,255,255,255,255,255,255,255,255,255,255,255,255],
		"black": [0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}`))
	f.Add([]byte(`{"board": {"points": 24, "slots": 6, "bar_slots": 4, "adc_bits": 12}}`))
	f.Add([]byte(`{"baseline": [70000]}`))
	f.Add(append(bytes.Clone(good.Bytes()), "{}"...))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Load(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, ErrCalibration) {
				t.Fatalf("error %v is not ErrCalibration", err)
			}
			return
		}
		var saved bytes.Buffer
		if err := c.Save(&saved); err != nil {
			t.Fatalf("saving a calibration Load accepted: %v", err)
		}
		again, err := Load(&saved)
		if err != nil || !reflect.DeepEqual(again, c) {
			t.Fatalf("saved and loaded again: %+v, %v; want %+v", again, err, c)
		}
	})
}
