package mqtt_test

import (
	"sync/atomic"
	"testing"
	"time"

	"gammond/engine"
	"gammond/referee"
	"gammond/web"
	"gammond/web/mqtt"
	"gammond/web/mqtt/mqtttest"
)

// TestHeartbeatAndClocks: the state carries the match clock and the
// heartbeat, and goes out again every heartbeat with the same Updated
// and a later Sent, so the desk tells a silent board from an idle one.
func TestHeartbeatAndClocks(t *testing.T) {
	t.Parallel()
	b := mqtttest.StartBroker(t, false)
	live := subscribe(t, b.URL(), "live-heartbeat", "gammond/+/state")
	p, err := mqtt.New(&mqtt.Opts{Broker: b.URL(), Board: "t7", QueueDir: t.TempDir(), RetryDelay: 100 * time.Millisecond,
		Heartbeat: 200 * time.Millisecond, Logger: mqtttest.Logger(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer closePublisher(t, p)
	clocks := &web.Clocks{Remaining: [2]time.Duration{5 * time.Minute, 4*time.Minute + 500*time.Millisecond}, DelayLeft: 12 * time.Second,
		Turn: engine.Black, Running: true}
	p.SetClocks(clocks)
	if err := p.State(referee.Status{Phase: referee.PhaseMoving, Game: 1}); err != nil {
		t.Fatal(err)
	}
	var first, again mqtt.State
	decode(t, live.next(t, "gammond/t7/state"), &first)
	decode(t, live.next(t, "gammond/t7/state"), &again)
	if first.Clocks == nil || *first.Clocks != *clocks {
		t.Errorf("clocks %+v, want %+v", first.Clocks, clocks)
	}
	if !again.Updated.Equal(first.Updated) || !again.Sent.After(first.Sent) || again.Phase != referee.PhaseMoving {
		t.Errorf("heartbeat: updated %v sent %v, after updated %v sent %v", again.Updated, again.Sent, first.Updated, first.Sent)
	}
}

// TestBrokerRestartedWithoutStore: a broker restarted without its store
// (retained messages lost) has the board's latest state and record again
// as soon as the board reconnects, before anything happens on the board.
func TestBrokerRestartedWithoutStore(t *testing.T) {
	t.Parallel()
	b := mqtttest.StartBroker(t, false)
	p := newPublisher(t, b.URL(), t.TempDir())
	defer closePublisher(t, p)
	if err := p.Match([2]string{"Ann", "Bob"}, []byte(" 1 point match\n"), true); err != nil {
		t.Fatal(err)
	}
	if err := p.State(referee.Status{Phase: referee.PhaseMatchOver, Length: 1, Score: [2]int{1, 0}}); err != nil {
		t.Fatal(err)
	}
	subscribe(t, b.URL(), "before-restart", "gammond/+/state").next(t, "gammond/t7/state")
	b.Stop()
	b.Start()
	after := subscribe(t, b.URL(), "after-restart", "gammond/+/state", "gammond/+/match")
	var st mqtt.State
	decode(t, after.next(t, "gammond/t7/state"), &st)
	var m mqtt.Match
	decode(t, after.next(t, "gammond/t7/match"), &m)
	if st.Phase != referee.PhaseMatchOver || !m.Finished || m.Mat != " 1 point match\n" {
		t.Errorf("after the restart: state %+v, match %+v", st.Status, m)
	}
}

// TestFinishedRecordsAllSent: two matches finished while the broker is
// out of reach both reach it, in order, when it comes back: the second
// record does not replace the first before it is sent. The broker keeps
// its sessions across the restart, as the desk's does in the room: a
// subscriber whose session died with the broker would miss whatever the
// board sent before it subscribed again.
func TestFinishedRecordsAllSent(t *testing.T) {
	t.Parallel()
	b := mqtttest.StartBroker(t, true)
	live := subscribe(t, b.URL(), "live-finished", "gammond/+/match")
	p := newPublisher(t, b.URL(), t.TempDir())
	defer closePublisher(t, p)
	b.Stop()
	for _, rec := range []string{" 1 point match A\n", " 1 point match B\n"} {
		if err := p.Match([2]string{"Ann", "Bob"}, []byte(rec), true); err != nil {
			t.Fatal(err)
		}
	}
	b.Start()
	var last time.Time
	for _, want := range []string{" 1 point match A\n", " 1 point match B\n"} {
		var m mqtt.Match
		live.nextAfter(t, "gammond/t7/match", last, &m)
		if m.Mat != want {
			t.Errorf("record %q, want %q", m.Mat, want)
		}
		last = m.Updated
	}
}

// TestHeartbeatNeverRepublishesOlderState: a heartbeat that falls on a
// change of state does not republish the state it replaced after the
// new one: the desk gets the states in the order the board made them.
func TestHeartbeatNeverRepublishesOlderState(t *testing.T) {
	t.Parallel()
	b := mqtttest.StartBroker(t, false)
	live := subscribe(t, b.URL(), "live-order", "gammond/+/state")
	var ticks atomic.Int64
	now := func() time.Time { return time.Unix(1e9, 0).Add(time.Duration(ticks.Add(1)) * time.Millisecond) }
	p, err := mqtt.New(&mqtt.Opts{Broker: b.URL(), Board: "t7", QueueDir: t.TempDir(), RetryDelay: 100 * time.Millisecond,
		Heartbeat: time.Millisecond, Now: now, Logger: mqtttest.Logger(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer closePublisher(t, p)
	const games = 1000
	var last mqtt.State
	for game := 1; game <= games; game++ {
		if err := p.State(referee.Status{Phase: referee.PhaseMoving, Game: game}); err != nil {
			t.Fatal(err)
		}
		for last.Game < game {
			var st mqtt.State
			decode(t, live.next(t, "gammond/t7/state"), &st)
			if st.Game < last.Game || st.Updated.Before(last.Updated) {
				t.Fatalf("game %d's state (updated %v) after game %d's (updated %v)", st.Game, st.Updated, last.Game, last.Updated)
			}
			last = st
		}
	}
}
