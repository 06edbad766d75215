package board

import (
	"bytes"
	"context"
	"crypto/sha256"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"

	"gammond/engine/welsh"
	"gammond/record/analysis"
	"gammond/referee"
)

// analysisTimeout bounds one analysis on the board: a long match at 2-ply
// on a Raspberry Pi.
const analysisTimeout = 30 * time.Minute

// AnalysisOutput has the board's own GNU Backgammon (at gnubg) analyse
// each match the board finishes, at plies, in the background, and gives
// show the analysis: the [analysis] section of gammond.toml. A Welsh
// match is left alone: gnubg plays the standard game.
func AnalysisOutput(gnubg string, plies int, log *slog.Logger, show func(*analysis.Report)) Output {
	return &analysisOutput{gnubg: gnubg, plies: plies, log: log, show: show}
}

type analysisOutput struct {
	gnubg string
	plies int
	log   *slog.Logger
	show  func(*analysis.Report)

	mu   sync.Mutex
	last [sha256.Size]byte // the record analysed last: a match told twice is analysed once
}

func (o *analysisOutput) String() string { return "gnubg analysis" }

func (o *analysisOutput) Begin(*Begin) error { return nil }

func (o *analysisOutput) Show(*Shown) error { return nil }

func (o *analysisOutput) Event(e *Event) error {
	if e.Kind != referee.MatchOver || !e.Over || e.Record == nil || bytes.HasPrefix(e.Record, []byte(welsh.RecordHeader)) {
		return nil
	}
	sum := sha256.Sum256(e.Record)
	o.mu.Lock()
	seen := sum == o.last
	o.last = sum
	o.mu.Unlock()
	if !seen {
		go o.analyse(bytes.Clone(e.Record))
	}
	return nil
}

func (o *analysisOutput) analyse(record []byte) {
	dir, err := os.MkdirTemp("", "gammond-analysis-")
	if err != nil {
		o.log.Warn("analysis", "err", err)
		return
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "match.mat")
	if err := os.WriteFile(file, record, 0o600); err != nil {
		o.log.Warn("analysis", "err", err)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), analysisTimeout)
	defer cancel()
	r, err := analysis.Analyse(ctx, file, analysis.Options{Gnubg: o.gnubg, Plies: o.plies})
	if err != nil {
		o.log.Warn("analysis: gnubg could not analyse the match", "err", err)
		return
	}
	o.show(r)
}
