package desk

import (
	"bytes"
	"cmp"
	_ "embed"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"slices"
	"time"

	"gammond/record/analysis"
	"gammond/record/diceaudit"
)

// Analyses is what the desk's analysis page shows, and /api/analysis
// serves.
type Analyses struct {
	// On says the desk analyses matches, at Plies; Off says why not.
	On      bool   `json:"on"`
	Off     string `json:"off,omitempty"`
	Plies   int    `json:"ply"`
	Workers int    `json:"workers"`
	// Jobs are the matches collected, newest first; Waiting counts the
	// queued ones.
	Jobs    []job `json:"jobs"`
	Waiting int   `json:"waiting"`
	// Players are each player's running figures over the day's analysed
	// matches, by name.
	Players []Running `json:"players"`
	// Dice are each board's dice audit over the desk's session, by board.
	Dice        []BoardDice `json:"dice"`
	Explanation string      `json:"explanation"`
}

// Running is a player's figures over several analysed matches: gnubg's
// totals added up, the rates worked out as gnubg works out a match's
// (a total over its decisions or moves, in mEMG).
type Running struct {
	Name      string  `json:"name"`
	Matches   int     `json:"matches"`
	Decisions int     `json:"decisions"` // checker plays and close cube decisions
	ErrorRate float64 `json:"error_rate"`
	LuckRate  float64 `json:"luck_rate"`
	Blunders  int     `json:"blunders"`
	Errors    int     `json:"errors"`

	errors, luck float64
	moves        int
}

// BoardDice is one board's dice audit, and beside it gnubg's luck rate
// for each player of the board's analysed matches.
type BoardDice struct {
	Board string `json:"board"`
	diceaudit.Report
	// Inferred says the board infers its dice from the plays: the figures
	// are shown, never flagged, as the smallest roll that fits each play
	// is no sample of the dice.
	Inferred bool         `json:"inferred"`
	Luck     []PlayerLuck `json:"luck"`
}

// PlayerLuck is gnubg's luck rate of a player over a board's analysed
// matches, in mEMG per roll.
type PlayerLuck struct {
	Name     string  `json:"name"`
	LuckRate float64 `json:"luck_rate"`
}

// view copies what the page shows at now; the players' figures run over
// now's day.
func (a *analyst) view(now time.Time) Analyses {
	a.mu.Lock()
	defer a.mu.Unlock()
	v := Analyses{On: a.on(), Off: a.opts.Off, Plies: a.opts.Plies, Workers: a.opts.Workers,
		Waiting: len(a.pending), Explanation: diceaudit.Explanation, Jobs: []job{}, Players: []Running{}, Dice: []BoardDice{}}
	if v.On {
		v.Off = ""
	}
	mean := a.meanDuration()
	running := map[string]*Running{}
	luck := map[string]map[string]*Running{} // by board, by player
	y, m, d := now.Date()
	for i := len(a.order) - 1; i >= 0; i-- {
		j := *a.order[i]
		if j.State == jobAnalysing && mean > 0 {
			j.Progress = min(0.99, float64(now.Sub(j.Started))/float64(mean))
		}
		v.Jobs = append(v.Jobs, j)
		if j.Report == nil {
			continue
		}
		if luck[j.Board] == nil {
			luck[j.Board] = map[string]*Running{}
		}
		for _, p := range j.Report.Players {
			if luck[j.Board][p.Name] == nil {
				luck[j.Board][p.Name] = &Running{Name: p.Name}
			}
			luck[j.Board][p.Name].add(p, nil)
		}
		if jy, jm, jd := j.Queued.Date(); jy != y || jm != m || jd != d {
			continue
		}
		for _, p := range j.Report.Players {
			r := running[p.Name]
			if r == nil {
				r = &Running{Name: p.Name}
				running[p.Name] = r
			}
			r.add(p, j.Report.Mistakes)
		}
	}
	for _, r := range running {
		v.Players = append(v.Players, *r)
	}
	slices.SortFunc(v.Players, func(p, q Running) int { return naturalCompare(p.Name, q.Name) })
	for board, au := range a.audits {
		bd := BoardDice{Board: board, Report: au.Report(), Inferred: a.inferred[board], Luck: []PlayerLuck{}}
		bd.Flagged = bd.Flagged && !bd.Inferred
		for _, r := range luck[board] {
			bd.Luck = append(bd.Luck, PlayerLuck{Name: r.Name, LuckRate: r.LuckRate})
		}
		slices.SortFunc(bd.Luck, func(p, q PlayerLuck) int { return naturalCompare(p.Name, q.Name) })
		v.Dice = append(v.Dice, bd)
	}
	slices.SortFunc(v.Dice, func(p, q BoardDice) int { return naturalCompare(p.Board, q.Board) })
	return v
}

// meanDuration is the mean time of the analyses this desk ran, 0 before
// the first. The caller holds a.mu.
func (a *analyst) meanDuration() time.Duration {
	var sum time.Duration
	n := 0
	for _, j := range a.order {
		if j.State == jobDone && !j.Started.IsZero() && j.Ended.After(j.Started) {
			sum += j.Ended.Sub(j.Started)
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return sum / time.Duration(n)
}

func (r *Running) add(p analysis.Player, mistakes []analysis.Mistake) {
	r.Matches++
	r.Decisions += p.CheckerDecisions + p.CubeDecisions
	r.moves += p.Moves
	r.errors += p.OverallErrors
	r.luck += p.Luck
	for _, m := range mistakes {
		switch {
		case m.Player != p.Name:
		case m.Blunder():
			r.Blunders++
		default:
			r.Errors++
		}
	}
	if r.Decisions > 0 {
		r.ErrorRate = 1000 * r.errors / float64(r.Decisions)
	}
	if r.moves > 0 {
		r.LuckRate = 1000 * r.luck / float64(r.moves)
	}
}

// Analyses returns the analysis queue, the analyses, the players' running
// figures and the dice audits.
func (d *Desk) Analyses() Analyses { return d.analyst.view(d.opts.Now()) }

// analysisRoutes serves the analysis page at /analysis (its script
// beside it), its changes as server-sent events at /api/analysis/events,
// its figures at /api/analysis and gnubg's SGFs under /analysis/files/.
func (d *Desk) analysisRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /analysis", d.serveAnalysisPage)
	mux.HandleFunc("GET /analysis.js", serveAsset("analysis.js", "text/javascript; charset=utf-8"))
	mux.HandleFunc("GET /api/analysis/events", d.serveAnalysisEvents)
	mux.HandleFunc("GET /api/analysis", func(w http.ResponseWriter, _ *http.Request) {
		out, err := json.Marshal(d.Analyses())
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(out)
	})
	mux.HandleFunc("GET /analysis/files/{name}", d.serveAnalysisFile)
}

// serveAnalysisFile serves an SGF gnubg saved for an analysis of this
// desk, as a record is served: only a file the analyst wrote, plain text
// to save.
func (d *Desk) serveAnalysisFile(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if !d.analyst.wrote(name) {
		http.NotFound(w, r)
		return
	}
	d.serveAttachment(w, r, d.analyst.analysisDir(), name)
}

//go:embed analysis.html
var analysisHTML string

var analysisPage = template.Must(template.New("analysis").Funcs(template.FuncMap{
	"elapsed": func(j job, now time.Time) string {
		switch j.State {
		case jobAnalysing:
			if j.Progress > 0 {
				return fmt.Sprintf("for %s, about %.0f%%", now.Sub(j.Started).Round(time.Second), 100*j.Progress)
			}
			return "for " + now.Sub(j.Started).Round(time.Second).String()
		case jobQueued:
			return "since " + j.Queued.Local().Format("15:04:05")
		case jobDone, jobFailed:
			return "in " + j.Ended.Sub(j.Started).Round(100*time.Millisecond).String()
		}
		return ""
	},
	"mul100": func(x float64) float64 { return 100 * x },
	"worst":  worstMistakes,
}).Parse(analysisHTML))

// analysisData is what the analysis page shows at Now.
type analysisData struct {
	Analyses
	Now time.Time
}

func (d *Desk) serveAnalysisPage(w http.ResponseWriter, _ *http.Request) {
	now := d.opts.Now()
	d.render(w, analysisPage, analysisData{d.analyst.view(now), now})
}

// analysisStream is what one stream of the analysis page has sent.
type analysisStream struct {
	version   uint64 // the analyst's changes rendered
	rendered  time.Time
	analysing bool // a job was under way then
	html      string
}

func (d *Desk) serveAnalysisEvents(w http.ResponseWriter, r *http.Request) {
	st := &analysisStream{}
	serveStream(w, r, func(buf *bytes.Buffer) <-chan struct{} { return d.analysisBatch(st, buf) })
}

// analysisBatch writes into buf the page's figures, an "analyses" event
// with them in HTML, if they changed: rendered again at each change of the
// analyst's, at each recheck while a match is analysed (its time and
// progress run on) and every streamKeepAlive (the day's figures turn at
// midnight). It returns a channel closed at the analyst's next change.
func (d *Desk) analysisBatch(st *analysisStream, buf *bytes.Buffer) <-chan struct{} {
	changed, version := d.analyst.changes()
	now := d.opts.Now()
	if !st.rendered.IsZero() && version == st.version && !st.analysing && now.Sub(st.rendered) < streamKeepAlive {
		return changed
	}
	v := d.analyst.view(now)
	var html bytes.Buffer
	if err := analysisPage.ExecuteTemplate(&html, "analyses", analysisData{v, now}); err != nil {
		d.log.Error("desk: rendering the analyses", "err", err)
		return changed
	}
	st.version, st.rendered = version, now
	st.analysing = slices.ContainsFunc(v.Jobs, func(j job) bool { return j.State == jobAnalysing })
	if html.String() != st.html {
		st.html = html.String()
		writeEvent(buf, "analyses", struct {
			HTML string `json:"html"`
		}{st.html})
	}
	return changed
}

// worstMistakes are a player's n biggest mistakes: blunders first, then
// checker plays by the equity lost, in the order played otherwise.
func worstMistakes(all []analysis.Mistake, player string, n int) []analysis.Mistake {
	var out []analysis.Mistake
	for _, m := range all {
		if m.Player == player {
			out = append(out, m)
		}
	}
	slices.SortStableFunc(out, func(a, b analysis.Mistake) int {
		if a.Blunder() != b.Blunder() {
			if a.Blunder() {
				return -1
			}
			return 1
		}
		return cmp.Compare(b.Loss, a.Loss)
	})
	return out[:min(n, len(out))]
}
