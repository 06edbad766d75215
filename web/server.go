package web

import (
	"crypto/sha256"
	"crypto/subtle"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"

	"gammond/engine"
	"gammond/referee"
)

// Options configures a Server. Zero fields take the defaults given.
type Options struct {
	// DirectorToken is the bearer token of the director's actions; empty
	// turns them off (403).
	DirectorToken string
	// Backlog is how many past events a new page is sent; its log shows
	// no more. Default 200.
	Backlog int
	// Heartbeat is how often an event stream with nothing to say sends the
	// status: it keeps the clocks right and idle connections open.
	// Default 15 s.
	Heartbeat time.Duration
	// Retry is how long a browser waits before it reconnects a broken
	// event stream. Default 2 s.
	Retry time.Duration
	// MaxStreams bounds the event streams open at once; more are refused
	// (503) and retried by the browser. Default 32: a board serves a few
	// spectators and a desk, on a small computer.
	MaxStreams int
	// MaxStreamsPerClient bounds the event streams one client (an IPv4
	// address, an IPv6 /64) holds open at once; more are refused (429).
	// Default 4: a spectator's phone or the director's laptop with a few
	// of the board's pages open, so that a few clients cannot take every
	// slot.
	MaxStreamsPerClient int
	// Hosts are the names the page is reached by besides localhost, the
	// machine's host name (and NAME.local) and any IP address: a request
	// naming another host in its Host header is refused (421).
	Hosts []string
	// Logger receives the errors users are not shown. Default
	// slog.Default().
	Logger *slog.Logger
	// Analysis holds the analysis of the last match the page shows
	// (api/analysis); nil shows none.
	Analysis *LatestAnalysis
}

func (o *Options) setDefaults() {
	if o.Backlog <= 0 {
		o.Backlog = 200
	}
	if o.Heartbeat <= 0 {
		o.Heartbeat = 15 * time.Second
	}
	if o.Retry <= 0 {
		o.Retry = 2 * time.Second
	}
	if o.MaxStreams <= 0 {
		o.MaxStreams = 32
	}
	if o.MaxStreamsPerClient <= 0 {
		o.MaxStreamsPerClient = 4
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
}

// Server serves a Board's page and API (see the package doc). It is an
// http.Handler.
type Server struct {
	board    Board
	opts     Options
	token    [sha256.Size]byte // of Options.DirectorToken, compared in constant time
	hasToken bool
	mux      *http.ServeMux
	assets   map[string]asset
	streams  *streamSlots
	hosts    hostNames

	statusMu sync.Mutex
	rev      uint64 // the number of the last status taken

	mu        sync.Mutex
	changed   chan struct{} // closed and replaced when an action changes the status
	done      chan struct{} // closed by Close
	closeOnce sync.Once
}

var _ http.Handler = (*Server)(nil)

// New returns a server for board.
func New(board Board, opts Options) *Server {
	opts.setDefaults()
	s := &Server{
		board:    board,
		opts:     opts,
		token:    sha256.Sum256([]byte(opts.DirectorToken)),
		hasToken: opts.DirectorToken != "",
		mux:      http.NewServeMux(),
		assets:   embeddedAssets(),
		streams:  newStreamSlots(opts.MaxStreams, opts.MaxStreamsPerClient),
		hosts:    newHostNames(opts.Hosts),
		changed:  make(chan struct{}),
		done:     make(chan struct{}),
	}
	s.route("/{$}", s.page, http.MethodGet)
	s.route("/static/{name}", s.static, http.MethodGet)
	s.route("/api/status", s.statusJSON, http.MethodGet)
	s.route("/api/events", s.events, http.MethodGet)
	s.route("/api/match.mat", s.matchFile(RecordMat, "text/plain; charset=utf-8"), http.MethodGet)
	s.route("/api/match.sgf", s.matchFile(RecordSGF, "application/x-go-sgf; charset=utf-8"), http.MethodGet)
	s.route("/api/trace.jsonl.gz", s.traceFile, http.MethodGet)
	s.route("/api/analysis", s.analysisJSON, http.MethodGet)
	s.route("/api/td/{action}", s.director, http.MethodPost)
	s.route("/api/sim/{action}", s.sim, http.MethodPost)
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "not found")
	})
	return s
}

// ServeHTTP implements http.Handler. Every answer is sent with nosniff and
// a policy that runs nothing (the page has a policy of its own): a record,
// a status or an error a browser opens is shown, never run.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Content-Security-Policy", inertPolicy)
	if !s.hosts.allowed(r.Host) {
		refuseHost(w, r.Host)
		return
	}
	s.mux.ServeHTTP(w, r)
}

// Close ends the open event streams and refuses new ones, so that
// http.Server.Shutdown, which waits for every handler, can finish.
func (s *Server) Close() {
	s.closeOnce.Do(func() { close(s.done) })
}

// route registers h for a path and one method (GET takes HEAD too); other
// methods get 405 with the reason.
func (s *Server) route(pattern string, h http.HandlerFunc, method string) {
	allow := method
	if method == http.MethodGet {
		allow = "GET, HEAD"
	}
	s.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		if r.Method != method && (method != http.MethodGet || r.Method != http.MethodHead) {
			w.Header().Set("Allow", allow)
			writeError(w, http.StatusMethodNotAllowed, allow+" only")
			return
		}
		h(w, r)
	})
}

// poke tells the event streams that the status changed without an event.
func (s *Server) poke() {
	s.mu.Lock()
	defer s.mu.Unlock()
	close(s.changed)
	s.changed = make(chan struct{})
}

// changes returns the channel the next poke closes.
func (s *Server) changes() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.changed
}

// revStatus is a status as the server sends it: numbered in the order
// taken, so that a page shows none older than one it has shown. A page
// gets statuses from the event stream and from its actions' answers, and
// these can overtake each other.
type revStatus struct {
	Status
	Rev uint64 `json:"rev"`
	// LEDPlaces says where each of the LEDs is, for the page to draw them.
	LEDPlaces []LEDPlace `json:"led_places"`
	// Director says the director's actions need the token; without, the
	// players start a new match from the page once none is in progress.
	Director bool `json:"director"`
	// Pips is each side's pip count, by engine.Side.
	Pips [2]int `json:"pips"`
	// Situation says what the match waits for (referee.Situation).
	Situation string `json:"situation"`
}

// status returns the board's status, its LEDs derived when the board
// gives none.
func (s *Server) status() revStatus {
	s.statusMu.Lock()
	defer s.statusMu.Unlock()
	st := s.board.Status()
	if st.LEDs == nil {
		st.LEDs = derivedLEDs(&st.Status)
	}
	s.rev++
	return revStatus{Status: st, Rev: s.rev, LEDPlaces: ledPlaces, Director: s.hasToken,
		Pips: [2]int{st.Checkers.Pips(engine.White), st.Checkers.Pips(engine.Black)}, Situation: referee.Situation(&st.Status, st.Players)}
}

func (s *Server) statusJSON(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, s.status())
}

// matchFile sends the match record in format f as an attachment.
func (s *Server) matchFile(f RecordFormat, contentType string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		name, data := s.board.MatchFile(f)
		if data == nil {
			writeError(w, http.StatusNotFound, "no match record yet")
			return
		}
		h := w.Header()
		h.Set("Content-Type", contentType)
		h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": recordFileName(name, f)}))
		h.Set("Cache-Control", "no-store")
		w.Write(data)
	}
}

// traceFile sends the board's own trace of the match (TraceFiler) as an
// attachment: what `gammon replay` settles a disputed play on. It is read
// from the file as it stood when asked for, ranges and all, however long
// the client takes within minDownloadRate.
func (s *Server) traceFile(w http.ResponseWriter, r *http.Request) {
	tf, ok := s.board.(TraceFiler)
	if !ok {
		writeError(w, http.StatusNotFound, "this board keeps no trace of the match")
		return
	}
	name, trace, err := tf.TraceFile()
	if err != nil {
		s.opts.Logger.Error("web: the board's trace", "err", err)
		writeError(w, http.StatusInternalServerError, "the trace could not be read")
		return
	}
	if trace == nil {
		writeError(w, http.StatusNotFound, "this board keeps no trace of the match")
		return
	}
	defer trace.Close()
	size, err := trace.Seek(0, io.SeekEnd)
	if err == nil {
		_, err = trace.Seek(0, io.SeekStart)
	}
	if err != nil {
		s.opts.Logger.Error("web: the board's trace", "err", err)
		writeError(w, http.StatusInternalServerError, "the trace could not be read")
		return
	}
	// WriteTimeout is for small answers; a trace of a long match is megabytes.
	http.NewResponseController(w).SetWriteDeadline(time.Now().Add(WriteTimeout + time.Duration(size/minDownloadRate)*time.Second))
	h := w.Header()
	h.Set("Content-Type", "application/gzip")
	h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": path.Base(name)}))
	h.Set("Cache-Control", "no-store")
	http.ServeContent(w, r, "", time.Time{}, trace)
}

// minDownloadRate is the slowest a download of the trace may go, in bytes
// a second: a client slower than that is dropped.
const minDownloadRate = 16 << 10

// recordFileName keeps a download's name to letters, digits, '.', '_' and
// '-', ending in the format's extension instead of the record's.
func recordFileName(name string, f RecordFormat) string {
	name = strings.Map(func(r rune) rune {
		if r < 128 && (r == '.' || r == '_' || r == '-' || r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z') {
			return r
		}
		return '_'
	}, path.Base(name))
	if ext := path.Ext(name); ext == "."+string(RecordMat) || ext == "."+string(RecordSGF) {
		name = strings.TrimSuffix(name, ext) // the board names the .mat; the SGF is its twin
	}
	name = strings.TrimLeft(name, ".")
	if name == "" {
		name = "match"
	}
	return name + "." + string(f)
}

// The page's security policy: its own script, style and connections only;
// no inline script or style, no plugin, not framed by another site.
const pagePolicy = "default-src 'self'; img-src 'self' data:; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

// inertPolicy is every other answer's: nothing in it runs or loads.
const inertPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox"

func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Security-Policy", pagePolicy)
	w.Header().Set("Referrer-Policy", "no-referrer")
	s.serveAsset(w, r, "index.html")
}

func (s *Server) static(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if name == "index.html" {
		http.Redirect(w, r, "../", http.StatusMovedPermanently)
		return
	}
	s.serveAsset(w, r, name)
}

//go:embed static
var staticFS embed.FS

// asset is an embedded file ready to serve.
type asset struct {
	data        []byte
	etag        string
	contentType string
}

// loadAssets reads the embedded files once, with their ETags, so a
// browser revalidates cheaply.
// embeddedAssets are the page's files, read and hashed once: they are
// compiled in, the same for every Server. Servers only read the map.
var embeddedAssets = sync.OnceValue(loadAssets)

func loadAssets() map[string]asset {
	entries, _ := fs.ReadDir(staticFS, "static")
	assets := make(map[string]asset, len(entries))
	for _, e := range entries {
		data, err := fs.ReadFile(staticFS, "static/"+e.Name())
		if err != nil || e.IsDir() {
			continue
		}
		ct := mime.TypeByExtension(path.Ext(e.Name()))
		if ct == "" {
			ct = "application/octet-stream"
		}
		assets[e.Name()] = asset{data: data, etag: etag(data), contentType: ct}
	}
	return assets
}

// etag names a file's content: the first 8 bytes of its SHA-256.
func etag(data []byte) string {
	sum := sha256.Sum256(data)
	return fmt.Sprintf(`"%x"`, sum[:8])
}

func (s *Server) serveAsset(w http.ResponseWriter, r *http.Request, name string) {
	a, ok := s.assets[name]
	if !ok {
		writeError(w, http.StatusNotFound, "not found")
		return
	}
	h := w.Header()
	h.Set("Content-Type", a.contentType)
	h.Set("ETag", a.etag)
	h.Set("Cache-Control", "no-cache")
	if match := r.Header.Get("If-None-Match"); match != "" && strings.Contains(match, a.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.Write(a.data)
}

// authorized reports whether the request carries the director's token.
// Both sides are hashed first, so the comparison takes as long whatever
// the length of what was sent.
func (s *Server) authorized(r *http.Request) bool {
	scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return false
	}
	sent := sha256.Sum256([]byte(strings.TrimSpace(token)))
	return subtle.ConstantTimeCompare(sent[:], s.token[:]) == 1
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		code, b = http.StatusInternalServerError, []byte(`{"error":"internal error"}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	w.Write(append(b, '\n'))
}

func writeError(w http.ResponseWriter, code int, reason string) {
	writeJSON(w, code, map[string]string{"error": reason})
}

// refuse answers an action's error: the user's mistakes with their
// reason, the sides called by their players' names, anything else with a
// bare 500 and a log line.
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, err error, players [2]string) {
	switch {
	case errors.Is(err, ErrInvalid):
		writeError(w, http.StatusBadRequest, referee.WithNames(players, err.Error()))
	case errors.Is(err, ErrConflict):
		writeError(w, http.StatusConflict, referee.WithNames(players, err.Error()))
	case errors.Is(err, ErrNotSimulated):
		writeError(w, http.StatusNotFound, err.Error())
	default:
		s.opts.Logger.Error("web: action failed", "path", r.URL.Path, "err", err)
		writeError(w, http.StatusInternalServerError, "internal error")
	}
}
