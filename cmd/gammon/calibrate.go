package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"gammond/calib"
	"gammond/engine"
	"gammond/record/journal"
	"gammond/sensing/sim"
)

const calibrateUsage = "calibrate --sim SEED [--fault SENSOR=dead|weak|swapped|noisy|stuck]... [--frames N] [--out FILE]   measure a board's sensors and write its calibration file"

// scanner is what the procedure reads: a board's sensors, one frame at a
// time (sim.Board; the hardware scanner has the same method).
type scanner interface {
	Frame(dst []uint16)
}

// arranger asks for the board to be set up as an arrangement, and returns
// once it is: a person at the console, or the simulated board's hand.
type arranger func(a *calib.Arrangement) error

// runCalibrate runs the calibration procedure on a board: the empty
// board, then the arrangements of calib.Plan, a few dozen frames each;
// it reports every sensor's levels and noise, names the outliers, and
// writes the calibration file atomically, unless a sensor's levels would
// lie.
func runCalibrate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("calibrate", flag.ContinueOnError)
	seed := fs.String("sim", "", "calibrate a simulated board drawn from this seed, its checkers placed by a simulated hand")
	frames := fs.Int("frames", 50, "frames read in each step (2..10000)")
	out := fs.String("out", "calibration.json", "the calibration file to write")
	var faults faultFlags
	fs.Var(&faults, "fault", "give the simulated board's sensor a fault: SENSOR=dead|weak|swapped|noisy|stuck (repeatable)")
	_, err := parseArgs(fs, args, 0, 0)
	var board *sim.Board
	if err == nil {
		board, err = simBoard(*seed, faults)
	}
	if err == nil && (*frames < 2 || *frames > 10000) {
		err = fmt.Errorf("--frames %d: want 2..10000", *frames)
	}
	if err != nil {
		fmt.Fprintf(stderr, "gammon calibrate: %v\nusage: gammon %s\n", err, calibrateUsage)
		return exitUsage
	}
	ms, cal, err := calibrate(board, simArranger(board, stdout), *frames, calib.ReferenceBoard, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "gammon calibrate: %v\n", err)
		return exitFindings
	}
	return reportCalibration(ms, cal, *out, stdout, stderr)
}

// calibrate runs the procedure: progress goes to w.
func calibrate(b scanner, arrange arranger, frames int, g calib.Geometry, w io.Writer) ([]calib.Measurement, *calib.Calibration, error) {
	m, err := calib.NewMeasurer(g)
	if err != nil {
		return nil, nil, err
	}
	plan := calib.Plan(g)
	steps := len(plan) + 1
	read := func() [][]uint16 {
		fr := make([][]uint16, frames)
		for k := range fr {
			fr[k] = make([]uint16, g.Sensors())
			b.Frame(fr[k])
		}
		return fr
	}
	var empty calib.Arrangement
	fmt.Fprintf(w, "step 1/%d: %s\n", steps, &empty)
	if err := arrange(&empty); err != nil {
		return nil, nil, err
	}
	if err := m.Empty(read()); err != nil {
		return nil, nil, err
	}
	for k := range plan {
		a := &plan[k]
		fmt.Fprintf(w, "step %d/%d: %s\n", k+2, steps, a)
		if err := arrange(a); err != nil {
			return nil, nil, err
		}
		if err := m.Arranged(a, read()); err != nil {
			return nil, nil, fmt.Errorf("step %d/%d: %w", k+2, steps, err)
		}
	}
	return m.Result()
}

// reportCalibration prints the measurements and outliers and writes the file if
// there is a calibration to write.
func reportCalibration(ms []calib.Measurement, cal *calib.Calibration, out string, stdout, stderr io.Writer) int {
	var outliers []calib.Measurement
	for _, m := range ms {
		fmt.Fprintln(stdout, m)
		if m.Problem != "" {
			outliers = append(outliers, m)
		}
	}
	for _, m := range outliers {
		fmt.Fprintf(stdout, "outlier: %s\n", m)
	}
	if cal == nil {
		fmt.Fprintf(stderr, "gammon calibrate: %d sensors cannot be calibrated (dead, weak or swapped polarity): %s not written\n", countBad(outliers), out)
		return exitFindings
	}
	var buf bytes.Buffer
	if err := cal.Save(&buf); err != nil {
		fmt.Fprintf(stderr, "gammon calibrate: %v\n", err)
		return exitFindings
	}
	if err := journal.WriteFileAtomic(out, buf.Bytes(), 0o644); err != nil {
		fmt.Fprintf(stderr, "gammon calibrate: %v\n", err)
		return exitFindings
	}
	fmt.Fprintf(stdout, "wrote %s: %d sensors, %d outliers\n", out, len(ms), len(outliers))
	return exitOK
}

func countBad(ms []calib.Measurement) int {
	n := 0
	for _, m := range ms {
		if m.Problem != "noisy" {
			n++
		}
	}
	return n
}

// simBoard returns the simulated board for --sim and its faults.
func simBoard(seed string, faults faultFlags) (*sim.Board, error) {
	if seed == "" {
		return nil, errors.New("no board: --sim SEED calibrates a simulated board (the hardware's scanner comes with gammond's board package)")
	}
	s, err := strconv.ParseUint(seed, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("--sim %q: want a seed, a whole number", seed)
	}
	b := sim.NewBoard(s)
	for _, f := range faults {
		if err := b.SetFault(f.sensor, f.fault); err != nil {
			return nil, fmt.Errorf("--fault: %w", err)
		}
	}
	return b, nil
}

// simArranger sets the simulated board up as asked, as a person would.
func simArranger(b *sim.Board, w io.Writer) arranger {
	return func(a *calib.Arrangement) error {
		var l engine.Layout
		for p, s := range a.Points {
			l[s.Side][p+1] += s.N
		}
		for s := range l {
			l[s][engine.Off] = engine.CheckersPerSide - l.Total(engine.Side(s))
		}
		b.Place(l)
		for h, s := range a.Bar {
			if s.N > 0 {
				if err := b.PlaceBar(engine.Side(h), s.Side, s.N); err != nil {
					return err
				}
			}
		}
		return nil
	}
}

// faultFlags are the --fault flags: a sensor and its fault.
type faultFlags []struct {
	sensor int
	fault  sim.Fault
}

var faultNames = map[string]sim.Fault{
	"dead": sim.Dead, "weak": sim.Weak, "swapped": sim.Swapped, "noisy": sim.Noisy, "stuck": sim.Stuck,
}

func (f *faultFlags) String() string { return fmt.Sprint(*f) }

func (f *faultFlags) Set(v string) error {
	sensor, kind, ok := strings.Cut(v, "=")
	n, err := strconv.Atoi(sensor)
	fault, known := faultNames[kind]
	if !ok || err != nil || !known {
		return fmt.Errorf("%q: want SENSOR=dead|weak|swapped|noisy|stuck", v)
	}
	*f = append(*f, struct {
		sensor int
		fault  sim.Fault
	}{n, fault})
	return nil
}
