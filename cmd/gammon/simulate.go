package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"gammond/record/mat"
	"gammond/sensing/sim"
)

const simulateUsage = "simulate MATCH.mat [--seed N] [--illegal RATE] [--early-roll RATE] [--expect FILE]   the board trace of a match, played by hand"

// runSimulate writes the board trace of players playing a recorded match
// to stdout, and with --expect what a correct replay of it gives.
func runSimulate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("simulate", flag.ContinueOnError)
	seed := fs.Uint64("seed", 1, "seed of the simulation: the same seed gives the same trace")
	illegal := fs.Float64("illegal", 0, "chance (0..1) that a turn is first played illegally, then put right")
	earlyRoll := fs.Float64("early-roll", 0, "chance (0..1) that the opponent rolls while the mover sets down its last checker (US 4.6)")
	expect := fs.String("expect", "", "write what a correct replay gives (.expect.json) to this file")
	pos, err := parseArgs(fs, args, 1, 1)
	if err == nil && !(*illegal >= 0 && *illegal <= 1) {
		err = fmt.Errorf("--illegal %v: want a rate from 0 to 1", *illegal)
	}
	if err == nil && !(*earlyRoll >= 0 && *earlyRoll <= 1) {
		err = fmt.Errorf("--early-roll %v: want a rate from 0 to 1", *earlyRoll)
	}
	if err != nil {
		fmt.Fprintf(stderr, "gammon simulate: %v\nusage: gammon %s\n", err, simulateUsage)
		return exitUsage
	}
	m, err := mat.ReadFile(pos[0])
	if err == nil && len(m.Warnings) > 0 {
		// A trace of what is left would not be the record's match.
		err = fmt.Errorf("%v (and %d more line(s) skipped)", m.Warnings[0], len(m.Warnings)-1)
	}
	if err != nil {
		fmt.Fprintf(stderr, "gammon simulate: %v\n", err)
		return exitFindings
	}
	opts := sim.DefaultOpts
	opts.Seed, opts.IllegalRate, opts.EarlyRollRate = *seed, *illegal, *earlyRoll
	script, err := m.Script()
	var want *sim.Expect
	if err == nil {
		want, err = sim.Simulate(stdout, script, &opts)
	}
	if err == nil && *expect != "" {
		err = writeExpect(*expect, want)
	}
	if err != nil {
		fmt.Fprintf(stderr, "gammon simulate: %s: %v\n", pos[0], err)
		return exitFindings
	}
	return exitOK
}

// writeExpect writes the expectation to the named file.
func writeExpect(name string, e *sim.Expect) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	err = e.Write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	return nil
}
