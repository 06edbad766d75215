package mqtt_test

import (
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
