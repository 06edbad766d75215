package main

import (
	"bytes"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gammond/calib"
	"gammond/sensing/sim"
)

// TestCalibrateSimulatedBoard calibrates a simulated board and finds every
// level within 5% of its gain of the board's truth.
func TestCalibrateSimulatedBoard(t *testing.T) {
	out := filepath.Join(t.TempDir(), "calibration.json")
	var stdout, stderr bytes.Buffer
	if code := runCalibrate([]string{"--sim", "3", "--out", out}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "step 15/15") || !strings.Contains(stdout.String(), "0 outliers") {
		t.Errorf("no progress or summary:\n%s", stdout.String())
	}
	got, err := calib.LoadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	truth := sim.NewBoard(3).Calibration()
	for i, n := range got.Noise {
		if want := sim.DefaultOpts.NoiseCounts; n < want/2 || n > 2*want {
			t.Errorf("sensor %d: noise %.1f, the simulated board's %.1f", i, n, want)
		}
	}
	if len(got.Noise) != len(truth.Baseline) {
		t.Errorf("%d noise figures, want one per sensor", len(got.Noise))
	}
	for i := range truth.Baseline {
		base := float64(truth.Baseline[i])
		gw, gb := float64(truth.White[i])-base, base-float64(truth.Black[i])
		for _, c := range []struct {
			name      string
			got, want uint16
			gain      float64
		}{
			{"baseline", got.Baseline[i], truth.Baseline[i], min(gw, gb)},
			{"White", got.White[i], truth.White[i], gw},
			{"Black", got.Black[i], truth.Black[i], gb},
		} {
			if d := math.Abs(float64(c.got) - float64(c.want)); d > 0.05*c.gain {
				t.Errorf("sensor %d %s: %d, truth %d: off by %.0f, more than 5%% of the gain %.0f", i, c.name, c.got, c.want, d, c.gain)
			}
		}
	}
}

// TestCalibrateOutliers gives sensors faults: each is named with its
// problem; a dead, weak or swapped sensor leaves no file, a noisy one is
// calibrated.
func TestCalibrateOutliers(t *testing.T) {
	for _, tc := range []struct {
		fault, want string
		written     bool
	}{
		{"10=dead", "point 2 slot 4 (sensor 10): baseline", false},
		{"20=weak", "(sensor 20)", false},
		{"30=swapped", "(sensor 30)", false},
		{"40=noisy", "(sensor 40)", true},
	} {
		t.Run(tc.fault, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "calibration.json")
			var stdout, stderr bytes.Buffer
			code := runCalibrate([]string{"--sim", "3", "--fault", tc.fault, "--out", out}, &stdout, &stderr)
			problem := map[string]string{"dead": "dead", "weak": "weak", "swapped": "swapped polarity", "noisy": "noisy"}[strings.SplitN(tc.fault, "=", 2)[1]]
			var line string
			for _, l := range strings.Split(stdout.String(), "\n") {
				if strings.HasPrefix(l, "outlier: ") {
					line = l
				}
			}
			if !strings.Contains(line, tc.want) || !strings.HasSuffix(line, ": "+problem) {
				t.Errorf("outlier line %q, want %q and %q", line, tc.want, problem)
			}
			_, err := os.Stat(out)
			if written := err == nil; written != tc.written || (code == exitOK) != tc.written {
				t.Errorf("exit %d, file written %v, want written %v; stderr %s", code, written, tc.written, stderr.String())
			}
		})
	}
}

// TestCalibrateRefuses: a board not empty when asked and a sensor that
// never changes are refused with a message naming where, and no file.
func TestCalibrateRefuses(t *testing.T) {
	t.Run("board not empty", func(t *testing.T) {
		b := sim.NewBoard(4) // set up for a game
		leaveIt := func(*calib.Arrangement, error) error { return nil }
		_, _, err := calibrate(&liveBoard{scan: simScanner{b}, arrange: leaveIt, geometry: calib.ReferenceBoard}, 10, io.Discard)
		if !errors.Is(err, calib.ErrMeasure) || !strings.Contains(err.Error(), "step 1/15: calibration refused: the board is not empty: point 1 slot 0 reads") {
			t.Errorf("error %v, want the board not empty, naming point 1 slot 0", err)
		}
	})
	t.Run("arrangement not made", func(t *testing.T) {
		b := sim.NewBoard(4)
		steps := 0
		lazy := func(a *calib.Arrangement, _ error) error {
			if steps++; steps > 3 {
				return nil // the person stops setting up
			}
			return setUp(b, a)
		}
		_, _, err := calibrate(&liveBoard{scan: simScanner{b}, arrange: lazy, geometry: calib.ReferenceBoard}, 10, io.Discard)
		if !errors.Is(err, calib.ErrMeasure) || !strings.Contains(err.Error(), "step 4/15: calibration refused: the board does not show White: 6 on point 5") {
			t.Errorf("error %v, want step 4 refused", err)
		}
	})
	t.Run("sensor never changes", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "calibration.json")
		var stdout, stderr bytes.Buffer
		code := runCalibrate([]string{"--sim", "3", "--fault", "7=stuck", "--frames", "10", "--out", out}, &stdout, &stderr)
		if code != exitFindings || !strings.Contains(stderr.String(), "never changed, whatever was on it: point 2 slot 1") {
			t.Errorf("exit %d, stderr %q", code, stderr.String())
		}
		if _, err := os.Stat(out); err == nil {
			t.Error("a calibration file was written")
		}
	})
}

func TestCalibrateUsage(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"--sim", "x"},
		{"--sim", "1", "--frames", "1"},
		{"--sim", "1", "--fault", "3=melted"},
		{"--sim", "1", "--fault", "999=dead"},
		{"--sim", "1", "extra"},
	} {
		var stdout, stderr bytes.Buffer
		if code := runCalibrate(args, &stdout, &stderr); code != exitUsage || !strings.Contains(stderr.String(), "usage: gammon calibrate") {
			t.Errorf("%q: exit %d, stderr %q", args, code, stderr.String())
		}
	}
}
