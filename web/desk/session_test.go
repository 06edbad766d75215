package desk

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gammond/engine"
	"gammond/referee"
	"gammond/web"
	"gammond/web/mqtt"
	"gammond/web/mqtt/mqtttest"
)

// TestDeskShowsTheChouette: a board's chouette reaches the desk through
// mosquitto in its state, and the desk's page shows the standings: each
// member's post and score, who passed and who is yet to answer.
func TestDeskShowsTheChouette(t *testing.T) {
	broker := mqtttest.StartBroker(t, false)
	d := runDesk(t, broker, Opts{ClientID: "desk-chouette"})

	p, err := mqtt.New(&mqtt.Opts{Broker: broker.URL(), Board: "table-3", Page: "http://table-3.local:8080/",
		QueueDir: t.TempDir(), RetryDelay: 100 * time.Millisecond, Logger: mqtttest.Logger(t)})
	if err != nil {
		t.Fatal(err)
	}
	p.SetPlayers([2]string{"Ann", "Bob"})
	p.SetSession(&web.Session{
		Ledger: []web.LedgerGame{{Game: 1, Winner: engine.White, Points: 1, Kind: "single", Cube: 1, Score: [2]int{1, 0}}},
		Chouette: &web.Chouette{Games: 1, Playing: true, Cube: 2, Pending: []string{"Dan"}, Members: []web.Member{
			{Name: "Ann", Post: "box", Score: 3},
			{Name: "Bob", Post: "captain", Score: -1, InGame: true},
			{Name: "Cy", Post: "partner", Score: -1.5, Passed: true},
			{Name: "Dan", Post: "partner", Score: -0.5, InGame: true, Awaits: true},
			{Name: "Eve", Post: "joining"},
		}},
	})
	if err := p.State(referee.Status{Phase: referee.PhaseDoubled, Game: 2, Turn: 5, Cube: 2}); err != nil {
		t.Fatal(err)
	}
	closeCtx, closed := context.WithTimeout(context.Background(), 20*time.Second)
	defer closed()
	if err := p.Close(closeCtx); err != nil {
		t.Fatal(err)
	}

	b := awaitSession(t, d)
	if c := b.Session.Chouette; c == nil || len(c.Members) != 5 || c.Members[2].Score != -1.5 || len(b.Session.Ledger) != 1 {
		t.Errorf("the desk's session: %+v", b.Session)
	}
	srv := httptest.NewServer(d.Handler())
	defer srv.Close()
	html := mqtttest.Get(t, srv.URL+"/")
	for _, want := range []string{
		"chouette", "1 game played",
		`<div class="standing">Ann, box: 3</div>`,
		`<div class="standing">Bob, captain: -1</div>`,
		`<div class="standing">Cy, partner: -1.5 (passed)</div>`,
		`<div class="standing">Dan, partner: -0.5 (to answer the double)</div>`,
		`<div class="standing">Eve, joining: 0</div>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the desk's page lacks %q", want)
		}
	}
}

// awaitSession polls the desk, as the director's page does, until its
// one board has a session; the broker delivers in its own time.
func awaitSession(t *testing.T, d *Desk) Board {
	t.Helper()
	poll := time.NewTicker(20 * time.Millisecond)
	defer poll.Stop()
	deadline := time.After(20 * time.Second)
	for {
		if bs := d.Boards(); len(bs) == 1 && bs[0].Session != nil {
			return bs[0]
		}
		select {
		case <-poll.C:
		case <-deadline:
			t.Fatalf("no session at the desk: %+v", d.Boards())
		}
	}
}

// TestDeskShowsAMoneySession: a money session without a chouette shows
// its games played; a match shows neither.
func TestDeskShowsAMoneySession(t *testing.T) {
	d := offlineDesk(t, Opts{})
	money := state("t1", 3, referee.PhaseRolling)
	money.Length = 0
	money.Session = &web.Session{Ledger: make([]web.LedgerGame, 2)}
	d.handle("gammond/t1/state", payload(t, money), false)
	d.handle("gammond/t2/state", payload(t, state("t2", 1, referee.PhaseRolling)), false)
	rows := d.Boards()
	if r := newRow(rows[0]); r.Match != "money" || r.Ledger != "2 games played" || r.Standings != nil {
		t.Errorf("money session: match %q, ledger %q, standings %q", r.Match, r.Ledger, r.Standings)
	}
	if r := newRow(rows[1]); r.Ledger != "" || r.Standings != nil {
		t.Errorf("a match: ledger %q, standings %q", r.Ledger, r.Standings)
	}
}
