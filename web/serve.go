package web

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"time"
)

// ShutdownTimeout is how long Serve waits, once its context is done, for
// the requests under way to finish.
const ShutdownTimeout = 5 * time.Second

// Serve serves board's page and API on addr until ctx is done: it listens
// at once (an address in use is its error) and serves in the background.
// A host name in addr is one the page answers to, as PageURL links to it.
func Serve(ctx context.Context, addr string, board Board, o Options) error {
	if host, _, err := net.SplitHostPort(addr); err == nil && host != "" {
		o.Hosts = append(slices.Clone(o.Hosts), host)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("web: %w", err)
	}
	log := o.Logger
	if log == nil {
		log = slog.Default()
	}
	srv := New(board, o)
	hs := NewHTTPServer(srv, log)
	hs.RegisterOnShutdown(srv.Close)
	log.Info("the board's page", "url", "http://"+ln.Addr().String()+"/")
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), ShutdownTimeout)
		defer cancel()
		hs.Shutdown(shutdown)
	}()
	go func() {
		if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("web", "err", err)
		}
	}()
	return nil
}
