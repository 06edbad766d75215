package mqtt_test

import (
	"testing"

	"gammond/engine"
	"gammond/referee"
	"gammond/web"
	"gammond/web/mqtt"
	"gammond/web/mqtt/mqtttest"
)

// TestPublishSession: the states carry the money session's ledger and
// the chouette's standings through mosquitto, retained, until the board
// says there is none.
func TestPublishSession(t *testing.T) {
	t.Parallel()
	b := mqtttest.StartBroker(t, false)
	live := subscribe(t, b.URL(), "live-session", "gammond/+/state")
	p := newPublisher(t, b.URL(), t.TempDir())
	defer closePublisher(t, p)

	session := &web.Session{
		Ledger: []web.LedgerGame{{Game: 1, Winner: engine.White, Points: 2, Kind: "single", Cube: 2, Score: [2]int{2, 0}}},
		Chouette: &web.Chouette{Games: 1, Playing: true, Cube: 1, Pending: []string{"Cy"}, Members: []web.Member{
			{Name: "Ann", Post: "box", Score: 4, Throws: []int{6}},
			{Name: "Bob", Post: "captain", Score: -2, Throws: []int{5}, InGame: true},
			{Name: "Cy", Post: "partner", Score: -1.5, Throws: []int{3}, InGame: true},
		}},
	}
	p.SetSession(session)
	if err := p.State(referee.Status{Phase: referee.PhaseDoubled, Game: 2}); err != nil {
		t.Fatal(err)
	}
	var st mqtt.State
	decode(t, live.next(t, "gammond/t7/state"), &st)
	if st.Session == nil || st.Session.Chouette == nil {
		t.Fatalf("state without the session: %+v", st)
	}
	got := st.Session
	if len(got.Ledger) != 1 || got.Ledger[0] != session.Ledger[0] || len(got.Chouette.Members) != 3 ||
		got.Chouette.Members[2].Name != "Cy" || got.Chouette.Members[2].Score != -1.5 || got.Chouette.Pending[0] != "Cy" {
		t.Errorf("session = %+v, chouette %+v, want %+v", got, got.Chouette, session.Chouette)
	}

	late := subscribe(t, b.URL(), "late-session", "gammond/+/state")
	decode(t, late.next(t, "gammond/t7/state"), &st)
	if st.Session == nil || st.Session.Chouette == nil || st.Session.Chouette.Members[0].Name != "Ann" {
		t.Errorf("retained state's session = %+v", st.Session)
	}

	p.SetSession(nil)
	if err := p.State(referee.Status{Phase: referee.PhaseSettingUp, Length: 5}); err != nil {
		t.Fatal(err)
	}
	last := st.Updated
	st = mqtt.State{}
	live.nextAfter(t, "gammond/t7/state", last, &st)
	if st.Session != nil || st.Length != 5 {
		t.Errorf("a match's state carries a session %+v (length %d)", st.Session, st.Length)
	}
}
