// Package desk is the tournament director's desk: it follows every board
// over MQTT (the topics of package web/mqtt), writes each finished match's
// .mat record into a directory, and serves a page listing the boards with
// their players, score, phase and illegal plays (and a money session's
// games played, a chouette's standings), linking to each board's own page.
// With GNU Backgammon it analyses every match it collects, and it audits
// each board's dice (analysis.go).
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
}

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

	mu        sync.Mutex
	boards    map[string]*board
	collected map[string]string // record file names by content hash
	signIn    mqtt.SignIn
	analyst   *analyst
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
	collected, err := scanRecords(o.Dir)
	if err != nil {
		return nil, fmt.Errorf("desk: %w", err)
	}
	return &Desk{
		opts: o, broker: u, log: o.Logger.With("broker", u.Redacted()), signIn: si,
		subscribed: make(chan struct{}),
		boards:     map[string]*board{}, collected: collected,
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

// filters are the desk's subscriptions: every board's every topic.
var filters = []string{
	mqtt.Topic("+", mqtt.KindState), mqtt.Topic("+", mqtt.KindEvent), mqtt.Topic("+", mqtt.KindMatch),
}

func (d *Desk) clientConfig(ctx context.Context) autopaho.ClientConfig {
	subs := make([]paho.SubscribeOptions, len(filters))
	for i, f := range filters {
		subs[i] = paho.SubscribeOptions{Topic: f, QoS: 1}
	}
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
		ClientConfig: paho.ClientConfig{
			ClientID: d.opts.ClientID,
			OnPublishReceived: []func(paho.PublishReceived) (bool, error){func(pr paho.PublishReceived) (bool, error) {
				d.handle(pr.Packet.Topic, pr.Packet.Payload)
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

// handle applies one message; a malformed one is logged and ignored.
func (d *Desk) handle(topic string, payload []byte) {
	m, err := decode(topic, payload)
	if err != nil {
		d.log.Warn("desk: message ignored", "topic", topic, "err", err)
		return
	}
	if err := d.apply(m); err != nil {
		d.log.Error("desk: message not applied", "topic", topic, "err", err)
	}
}
