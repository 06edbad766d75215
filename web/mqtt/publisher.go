package mqtt

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"slices"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/eclipse/paho.golang/autopaho"
	"github.com/eclipse/paho.golang/autopaho/queue"
	"github.com/eclipse/paho.golang/autopaho/queue/file"
	"github.com/eclipse/paho.golang/paho"

	"gammond/referee"
	"gammond/web"
)

// Sink is what the daemon needs of a publisher. Each call returns quickly
// whether or not the broker is reachable.
type Sink interface {
	// State publishes the referee's status, retained.
	State(referee.Status) error
	// Event publishes one referee event.
	Event(referee.Summary) error
	// Match publishes the match's .mat record so far, retained; finished
	// says the match is over.
	Match(players [2]string, mat []byte, finished bool) error
}

// Discard is a Sink that publishes nothing: for a board without a broker.
var Discard Sink = discard{}

type discard struct{}

func (discard) State(referee.Status) error          { return nil }
func (discard) Event(referee.Summary) error         { return nil }
func (discard) Match([2]string, []byte, bool) error { return nil }

var _ Sink = (*Publisher)(nil)

// ErrClosed is returned by a Publisher's methods after Close.
var ErrClosed = errors.New("mqtt: publisher closed")

// Opts configures a Publisher. Broker, Board and QueueDir are required; a
// zero duration takes DefaultOpts' value.
type Opts struct {
	// Broker is the broker's URL (see ParseBroker), e.g. mqtt://td.local:1883.
	Broker string
	// Board is the board's ID, the second level of its topics (CheckBoardID).
	Board string
	// Page is the URL of the board's own live page, for the desk to link.
	Page string
	// Players are the players' names by engine.Side until SetPlayers.
	Players [2]string
	// QueueDir holds the events waiting for the broker, one file each. It is
	// the publisher's alone: events left there by an earlier run go out first.
	QueueDir string
	// ClientID names the connection at the broker; "" is "gammond-" and the
	// board ID. Two clients with one ID take the session from each other:
	// each connection dropped so is logged and told to OnDropped, and slows
	// the reconnection (see SessionGuard).
	ClientID string
	// Security signs in to the broker and checks it; the zero value is an
	// anonymous client.
	Security Security
	// OnDropped, if not nil, is told when the broker drops a connection as
	// soon as it is made, as when another client with the same client ID
	// takes the session over.
	OnDropped func(Dropped)
	// KeepAlive is the longest silence before a ping: 1s to 18h.
	KeepAlive time.Duration
	// RetryDelay is the wait between connection attempts, and before a
	// retained message the broker did not acknowledge is sent again.
	RetryDelay time.Duration
	// Timeout bounds a connection attempt and the wait for the broker's
	// acknowledgement of a retained message.
	Timeout time.Duration
	// Heartbeat is how often the latest state is published again when
	// nothing happens: the desk shows a board silent for two heartbeats
	// as offline.
	Heartbeat time.Duration
	// Logger gets connection changes and failures; nil is slog.Default().
	Logger *slog.Logger
	// Now stamps the payloads' Updated; nil is time.Now.
	Now func() time.Time
	// OnAnalysis, if not nil, is given the desk's analyses of the board's
	// matches (KindAnalysis), on the connection's goroutine.
	OnAnalysis func(Analysis)
}

// DefaultOpts holds the defaults of Opts' durations.
var DefaultOpts = Opts{
	// A dead link is noticed within 1.5 keepalives; 30s costs a ping a minute
	// at worst on an idle board.
	KeepAlive: 30 * time.Second,
	// The desk sees a board back within seconds of the network, and a
	// board's attempts cost the broker nothing.
	RetryDelay: 5 * time.Second,
	// autopaho's own default; a LAN broker answers in milliseconds.
	Timeout: 10 * time.Second,
	// A board off is shown within a minute; 1,000 boards cost the desk
	// 33 states a second.
	Heartbeat: 30 * time.Second,
}

// sessionExpiry is how long the broker keeps the board's session after the
// connection drops, so that the QoS 1 messages in flight then are sent again
// on reconnection: an hour covers a network outage between games.
const sessionExpiry = 3600

// Publisher publishes a board's state, events and match record to a broker.
// Its methods are safe for concurrent use and never wait for the network:
// State and Match keep the payload in memory for a goroutine to send, Event
// writes a small file into the queue (no fsync), sent from there one at a
// time.
type Publisher struct {
	opts     Opts
	broker   string // the broker's URL, its password hidden
	events   string // the event topic
	url      *url.URL
	queue    *file.Queue
	stop     context.CancelFunc // ends the publisher's life, and every connection's
	wake     chan struct{}      // a retained message is pending, or the connection came up
	closing  chan struct{}
	sent     chan struct{} // closed when the sender has returned
	log      *slog.Logger
	conn     connLog
	up       atomic.Bool // the connection is up: worth sending on
	signIn   SignIn
	guard    *SessionGuard
	instance string // see State.Instance

	mu      sync.Mutex
	cm      *autopaho.ConnectionManager
	cmStop  context.CancelFunc // ends cm alone
	closed  bool
	players [2]string
	session *web.Session
	clocks  *web.Clocks
	version uint64
	pending map[string]pending // by topic: the newest retained payload not yet acknowledged
	// finished are the finished matches' records not yet acknowledged,
	// oldest first. Each goes out before a later record replaces it at
	// the broker: a desk away gets every one from its session's queue.
	finished []pending
	// state and match are the latest published, sent again at each
	// heartbeat (state) and each connection (both): a broker restarted
	// without its store shows the board at once.
	state *State
	match []byte
}

type pending struct {
	payload []byte
	version uint64
}

// retainedOrder is the order of the retained topics' kinds when both wait:
// the record before the state that says the match is over.
var retainedOrder = [...]string{KindMatch, KindState}

// New starts a publisher: it connects in the background, and again each
// time the connection drops, until Close.
func New(opts *Opts) (*Publisher, error) {
	o, u, err := opts.check()
	if err != nil {
		return nil, err
	}
	si, err := o.Security.SignIn(u)
	if err != nil {
		return nil, fmt.Errorf("mqtt: board %s: %w", o.Board, err)
	}
	q, err := file.New(o.QueueDir, "event-", ".json")
	if err != nil {
		return nil, fmt.Errorf("mqtt: board %s: queue %s: %w", o.Board, o.QueueDir, err)
	}
	p := &Publisher{
		opts:     o,
		events:   Topic(o.Board, KindEvent),
		queue:    q,
		wake:     make(chan struct{}, 1),
		closing:  make(chan struct{}),
		sent:     make(chan struct{}),
		broker:   u.Redacted(),
		url:      u,
		log:      o.Logger.With("board", o.Board, "broker", u.Redacted()),
		players:  o.Players,
		pending:  map[string]pending{},
		signIn:   si,
		instance: rand.Text()[:8],
	}
	p.conn.log = p.log
	p.guard = NewSessionGuard(o.ClientID, p.log, o.OnDropped)
	ctx, stop := context.WithCancel(context.Background())
	p.stop = stop
	if err := p.connect(ctx); err != nil {
		stop()
		return nil, err
	}
	go p.send(ctx)
	go p.beat(ctx)
	return p, nil
}

// beat publishes the latest state again every heartbeat until ctx ends.
func (p *Publisher) beat(ctx context.Context) {
	t := time.NewTicker(p.opts.Heartbeat)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			p.resend(false)
		}
	}
}

// resend publishes the latest state again, stamped Sent now, and with
// match the latest record too. It holds mu from reading them to making
// them pending, so that a State or Match meanwhile comes after them: a
// copy taken before it never replaces the newer payload.
func (p *Publisher) resend(match bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	if match && p.match != nil {
		p.hold(KindMatch, p.match)
	}
	if p.state == nil {
		return
	}
	s := *p.state
	s.Sent = p.opts.Now()
	b, err := json.Marshal(s)
	if err != nil {
		p.log.Error("mqtt: state", "err", err)
		return
	}
	p.hold(KindState, b)
}

// connect starts a connection manager, replacing the one before: a fresh
// client, with a fresh session.
func (p *Publisher) connect(ctx context.Context) error {
	cctx, stop := context.WithCancel(ctx)
	cm, err := autopaho.NewConnection(cctx, p.clientConfig(p.url))
	if err != nil {
		stop()
		return fmt.Errorf("mqtt: board %s: %w", p.opts.Board, err)
	}
	p.mu.Lock()
	old := p.cmStop
	p.cm, p.cmStop = cm, stop
	p.mu.Unlock()
	if old != nil {
		old()
	}
	return nil
}

// manager returns the connection manager in use.
func (p *Publisher) manager() *autopaho.ConnectionManager {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.cm
}

// check returns the options with their defaults, and the broker's URL.
func (opts *Opts) check() (Opts, *url.URL, error) {
	o := *opts
	u, err := ParseBroker(o.Broker)
	if err != nil {
		return o, nil, fmt.Errorf("mqtt: %w", err)
	}
	if err := CheckBoardID(o.Board); err != nil {
		return o, nil, fmt.Errorf("mqtt: %w", err)
	}
	if o.QueueDir == "" {
		return o, nil, fmt.Errorf("mqtt: board %s: no queue directory", o.Board)
	}
	if o.ClientID == "" {
		o.ClientID = "gammond-" + o.Board
	}
	for _, d := range []struct{ v, def *time.Duration }{
		{&o.KeepAlive, &DefaultOpts.KeepAlive}, {&o.RetryDelay, &DefaultOpts.RetryDelay}, {&o.Timeout, &DefaultOpts.Timeout},
		{&o.Heartbeat, &DefaultOpts.Heartbeat},
	} {
		if *d.v == 0 {
			*d.v = *d.def
		}
	}
	if o.KeepAlive < time.Second || o.KeepAlive > 65535*time.Second {
		return o, nil, fmt.Errorf("mqtt: board %s: keepalive %v: want 1s to 18h", o.Board, o.KeepAlive)
	}
	if o.RetryDelay < 0 || o.Timeout < 0 || o.Heartbeat < 0 {
		return o, nil, fmt.Errorf("mqtt: board %s: negative retry delay, timeout or heartbeat", o.Board)
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return o, u, nil
}

func (p *Publisher) clientConfig(u *url.URL) autopaho.ClientConfig {
	cfg := autopaho.ClientConfig{
		ServerUrls: []*url.URL{u},
		KeepAlive:  uint16(p.opts.KeepAlive / time.Second),
		// The session lives in this process's memory: a new process has
		// none to resume; its events wait in the queue instead.
		CleanStartOnInitialConnection: true,
		SessionExpiryInterval:         sessionExpiry,
		ReconnectBackoff:              autopaho.NewConstantBackoff(p.opts.RetryDelay),
		ConnectTimeout:                p.opts.Timeout,
		OnConnectionUp: func(cm *autopaho.ConnectionManager, _ *paho.Connack) {
			p.conn.up()
			p.up.Store(true)
			p.resend(true) // the broker may have restarted without them
			p.poke()
			p.subscribeAnalysis(cm)
		},
		OnConnectionDown: func() bool {
			p.up.Store(false)
			p.conn.down()
			return true
		},
		OnConnectError: p.conn.failed,
		ClientConfig:   paho.ClientConfig{ClientID: p.opts.ClientID, OnPublishReceived: p.receivers()},
	}
	p.signIn.Apply(&cfg)
	p.guard.Install(&cfg)
	return cfg
}

// String describes the publisher for logs.
func (p *Publisher) String() string {
	return fmt.Sprintf("mqtt.Publisher{board: %s, broker: %s, queue: %s}", p.opts.Board, p.broker, p.opts.QueueDir)
}

// SetPlayers sets the players' names that the next states carry.
func (p *Publisher) SetPlayers(players [2]string) {
	p.mu.Lock()
	p.players = players
	p.mu.Unlock()
}

// SetSession sets the money session or chouette that the next states
// carry; nil in a match. The publisher keeps s: the caller must not
// change it.
func (p *Publisher) SetSession(s *web.Session) {
	p.mu.Lock()
	p.session = s
	p.mu.Unlock()
}

// SetClocks sets the match clock, as of now, that the next states carry;
// nil for a match without one.
func (p *Publisher) SetClocks(c *web.Clocks) {
	p.mu.Lock()
	p.clocks = c
	p.mu.Unlock()
}

// State publishes s on gammond/<board>/state, retained. Only the newest
// state waits for the broker.
func (p *Publisher) State(s referee.Status) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return ErrClosed
	}
	now := p.opts.Now()
	st := &State{Board: p.opts.Board, Instance: p.instance, Players: p.players, Page: p.opts.Page,
		Updated: now, Sent: now, Clocks: p.clocks, Heartbeat: int(p.opts.Heartbeat / time.Second), Session: p.session, Status: s}
	b, err := json.Marshal(st)
	if err != nil {
		return fmt.Errorf("mqtt: board %s: state: %w", p.opts.Board, err)
	}
	p.state = st
	p.hold(KindState, b)
	return nil
}

// Event publishes s on gammond/<board>/event. It waits on disk, in the queue,
// until the broker has it.
func (p *Publisher) Event(s referee.Summary) error {
	b, err := json.Marshal(Event{Board: p.opts.Board, Summary: s})
	if err != nil {
		return fmt.Errorf("mqtt: board %s: event %d: %w", p.opts.Board, s.Seq, err)
	}
	if p.isClosed() {
		return ErrClosed
	}
	if err := p.queue.Enqueue(bytes.NewReader(b)); err != nil {
		return fmt.Errorf("mqtt: board %s: queueing event %d: %w", p.opts.Board, s.Seq, err)
	}
	p.poke()
	return nil
}

// Match publishes the match's .mat record on gammond/<board>/match,
// retained. Only the newest record waits for the broker.
func (p *Publisher) Match(players [2]string, mat []byte, finished bool) error {
	if len(mat) == 0 {
		return fmt.Errorf("mqtt: board %s: an empty match record is not published: it would replace the desk's copy", p.opts.Board)
	}
	if !utf8.Valid(mat) {
		return fmt.Errorf("mqtt: board %s: match record is not UTF-8", p.opts.Board)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return ErrClosed
	}
	b, err := json.Marshal(Match{Board: p.opts.Board, Players: players, Finished: finished, Updated: p.opts.Now(), Mat: string(mat)})
	if err != nil {
		return fmt.Errorf("mqtt: board %s: match: %w", p.opts.Board, err)
	}
	p.match = b
	if !finished {
		p.hold(KindMatch, b)
		return nil
	}
	p.version++
	p.finished = append(p.finished, pending{payload: b, version: p.version})
	if len(p.finished) > maxFinishedWaiting {
		p.finished = p.finished[1:]
		p.log.Error("mqtt: more finished matches wait for the broker than the board keeps; the oldest is left to the board's state directory")
	}
	delete(p.pending, Topic(p.opts.Board, KindMatch)) // older than this record
	p.poke()
	return nil
}

// hold makes payload the retained message waiting for the kind's topic,
// and wakes the sender. The caller holds mu, and holds it from choosing
// payload: a payload chosen earlier would replace a newer one.
func (p *Publisher) hold(kind string, payload []byte) {
	p.version++
	p.pending[Topic(p.opts.Board, kind)] = pending{payload: payload, version: p.version}
	p.poke()
}

func (p *Publisher) poke() {
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

func (p *Publisher) isClosed() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.closed
}

// send publishes the pending retained messages whenever there are some and
// the connection is up, until ctx ends or, once closing, none is left.
func (p *Publisher) send(ctx context.Context) {
	defer close(p.sent)
	var retry <-chan time.Time
	for {
		select {
		case <-ctx.Done():
			return
		case <-p.wake:
		case <-retry:
		}
		retry = nil
		if !p.up.Load() {
			continue // OnConnectionUp pokes
		}
		if !p.flush(ctx) || !p.drain(ctx) {
			retry = time.After(p.opts.RetryDelay)
			continue
		}
		select {
		case <-p.closing:
			// Events and retained messages can arrive while others go
			// out: close only with none left.
			if p.idle() {
				return
			}
			p.poke()
		default:
		}
	}
}

// idle reports whether nothing waits to be sent.
func (p *Publisher) idle() bool {
	p.mu.Lock()
	pending := len(p.pending) + len(p.finished)
	p.mu.Unlock()
	select {
	case <-p.queue.WaitForEmpty():
		return pending == 0
	default:
		return false
	}
}

// flush sends the pending retained messages until none is left; it reports
// whether it got there.
func (p *Publisher) flush(ctx context.Context) bool {
	for {
		topic, m, ok := p.nextPending()
		if !ok {
			return true
		}
		if err := p.publish(ctx, &paho.Publish{QoS: 1, Retain: true, Topic: topic, Payload: m.payload}); err != nil {
			p.log.Debug("mqtt: retained message not sent; will retry", "topic", topic, "err", err)
			return false
		}
		p.mu.Lock()
		if p.pending[topic].version == m.version {
			delete(p.pending, topic)
		}
		p.finished = slices.DeleteFunc(p.finished, func(f pending) bool { return f.version == m.version })
		p.mu.Unlock()
	}
}

// drain sends the queued events, oldest first, one at a time: each leaves
// the queue on disk only once the broker has acknowledged it, so a dropped
// connection or a fresh client loses none (autopaho's own queue hands them
// to the client's in-memory session as soon as they are written out). It
// reports whether the queue is empty.
func (p *Publisher) drain(ctx context.Context) bool {
	for {
		entry, err := p.queue.Peek()
		if errors.Is(err, queue.ErrEmpty) {
			return true
		}
		if err != nil {
			p.log.Error("mqtt: event queue", "err", err)
			return false
		}
		payload, err := readEntry(entry)
		if err != nil {
			p.log.Error("mqtt: an unreadable queued event is set aside", "err", err)
			entry.Quarantine()
			continue
		}
		if err := p.publish(ctx, &paho.Publish{QoS: 1, Topic: p.events, Payload: payload}); err != nil {
			entry.Leave()
			p.log.Debug("mqtt: event not sent; will retry", "err", err)
			return false
		}
		if err := entry.Remove(); err != nil && !errors.Is(err, queue.ErrEmpty) {
			p.log.Error("mqtt: event queue", "err", err)
			return false
		}
	}
}

func readEntry(e queue.Entry) ([]byte, error) {
	r, err := e.Reader()
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}

// publish sends one message and waits, Timeout at most, for the broker to
// acknowledge it.
func (p *Publisher) publish(ctx context.Context, pub *paho.Publish) error {
	pctx, cancel := context.WithTimeout(ctx, p.opts.Timeout)
	defer cancel()
	_, err := p.manager().Publish(pctx, pub)
	if err != nil && errors.Is(pctx.Err(), context.DeadlineExceeded) && ctx.Err() == nil {
		p.unwedge(ctx)
	}
	return err
}

// unwedge starts a fresh connection when a publish timed out with the
// connection up: the broker did not acknowledge it, and paho.golang v0.23.0
// can leave a client that was publishing while it reconnected waiting on
// the old connection's send quota for good (a race fixed upstream after
// that release). What was not acknowledged is still on disk or pending,
// and goes out on the fresh client.
func (p *Publisher) unwedge(ctx context.Context) {
	if !p.up.Load() {
		return
	}
	p.log.Warn("mqtt: the broker acknowledges nothing; reconnecting afresh")
	p.up.Store(false)
	if err := p.connect(ctx); err != nil {
		p.log.Error("mqtt: reconnecting", "err", err)
	}
}

// maxFinishedWaiting bounds the finished records kept for the broker: a
// day of matches on one board.
const maxFinishedWaiting = 100

// nextPending returns the retained message to send next: the oldest
// finished record first.
func (p *Publisher) nextPending() (string, pending, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.finished) > 0 {
		return Topic(p.opts.Board, KindMatch), p.finished[0], true
	}
	for _, kind := range retainedOrder {
		topic := Topic(p.opts.Board, kind)
		if m, ok := p.pending[topic]; ok {
			return topic, m, true
		}
	}
	return "", pending{}, false
}

// Close sends what waits (the newest state and match, the queued events)
// until ctx ends, then disconnects. Events it could not send stay in the
// queue directory for the next publisher on it; the error says so.
func (p *Publisher) Close(ctx context.Context) error {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil
	}
	p.closed = true
	p.mu.Unlock()
	close(p.closing)
	p.poke()

	var err error
	select {
	case <-p.sent:
	case <-ctx.Done():
		err = fmt.Errorf("mqtt: board %s: closed with the latest state or match unsent, or events queued in %s: %w", p.opts.Board, p.opts.QueueDir, ctx.Err())
	}
	// Disconnecting sends DISCONNECT: bounded on its own, as ctx may be over.
	dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), p.opts.Timeout)
	defer cancel()
	if derr := p.manager().Disconnect(dctx); derr != nil && err == nil {
		err = fmt.Errorf("mqtt: board %s: disconnecting: %w", p.opts.Board, derr)
	}
	p.stop()
	<-p.sent
	return err
}

// connLog logs the connection's changes: the first failed attempt after a
// success, not every retry while the broker is away.
type connLog struct {
	log *slog.Logger

	mu      sync.Mutex
	failing bool
}

func (c *connLog) up() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.failing = false
	c.log.Info("mqtt: connected")
}

func (c *connLog) down() {
	c.log.Warn("mqtt: connection lost; reconnecting, events queue on disk meanwhile")
}

func (c *connLog) failed(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.failing {
		c.failing = true
		c.log.Warn("mqtt: cannot connect; retrying", "err", err)
	}
}
