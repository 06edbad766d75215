package web

import (
	"log/slog"
	"net/http"
	"time"
)

// The timeouts of every HTTP server of the project, the board's page and
// the director's desk: a client that trickles its request, or sits on an
// idle connection, is dropped instead of held for good. The event stream
// is exempt from WriteTimeout: it sets a deadline of its own before each
// write (streamWriteTimeout), so a stream lasts as long as its reader
// keeps up.
const (
	// ReadHeaderTimeout bounds the request's header; ReadTimeout the whole
	// request: the largest body, a director's action, is a few hundred bytes.
	ReadHeaderTimeout = 10 * time.Second
	ReadTimeout       = 30 * time.Second
	// WriteTimeout bounds a response but the event stream's: a page, a
	// .mat or a status is written in milliseconds.
	WriteTimeout = 30 * time.Second
	// IdleTimeout closes a kept-alive connection with no request after it.
	IdleTimeout = 2 * time.Minute
)

// NewHTTPServer returns a server for h with the project's timeouts, its
// errors logged to log.
func NewHTTPServer(h http.Handler, log *slog.Logger) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: ReadHeaderTimeout,
		ReadTimeout:       ReadTimeout,
		WriteTimeout:      WriteTimeout,
		IdleTimeout:       IdleTimeout,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
}
