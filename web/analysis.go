package web

import (
	"net/http"
	"sync"
	"time"

	"gammond/record/analysis"
)

// MatchAnalysis is GNU Backgammon's analysis of the board's last finished
// match, as its page shows it to the players.
type MatchAnalysis struct {
	// By says who ran gnubg: "the desk" or "this board".
	By      string           `json:"by"`
	Players [2]string        `json:"players"`
	At      time.Time        `json:"at"`
	Report  *analysis.Report `json:"report"`
}

// LatestAnalysis keeps the latest MatchAnalysis for the page (Options.
// Analysis): the desk's, over MQTT, or the board's own gnubg's. Safe for
// concurrent use; the zero value holds none.
type LatestAnalysis struct {
	mu     sync.Mutex
	latest *MatchAnalysis
}

// Set makes a the analysis the page shows.
func (l *LatestAnalysis) Set(a MatchAnalysis) {
	l.mu.Lock()
	l.latest = &a
	l.mu.Unlock()
}

// Get returns the latest analysis, nil before the first.
func (l *LatestAnalysis) Get() *MatchAnalysis {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.latest
}

// analysisJSON serves the latest analysis, 404 before one.
func (s *Server) analysisJSON(w http.ResponseWriter, _ *http.Request) {
	var a *MatchAnalysis
	if s.opts.Analysis != nil {
		a = s.opts.Analysis.Get()
	}
	if a == nil {
		writeError(w, http.StatusNotFound, "no match analysed yet")
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, a)
}
