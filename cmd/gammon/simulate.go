package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"gammond/engine"
	"gammond/record/mat"
	"gammond/sensing/sim"
)

const simulateUsage = "simulate MATCH.mat [--rules us|danish] | --rules welsh [--games N]  [--seed N] [--illegal RATE] [--early-roll RATE] [--drift COUNTS] [--drift-minutes M] [--dead S1,S2,...] [--off-centre RATE] [--hover RATE] [--hover-share S] [--hover-seconds S] [--hover-astray RATE] [--magnet-spread S] [--stall RATE] [--glitches N] [--late-done RATE] [--calibration full|baselines|none] [--expect FILE]   the board trace of a match, played by hand"

// runSimulate writes the board trace of players playing a recorded match
// to stdout, and with --expect what a correct replay of it gives.
func runSimulate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("simulate", flag.ContinueOnError)
	seed := fs.Uint64("seed", 1, "seed of the simulation: the same seed gives the same trace")
	illegal := fs.Float64("illegal", 0, "chance (0..1) that a turn is first played illegally, then put right")
	expect := fs.String("expect", "", "write what a correct replay gives (.expect.json) to this file")
	opts := sim.DefaultOpts
	fs.Float64Var(&opts.EarlyRollRate, "early-roll", 0, "chance (0..1) that the opponent rolls while the mover sets down its last checker (US 4.6)")
	fs.Float64Var(&opts.DriftCounts, "drift", 0, "how far (0..600 counts of a 12-bit ADC) each sensor drifts over the match, a board warming up")
	fs.Float64Var(&opts.DriftMinutes, "drift-minutes", opts.DriftMinutes, "the drift's time constant, in minutes")
	fs.Float64Var(&opts.OffCentreRate, "off-centre", 0, "chance (0..1) that a checker is set down between two slots")
	fs.Float64Var(&opts.HoverRate, "hover", 0, "chance (0..1) that a checker is held above its point before it is set down")
	fs.Float64Var(&opts.HoverShare, "hover-share", opts.HoverShare, "the most of a checker's field (0.1..0.7) a checker held above a point gives its next slot")
	fs.Float64Var(&opts.HoverSeconds, "hover-seconds", opts.HoverSeconds, "the longest (0.3..3 s) a checker is held above a point")
	fs.Float64Var(&opts.HoverAstrayRate, "hover-astray", 0, "chance (0..1) that a checker held is held above another point with a free slot, a lone opposing checker's included")
	fs.Float64Var(&opts.MagnetSpread, "magnet-spread", 0, "how far (0..0.25) each checker's magnet is from the nominal field, either way")
	fs.Float64Var(&opts.StallRate, "stall", 0, "chance (0..1) that the scan stalls 30-250 ms while a checker is set down or lifted")
	fs.Float64Var(&opts.GlitchesPerMinute, "glitches", 0, "bus glitches a minute (0..60): one ADC's channels read 0 or 4095 for a frame")
	fs.Float64Var(&opts.LateDoneRate, "late-done", 0, "chance (0..1) that DONE is pressed with the turn's last checker still in hand")
	dead := fs.String("dead", "", "sensors (comma-separated indexes) dead from the start")
	header := fs.String("calibration", "full", "the calibration the trace header carries: full, baselines or none")
	rules := fs.String("rules", "standard", "standard: the match of MATCH.mat, its trace naming no rules (replayed as US); us or danish: the same, its trace naming those rules (set-up deadline, Crawford annulment); welsh: random legal Welsh backgammon games, no MATCH.mat (--expect writes their record)")
	games := fs.Int("games", 5, "with --rules welsh: how many games (fewer if the match ends first)")
	pos, err := parseArgs(fs, args, 0, -1)
	switch {
	case err == nil && *rules == "welsh" && len(pos) > 0:
		err = fmt.Errorf("--rules welsh plays random games: no MATCH.mat, got %s", strings.Join(pos, " "))
	case err == nil && *rules != "welsh" && len(pos) != 1:
		err = fmt.Errorf("want %s, got %s", argCount(1, 1), arguments(len(pos)))
	}
	if err == nil {
		opts.Rules, err = simulateRules(*rules)
	}
	if err == nil && *rules == "welsh" && *games < 1 {
		err = fmt.Errorf("--games %d: want 1 or more", *games)
	}
	if err == nil && !(*illegal >= 0 && *illegal <= 1) {
		err = fmt.Errorf("--illegal %v: want a rate from 0 to 1", *illegal)
	}
	if err == nil {
		opts.Header, err = sim.ParseHeaderCalibration(*header)
	}
	if err == nil {
		opts.Dead, err = parseSensors(*dead)
	}
	if err != nil {
		return argsError(simulateUsage, fs, err, stdout, stderr)
	}
	opts.Seed, opts.IllegalRate = *seed, *illegal
	if *rules == "welsh" {
		return runSimulateWelsh(*games, &opts, *expect, stdout, stderr)
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

// simulateRules returns the tournament rules the trace's header names for
// --rules: none for standard or welsh (whose header names the Welsh game
// itself).
func simulateRules(rules string) (engine.RuleSet, error) {
	switch rules {
	case "standard", "welsh":
		return "", nil
	case string(engine.RulesUS), string(engine.RulesDanish):
		return engine.RuleSet(rules), nil
	}
	return "", fmt.Errorf("unknown --rules %q: want standard, us, danish or welsh", rules)
}

// parseSensors reads a comma-separated list of sensor indexes; "" is none.
func parseSensors(s string) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	var sensors []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("--dead %q: %q is not a sensor index", s, f)
		}
		sensors = append(sensors, n)
	}
	return sensors, nil
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
