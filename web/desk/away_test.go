package desk

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"gammond/referee"
	"gammond/web/mqtt"
	"gammond/web/mqtt/brokerconf"
	"gammond/web/mqtt/mqtttest"
)

// TestNoMatchLostWhileTheDeskIsAway: in a room whose broker runs on the
// configuration gammon td broker-config writes, the desk subscribes and
// stops; 25 boards each finish two matches (the first record replaced at
// the broker by the second) and go; the desk comes back and collects all
// 50 records.
func TestNoMatchLostWhileTheDeskIsAway(t *testing.T) {
	const boards = 25
	room := map[string]string{}
	for i := range boards {
		room[fmt.Sprintf("table-%d", i+1)] = ""
	}
	r, err := brokerconf.Write(filepath.Join(t.TempDir(), "room"), &brokerconf.Opts{Boards: room, Port: mqtttest.FreePort(t)})
	if err != nil {
		t.Fatal(err)
	}
	broker := mqtttest.StartConfigured(t, r.Conf, r.Port)
	dir := t.TempDir()
	opts := Opts{Dir: dir, Boards: room, Security: mqtt.Security{Username: brokerconf.DeskUser, PasswordFile: r.DeskFile}}
	_, stop := startDesk(t, broker, opts)
	stop()

	for id := range room {
		p, err := mqtt.New(&mqtt.Opts{Broker: broker.URL(), Board: id, QueueDir: t.TempDir(), RetryDelay: 100 * time.Millisecond,
			Security: mqtt.Security{Username: id, PasswordFile: r.BoardFiles[id]}, Logger: mqtttest.Logger(t)})
		if err != nil {
			t.Fatal(err)
		}
		players := [2]string{"Ann", "Bob"}
		for match := range 2 {
			if err := p.State(referee.Status{Phase: referee.PhaseRolling, Length: 1, Game: 1}); err != nil {
				t.Fatal(err)
			}
			if err := p.Event(referee.Summary{Seq: uint64(match + 1), Kind: "game-over", Game: 1, Text: "x"}); err != nil {
				t.Fatal(err)
			}
			if err := p.Match(players, fmt.Appendf(nil, " 1 point match\n\n %s, match %d\n", id, match+1), true); err != nil {
				t.Fatal(err)
			}
			if err := p.State(referee.Status{Phase: referee.PhaseMatchOver, Length: 1, Game: 1, Score: [2]int{1, 0}}); err != nil {
				t.Fatal(err)
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		err = p.Close(ctx)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
	}

	d := runDesk(t, broker, opts)
	awaitDesk(t, "every record", func() bool { return len(d.Records("")) == 2*boards })
	if n := len(matFiles(t, dir)); n != 2*boards {
		t.Errorf("%d records on disk, want %d", n, 2*boards)
	}
}
