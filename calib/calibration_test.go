package calib

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestCalibrationValidate(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(c *Calibration)
		want   string // in the error; "" for none
	}{
		{"valid", func(c *Calibration) {}, ""},
		{"bad geometry", func(c *Calibration) { c.Board.Slots = 0 }, "0 slots"},
		{"baseline short", func(c *Calibration) { c.Baseline = c.Baseline[:151] }, "151 baseline levels"},
		{"black missing", func(c *Calibration) { c.Black = nil }, "White levels without Black"},
		{"white below baseline", func(c *Calibration) { c.White[37] = c.Baseline[37] - 1 }, "sensor 37 (point 7 slot 1): White level"},
		{"white gain too small", func(c *Calibration) { c.White[0] = c.Baseline[0] + MinGain - 1 }, "sensor 0 (point 1 slot 0): White level"},
		{"white gain just enough", func(c *Calibration) { c.White[0] = c.Baseline[0] + MinGain }, ""},
		{"black above baseline", func(c *Calibration) { c.Black[151] = c.Baseline[151] + 5 }, "sensor 151 (bar Black's half slot 3): Black level"},
		{"white beyond the ADC", func(c *Calibration) { c.White[3] = 4096 }, "beyond the ADC's 4095"},
		{"noise measured", withNoise, ""},
		{"noise short", func(c *Calibration) { withNoise(c); c.Noise = c.Noise[:151] }, "151 noise figures"},
		{"noise none", func(c *Calibration) { withNoise(c); c.Noise[9] = 0 }, "sensor 9 (point 2 slot 3): noise 0"},
		{"noise drowns a checker", func(c *Calibration) { withNoise(c); c.Noise[9] = MinGain }, "noise 100"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := testCalibration()
			tc.change(c)
			err := c.Validate()
			if tc.want == "" {
				if err != nil {
					t.Fatalf("Validate: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, ErrCalibration) {
				t.Fatalf("Validate = %v, want ErrCalibration with %q", err, tc.want)
			}
		})
	}
}

// withNoise gives c a noise figure for every sensor.
func withNoise(c *Calibration) {
	c.Noise = make([]float64, c.Board.Sensors())
	for i := range c.Noise {
		c.Noise[i] = 2 + float64(i%40)/10
	}
}

// TestCalibrationSaveLoadNoise: measured noise is saved on a line of its
// own and read back as it was.
func TestCalibrationSaveLoadNoise(t *testing.T) {
	c := testCalibration()
	withNoise(c)
	var buf bytes.Buffer
	if err := c.Save(&buf); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Count(buf.String(), "\n"); lines != 7 {
		t.Errorf("saved %d lines, want 7: braces and a line per field", lines)
	}
	if got, err := Load(&buf); err != nil || !reflect.DeepEqual(got, c) {
		t.Errorf("Load(Save(c)) = %v: differs from c", err)
	}
}

func TestCalibrationSaveLoad(t *testing.T) {
	c := testCalibration()
	var buf bytes.Buffer
	if err := c.Save(&buf); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Count(buf.String(), "\n"); lines != 6 {
		t.Errorf("saved %d lines, want 6: braces and a line per field", lines)
	}
	got, err := Load(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, c) {
		t.Errorf("Load(Save(c)) differs from c")
	}

	t.Run("file", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "calibration.json")
		if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := c.SaveFile(path); err != nil {
			t.Fatal(err)
		}
		got, err := LoadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, c) {
			t.Errorf("LoadFile(SaveFile(c)) differs from c")
		}
		if entries, _ := os.ReadDir(filepath.Dir(path)); len(entries) != 1 {
			t.Errorf("%d files left in the directory, want 1", len(entries))
		}
	})
	t.Run("save refuses an invalid calibration", func(t *testing.T) {
		bad := testCalibration()
		bad.White[0] = 0
		if err := bad.Save(&bytes.Buffer{}); !errors.Is(err, ErrCalibration) {
			t.Errorf("Save = %v, want ErrCalibration", err)
		}
	})
}

func TestLoadErrors(t *testing.T) {
	var good bytes.Buffer
	if err := testCalibration().Save(&good); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, file, want string }{
		{"empty", "", "EOF"},
		{"not JSON", "calibration", "invalid character"},
		{"unknown field", `{"board": {"points": 24}, "gain": []}`, `unknown field "gain"`},
		{"reading out of uint16", `{"baseline": [70000]}`, "cannot unmarshal"},
		{"trailing data", good.String() + "{}", "data after"},
		{"invalid levels", `{"board": {"points": 24, "slots": 6, "bar_slots": 4, "adc_bits": 12}}`, "no levels"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(strings.NewReader(tc.file))
			if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, ErrCalibration) {
				t.Fatalf("Load = %v, want ErrCalibration with %q", err, tc.want)
			}
		})
	}
	t.Run("missing file", func(t *testing.T) {
		if _, err := LoadFile(filepath.Join(t.TempDir(), "none.json")); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("LoadFile = %v, want os.ErrNotExist", err)
		}
	})
}

// TestLoadFileOrLearn: with no calibration file the board learns from an
// empty calibration of its geometry; a file with baselines only is loaded
// and the board learns the rest; a whole one is loaded; a damaged one is
// an error, never learnt over.
func TestLoadFileOrLearn(t *testing.T) {
	dir := t.TempDir()
	c, learning, err := LoadFileOrLearn(filepath.Join(dir, "calibration.json"), ReferenceBoard)
	if err != nil || !learning || c.Board != ReferenceBoard || c.Baseline != nil {
		t.Fatalf("no file: %+v, learning %v, %v; want an empty calibration to learn", c, learning, err)
	}
	if _, err := NewModel(c); err != nil {
		t.Fatalf("the model refuses the empty calibration: %v", err)
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, learning, err := LoadFileOrLearn(bad, ReferenceBoard); err == nil || learning {
		t.Errorf("a damaged file: learning %v, %v; want an error", learning, err)
	}
	whole := testCalibration()
	partial := filepath.Join(dir, "partial.json")
	js, err := json.Marshal(map[string]any{"board": whole.Board, "baseline": whole.Baseline})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(partial, js, 0o644); err != nil {
		t.Fatal(err)
	}
	c, learning, err = LoadFileOrLearn(partial, ReferenceBoard)
	if err != nil || !learning || !slices.Equal(c.Baseline, whole.Baseline) || c.White != nil {
		t.Fatalf("baselines only: learning %v, %v; want the baselines loaded and the rest learnt", learning, err)
	}
	if _, err := NewModel(c); err != nil {
		t.Errorf("the model refuses the baselines: %v", err)
	}
	if err := whole.SaveFile(filepath.Join(dir, "whole.json")); err != nil {
		t.Fatal(err)
	}
	if c, learning, err = LoadFileOrLearn(filepath.Join(dir, "whole.json"), ReferenceBoard); err != nil || learning || !c.Complete() {
		t.Errorf("a whole file: learning %v, %v", learning, err)
	}
	short := filepath.Join(dir, "short.json")
	if err := os.WriteFile(short, []byte(`{"board": {"points": 24, "slots": 6, "bar_slots": 4, "adc_bits": 12}, "baseline": [2000]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := LoadFileOrLearn(short, ReferenceBoard); !errors.Is(err, ErrCalibration) || !strings.Contains(err.Error(), "short.json") {
		t.Errorf("one baseline for 152 sensors: %v, want an error naming the file", err)
	}
}
