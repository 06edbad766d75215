package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"gammond/engine"
	"gammond/record"
	"gammond/record/mat"
	"gammond/referee"
	"gammond/sensing"
)

const replayUsage = "replay TRACE [--report FILE] [--done-grace D] [--rules us|danish|welsh]   the transcribed match as .mat on stdout, or a Welsh match's record (exit 3: it stops before a turn it cannot write; 4: the trace is cut short)"

// Replay's statuses when it prints the match only up to a point.
const (
	// exitUnwritten: the record stops before a turn it cannot write (an
	// accepted illegal play no .mat can hold); the report says where and why.
	exitUnwritten = 3
	// exitCut: the trace stops short (a power cut); the match is the
	// one up to the cut, and stderr says which line the trace stops at.
	exitCut = 4
)

// runReplay runs a board trace through the whole pipeline (calibration,
// settling, referee) on virtual time and prints the transcribed match.
func runReplay(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	reportFile := fs.String("report", "", "write the replay report (games, illegal and ambiguous turns) as JSON to `FILE`")
	grace := fs.Duration("done-grace", referee.DefaultDoneGrace, "how long a DONE with a checker in hand waits for it: the board's [referee] done_grace")
	rules := fs.String("rules", "", "us or danish (standard is us): judge the trace under these tournament rules; welsh: replay it as Welsh backgammon; by default the rules its header names (none: us)")
	pos, err := parseArgs(fs, args, 1, 1)
	if err == nil {
		*rules, err = replayRules(*rules)
	}
	if err == nil && (*grace < 100*time.Millisecond || *grace > 10*time.Second) {
		err = fmt.Errorf("--done-grace %v: want 100ms to 10s, as the board's config", *grace)
	}
	if err != nil {
		return argsError(replayUsage, fs, err, stdout, stderr)
	}
	if *rules == "" {
		header, err := traceRules(pos[0])
		if err != nil {
			fmt.Fprintf(stderr, "gammon replay: %v\n", err)
			return exitFindings
		}
		*rules = string(header)
	}
	if *rules == string(engine.RulesWelsh) {
		return replayWelsh(pos[0], *grace, *reportFile, stdout, stderr)
	}
	m, rep, err := replay(pos[0], *grace, engine.RuleSet(*rules))
	var unwritten *record.UnwritableError
	if err != nil && !errors.As(err, &unwritten) {
		fmt.Fprintf(stderr, "gammon replay: %v\n", err)
		return exitFindings
	}
	return printReplay(m, rep, unwritten, *reportFile, stdout, stderr)
}

// replayRules checks replay's --rules and returns the rule set it names:
// "" (the trace header's) when it names none, and the US rules for
// standard.
func replayRules(rules string) (string, error) {
	switch rules {
	case "", string(engine.RulesUS), string(engine.RulesDanish), string(engine.RulesWelsh):
		return rules, nil
	case "standard":
		return string(engine.RulesUS), nil
	}
	return "", fmt.Errorf("unknown --rules %q: want us, danish, welsh or standard (us)", rules)
}

// printReplay prints the match (a .mat or, replaying a Welsh match, its
// record) and writes the report, if asked for; the status says whether the
// record stops before a turn it cannot write, or at a cut in the trace.
func printReplay(m io.WriterTo, rep *replayReport, unwritten *record.UnwritableError, reportFile string, stdout, stderr io.Writer) int {
	if unwritten != nil {
		rep.Unwritten = &unwrittenReport{Game: unwritten.Game, Move: unwritten.Number, Turn: unwritten.Turn,
			Side: unwritten.Side, Reason: unwritten.Reason}
	}
	if _, err := m.WriteTo(stdout); err != nil {
		fmt.Fprintf(stderr, "gammon replay: writing the match: %v\n", err)
		return exitFindings
	}
	if reportFile != "" {
		if err := writeJSON(reportFile, rep); err != nil {
			fmt.Fprintf(stderr, "gammon replay: %v\n", err)
			return exitUsage
		}
	}
	switch {
	case unwritten != nil:
		fmt.Fprintf(stderr, "gammon replay: %v\n", unwritten)
		return exitUnwritten
	case rep.Cut != "":
		fmt.Fprintf(stderr, "gammon replay: %s; the match printed is the one up to there\n", rep.Cut)
		return exitCut
	}
	return exitOK
}

// replay reads the trace at name through the pipeline and returns the match
// it transcribed and the report; a trace cut short gives the match up to
// the cut, the report saying where (Cut). When the record stops before a turn it
// cannot write, the match and report are those up to that turn, with a
// *record.UnwritableError. A DONE with a checker in hand waits grace for it.
// The referee judges under rules (set-up deadlines, the Crawford game's
// annulment), whatever the trace's header names.
func replay(name string, grace time.Duration, rules engine.RuleSet) (*mat.Match, *replayReport, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	var t *record.Transcript
	rep := &replayReport{Rules: rules, Games: []gameReport{}, Irregularities: []irregularityReport{}}
	p, h, err := referee.OpenTrace(f, func(e referee.Event) {
		t.Event(e)
		rep.event(e)
	})
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	t = record.NewTranscript(h.Match.Length, [2]string{h.Match.White, h.Match.Black})
	p.DoneGrace = grace
	p.Referee.SetRules(rules)
	if err := p.Run(); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	rep.noteCut(name, p)
	return t.Match(), rep, t.Err()
}

// noteCut notes where the trace p read stops short, if it does.
func (r *replayReport) noteCut(name string, p *referee.Pipeline) {
	if tr, ok := p.Source.(*sensing.TraceReader); ok && tr.Cut() != nil {
		r.Cut = fmt.Sprintf("%s: %v", name, tr.Cut())
	}
}

// writeJSON writes v, indented, to the file name.
func writeJSON(name string, v any) error {
	out, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(name, append(out, '\n'), 0o644)
}

// replayReport is the report of TRACE.md: per game, its length and result,
// the illegal plays flagged and the turns the sensors could not decide.
type replayReport struct {
	// Rules are the tournament rules the replay judged under.
	Rules engine.RuleSet `json:"rules"`
	Games []gameReport   `json:"games"`
	// Irregularities are the referee's, in order: a wrong set-up, a
	// touch after DONE, an early roll, and the like.
	Irregularities []irregularityReport `json:"irregularities"`
	// Unwritten is the turn the record stops before, when there is one.
	Unwritten *unwrittenReport `json:"unwritten,omitempty"`
	// Cut says where the trace stops short (a power cut), when it does.
	Cut string `json:"cut,omitempty"`
}

// unwrittenReport says which turn the record could not write, and why.
type unwrittenReport struct {
	Game   int         `json:"game"`
	Move   int         `json:"move"` // the .mat move number
	Turn   int         `json:"turn"`
	Side   engine.Side `json:"side"`
	Reason string      `json:"reason"`
}

// irregularityReport is one of the referee's irregularities; Game is the
// game the referee was in (at a game's start, the one before: 0 before the
// first).
type irregularityReport struct {
	Game   int         `json:"game"`
	Turn   int         `json:"turn"`
	Side   engine.Side `json:"side"`
	Reason string      `json:"reason"`
}

type gameReport struct {
	Turns     int              `json:"turns"`
	Winner    *engine.Side     `json:"winner"` // null while unfinished
	Points    int              `json:"points"`
	Illegal   []illegalReport  `json:"illegal"`
	Ambiguous []ambiguityEntry `json:"ambiguous"`
}

type illegalReport struct {
	Turn     int         `json:"turn"`
	Side     engine.Side `json:"side"`
	Points   []int       `json:"points"`
	Fault    string      `json:"fault"`
	Accepted bool        `json:"accepted"`
}

type ambiguityEntry struct {
	Turn     int         `json:"turn"`
	Side     engine.Side `json:"side"`
	Resolved bool        `json:"resolved"`
}

// event adds what e changes in the report.
func (r *replayReport) event(e referee.Event) {
	if e.Kind == referee.Irregularity {
		r.Irregularities = append(r.Irregularities, irregularityReport{Game: e.Game, Turn: e.Turn, Side: e.Side, Reason: e.Reason})
	}
	if e.Kind == referee.GameStarted {
		r.Games = append(r.Games, gameReport{Illegal: []illegalReport{}, Ambiguous: []ambiguityEntry{}})
	}
	if len(r.Games) == 0 {
		return
	}
	g := &r.Games[len(r.Games)-1]
	g.Turns = max(g.Turns, e.Turn)
	switch e.Kind {
	case referee.IllegalPlay:
		g.Illegal = append(g.Illegal, illegalReport{Turn: e.Turn, Side: e.Side, Points: e.Points, Fault: e.Fault})
	case referee.IllegalAccepted:
		if n := len(g.Illegal); n > 0 && g.Illegal[n-1].Turn == e.Turn {
			g.Illegal[n-1].Accepted = true
		}
	case referee.Withdrawn: // the board read again shows a legal play: the flag never stood
		if n := len(g.Illegal); n > 0 && g.Illegal[n-1].Turn == e.Turn {
			g.Illegal = g.Illegal[:n-1]
		}
	case referee.PlayMade:
		if e.Ambiguous && (len(g.Ambiguous) == 0 || g.Ambiguous[len(g.Ambiguous)-1].Resolved) {
			g.Ambiguous = append(g.Ambiguous, ambiguityEntry{Turn: e.Turn, Side: e.Side})
		}
	case referee.Resolved:
		if n := len(g.Ambiguous); n > 0 {
			g.Ambiguous[n-1].Resolved = true
		}
	case referee.GameOver:
		w := e.Side
		g.Winner, g.Points = &w, e.Result.Points
	}
}
