package desk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"gammond/engine/welsh"
	"gammond/record/analysis"
	"gammond/record/diceaudit"
	"gammond/record/mat"
	"gammond/referee"
	"gammond/web/mqtt"
)

// AnalysisOpts turn on GNU Backgammon's analysis of every match the desk
// collects. The zero value leaves it off.
type AnalysisOpts struct {
	// Gnubg is the gnubg program (record/gnubg.Locate); "" leaves the
	// analysis off, for the reason Off gives.
	Gnubg string
	// Off says why the analysis is off, once, on the page.
	Off string
	// Plies is gnubg's evaluation depth, 0 to analysis.MaxPlies.
	Plies int
	// Workers is how many gnubg processes run at once; 0 is 1.
	Workers int
	// Dir receives the analyses (NAME.json) and gnubg's SGFs (NAME.sgf),
	// NAME the record's; "" is the records' directory's name and
	// "-analysis", beside it, which keeps the records' alone.
	Dir string
}

// Bounds of the analysis queue: a day's matches at a big tournament.
const (
	maxQueued = 256  // matches waiting for a worker; more are turned away, and said so
	maxJobs   = 4096 // matches the desk keeps the analysis of
)

// The states of a job.
const (
	jobQueued    = "queued"
	jobAnalysing = "analysing"
	jobDone      = "done"
	jobFailed    = "failed"
	jobSkipped   = "not analysed" // with the reason in Err
)

// job is one match's analysis.
type job struct {
	Hash    string           `json:"hash"`
	Board   string           `json:"board"`
	Record  string           `json:"record"` // the file in the desk's directory
	Players [2]string        `json:"players"`
	State   string           `json:"state"`
	Err     string           `json:"error,omitempty"`
	Queued  time.Time        `json:"queued"`
	Started time.Time        `json:"started,omitzero"`
	Ended   time.Time        `json:"ended,omitzero"`
	Report  *analysis.Report `json:"report,omitempty"`
	SGF     string           `json:"sgf,omitempty"` // under /analysis/files/
	// Progress guesses how far an analysis under way is, 0 to 1: its
	// time so far over the mean of the analyses done (gnubg tells no
	// progress); 0 before the first is done.
	Progress float64 `json:"progress,omitempty"`
}

// analyst analyses the matches collected, in its own goroutines, and
// audits each board's dice; the desk only hands it records.
type analyst struct {
	opts AnalysisOpts
	dir  string // the desk's directory of records
	log  *slog.Logger
	now  func() time.Time
	wake chan struct{}
	// publish sends a board the analysis of its match; set before run.
	publish func(context.Context, mqtt.Analysis) error

	mu      sync.Mutex
	jobs    map[string]*job // by record hash
	order   []*job          // as collected
	pending []*job          // waiting for a worker, oldest first
	audits  map[string]*diceaudit.Audit
	// inferred are the boards whose dice are inferred from the plays:
	// not rolls but the smallest that fits each play, no fair sample.
	inferred map[string]bool
	// version counts the changes the page shows, for its event streams;
	// changed is closed at the next one.
	version uint64
	changed chan struct{}
}

// touch notes a change the page shows. The caller holds a.mu.
func (a *analyst) touch() {
	a.version++
	if a.changed != nil {
		close(a.changed)
		a.changed = nil
	}
}

// changes returns a channel closed at the next change, and the count of
// changes so far.
func (a *analyst) changes() (<-chan struct{}, uint64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.changed == nil {
		a.changed = make(chan struct{})
	}
	return a.changed, a.version
}

func newAnalyst(opts AnalysisOpts, dir string, log *slog.Logger, now func() time.Time) *analyst {
	if opts.Workers <= 0 {
		opts.Workers = 1
	}
	if opts.Dir == "" {
		opts.Dir = filepath.Clean(dir) + "-analysis"
	}
	if opts.Gnubg == "" && opts.Off == "" {
		opts.Off = "no GNU Backgammon given"
	}
	return &analyst{opts: opts, dir: dir, log: log, now: now, wake: make(chan struct{}, 1),
		jobs: map[string]*job{}, audits: map[string]*diceaudit.Audit{}, inferred: map[string]bool{}}
}

// on reports whether the desk analyses matches.
func (a *analyst) on() bool { return a.opts.Gnubg != "" }

// analysisDir holds the analyses and gnubg's SGFs.
func (a *analyst) analysisDir() string { return a.opts.Dir }

// wrote says whether name is the SGF of an analysis the analyst holds.
func (a *analyst) wrote(name string) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, j := range a.order {
		if j.SGF == name && j.State == jobDone {
			return true
		}
	}
	return false
}

// add takes a match the desk collected as file name: it audits its dice
// and queues its analysis, once per record content, and returns at once.
// The record is read, and an earlier run's analysis looked for, outside
// the lock the page takes.
func (a *analyst) add(board, name, record string, players [2]string) {
	hash := recordHash(record)
	a.mu.Lock()
	known := a.jobs[hash] != nil
	a.mu.Unlock()
	if known {
		return
	}
	j := &job{Hash: hash, Board: board, Record: name, Players: players, Queued: a.now()}
	var rolls diceaudit.Audit
	m, err := mat.Read(strings.NewReader(record), name)
	switch {
	case strings.HasPrefix(record, welsh.RecordHeader+"\n"):
		j.State, j.Err = jobSkipped, "a Welsh match: gnubg plays the standard game"
	case err != nil:
		j.State, j.Err = jobSkipped, err.Error()
	case !a.on():
		rolls.AddMatch(m)
		j.State, j.Err = jobSkipped, "analysis off"
	default:
		rolls.AddMatch(m)
		a.loadDone(j)
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.jobs[hash] != nil || len(a.jobs) >= maxJobs {
		return
	}
	a.jobs[hash] = j
	a.order = append(a.order, j)
	defer a.touch()
	if a.audits[board] == nil {
		a.audits[board] = new(diceaudit.Audit)
	}
	a.audits[board].Merge(rolls)
	switch {
	case j.State != "":
	case len(a.pending) >= maxQueued:
		j.State, j.Err = jobSkipped, fmt.Sprintf("the queue is full (%d matches)", maxQueued)
	default:
		j.State = jobQueued
		a.pending = append(a.pending, j)
		select {
		case a.wake <- struct{}{}:
		default:
		}
	}
}

// noteEvent notes a board whose dice the referee infers from the plays.
func (a *analyst) noteEvent(board string, e *mqtt.Event) {
	if e.Kind != referee.DiceInferred.String() {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if !a.inferred[board] {
		a.inferred[board] = true
		a.touch()
	}
}

// loadDone fills j, not yet shared, from the analysis an earlier run of
// the desk saved, if there is one: a match is analysed once.
func (a *analyst) loadDone(j *job) {
	data, err := os.ReadFile(a.reportFile(j))
	if err != nil {
		return
	}
	var saved job
	if err := json.Unmarshal(data, &saved); err != nil || saved.Report == nil {
		return
	}
	j.State, j.Report, j.SGF, j.Started, j.Ended = jobDone, saved.Report, saved.SGF, saved.Started, saved.Ended
}

func (a *analyst) reportFile(j *job) string {
	return filepath.Join(a.analysisDir(), strings.TrimSuffix(j.Record, filepath.Ext(j.Record))+".json")
}

// run analyses the queued matches with opts.Workers gnubg processes until
// ctx ends.
func (a *analyst) run(ctx context.Context) {
	if !a.on() {
		return
	}
	if err := os.MkdirAll(a.analysisDir(), 0o755); err != nil {
		a.log.Error("desk: no directory for the analyses; analysis off", "err", err)
		return
	}
	var wg sync.WaitGroup
	for range a.opts.Workers {
		wg.Go(func() { a.work(ctx) })
	}
	wg.Wait()
}

func (a *analyst) work(ctx context.Context) {
	for {
		j := a.next()
		if j == nil {
			select {
			case <-ctx.Done():
				return
			case <-a.wake:
				continue
			}
		}
		a.analyse(ctx, j)
		select {
		case a.wake <- struct{}{}: // another worker may take the next
		default:
		}
	}
}

// next takes the oldest queued job, nil when none waits.
func (a *analyst) next() *job {
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.pending) == 0 {
		return nil
	}
	j := a.pending[0]
	a.pending = a.pending[1:]
	j.State, j.Started = jobAnalysing, a.now()
	a.touch()
	return j
}

func (a *analyst) analyse(ctx context.Context, j *job) {
	base := strings.TrimSuffix(j.Record, filepath.Ext(j.Record))
	r, err := analysis.Analyse(ctx, filepath.Join(a.dir, j.Record), analysis.Options{
		Gnubg: a.opts.Gnubg, Plies: a.opts.Plies, SGF: filepath.Join(a.analysisDir(), base+".sgf"),
	})
	a.mu.Lock()
	j.Ended = a.now()
	switch {
	case errors.Is(err, context.Canceled):
		j.State = jobQueued // the desk stops: analysed at its next start
	case err != nil:
		j.State, j.Err = jobFailed, err.Error()
		a.log.Warn("desk: analysis failed", "board", j.Board, "record", j.Record, "err", err)
	default:
		r.File, r.SGF = j.Record, base+".sgf"
		j.State, j.Report, j.SGF = jobDone, r, r.SGF
	}
	data, _ := json.Marshal(j)
	a.touch()
	a.mu.Unlock()
	if err != nil {
		return
	}
	if err := writeFileAtomic(a.reportFile(j), data); err != nil {
		a.log.Warn("desk: analysis not saved", "record", j.Record, "err", err)
	}
	if a.publish != nil {
		sending, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		if err := a.publish(sending, mqtt.Analysis{Board: j.Board, Players: j.Players, Updated: a.now(), Report: r}); err != nil {
			a.log.Warn("desk: the analysis did not reach the board", "board", j.Board, "err", err)
		}
	}
}
