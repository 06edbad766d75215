package mqtt_test

import (
	"context"
	"encoding/json"
	"net/url"
	"path/filepath"
	"testing"
	"time"

	"github.com/eclipse/paho.golang/autopaho"
	"github.com/eclipse/paho.golang/paho"

	"gammond/referee"
	"gammond/web/mqtt"
	"gammond/web/mqtt/mqtttest"
)

// wait bounds every wait for the broker in these tests.
const wait = 20 * time.Second

// subscriber is a test client that keeps its session at the broker, so that
// messages published while it is away wait for it, as the desk's do.
type subscriber struct {
	msgs       chan *paho.Publish
	backlog    map[string][]*paho.Publish // by topic: received, not yet taken
	seen       map[uint64]bool            // events' seqs
	subscribed chan struct{}              // a value per subscription made
}

func subscribe(t *testing.T, broker, id string, filters ...string) *subscriber {
	t.Helper()
	u, err := url.Parse(broker)
	if err != nil {
		t.Fatal(err)
	}
	s := &subscriber{msgs: make(chan *paho.Publish, 4096), subscribed: make(chan struct{}, 16), backlog: map[string][]*paho.Publish{}, seen: map[uint64]bool{}}
	var subs []paho.SubscribeOptions
	for _, f := range filters {
		subs = append(subs, paho.SubscribeOptions{Topic: f, QoS: 1})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cm, err := autopaho.NewConnection(ctx, autopaho.ClientConfig{
		ServerUrls:            []*url.URL{u},
		KeepAlive:             30,
		SessionExpiryInterval: 3600,
		ReconnectBackoff:      autopaho.NewConstantBackoff(100 * time.Millisecond),
		OnConnectionUp: func(cm *autopaho.ConnectionManager, _ *paho.Connack) {
			go func() {
				if _, err := cm.Subscribe(ctx, &paho.Subscribe{Subscriptions: subs}); err == nil {
					s.subscribed <- struct{}{}
				}
			}()
		},
		ClientConfig: paho.ClientConfig{
			ClientID: id,
			OnPublishReceived: []func(paho.PublishReceived) (bool, error){func(pr paho.PublishReceived) (bool, error) {
				s.msgs <- pr.Packet
				return true, nil
			}},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, stop := context.WithTimeout(context.Background(), wait)
		defer stop()
		cm.Disconnect(ctx)
		cancel()
	})
	select {
	case <-s.subscribed:
	case <-time.After(wait):
		t.Fatalf("%s: not subscribed after %v", id, wait)
	}
	return s
}

// next returns the next message on topic.
func (s *subscriber) next(t *testing.T, topic string) *paho.Publish {
	t.Helper()
	deadline := time.After(wait)
	for {
		if q := s.backlog[topic]; len(q) > 0 {
			s.backlog[topic] = q[1:]
			return q[0]
		}
		select {
		case m := <-s.msgs:
			s.backlog[m.Topic] = append(s.backlog[m.Topic], m)
		case <-deadline:
			t.Fatalf("no message on %s after %v", topic, wait)
		}
	}
}

// nextAfter decodes into v the next message on topic (a state or a
// record) updated after updated. The one updated at updated may come again
// first: QoS 1 is at least once, each subscription gets the retained one,
// and the board republishes its latest state and record. An older one
// fails: the board never republishes what a newer one replaced.
func (s *subscriber) nextAfter(t *testing.T, topic string, updated time.Time, v any) {
	t.Helper()
	for {
		m := s.next(t, topic)
		var stamp struct {
			Updated time.Time `json:"updated"`
		}
		decode(t, m, &stamp)
		switch {
		case stamp.Updated.After(updated):
			decode(t, m, v)
			return
		case stamp.Updated.Before(updated):
			t.Fatalf("%s updated %v, after one updated %v: %s", topic, stamp.Updated, updated, m.Payload)
		}
	}
}

// events collects events until it has seen every seq in want. An event
// seen before may come again (QoS 1 is at least once); any other fails.
func (s *subscriber) events(t *testing.T, board string, want map[uint64]bool) {
	t.Helper()
	got := map[uint64]bool{}
	for len(got) < len(want) {
		var e mqtt.Event
		decode(t, s.next(t, mqtt.Topic(board, mqtt.KindEvent)), &e)
		if e.Board != board || !want[e.Seq] && !s.seen[e.Seq] {
			t.Fatalf("unexpected event %+v", e)
		}
		if want[e.Seq] {
			got[e.Seq] = true
		}
	}
	for seq := range got {
		s.seen[seq] = true
	}
}

func newPublisher(t *testing.T, broker, queue string) *mqtt.Publisher {
	t.Helper()
	p, err := mqtt.New(&mqtt.Opts{
		Broker: broker, Board: "t7", Page: "http://t7.local:8080/", Players: [2]string{"Ann", "Bob"},
		QueueDir: queue, RetryDelay: 100 * time.Millisecond, Timeout: 2 * time.Second, Logger: mqtttest.Logger(t),
	})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func closePublisher(t *testing.T, p *mqtt.Publisher) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	if err := p.Close(ctx); err != nil {
		t.Error(err)
	}
}

func TestPublish(t *testing.T) {
	t.Parallel()
	b := mqtttest.StartBroker(t, false)
	live := subscribe(t, b.URL(), "live", "gammond/+/+")
	p := newPublisher(t, b.URL(), t.TempDir())

	if err := p.Event(referee.Summary{Seq: 1, Kind: "rolled", Text: "White rolls 31"}); err != nil {
		t.Fatal(err)
	}
	if err := p.State(referee.Status{Phase: referee.PhaseMoving, Length: 5, Score: [2]int{1, 2}}); err != nil {
		t.Fatal(err)
	}
	const rec = " 5 point match\n"
	if err := p.Match([2]string{"Ann", "Bob"}, []byte(rec), true); err != nil {
		t.Fatal(err)
	}

	var e mqtt.Event
	decode(t, live.next(t, "gammond/t7/event"), &e)
	if e.Board != "t7" || e.Seq != 1 || e.Text != "White rolls 31" {
		t.Errorf("event = %+v", e)
	}
	var st mqtt.State
	decode(t, live.next(t, "gammond/t7/state"), &st)
	if st.Board != "t7" || st.Players != [2]string{"Ann", "Bob"} || st.Page != "http://t7.local:8080/" ||
		st.Phase != referee.PhaseMoving || st.Score != [2]int{1, 2} || st.Updated.IsZero() {
		t.Errorf("state = %+v", st)
	}
	var m mqtt.Match
	decode(t, live.next(t, "gammond/t7/match"), &m)
	if m.Mat != rec || !m.Finished || m.Players != [2]string{"Ann", "Bob"} {
		t.Errorf("match = %+v", m)
	}
	closePublisher(t, p)

	// A desk that comes later gets the retained state and match.
	late := subscribe(t, b.URL(), "late", "gammond/+/state", "gammond/+/match")
	for _, topic := range []string{"gammond/t7/state", "gammond/t7/match"} {
		if m := late.next(t, topic); !m.Retain {
			t.Errorf("%s: not retained", topic)
		}
	}
}

func decode(t *testing.T, m *paho.Publish, v any) {
	t.Helper()
	if err := json.Unmarshal(m.Payload, v); err != nil {
		t.Fatalf("%s: %v: %s", m.Topic, err, m.Payload)
	}
}

// The broker stops while the board plays on: the events wait on disk and
// arrive once it is back, with the newest state.
func TestPublisherReconnects(t *testing.T) {
	t.Parallel()
	b := mqtttest.StartBroker(t, true)
	desk := subscribe(t, b.URL(), "desk", "gammond/+/event", "gammond/+/state")
	queue := t.TempDir()
	p := newPublisher(t, b.URL(), queue)
	defer closePublisher(t, p)

	publish(t, p, 1, 5, referee.PhaseRolling)
	desk.events(t, "t7", seqs(1, 5))

	b.Stop()
	publish(t, p, 6, 30, referee.PhaseMatchOver)
	if files, _ := filepath.Glob(filepath.Join(queue, "*")); len(files) == 0 {
		t.Error("nothing queued on disk while the broker is away")
	}
	b.Start()
	desk.events(t, "t7", seqs(6, 30))
	for {
		var st mqtt.State
		decode(t, desk.next(t, "gammond/t7/state"), &st)
		if st.Phase == referee.PhaseMatchOver {
			break
		}
	}
}

// Events a publisher could not send before it closed go out from its queue
// directory with the next publisher on it: a board restarted offline.
func TestQueueOutlivesPublisher(t *testing.T) {
	t.Parallel()
	b := mqtttest.StartBroker(t, true)
	desk := subscribe(t, b.URL(), "desk", "gammond/+/event")
	b.Stop()
	queue := t.TempDir()
	p := newPublisher(t, b.URL(), queue)
	publish(t, p, 1, 10, referee.PhaseMoving)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if err := p.Close(ctx); err == nil {
		t.Error("Close with the broker away reported nothing unsent")
	}

	b.Start()
	p = newPublisher(t, b.URL(), queue)
	defer closePublisher(t, p)
	desk.events(t, "t7", seqs(1, 10))
}

// publish publishes events from..to, each followed by a state in phase.
func publish(t *testing.T, p *mqtt.Publisher, from, to uint64, phase string) {
	t.Helper()
	for seq := from; seq <= to; seq++ {
		if err := p.Event(referee.Summary{Seq: seq, Kind: "rolled"}); err != nil {
			t.Fatal(err)
		}
		if err := p.State(referee.Status{Phase: phase, Turn: int(seq)}); err != nil {
			t.Fatal(err)
		}
	}
}

func seqs(from, to uint64) map[uint64]bool {
	m := map[uint64]bool{}
	for s := from; s <= to; s++ {
		m[s] = true
	}
	return m
}
