package mqtt

import (
	"log/slog"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/eclipse/paho.golang/autopaho"
	"github.com/eclipse/paho.golang/packets"
	"github.com/eclipse/paho.golang/paho"
)

// Two clients with one client ID take the session from each other: the
// broker drops the older connection as the newer one signs in (mosquitto
// 2.0 just closes it; MQTT v5 brokers may first say "session taken over"),
// and autopaho reconnects at once. Left alone, two boards left at one board
// ID do so thousands of times a minute. A SessionGuard slows a client whose
// connections are dropped moments after they are made: it waits before
// reconnecting, twice as long after each such drop in a row, with jitter so
// that the two clients drift apart.
const (
	// dropWindow: a connection lost sooner than this after it came up
	// counts as dropped.
	dropWindow        = 10 * time.Second
	droppedFirstWait  = 2 * time.Second
	droppedMaxWait    = 5 * time.Minute
	droppedForgotten  = 2 * droppedMaxWait // a connection this long forgets the drops before it
	droppedWaitDouble = 8                  // drops in a row past which the wait is at its cap
)

// SessionGuard watches a client's connections, reports one dropped moments
// after it was made, and slows reconnection. Its methods are safe for
// concurrent use.
type SessionGuard struct {
	clientID  string
	log       *slog.Logger
	now       func() time.Time
	jitter    func() float64 // in [0, 1)
	onDropped func(Dropped)

	mu     sync.Mutex
	streak int // drops in a row
	upAt   time.Time
}

// Dropped reports a connection the broker dropped moments after it was
// made: the mark of another client with the same client ID taking the
// session over (a second board left at the same board ID, or a second
// desk), or of a broker that takes the client and then throws it out.
type Dropped struct {
	ClientID string
	InARow   int           // drops with no lasting connection between them
	Lasted   time.Duration // how long the connection was up
	Wait     time.Duration // the wait before the client connects again, about
}

// NewSessionGuard returns a guard for the client clientID; onDropped, if
// not nil, is told of each drop (for the page) after it is logged.
func NewSessionGuard(clientID string, log *slog.Logger, onDropped func(Dropped)) *SessionGuard {
	return &SessionGuard{clientID: clientID, log: log, now: time.Now, jitter: rand.Float64, onDropped: onDropped}
}

// Install hooks the guard into a connection's config: its reconnect delay
// becomes at least the guard's wait, and the guard hears the connection
// come up and go down. Call it after the config's own callbacks are set;
// it calls them too.
func (g *SessionGuard) Install(cfg *autopaho.ClientConfig) {
	base := cfg.ReconnectBackoff
	if base == nil {
		base = autopaho.NewConstantBackoff(0)
	}
	cfg.ReconnectBackoff = func(attempt int) time.Duration { return max(base(attempt), g.Wait()) }
	up, down, disconnected := cfg.OnConnectionUp, cfg.OnConnectionDown, cfg.OnServerDisconnect
	cfg.OnConnectionUp = func(cm *autopaho.ConnectionManager, ack *paho.Connack) {
		g.connected()
		if up != nil {
			up(cm, ack)
		}
	}
	cfg.OnConnectionDown = func() bool {
		g.lost()
		return down == nil || down()
	}
	cfg.OnServerDisconnect = func(d *paho.Disconnect) {
		if d.ReasonCode == packets.DisconnectSessionTakenOver {
			g.log.Warn("mqtt: the broker says another client with the same client ID took the session over", "client_id", g.clientID)
		}
		if disconnected != nil {
			disconnected(d)
		}
	}
}

func (g *SessionGuard) connected() {
	g.mu.Lock()
	g.upAt = g.now()
	g.mu.Unlock()
}

// lost counts a connection dropped moments after it came up, and logs and
// reports it; a lasting one forgets the drops before it.
func (g *SessionGuard) lost() {
	g.mu.Lock()
	lasted := g.now().Sub(g.upAt)
	switch {
	case g.upAt.IsZero():
		g.mu.Unlock()
		return
	case lasted >= droppedForgotten:
		g.streak = 0
	}
	g.upAt = time.Time{}
	if lasted >= dropWindow {
		g.mu.Unlock()
		return
	}
	g.streak++
	d := Dropped{ClientID: g.clientID, InARow: g.streak, Lasted: lasted, Wait: g.waitLocked(0.5)}
	g.mu.Unlock()
	g.log.Warn("mqtt: the broker dropped the connection as soon as it was made: is a second board (or desk) using this client ID? reconnecting later",
		"client_id", d.ClientID, "in_a_row", d.InARow, "lasted", d.Lasted, "wait", d.Wait.Round(time.Second))
	if g.onDropped != nil {
		g.onDropped(d)
	}
}

// Wait returns how long to wait before connecting again: zero unless the
// last connections were dropped as soon as made, then a jittered wait that
// doubles with each drop in a row, up to five minutes.
func (g *SessionGuard) Wait() time.Duration {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.waitLocked(g.jitter())
}

// waitLocked is the wait for a jitter in [0, 1): from half to one and a
// half times the doubling wait.
func (g *SessionGuard) waitLocked(jitter float64) time.Duration {
	if g.streak == 0 {
		return 0
	}
	wait := droppedMaxWait
	if g.streak <= droppedWaitDouble {
		wait = min(droppedFirstWait<<(g.streak-1), droppedMaxWait)
	}
	return time.Duration(float64(wait) * (0.5 + jitter))
}
