package web

import (
	"bytes"
	"errors"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"testing"
)

// tracingBoard is a fake board that keeps its own trace.
type tracingBoard struct {
	*fakeBoard
	name string
	data []byte
	err  error
	open int // snapshots not closed
}

// snapshot is a trace opened by tracingBoard.
type snapshot struct {
	*bytes.Reader
	open *int
}

func (s snapshot) Close() error { *s.open--; return nil }

func (b *tracingBoard) TraceFile() (string, io.ReadSeekCloser, error) {
	if b.data == nil || b.err != nil {
		return "", nil, b.err
	}
	b.open++
	return b.name, snapshot{bytes.NewReader(b.data), &b.open}, nil
}

func TestTraceFile(t *testing.T) {
	h := newHarness(t, endpoint{})
	res, reason := h.do(http.MethodGet, "/api/trace.jsonl.gz", "", "", "")
	if res.StatusCode != http.StatusNotFound || reason == "" {
		t.Fatalf("from a board that keeps no trace: %s %q, want 404", res.Status, reason)
	}
	b := &tracingBoard{fakeBoard: h.board}
	h.srv = New(b, Options{Logger: slog.New(slog.DiscardHandler)})
	if res, _ := h.do(http.MethodGet, "/api/trace.jsonl.gz", "", "", ""); res.StatusCode != http.StatusNotFound {
		t.Fatalf("before the trace begins: %s, want 404", res.Status)
	}
	b.name, b.data = "board1-20260314-100000.trace.jsonl.gz", []byte{0x1f, 0x8b, 8, 0, 1, 2, 3, 4, 5, 6}
	res, body := get(t, h, "/api/trace.jsonl.gz")
	_, params, err := mime.ParseMediaType(res.Header.Get("Content-Disposition"))
	if res.StatusCode != http.StatusOK || err != nil || params["filename"] != b.name || body != string(b.data) ||
		res.Header.Get("Content-Type") != "application/gzip" || res.Header.Get("Content-Length") != "10" {
		t.Errorf("GET /api/trace.jsonl.gz: %s, %s, disposition %q, %d bytes", res.Status, res.Header.Get("Content-Type"), res.Header.Get("Content-Disposition"), len(body))
	}
	// A download cut short carries on where it stopped.
	if res, body := get(t, h, "/api/trace.jsonl.gz", "Range", "bytes=4-"); res.StatusCode != http.StatusPartialContent || body != string(b.data[4:]) {
		t.Errorf("GET /api/trace.jsonl.gz from byte 4: %s, %q", res.Status, body)
	}
	if b.open != 0 {
		t.Errorf("%d snapshots of the trace left open", b.open)
	}
	b.err = errors.New("disk on fire")
	if res, reason := h.do(http.MethodGet, "/api/trace.jsonl.gz", "", "", ""); res.StatusCode != http.StatusInternalServerError || reason != "the trace could not be read" {
		t.Errorf("a trace that cannot be read: %s %q, want 500 saying so", res.Status, reason)
	}
}
