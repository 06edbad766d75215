package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"gammond/engine"
	"gammond/engine/welsh"
	"gammond/referee"
	"gammond/sensing"
	"gammond/sensing/sim"
)

// runSimulateWelsh is "gammon simulate --rules welsh": the board trace of
// random legal Welsh games (sim.SimulateWelsh) on stdout, and with --expect
// the match record a correct replay gives.
func runSimulateWelsh(games int, opts *sim.Opts, expect string, stdout, stderr io.Writer) int {
	rec, err := sim.SimulateWelsh(stdout, [2]string{"White", "Black"}, games, opts)
	if err == nil && expect != "" {
		err = writeWelshRecord(expect, rec)
	}
	if err != nil {
		fmt.Fprintf(stderr, "gammon simulate: welsh: %v\n", err)
		return exitFindings
	}
	return exitOK
}

// writeWelshRecord writes a Welsh match record to the file name.
func writeWelshRecord(name string, rec *welsh.Record) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	_, err = rec.WriteTo(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	return nil
}

// traceRules returns the rules a trace's header names (the US rules when
// it names none).
func traceRules(name string) (engine.RuleSet, error) {
	f, err := os.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	tr, err := sensing.NewTraceReader(f, nil)
	if err != nil {
		return "", fmt.Errorf("%s: %w", name, err)
	}
	return tr.Header().Match.RuleSet(), nil
}

// replayWelsh replays a Welsh match's trace through the pipeline and
// prints its record (docs/WELSH.md), writing the report if asked for.
func replayWelsh(name string, grace time.Duration, reportFile string, stdout, stderr io.Writer) int {
	f, err := os.Open(name)
	if err != nil {
		fmt.Fprintf(stderr, "gammon replay: %v\n", err)
		return exitFindings
	}
	defer f.Close()
	rep := &replayReport{Games: []gameReport{}}
	p, w, _, err := referee.OpenWelshTrace(f, rep.event)
	if err == nil {
		p.DoneGrace = grace
		err = p.Run()
	}
	if err != nil {
		fmt.Fprintf(stderr, "gammon replay: %s: %v\n", name, err)
		return exitFindings
	}
	rep.noteCut(name, p)
	return printReplay(w.Record(), rep, nil, reportFile, stdout, stderr)
}
