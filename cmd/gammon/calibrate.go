package main

import (
	"bytes"
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"gammond/calib"
	"gammond/engine"
	"gammond/record/journal"
	"gammond/sensing/scan"
	"gammond/sensing/sim"
)

const calibrateUsage = "calibrate (-config FILE | --sim SEED [--fault SENSOR=dead|weak|swapped|noisy|stuck]...) [--frames N] [--out FILE] [--listen ADDR]   measure a board's sensors and write its calibration file"

// scanner is what the procedure reads: a board's sensors, one frame at a
// time. The hardware's *scan.Scanner is one; simScanner puts a simulated
// board behind the same method.
type scanner interface {
	Scan(frame []uint16) error
}

// arranger asks for the board to be set up as an arrangement (the empty
// board first), and returns once it is: a person at the console, or the
// simulated board's hand. problem, when not nil, is why the last attempt
// at the same arrangement was refused.
type arranger func(a *calib.Arrangement, problem error) error

// liveBoard is a board the procedure reads: its scanner, how to ask for
// an arrangement, its geometry, the calibration file its config names
// (empty: none), and what releases it.
type liveBoard struct {
	scan    scanner
	arrange arranger
	// retry: a refused step is asked again (a person can mend it) rather
	// than ending the procedure.
	retry    bool
	geometry calib.Geometry
	out      string
	close    func()
	// page, when not nil, shows the procedure's progress (--listen).
	page *calibPage
}

// openScanner opens the scanner of a board's sensors as a [scan] section
// wires them, and returns what releases it: scan.Open on the hardware, a
// simulated board in gammon calibrate's tests.
type openScanner func(c *scan.Config, sensors int) (scanner, func(), error)

// openHardware is the live board's openScanner.
func openHardware(c *scan.Config, sensors int) (scanner, func(), error) {
	return scan.Open(c, sensors, "gammon-calibrate")
}

// runCalibrate runs the calibration procedure on a board: the empty
// board, then the arrangements of calib.Plan, a few dozen frames each;
// it reports every sensor's levels and noise, names the outliers, and
// writes the calibration file atomically, unless a sensor's levels would
// lie. With -config it reads the live board the config wires, a person
// setting it up at the console.
func runCalibrate(args []string, stdout, stderr io.Writer) int {
	return calibrateCommand(args, os.Stdin, stdout, stderr, openHardware)
}

// calibrateCommand is runCalibrate reading the console from console and
// a live board's sensors through open.
func calibrateCommand(args []string, console io.Reader, stdout, stderr io.Writer, open openScanner) int {
	fs := flag.NewFlagSet("calibrate", flag.ContinueOnError)
	config := fs.String("config", "", "calibrate the live board this gammond config `file` wires ([board], [scan]), set up by hand at the console")
	seed := fs.String("sim", "", "calibrate a simulated board drawn from this seed, its checkers placed by a simulated hand")
	frames := fs.Int("frames", 50, "frames read in each step (2..10000)")
	out := fs.String("out", "", "the calibration file to write (default: the config's calibration_file, or calibration.json)")
	listen := fs.String("listen", "", "also show the procedure's steps and progress on a page at this `address` (host:port)")
	var faults faultFlags
	fs.Var(&faults, "fault", "give the simulated board's sensor a fault: SENSOR=dead|weak|swapped|noisy|stuck (repeatable)")
	_, err := parseArgs(fs, args, 0, 0)
	if err == nil && (*frames < 2 || *frames > 10000) {
		err = fmt.Errorf("--frames %d: want 2..10000", *frames)
	}
	var b *liveBoard
	switch {
	case err != nil:
	case *config != "" && (*seed != "" || len(faults) > 0):
		err = errors.New("-config reads a live board, --sim a simulated one: choose one")
	case *config != "":
		b, err = configBoard(*config, open, console, stdout)
	default:
		b, err = simLiveBoard(*seed, faults, stdout)
	}
	if err != nil {
		return argsError(calibrateUsage, fs, err, stdout, stderr)
	}
	defer b.close()
	if *listen != "" {
		b.page = &calibPage{}
		stop, err := servePage(b.page, *listen, stdout)
		if err != nil {
			fmt.Fprintf(stderr, "gammon calibrate: %v\n", err)
			return exitUsage
		}
		defer stop()
	}
	path := cmp.Or(*out, b.out, "calibration.json")
	ms, cal, err := calibrate(b, *frames, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "gammon calibrate: %v\n", err)
		return exitFindings
	}
	return reportCalibration(ms, cal, path, stdout, stderr)
}

// calibrate runs the procedure: progress goes to w.
func calibrate(b *liveBoard, frames int, w io.Writer) ([]calib.Measurement, *calib.Calibration, error) {
	g := b.geometry
	m, err := calib.NewMeasurer(g)
	if err != nil {
		return nil, nil, err
	}
	arrangements := append([]calib.Arrangement{{}}, calib.Plan(g)...) // the empty board first
	steps := len(arrangements)
	texts := make([]string, steps)
	for k := range arrangements {
		texts[k] = arrangements[k].String()
	}
	b.page.start(texts)
	for k := range arrangements {
		a := &arrangements[k]
		b.page.step(k)
		fmt.Fprintf(w, "step %d/%d: %s\n", k+1, steps, a)
		if err := takeStep(b, m, a, k == 0, frames, w); err != nil {
			err = fmt.Errorf("step %d/%d: %w", k+1, steps, err)
			b.page.end(err.Error())
			return nil, nil, err
		}
	}
	ms, cal, err := m.Result()
	switch {
	case err != nil:
		b.page.end(err.Error())
	case cal == nil:
		b.page.end("measured, but some sensors cannot be calibrated: see the console")
	default:
		b.page.end("measured: the calibration is written (see the console)")
	}
	return ms, cal, err
}

// takeStep has the board set up as a and measures it: asked again, with
// the reason, while a person can mend what was refused.
func takeStep(b *liveBoard, m *calib.Measurer, a *calib.Arrangement, empty bool, frames int, w io.Writer) error {
	var problem error
	for {
		if err := b.arrange(a, problem); err != nil {
			return err
		}
		fr, err := readFrames(b.scan, frames, b.geometry.Sensors())
		if err != nil {
			return err
		}
		if empty {
			problem = m.Empty(fr)
		} else {
			problem = m.Arranged(a, fr)
		}
		if problem == nil || !b.retry || !errors.Is(problem, calib.ErrMeasure) {
			return problem
		}
		b.page.refused(problem)
		fmt.Fprintf(w, "  %v\n", problem)
	}
}

// readFrames scans n frames of a board's sensors.
func readFrames(s scanner, n, sensors int) ([][]uint16, error) {
	fr := make([][]uint16, n)
	for k := range fr {
		fr[k] = make([]uint16, sensors)
		if err := s.Scan(fr[k]); err != nil {
			return nil, err
		}
	}
	return fr, nil
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

// simLiveBoard returns the simulated board for --sim and its faults, set
// up by a simulated hand.
func simLiveBoard(seed string, faults faultFlags, w io.Writer) (*liveBoard, error) {
	b, err := simBoard(seed, faults)
	if err != nil {
		return nil, err
	}
	return &liveBoard{scan: simScanner{b}, arrange: simArranger(b), geometry: calib.ReferenceBoard, close: func() {}}, nil
}

// simBoard returns the simulated board for --sim and its faults.
func simBoard(seed string, faults faultFlags) (*sim.Board, error) {
	if seed == "" {
		return nil, errors.New("no board: -config FILE calibrates the live board gammond's config wires, --sim SEED a simulated one")
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

// simScanner is a simulated board behind the scanner's method.
type simScanner struct{ b *sim.Board }

// Scan reads the simulated board's sensors into frame.
func (s simScanner) Scan(frame []uint16) error {
	s.b.Frame(frame)
	return nil
}

// simArranger sets the simulated board up as asked, as a person would.
func simArranger(b *sim.Board) arranger {
	return func(a *calib.Arrangement, _ error) error { return setUp(b, a) }
}

// setUp sets the simulated board up as a.
func setUp(b *sim.Board, a *calib.Arrangement) error {
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
