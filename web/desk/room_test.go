package desk

import (
	"fmt"
	"log/slog"
	"maps"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gammond/referee"
	"gammond/web/mqtt/mqtttest"
)

func TestParseRoom(t *testing.T) {
	room, err := ParseRoom("# the main hall\ntable-1=10.0.0.11, table-2\n\ntable-3 = td-3.local:8080\n")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"table-1": "10.0.0.11", "table-2": "", "table-3": "td-3.local:8080"}
	if !maps.Equal(room, want) {
		t.Errorf("room %v, want %v", room, want)
	}
	for list, wantErr := range map[string]string{
		"":                      "no board",
		"t1\nt+2":               "line 2: board ID",
		"t1=http://x/":          "want a host name",
		"t1=10.0.0.1\nt1=host2": "listed twice",
	} {
		if _, err := ParseRoom(list); err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Errorf("ParseRoom(%q) = %v, want an error with %q", list, err, wantErr)
		}
	}
}

// TestRoomList: a desk told its room shows those boards only, counts the
// messages of others, and marks a page link off its board's host as
// unverified.
func TestRoomList(t *testing.T) {
	d := offlineDesk(t, Opts{Boards: map[string]string{"table-1": "10.0.0.11", "table-2": "", "table-3": "10.0.0.13:8080"}})
	publish := func(id, page string) {
		s := state(id, 1, referee.PhaseRolling)
		s.Page = page
		d.handle("gammond/"+id+"/state", payload(t, s), false)
	}
	publish("table-1", "http://10.0.0.11:8080/")
	publish("table-2", "http://10.0.0.12:8080/")
	publish("table-3", "http://10.0.0.13:9999/")
	for i := range 5 {
		publish(fmt.Sprintf("fake-%d", i), "http://evil.example/")
	}
	got := map[string]bool{}
	for _, b := range d.Boards() {
		got[b.ID] = b.PageVerified
	}
	if want := map[string]bool{"table-1": true, "table-2": false, "table-3": false}; !maps.Equal(got, want) {
		t.Errorf("boards (verified links) %v, want %v", got, want)
	}
	srv := httptest.NewServer(d.Handler())
	defer srv.Close()
	page := mqtttest.Get(t, srv.URL+"/")
	for _, want := range []string{"5 messages from boards not in the room ignored", "link unverified"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}

// TestEmptyStateWhileOnline: an empty retained state clears a board gone
// offline, not one heard within its heartbeat.
func TestEmptyStateWhileOnline(t *testing.T) {
	now := time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)
	d := offlineDesk(t, Opts{Now: func() time.Time { return now }})
	s := state("t1", 1, referee.PhaseRolling)
	s.Heartbeat = 30
	d.handle("gammond/t1/state", payload(t, s), false)
	d.handle("gammond/t1/state", nil, false)
	if len(d.Boards()) != 1 {
		t.Fatal("an empty state wiped a board online")
	}
	now = now.Add(61 * time.Second)
	d.handle("gammond/t1/state", nil, false)
	if len(d.Boards()) != 0 {
		t.Error("an empty state did not clear a board offline")
	}
	if d.kept != 0 {
		t.Errorf("%d bytes still counted for a board cleared", d.kept)
	}
}

// TestLockOut: 3,000 retained fake board states, more than the desk
// follows (500 here), are on the broker when the desk starts; a real
// board that starts afterwards takes the place of one of them and is
// shown.
func TestLockOut(t *testing.T) {
	broker := mqtttest.StartBroker(t, false)
	c := rawPublisher(t, broker, "attacker")
	const fakes = 3000
	for i := range fakes {
		id := fmt.Sprintf("fake-%d", i)
		if err := c.Publish("gammond/"+id+"/state", payload(t, state(id, 1, referee.PhaseRolling)), true); err != nil {
			t.Fatal(err)
		}
	}
	const most = 500
	d := runDesk(t, broker, Opts{ClientID: "desk-lockout", Logger: slog.New(slog.DiscardHandler), MaxBoards: most})
	awaitDesk(t, "the fakes", func() bool { return len(d.Boards()) == most })

	real := rawPublisher(t, broker, "gammond-table-1")
	if err := real.Publish("gammond/table-1/state", payload(t, state("table-1", 1, referee.PhaseMoving)), true); err != nil {
		t.Fatal(err)
	}
	awaitDesk(t, "the real board", func() bool {
		for _, b := range d.Boards() {
			if b.ID == "table-1" {
				return true
			}
		}
		return false
	})
	if n := len(d.Boards()); n != most {
		t.Errorf("%d boards, want %d", n, most)
	}
}
