// Command gammond is the daemon of an electronic backgammon board: it scans
// the hall sensors, referees the match, drives the LEDs and displays,
// journals every input so that a power cut loses nothing, and writes the
// match record.
//
//	gammond -config /etc/gammond/gammond.toml   the board (systemd runs this)
//	gammond -sim                                 a simulated board, played from the web page
//	gammond -trace FILE [-speed N]               the board as a recorded trace shows it, then exit
//	gammond -check-config -config FILE           check a config file
//	gammond -selftest                            check the engine, a simulated board and the journal
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"gammond/board"
	"gammond/sensing"
)

const defaultConfigPath = "/etc/gammond/gammond.toml"

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// synopsis is what gammond -h prints above the flags.
const synopsis = `usage:
  gammond -config /etc/gammond/gammond.toml   the board (systemd runs this)
  gammond -sim                                 a simulated board at http://localhost:8080/, played from the page
  gammond -trace FILE [-speed N]               the board as a recorded trace shows it, then exit
  gammond -check-config -config FILE           check a config file
  gammond -selftest                            check the engine, a simulated board and the journal

flags:
`

// options are the command line's.
type options struct {
	config, trace, listen, state string
	checkConfig, sim, selftest   bool
	speed                        float64
}

// The range of -speed: slower than a thousandth of real time, or faster
// than a million times, is a typo (and would overflow the pacing's
// durations).
const minSpeed, maxSpeed = 0.001, 1e6

// parseOptions reads the command line. Asked for help (-h), it prints the
// synopsis and every flag on help and returns flag.ErrHelp.
func parseOptions(args []string, help io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("gammond", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.config, "config", "", "config `file` (default "+defaultConfigPath+"; none needed with -sim or -trace)")
	fs.BoolVar(&o.checkConfig, "check-config", false, "check the config file and exit")
	fs.BoolVar(&o.sim, "sim", false, "run on a simulated board set up for a new game, played from the web page")
	fs.StringVar(&o.trace, "trace", "", "run on a recorded board `trace` instead of the sensors, and exit at its end")
	fs.Float64Var(&o.speed, "speed", 1, "with -trace: times real time (0: as fast as it reads)")
	fs.StringVar(&o.listen, "listen", "", "web `address` (overrides the config)")
	fs.StringVar(&o.state, "state", "", "state `directory` for the journal and match records (overrides the config)")
	fs.BoolVar(&o.selftest, "selftest", false, "check the engine, a simulated board and the journal, and exit")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(help, synopsis)
			fs.SetOutput(help)
			fs.PrintDefaults()
		}
		return o, err
	}
	switch {
	case fs.NArg() > 0:
		return o, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case o.sim && o.trace != "":
		return o, errors.New("-sim and -trace are two different boards: choose one")
	case o.speed != 0 && !(o.speed >= minSpeed && o.speed <= maxSpeed): // NaN too
		return o, fmt.Errorf("-speed %v: want 0 (as fast as it reads) or %v to %v times real time", o.speed, minSpeed, maxSpeed)
	}
	return o, nil
}

// run runs gammond: exit 0 when it stops cleanly (or was asked for -h), 1
// when it fails, 2 on a bad command line.
func run(args []string, stdout, stderr io.Writer) int {
	o, err := parseOptions(args, stdout)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return 0
	case err != nil:
		fmt.Fprintf(stderr, "gammond: %v\n(gammond -h lists every flag)\n", err)
		return 2
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	if o.selftest {
		if !board.SelfTest(stderr) {
			return 1
		}
		return 0
	}
	cfg, err := o.loadConfig()
	if err != nil {
		fmt.Fprintln(stderr, "gammond:", err)
		return 1
	}
	if o.checkConfig {
		return 0
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	switch {
	case o.trace != "":
		err = runTrace(ctx, log, cfg, o.trace, o.speed, o.listen, o.scratch())
	case o.sim:
		err = runSim(ctx, log, cfg)
	default:
		err = runBoard(ctx, log, cfg)
	}
	if err != nil {
		// The config's errors' style: what failed, and where.
		fmt.Fprintln(stderr, "gammond:", err)
		return 1
	}
	return 0
}

// loadConfig reads the config file, or takes the defaults for a simulated
// or recorded board, and applies the command line's overrides.
func (o options) loadConfig() (Config, error) {
	path := o.configPath()
	cfg := DefaultConfig()
	if path != "" {
		var err error
		if cfg, err = Load(path); err != nil {
			if o.config == "" && errors.Is(err, fs.ErrNotExist) {
				err = fmt.Errorf("%w\n%s", err, noConfigHint)
			}
			return cfg, err
		}
	} else {
		cfg.Web.Listen = "localhost:8080"
	}
	if o.listen != "" {
		cfg.Web.Listen = o.listen
	}
	switch {
	case o.state != "":
		cfg.StateDir = o.state
	case o.scratch():
		cfg.StateDir = o.scratchStateDir(cfg.Web.Listen)
	}
	return cfg, cfg.Validate()
}

// noConfigHint is what a bare gammond says when the board's config is not
// there: most who run it so are trying it away from a board.
const noConfigHint = `no board config here. To try gammond:
  gammond -sim                                 a simulated board at http://localhost:8080/, played from the page
  gammond -trace examples/match.trace.jsonl    the daemon on a recorded board trace
  gammond -config FILE                         a board set up as FILE says (every key: systemd/gammond.toml)`

// configPath is the config file to read: -config's, or the board's
// default; "" for a simulated or recorded board without one.
func (o options) configPath() string {
	if o.config == "" && !o.sim && o.trace == "" {
		return defaultConfigPath
	}
	return o.config
}

// scratch says the board keeps its state in a scratch directory: no
// config file and no -state.
func (o options) scratch() bool { return o.configPath() == "" && o.state == "" }

// scratchStateDir is where a board without a config keeps its state: in
// the user's cache, one directory per simulated board's address or per
// trace, so that two of them never share a journal.
func (o options) scratchStateDir(listen string) string {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	name := "sim-" + listen
	if o.trace != "" {
		name = "trace-" + filepath.Base(o.trace)
	}
	return filepath.Join(dir, "gammond", strings.Map(fileSafe, name))
}

// fileSafe keeps letters, digits, dots and hyphens of a name for a file.
func fileSafe(r rune) rune {
	if r == '.' || r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
		return r
	}
	return '_'
}

// runTrace runs the daemon on a recorded trace, paced at speed, and stops
// at its end. The match is dated when the run begins (a trace's times
// count from its start). Restarted on the same state directory, it carries
// on where the journal ends, and plays nothing more once the journal holds
// the trace's end; fresh (a scratch directory) it begins the match anew.
// It serves the page only when given an address (listen).
func runTrace(ctx context.Context, log *slog.Logger, cfg Config, name string, speed float64, listen string, fresh bool) error {
	h, err := traceHeader(name)
	if err != nil {
		return err
	}
	cfg.Match.Length, cfg.Match.White, cfg.Match.Black = h.Match.Length, h.Match.White, h.Match.Black
	opts := boardOptions(log, cfg, &h.Calibration, time.Now().UTC().Truncate(time.Second))
	opts.Fresh = fresh
	b, err := board.Open(opts)
	if err != nil {
		return err
	}
	defer b.Close()
	log.Info("recorded board", "trace", name, "state", cfg.StateDir)
	if b.Ended() {
		log.Info("the journal already holds this trace played to its end: nothing more to play (a new -state directory plays it again)", "record", b.RecordPath())
		return nil
	}
	stop, err := startOutputs(ctx, log, cfg, b, listen)
	if err != nil {
		return err
	}
	defer stop()
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	// The journal's match began when its first run did: the trace's times
	// count from there, so that a restart's inputs fall where the journal's did.
	tr, err := sensing.NewTraceReader(f, &sensing.TraceOpts{Epoch: b.Match().Started})
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	src := &sensing.Paced{Src: tr, Speed: speed, After: b.ResumeSource(), Ctx: ctx}
	if err := b.Run(ctx, src); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if ctx.Err() != nil {
		return nil
	}
	if err := tr.Cut(); err != nil {
		log.Warn("the trace stops short: the match is played up to there", "trace", name, "cut", err)
	}
	if err := b.End(); err != nil {
		return err
	}
	log.Info("match record written", "record", b.RecordPath())
	return nil
}

// traceHeader reads the header of the trace at name.
func traceHeader(name string) (*sensing.Header, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	tr, err := sensing.NewTraceReader(f, nil)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return tr.Header(), nil
}
