package web

import (
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
}

func (b *tracingBoard) TraceFile() (string, []byte) { return b.name, b.data }

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
	b.name, b.data = "board1-20260314-100000.trace.jsonl.gz", []byte{0x1f, 0x8b, 8, 0}
	res, body := get(t, h, "/api/trace.jsonl.gz")
	_, params, err := mime.ParseMediaType(res.Header.Get("Content-Disposition"))
	if res.StatusCode != http.StatusOK || err != nil || params["filename"] != b.name || body != string(b.data) ||
		res.Header.Get("Content-Type") != "application/gzip" {
		t.Errorf("GET /api/trace.jsonl.gz: %s, %s, disposition %q, %d bytes", res.Status, res.Header.Get("Content-Type"), res.Header.Get("Content-Disposition"), len(body))
	}
}
