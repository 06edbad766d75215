// Package desk is the tournament director's desk: it follows a room's
// boards over MQTT (the topics of package web/mqtt), writes each finished
// match's .mat record into a directory, and serves a live page listing the
// boards with their players, clocks, score, what each is doing and its
// illegal plays (and a money session's games played, a chouette's
// standings), offline boards first, linking to each board's own page. With GNU
// Backgammon it analyses every match it collects, and it audits each
// board's dice (analysis.go).
//
// It trusts no publisher: every message is bounded by its content, all
// boards' by a memory budget, the records by limits on disk; what it
// refuses is counted on the page and logged once a minute per board.
//
// A match is finished when its board says so: the match message's Finished
// flag, set with the record that holds the match's last game. The state's
// phase "match-over" is not enough, as the state and the record travel on
// different topics and the state may come first.
//
//	d, err := desk.New(&desk.Opts{Broker: "mqtt://127.0.0.1:1883", Dir: "matches"})
//	go d.Run(ctx)
//	http.ListenAndServe(":8090", d.Handler()) // gammon td's port, beside a board's :8080
package desk

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/eclipse/paho.golang/autopaho"
	"github.com/eclipse/paho.golang/paho"

	"gammond/web/mqtt"
)

// Opts configures a Desk. Broker and Dir are required.
type Opts struct {
	// Broker is the broker's URL (mqtt.ParseBroker).
	Broker string
	// Dir receives the finished matches' .mat records; it is created if
	// missing.
	Dir string
	// ClientID names the desk's session at the broker, which keeps the
	// events published while the desk is away; "" is "gammon-td-" and the
	// host's name. Two desks on one broker need two IDs: a session taken
	// over by another desk is logged and slows reconnection.
	ClientID string
	// Security signs in to the broker and checks it (mqtt.Security).
	Security mqtt.Security
	// RetryDelay is the wait between connection attempts; 0 is 2s.
	RetryDelay time.Duration
	// Logger gets connection changes and the messages ignored; nil is
	// slog.Default().
	Logger *slog.Logger
	// Analysis has gnubg analyse every match collected (analysis.go).
	Analysis AnalysisOpts
	// Now dates the records collected; nil is time.Now. The desk's clock,
	// not the board's: a Raspberry Pi has no clock of its own to keep time
	// offline.
	Now func() time.Time
	// Boards is the room: the boards the desk follows, each with the host
	// its page is served from ("" for unknown: its link is shown as
	// unverified), from ParseRoom. Messages from other board IDs are
	// counted and ignored. Nil follows any board, MaxBoards at most.
	Boards map[string]string
	// MaxBoards bounds the boards followed without a room list; 0 is
	// DefaultMaxBoards.
	MaxBoards int
	// MemoryBudget bounds the bytes of the messages the desk keeps over
	// all boards; a message that would go over it is refused. 0 is
	// DefaultMemoryBudget.
	MemoryBudget int
	// Records bounds the records collected into Dir; the zero value is
	// DefaultRecordLimits.
	Records RecordLimits
}

// DefaultMemoryBudget is the payload bytes a desk keeps at most: 1,000
// boards' states with a day's money session each. Decoded, they take some
// twice as much.
const DefaultMemoryBudget = 64 << 20

// RecordLimits bound the records on disk, per board and in all; a record
// past one is not collected, and the page says so.
type RecordLimits struct {
	BoardFiles int   // records of one board
	BoardBytes int64 // bytes of one board's records
	TotalBytes int64 // bytes of every record in Dir
}

// DefaultRecordLimits hold a tournament's records many times over: a match
// is some 10 KB, a long one 100 KB, and a board plays a few a day.
var DefaultRecordLimits = RecordLimits{BoardFiles: 500, BoardBytes: 50 << 20, TotalBytes: 2 << 30}

// sessionExpiry is how long the broker keeps the desk's session, and the
// events for it, while the desk is away: a day of a tournament.
const sessionExpiry = 24 * 3600

// Desk follows the boards. Its methods are safe for concurrent use.
type Desk struct {
	opts       Opts
	broker     *url.URL
	log        *slog.Logger
	subscribed chan struct{} // closed at the first subscription
	once       sync.Once

	refused *refusals

	mu        sync.Mutex
	boards    map[string]*board
	kept      int                   // payload bytes kept over all boards (board.cost)
	collected map[string]recordFile // by content hash
	// unfinished are the records of matches in progress on disk, by file
	// name in Dir/unfinished.
	unfinished map[string]unfinishedFile
	notes      []string      // the limits that have bitten, for the page
	strangers  int64         // messages from boards not in the room
	seq        uint64        // counts the changes (board.version)
	changed    chan struct{} // closed at the next change, for the event streams
	signIn     mqtt.SignIn
	analyst    *analyst
}

// New returns a desk that keeps its records in opts.Dir. Run connects it.
func New(opts *Opts) (*Desk, error) {
	o := *opts
	u, err := mqtt.ParseBroker(o.Broker)
	if err != nil {
		return nil, fmt.Errorf("desk: %w", err)
	}
	if o.Dir == "" {
		return nil, errors.New("desk: no directory for the records")
	}
	if err := os.MkdirAll(o.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("desk: %w", err)
	}
	if o.ClientID == "" {
		o.ClientID = defaultClientID()
	}
	si, err := o.Security.SignIn(u)
	if err != nil {
		return nil, fmt.Errorf("desk: %w", err)
	}
	if o.RetryDelay <= 0 {
		o.RetryDelay = 2 * time.Second
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.MaxBoards <= 0 {
		o.MaxBoards = DefaultMaxBoards
	}
	if o.Boards != nil {
		o.MaxBoards = len(o.Boards)
	}
	if o.MemoryBudget <= 0 {
		o.MemoryBudget = DefaultMemoryBudget
	}
	if o.Records == (RecordLimits{}) {
		o.Records = DefaultRecordLimits
	}
	collected, err := scanRecords(o.Dir)
	if err != nil {
		return nil, fmt.Errorf("desk: %w", err)
	}
	unfinished, err := scanUnfinished(o.Dir)
	if err != nil {
		return nil, fmt.Errorf("desk: %w", err)
	}
	log := o.Logger.With("broker", u.Redacted())
	return &Desk{
		opts: o, broker: u, log: log, signIn: si, refused: newRefusals(log, o.Now),
		subscribed: make(chan struct{}),
		boards:     map[string]*board{}, collected: collected, unfinished: unfinished,
		analyst: newAnalyst(o.Analysis, o.Dir, o.Logger, o.Now),
	}, nil
}

// Subscribed is closed once the desk has first subscribed to the boards.
func (d *Desk) Subscribed() <-chan struct{} { return d.subscribed }

// Run follows the boards until ctx ends: it connects, subscribes again at
// every reconnection, and handles each message. It returns nil at the end
// of ctx, or why it could not start.
func (d *Desk) Run(ctx context.Context) error {
	cm, err := autopaho.NewConnection(ctx, d.clientConfig(ctx))
	if err != nil {
		return fmt.Errorf("desk: %w", err)
	}
	analysed := make(chan struct{})
	d.analyst.publish = func(ctx context.Context, a mqtt.Analysis) error { return mqtt.PublishAnalysis(ctx, cm, a) }
	go func() { d.analyst.run(ctx); close(analysed) }()
	defer func() { <-analysed }()
	<-ctx.Done()
	// autopaho disconnects at the end of ctx; its session stays at the broker.
	select {
	case <-cm.Done():
	case <-time.After(5 * time.Second):
	}
	return nil
}

// subscriptions are the desk's: every board's every topic, the records
// first. The broker keeps the QoS 1 ones' messages for the desk's session
// while it is away: every record, and the events that flag illegal
// plays. States go at QoS 0, not kept: the retained one, sent again at
// each subscription, is all the desk needs, and a day of them would fill
// the queue the records need.
var subscriptions = []paho.SubscribeOptions{
	{Topic: mqtt.Topic("+", mqtt.KindMatch), QoS: 1},
	{Topic: mqtt.Topic("+", mqtt.KindEvent), QoS: 1},
	{Topic: mqtt.Topic("+", mqtt.KindState), QoS: 0},
}

func (d *Desk) clientConfig(ctx context.Context) autopaho.ClientConfig {
	subs := subscriptions
	var failing atomic.Bool // log the first failed attempt, not each retry
	cfg := autopaho.ClientConfig{
		ServerUrls:            []*url.URL{d.broker},
		KeepAlive:             30,
		SessionExpiryInterval: sessionExpiry,
		ReconnectBackoff:      autopaho.NewConstantBackoff(d.opts.RetryDelay),
		OnConnectionUp: func(cm *autopaho.ConnectionManager, _ *paho.Connack) {
			failing.Store(false)
			go d.subscribe(ctx, cm, subs) // OnConnectionUp must not block
		},
		OnConnectionDown: func() bool {
			d.log.Warn("desk: connection lost; reconnecting")
			return true
		},
		OnConnectError: func(err error) {
			if !failing.Swap(true) {
				d.log.Warn("desk: cannot connect; retrying", "err", err)
			}
		},
		// The broker drops a packet larger than this rather than send it:
		// the desk never reads more than a record's worth at once.
		ConnectPacketBuilder: func(c *paho.Connect, _ *url.URL) (*paho.Connect, error) {
			if c.Properties == nil {
				c.Properties = &paho.ConnectProperties{}
			}
			c.Properties.MaximumPacketSize = &maxPacketSize
			return c, nil
		},
		ClientConfig: paho.ClientConfig{
			ClientID: d.opts.ClientID,
			OnPublishReceived: []func(paho.PublishReceived) (bool, error){func(pr paho.PublishReceived) (bool, error) {
				d.handle(pr.Packet.Topic, pr.Packet.Payload, pr.Packet.Retain)
				return true, nil
			}},
		},
	}
	d.signIn.Apply(&cfg)
	mqtt.NewSessionGuard(d.opts.ClientID, d.log, nil).Install(&cfg)
	return cfg
}

// defaultClientID names a desk after its host, so that desks on two
// machines do not share a session.
func defaultClientID() string {
	host, err := os.Hostname()
	if err != nil || host == "" {
		return "gammon-td"
	}
	return "gammon-td-" + host
}

func (d *Desk) subscribe(ctx context.Context, cm *autopaho.ConnectionManager, subs []paho.SubscribeOptions) {
	if _, err := cm.Subscribe(ctx, &paho.Subscribe{Subscriptions: subs}); err != nil {
		d.log.Error("desk: cannot subscribe; will retry at the next connection", "err", err)
		return
	}
	d.log.Info("desk: following the boards")
	d.once.Do(func() { close(d.subscribed) })
}

var maxPacketSize uint32 = maxPacket

// handle applies one message, retained or live; a malformed one, or one
// past the desk's limits, is refused, logged once a minute per board. One
// from a board not in the room is counted, logged once a minute for all.
func (d *Desk) handle(topic string, payload []byte, retained bool) {
	if board, _, err := mqtt.ParseTopic(topic); err == nil && !d.inRoom(board) {
		d.mu.Lock()
		d.strangers++
		d.mu.Unlock()
		d.refused.log("", "desk: message from a board not in the room ignored", "topic", topic)
		return
	}
	m, err := decode(topic, payload)
	m.retained = retained
	if err != nil {
		d.refused.refuse(m.board, "desk: message refused", "topic", topic, "err", err)
		return
	}
	if err := d.apply(m); err != nil {
		d.refused.refuse(m.board, "desk: message not applied", "topic", topic, "err", err)
	}
}
