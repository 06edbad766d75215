package mqtt

import (
	"log/slog"
	"testing"
	"time"

	"github.com/eclipse/paho.golang/autopaho"
)

// TestSessionGuardWaits: each connection dropped as soon as made doubles
// the wait before reconnecting, from 2 s up to 5 min, jittered by ±50%; a
// connection that lasts ten minutes forgets the drops before it.
func TestSessionGuardWaits(t *testing.T) {
	now := time.Date(2026, 11, 23, 20, 0, 0, 0, time.UTC)
	var told []Dropped
	g := NewSessionGuard("gammond-t7", slog.New(slog.DiscardHandler), func(d Dropped) { told = append(told, d) })
	g.now = func() time.Time { return now }
	jitter := 0.5 // no jitter: the wait itself
	g.jitter = func() float64 { return jitter }
	downs := 0
	cfg := autopaho.ClientConfig{
		ReconnectBackoff: autopaho.NewConstantBackoff(5 * time.Second),
		OnConnectionDown: func() bool { downs++; return true },
	}
	g.Install(&cfg)
	connection := func(lasted time.Duration) {
		cfg.OnConnectionUp(nil, nil)
		now = now.Add(lasted)
		if !cfg.OnConnectionDown() {
			t.Fatal("the guard stopped the reconnection")
		}
	}
	if got := cfg.ReconnectBackoff(0); got != 0 {
		t.Errorf("first connection: wait %v, want 0", got)
	}
	connection(time.Hour)
	if got := cfg.ReconnectBackoff(0); got != 0 || len(told) != 0 {
		t.Errorf("after a lasting connection: wait %v, told %v; want 0 and nothing", got, told)
	}
	if got := cfg.ReconnectBackoff(3); got != 5*time.Second {
		t.Errorf("a retry: wait %v, want the connection's own 5s", got)
	}
	for i, want := range []time.Duration{2 * time.Second, 4 * time.Second, 8 * time.Second, 16 * time.Second, 32 * time.Second,
		64 * time.Second, 128 * time.Second, 256 * time.Second, 5 * time.Minute, 5 * time.Minute} {
		connection(time.Millisecond)
		if got := cfg.ReconnectBackoff(0); got != want {
			t.Errorf("after drop %d: wait %v, want %v", i+1, got, want)
		}
	}
	if len(told) != 10 || told[9].InARow != 10 || told[9].ClientID != "gammond-t7" || told[9].Lasted != time.Millisecond {
		t.Errorf("told %d drops, the last %+v", len(told), told[len(told)-1])
	}
	for _, j := range []float64{0, 0.999} {
		jitter = j
		if got, lo, hi := cfg.ReconnectBackoff(0), 150*time.Second, 450*time.Second; got < lo || got > hi {
			t.Errorf("jitter %v: wait %v, want within %v..%v", j, got, lo, hi)
		}
	}
	jitter = 0.5
	connection(time.Minute) // neither a drop nor long enough to forget
	if got := cfg.ReconnectBackoff(0); got != 5*time.Minute || len(told) != 10 {
		t.Errorf("after a minute's connection: wait %v, %d told; want 5m0s and 10", got, len(told))
	}
	connection(droppedForgotten)
	if got := cfg.ReconnectBackoff(0); got != 0 {
		t.Errorf("after a lasting connection: wait %v, want 0", got)
	}
	if downs != 13 {
		t.Errorf("the connection's own OnConnectionDown called %d times, want 13", downs)
	}
}
