package web

import (
	"bufio"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// serve runs srv on a loopback port until the test ends.
func serve(t *testing.T, srv *http.Server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// TestSlowClientDropped: a client that sends its body a byte at a time,
// says nothing on a new connection, or keeps an idle one open after its
// request, is dropped when the server's read, header or idle timeout runs
// out (shortened here from the project's defaults).
func TestSlowClientDropped(t *testing.T) {
	t.Parallel()
	srv := NewHTTPServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.ReadAll(r.Body) }), slog.New(slog.DiscardHandler))
	if srv.ReadHeaderTimeout != ReadHeaderTimeout || srv.ReadTimeout != ReadTimeout || srv.WriteTimeout != WriteTimeout || srv.IdleTimeout != IdleTimeout {
		t.Fatalf("NewHTTPServer's timeouts %v %v %v %v, want the project's", srv.ReadHeaderTimeout, srv.ReadTimeout, srv.WriteTimeout, srv.IdleTimeout)
	}
	srv.ReadHeaderTimeout, srv.ReadTimeout, srv.IdleTimeout = 200*time.Millisecond, 200*time.Millisecond, 200*time.Millisecond
	addr := serve(t, srv)
	for name, send := range map[string]string{
		"trickled body":  "POST / HTTP/1.1\r\nHost: board\r\nContent-Length: 1000\r\n\r\nx",
		"silent":         "",
		"idle keepalive": "GET / HTTP/1.1\r\nHost: board\r\n\r\n",
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			io.WriteString(c, send)
			c.SetReadDeadline(time.Now().Add(10 * time.Second)) // the test's own bound
			if _, err := io.ReadAll(c); err != nil {
				t.Fatalf("the server kept the connection: %v", err)
			}
		})
	}
}

// TestEventStreamOutlivesWriteTimeout: the event stream sets its own
// deadline before each write, so it stays open past the server's write
// timeout as long as the page reads it.
func TestEventStreamOutlivesWriteTimeout(t *testing.T) {
	t.Parallel()
	web := New(boardWithEvents(1), Options{Heartbeat: 20 * time.Millisecond})
	t.Cleanup(web.Close)
	srv := NewHTTPServer(web, slog.New(slog.DiscardHandler))
	srv.WriteTimeout = 100 * time.Millisecond
	addr := serve(t, srv)
	res, err := http.Get("http://" + addr + "/api/events")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	start := time.Now()
	r := bufio.NewReader(res.Body)
	statuses := 0
	for time.Since(start) < 10*srv.WriteTimeout {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("the stream ended after %v and %d statuses: %v", time.Since(start), statuses, err)
		}
		if strings.HasPrefix(line, "event: status") {
			statuses++
		}
	}
	if statuses < 5 {
		t.Errorf("%d heartbeat statuses in %v", statuses, 10*srv.WriteTimeout)
	}
}
