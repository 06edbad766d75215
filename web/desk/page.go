package desk

import (
	"bytes"
	"cmp"
	"embed"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"gammond/engine"
	"gammond/referee"
	"gammond/web"
)

// Board is a board as the desk shows it, on its page and at /api/boards.
type Board struct {
	ID      string    `json:"id"`
	Players [2]string `json:"players"` // by engine.Side
	Page    string    `json:"page,omitempty"`
	// PageVerified says Page is on the host the room's list gives for the
	// board: anyone who can publish to the broker can set a board's link.
	PageVerified bool `json:"page_verified"`
	// Trace is where the board's page offers its own trace of the match
	// (web.TraceFiler), for a disputed play; "" without a page.
	Trace   string    `json:"trace,omitempty"`
	Updated time.Time `json:"updated"` // by the board's clock
	Heard   time.Time `json:"heard"`   // the last message, by the desk's clock
	// Offline says the board has been silent for longer than its
	// heartbeat allows.
	Offline bool `json:"offline"`
	// Doing says in words what the board is doing: "Ann to roll".
	Doing string `json:"doing"`
	// Clocks is the match clock as it stands now; nil without one.
	Clocks *web.Clocks `json:"clocks,omitempty"`
	// Status is the board's latest; nil until its first state.
	Status *referee.Status `json:"status"`
	// Session is a money session's ledger and a chouette's standings, as
	// the board's page shows them; nil in a match.
	Session *web.Session `json:"session,omitempty"`
	// Flags are the illegal plays of the current game, oldest first.
	Flags     []Flag   `json:"flags"`
	LastEvent string   `json:"last_event,omitempty"`
	Records   []string `json:"records"` // files collected in the desk's directory, oldest first
	// TwoBoards says that two boards have lately published under this ID:
	// their states and records mix until one is given its own board_id.
	TwoBoards bool `json:"two_boards"`
}

// Flag is an illegal play the referee flagged.
type Flag struct {
	Seq     uint64      `json:"seq"`
	Game    int         `json:"game"`
	Turn    int         `json:"turn"`
	Side    engine.Side `json:"side"`
	Fault   string      `json:"fault"`
	Points  []int       `json:"points"`
	Outcome string      `json:"outcome,omitempty"` // OutcomeCorrected, OutcomeAccepted, or "" while the board waits
}

// What became of an illegal play.
const (
	OutcomeCorrected = "corrected" // the player replaced it with a legal play
	OutcomeAccepted  = "accepted"  // the opponent rolled on it: it stands
)

// Boards returns every board the desk has heard of, in order of their IDs
// (table-9 before table-10).
func (d *Desk) Boards() []Board {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := make([]Board, 0, len(d.boards))
	now := d.opts.Now()
	for id, b := range d.boards {
		out = append(out, d.view(id, b, now))
	}
	slices.SortFunc(out, func(a, b Board) int { return naturalCompare(a.ID, b.ID) })
	return out
}

// view is what the page shows of board id at now. The caller holds d.mu.
func (d *Desk) view(id string, b *board, now time.Time) Board {
	v := b.view(id)
	v.TwoBoards = b.claimedTwice(now)
	v.PageVerified = v.Page != "" && d.pageVerified(id, v.Page)
	v.Offline = b.offline(now)
	v.Doing = doing(v)
	if s := b.state; s != nil && s.Clocks != nil {
		// The clock ran on the board from Updated to Sent, and since the
		// desk heard the message: neither needs the two clocks to agree.
		c := advance(*s.Clocks, max(s.Sent.Sub(s.Updated), 0)+now.Sub(b.heard))
		v.Clocks = &c
	}
	return v
}

// Notes are lines for the page, one for each of the desk's limits that has
// bitten: boards or records the desk could not take.
func (d *Desk) Notes() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := slices.Clone(d.notes)
	if d.strangers > 0 {
		out = append(out, fmt.Sprintf("%d messages from boards not in the room ignored.", d.strangers))
	}
	if n := d.refused.total(); n > 0 {
		out = append(out, fmt.Sprintf("%d messages refused as malformed or past the desk's limits (see its log).", n))
	}
	return out
}

// view copies what the page shows of b. The caller holds d.mu.
func (b *board) view(id string) Board {
	v := Board{ID: id, Heard: b.heard, Flags: []Flag{}, Records: slices.Clone(b.records)}
	if b.last != nil {
		v.LastEvent = b.last.Text
	}
	if v.Records == nil {
		v.Records = []string{}
	}
	game := 0
	if s := b.state; s != nil {
		st := s.Status
		v.Players, v.Page, v.Updated, v.Status, v.Session, game = s.Players, s.Page, s.Updated, &st, s.Session, s.Game
		v.Trace = traceURL(s.Page)
	}
	for i, f := range b.flags {
		if f.Game == game || b.state == nil {
			f.Outcome = b.outcome(i)
			v.Flags = append(v.Flags, f)
		}
	}
	return v
}

// naturalCompare orders strings with their runs of digits by value.
func naturalCompare(a, b string) int {
	for a != "" && b != "" {
		da, db := digits(a), digits(b)
		if da > 0 && db > 0 {
			na, _ := strconv.ParseUint(a[:da], 10, 64)
			nb, _ := strconv.ParseUint(b[:db], 10, 64)
			if c := cmp.Compare(na, nb); c != 0 {
				return c
			}
			a, b = a[da:], b[db:]
			continue
		}
		if c := cmp.Compare(a[0], b[0]); c != 0 {
			return c
		}
		a, b = a[1:], b[1:]
	}
	return cmp.Compare(len(a), len(b))
}

func digits(s string) int {
	n := 0
	for n < len(s) && n < 18 && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// Handler serves the desk: the page at / (its script and style beside
// it), the page's changes as server-sent events at /api/events, the boards
// as JSON at /api/boards, and the records collected under /records/, as
// plain text to save.
func (d *Desk) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", d.servePage)
	mux.HandleFunc("GET /desk.css", serveAsset("desk.css", "text/css; charset=utf-8"))
	mux.HandleFunc("GET /desk.js", serveAsset("desk.js", "text/javascript; charset=utf-8"))
	mux.HandleFunc("GET /api/events", d.serveEvents)
	mux.HandleFunc("GET /api/boards", d.serveBoards)
	mux.HandleFunc("GET /records/{$}", d.serveRecordList)
	mux.HandleFunc("GET /records/{name}", d.serveRecord)
	d.analysisRoutes(mux)
	return secured(mux)
}

//go:embed desk.css desk.js analysis.js
var assets embed.FS

// serveAsset serves one of the page's own files.
func serveAsset(name, contentType string) http.HandlerFunc {
	data, err := assets.ReadFile(name)
	if err != nil {
		panic(err) // embedded: present at build time
	}
	return func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", contentType)
		w.Header().Set("Cache-Control", "no-cache")
		w.Write(data)
	}
}

var recordList = template.Must(template.New("records").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>gammon td — records</title><link rel="stylesheet" href="../desk.css"></head>
<body><h1>Records <span class="muted">— {{len .}} collected; <a href="../">the boards</a></span></h1>
<ul>{{range .}}<li><a href="{{.}}" download>{{.}}</a></li>{{end}}</ul></body></html>
`))

func (d *Desk) serveRecordList(w http.ResponseWriter, r *http.Request) {
	d.render(w, recordList, d.Records(r.URL.Query().Get("board")))
}

// render executes a page's template and serves it under the page policy.
func (d *Desk) render(w http.ResponseWriter, t *template.Template, data any) {
	var buf bytes.Buffer
	if err := t.Execute(&buf, data); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", pagePolicy)
	w.Write(buf.Bytes())
}

func (d *Desk) serveBoards(w http.ResponseWriter, _ *http.Request) {
	out, err := json.Marshal(d.Boards())
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(out)
}

//go:embed page.html
var pageHTML string

var page = template.Must(template.New("desk").Funcs(template.FuncMap{"clockText": clockText}).Parse(pageHTML))

// pageData is what the page shows: the limits that bit, the boards
// offline (at the top) and the others.
type pageData struct {
	Notes           []string
	Offline, Online []row
}

func (d *Desk) servePage(w http.ResponseWriter, _ *http.Request) {
	var data pageData
	for _, b := range d.Boards() {
		if r := newRow(b); b.Offline {
			data.Offline = append(data.Offline, r)
		} else {
			data.Online = append(data.Online, r)
		}
	}
	data.Notes = d.Notes()
	d.render(w, page, data)
}

// row is a board as the page's table shows it.
type row struct {
	Board
	Score, Match, Game, Cube string
	HeardAt                  string
	Clocks                   []clock
	// LatestRecords are the board's latest records, newest first; the
	// rest, MoreRecords of them, are a click away.
	LatestRecords []string
	MoreRecords   int
	Class         string // the row's classes: offline, alert
	OnRoll        int    // the side on roll, -1 between games
	Alert         bool   // the board waits on an illegal play
	FlagLines     []flagLine
	// Ledger says how many games a money session has played; Standings
	// are a chouette's members by rank, one line each.
	Ledger    string
	Standings []string
}

type flagLine struct {
	Text    string
	Settled bool
}

// latestRecords is how many of a board's records its row shows.
const latestRecords = 3

func newRow(b Board) row {
	r := row{Board: b, OnRoll: -1, HeardAt: b.Heard.Local().Format("15:04:05"), Clocks: clocksOf(b.Players, b.Clocks)}
	for i := len(b.Records) - 1; i >= 0 && len(r.LatestRecords) < latestRecords; i-- {
		r.LatestRecords = append(r.LatestRecords, b.Records[i])
	}
	r.MoreRecords = len(b.Records) - len(r.LatestRecords)
	if s := b.Status; s != nil {
		r.Score = fmt.Sprintf("%d–%d", s.Score[0], s.Score[1])
		r.Match = "money"
		if s.Length > 0 {
			r.Match = fmt.Sprintf("%d-point", s.Length)
		}
		if s.Crawford {
			r.Match += ", Crawford"
		}
		if s.Game > 0 {
			r.Game = fmt.Sprintf("game %d, turn %d", s.Game, s.Turn)
		}
		if s.Phase != referee.PhaseSettingUp && s.Phase != referee.PhaseMatchOver && s.Game > 0 {
			r.OnRoll = int(s.OnRoll)
		}
		r.Cube = cubeText(s)
		r.Alert = s.Phase == referee.PhaseFlagged
	}
	r.Alert = r.Alert || b.TwoBoards || b.Offline
	if se := b.Session; se != nil {
		r.Ledger = ledgerText(se)
		if se.Chouette != nil {
			r.Match = "chouette"
			r.Standings = standings(se.Chouette)
		}
	}
	for _, f := range b.Flags {
		l := flagLine{Text: fmt.Sprintf("turn %d: %s, %s, %s", f.Turn, referee.Name(b.Players, f.Side), f.Fault, referee.PointsText(f.Side, f.Points)), Settled: f.Outcome != ""}
		if l.Settled {
			l.Text += " (" + f.Outcome + ")"
		} else {
			r.Alert = true
		}
		r.FlagLines = append(r.FlagLines, l)
	}
	var classes []string
	if b.Offline {
		classes = append(classes, "offline")
	}
	if r.Alert {
		classes = append(classes, "alert")
	}
	r.Class = strings.Join(classes, " ")
	return r
}

func cubeText(s *referee.Status) string {
	switch {
	case s.CubeDead:
		return "dead"
	case s.CubeOwner != nil:
		return fmt.Sprintf("%d, %s", s.Cube, *s.CubeOwner)
	}
	return strconv.Itoa(s.Cube)
}

// ledgerText says how many games a money session has played.
func ledgerText(s *web.Session) string {
	if n := len(s.Ledger); n != 1 {
		return fmt.Sprintf("%d games played", n)
	}
	return "1 game played"
}

// standings are a chouette's members by rank: name, post, score, and
// whether a member passed the box's double or is yet to answer one.
func standings(c *web.Chouette) []string {
	out := make([]string, len(c.Members))
	for i, m := range c.Members {
		out[i] = fmt.Sprintf("%s, %s: %s", m.Name, m.Post, strconv.FormatFloat(m.Score, 'f', -1, 64))
		switch {
		case m.Awaits:
			out[i] += " (to answer the double)"
		case m.Passed:
			out[i] += " (passed)"
		}
	}
	return out
}

// traceURL is where a board whose page is at page offers its trace.
func traceURL(page string) string {
	u, err := url.Parse(page)
	if page == "" || err != nil {
		return ""
	}
	return u.ResolveReference(&url.URL{Path: "api/trace.jsonl.gz"}).String()
}
