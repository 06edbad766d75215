package mqtt

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"gammond/referee"
)

func TestParseTopic(t *testing.T) {
	tests := []struct {
		name, topic, board, kind, err string
	}{
		{name: "state", topic: "gammond/table-7/state", board: "table-7", kind: KindState},
		{name: "event", topic: "gammond/t 1/event", board: "t 1", kind: KindEvent},
		{name: "match", topic: "gammond/x/match", board: "x", kind: KindMatch},
		{name: "other root", topic: "other/x/state", err: "want gammond/<board>/<kind>"},
		{name: "too deep", topic: "gammond/x/y/state", err: "want gammond"},
		{name: "too short", topic: "gammond/state", err: "want gammond"},
		{name: "empty board", topic: "gammond//state", err: "empty board ID"},
		{name: "unknown kind", topic: "gammond/x/clock", err: `unknown kind "clock"`},
		{name: "control character", topic: "gammond/a\x00b/state", err: "control character"},
		{name: "long board", topic: "gammond/" + strings.Repeat("b", 65) + "/state", err: "longer than 64"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			board, kind, err := ParseTopic(tt.topic)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("ParseTopic(%q) = %q, %q, %v; want error containing %q", tt.topic, board, kind, err, tt.err)
				}
				return
			}
			if err != nil || board != tt.board || kind != tt.kind {
				t.Fatalf("ParseTopic(%q) = %q, %q, %v; want %q, %q", tt.topic, board, kind, err, tt.board, tt.kind)
			}
			if got := Topic(board, kind); got != tt.topic {
				t.Errorf("Topic(%q, %q) = %q, want %q", board, kind, got, tt.topic)
			}
		})
	}
}

func TestParseBroker(t *testing.T) {
	tests := []struct {
		url string
		ok  bool
	}{
		{"mqtt://127.0.0.1:1883", true},
		{"tcp://td.local", true},
		{"mqtts://td.local:8883", true},
		{"ws://td.local:9001/mqtt", true},
		{"http://td.local", false},
		{"td.local:1883", false},
		{"mqtt://", false},
		{"mqtt://[::1", false},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			_, err := ParseBroker(tt.url)
			if (err == nil) != tt.ok {
				t.Errorf("ParseBroker(%q) = %v, want ok %t", tt.url, err, tt.ok)
			}
		})
	}
}

func TestNewRejectsBadOpts(t *testing.T) {
	good := Opts{Broker: "mqtt://127.0.0.1:1", Board: "b1", QueueDir: t.TempDir(), Logger: slog.New(slog.DiscardHandler)}
	tests := []struct {
		name   string
		change func(*Opts)
		err    string
	}{
		{"no broker", func(o *Opts) { o.Broker = "" }, "broker URL"},
		{"wildcard board", func(o *Opts) { o.Board = "b+" }, "holds one of"},
		{"no queue", func(o *Opts) { o.QueueDir = "" }, "no queue directory"},
		{"keepalive", func(o *Opts) { o.KeepAlive = time.Millisecond }, "keepalive"},
		{"negative retry", func(o *Opts) { o.RetryDelay = -time.Second }, "negative"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := good
			tt.change(&o)
			p, err := New(&o)
			if err == nil {
				p.Close(context.Background())
				t.Fatalf("New accepted %+v", o)
			}
			if !strings.Contains(err.Error(), tt.err) {
				t.Errorf("New: %v, want an error containing %q", err, tt.err)
			}
		})
	}
}

// A publisher whose broker never answers takes every call at once, refuses
// them after Close, and Close says what it left in the queue.
func TestPublisherWithoutBroker(t *testing.T) {
	p, err := New(&Opts{Broker: "mqtt://127.0.0.1:1", Board: "b1", QueueDir: t.TempDir(), RetryDelay: 50 * time.Millisecond, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	for i := range 50 {
		if err := p.Event(referee.Summary{Seq: uint64(i + 1), Kind: "rolled"}); err != nil {
			t.Fatal(err)
		}
		if err := p.State(referee.Status{Phase: referee.PhaseRolling}); err != nil {
			t.Fatal(err)
		}
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("100 calls took %v with the broker away", d)
	}
	if err := p.Match([2]string{"A", "B"}, []byte{0xff}, false); err == nil {
		t.Error("Match accepted a record that is not UTF-8")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if err := p.Close(ctx); err == nil || !strings.Contains(err.Error(), "unsent") {
		t.Errorf("Close = %v, want an error saying what was left unsent", err)
	}
	if err := p.Event(referee.Summary{}); err != ErrClosed {
		t.Errorf("Event after Close = %v, want ErrClosed", err)
	}
	if err := p.State(referee.Status{}); err != ErrClosed {
		t.Errorf("State after Close = %v, want ErrClosed", err)
	}
}

func TestDiscard(t *testing.T) {
	if Discard.State(referee.Status{}) != nil || Discard.Event(referee.Summary{}) != nil || Discard.Match([2]string{}, nil, true) != nil {
		t.Error("Discard returned an error")
	}
}
