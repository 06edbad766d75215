package board_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gammond/board"
	"gammond/engine"
	"gammond/record/journal"
	"gammond/referee"
	"gammond/sensing"
	"gammond/sensing/sim"
	"gammond/web"
)

func TestOneBoardPerStateDirectory(t *testing.T) {
	simulated := sim.NewBoard(7)
	o := options(t, simulated, sensing.NewLive(simulated.Calibration().Board.Sensors()), engine.ClockNone)
	b, err := board.Open(o)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := board.Open(o); err == nil || !strings.Contains(err.Error(), o.StateDir) {
		t.Fatalf("a second board on %s: %v, want refused naming the directory", o.StateDir, err)
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	again, err := board.Open(o)
	if err != nil {
		t.Fatalf("after Close: %v", err)
	}
	again.Close()
}

// TestLinkedLockRefused: a symbolic link planted in the lock file's place
// stops the board, and what it points to is left as it was.
func TestLinkedLockRefused(t *testing.T) {
	simulated := sim.NewBoard(7)
	o := options(t, simulated, sensing.NewLive(simulated.Calibration().Board.Sensors()), engine.ClockNone)
	if err := os.MkdirAll(o.StateDir, 0o750); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(t.TempDir(), "passwd")
	if err := os.WriteFile(target, []byte("root:x:0:0\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, filepath.Join(o.StateDir, "lock")); err != nil {
		t.Fatal(err)
	}
	b, err := board.Open(o)
	if err == nil {
		b.Close()
	}
	if !errors.Is(err, journal.ErrNotRegular) || !strings.Contains(err.Error(), o.StateDir) {
		t.Errorf("board.Open with a linked lock: %v, want refused naming %s", err, o.StateDir)
	}
	if data, _ := os.ReadFile(target); string(data) != "root:x:0:0\n" {
		t.Errorf("the link's target holds %q", data)
	}
}

func TestDamagedJournalNamesTheRemedy(t *testing.T) {
	simulated := sim.NewBoard(7)
	o := options(t, simulated, sensing.NewLive(simulated.Calibration().Board.Sensors()), engine.ClockNone)
	actThenStop(t, o, web.SimButton{Side: 0, Button: web.ButtonRoll})
	name := filepath.Join(o.StateDir, "journal")
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	data[40] ^= 0xff // inside the first record, which a sound one follows
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = board.Open(o)
	if err == nil || !strings.Contains(err.Error(), "gammon journal salvage "+o.StateDir) {
		t.Fatalf("a damaged journal: %v, want the salvage command named", err)
	}
}

// TestMatchesStartedInOneSecond: two matches started within a second
// keep both journals.
func TestMatchesStartedInOneSecond(t *testing.T) {
	simulated := sim.NewBoard(7)
	o := options(t, simulated, sensing.NewLive(simulated.Calibration().Board.Sensors()), engine.ClockNone)
	actThenStop(t, o,
		web.StartMatch{White: "Ann", Black: "Bob", Length: 3, Rules: engine.RulesUS, Clock: engine.ClockNone},
		web.StartMatch{White: "Cy", Black: "Bob", Length: 3, Rules: engine.RulesUS, Clock: engine.ClockNone})
	kept, _ := filepath.Glob(filepath.Join(o.StateDir, "*.journal"))
	if len(kept) != 2 {
		t.Fatalf("kept journals %v, want two", kept)
	}
}

// actThenStop runs a board on o's simulated board, applies the actions in
// turn and stops it.
func actThenStop(t *testing.T, o board.Options, actions ...web.Action) {
	t.Helper()
	b, err := board.Open(o)
	if err != nil {
		t.Fatal(err)
	}
	src := o.Presses.(*sensing.Live)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.Run(ctx, src) }()
	go scan(ctx, o.Sim.(*sim.Board), src)
	for _, a := range actions {
		if err := b.Act(a); err != nil {
			t.Error(err)
		}
	}
	cancel()
	if err := errors.Join(<-done, b.Close()); err != nil {
		t.Fatal(err)
	}
}

// sinkRecorder is an MQTT sink that keeps the records it is given.
type sinkRecorder struct{ records [][]byte }

func (s *sinkRecorder) State(referee.Status) error  { return nil }
func (s *sinkRecorder) Event(referee.Summary) error { return nil }
func (s *sinkRecorder) Match(_ [2]string, mat []byte, _ bool) error {
	s.records = append(s.records, mat)
	return nil
}

// TestRestartPublishesNoEmptyRecord: a board taken up before its first
// game has ended has no record to publish, and publishes none: an empty
// retained record would replace the desk's copy.
func TestRestartPublishesNoEmptyRecord(t *testing.T) {
	simulated := sim.NewBoard(7)
	o := options(t, simulated, sensing.NewLive(simulated.Calibration().Board.Sensors()), engine.ClockNone)
	b, err := board.Open(o)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	var s sinkRecorder
	b.Register(board.MQTTOutput(&s))
	if len(s.records) != 0 {
		t.Fatalf("published %d records before any game ended: %q", len(s.records), s.records)
	}
}

// TestAlertShownOnThePage: a problem of the board itself (the desk's
// broker dropping it) reaches the page's status.
func TestAlertShownOnThePage(t *testing.T) {
	simulated := sim.NewBoard(7)
	b, err := board.Open(options(t, simulated, sensing.NewLive(simulated.Calibration().Board.Sensors()), engine.ClockNone))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if a := b.Status().Alerts; len(a) != 0 {
		t.Fatalf("alerts %q on a board with no problem", a)
	}
	b.Alert("MQTT: dropped")
	b.Alert("MQTT: dropped again")
	if a := b.Status().Alerts; len(a) != 1 || a[0] != "MQTT: dropped again" {
		t.Fatalf("alerts %q, want the newest", a)
	}
}

// TestRecordHeaderFromTheMatch: the site, event and round of the match
// head its record as GNU Backgammon writes them.
func TestRecordHeaderFromTheMatch(t *testing.T) {
	simulated := sim.NewBoard(7)
	o := options(t, simulated, sensing.NewLive(simulated.Calibration().Board.Sensors()), engine.ClockNone)
	o.Match.Site, o.Match.Event, o.Match.Round = "Copenhagen BG Club", "Monday Night", "Final"
	_, data := run(t, o).MatchFile(web.RecordMat)
	for _, want := range []string{`; [Site "Copenhagen BG Club"]`, `; [Event "Monday Night"]`, `; [Round "Final"]`, `; [Board ID "test"]`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the record's header lacks %s:\n%s", want, data)
		}
	}
}
