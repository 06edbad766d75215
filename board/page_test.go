package board

import (
	"testing"

	"gammond/referee"
)

// TestPageEventsComeWithTheirStatus checks that the page publishes an
// event only with the status after it: the event stream sends the status
// right after the events, and a status older than an event it has sent
// would stay on the page until the next heartbeat.
func TestPageEventsComeWithTheirStatus(t *testing.T) {
	p := newPage()
	events := make(chan referee.Summary, 4)
	p.subs[events] = struct{}{}
	if err := p.Event(&Event{Summary: referee.Summary{Seq: 1, Kind: "game-started"}}); err != nil {
		t.Fatal(err)
	}
	if len(events) != 0 || p.sent != 0 {
		t.Fatalf("an event was published (%d sent) before the status that reflects it", p.sent)
	}
	if err := p.Show(&Shown{Tick: true}); err != nil {
		t.Fatal(err)
	}
	if len(events) != 0 {
		t.Fatal("a clock's tick published an event: the status was not taken")
	}
	if err := p.Show(&Shown{Status: referee.Status{Phase: referee.PhaseMoving}}); err != nil {
		t.Fatal(err)
	}
	if len(events) != 1 || p.sent != 1 || p.status.Phase != referee.PhaseMoving {
		t.Fatalf("after the status: %d events published, %d sent, phase %q; want the event with the status", len(events), p.sent, p.status.Phase)
	}
}
