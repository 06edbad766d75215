package board_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gammond/board"
	"gammond/engine"
	"gammond/engine/welsh"
	"gammond/referee"
	"gammond/sensing"
	"gammond/sensing/sim"
	"gammond/web"
)

// script is a board's source written ahead: frames of a simulated board's
// sensors and presses, on virtual time.
type script struct {
	sim   *sim.Board
	at    time.Time
	items []sensing.Item
	next  int
}

// show places the layout of b (onRoll's colour on roll) on the simulated
// board and reads it for longer than the settle window.
func (s *script) show(b engine.Board, onRoll engine.Side) {
	s.sim.Place(engine.LayoutOf(&b, onRoll))
	s.scan()
}

// scan reads the simulated board for 600 ms, longer than the settle
// window, a scan's stall and a late checker's landing after DONE: as a
// board's scan runs on between presses, and a hand takes longer to react
// to a flag.
func (s *script) scan() {
	for range 60 {
		s.at = s.at.Add(10 * time.Millisecond)
		frame := make([]uint16, s.sim.Calibration().Board.Sensors())
		s.sim.Frame(frame)
		s.items = append(s.items, sensing.Item{At: s.at, Kind: sensing.FrameItem, Frame: frame})
	}
}

func (s *script) press(kind sensing.EventKind, side engine.Side, d engine.Dice) {
	s.at = s.at.Add(10 * time.Millisecond)
	s.items = append(s.items, sensing.Item{At: s.at, Kind: sensing.EventItem, Event: sensing.Event{Kind: kind, Side: side, Dice: d}})
	s.scan()
}

// Next implements sensing.Source.
func (s *script) Next() (sensing.Item, error) {
	if s.next == len(s.items) {
		return sensing.Item{}, io.EOF
	}
	s.next++
	return s.items[s.next-1], nil
}

// played returns the board after side's moves from b, side still on roll.
func played(t *testing.T, b engine.Board, moves ...engine.Move) engine.Board {
	t.Helper()
	after, err := welsh.Apply(b, moves)
	if err != nil {
		t.Fatal(err)
	}
	return after
}

func mv(from, to int) engine.Move { return engine.Move{From: int8(from), To: int8(to)} }

// TestWelshMatchOnTheBoard: with rules = "welsh" the board referees Welsh
// backgammon from its sensors and buttons: the opening 6-4 across the
// stream, an illegal play flagged at DONE and put right, a double with no
// take, a wash by snakes ending game 1; the Welsh record is written at the
// game's end (NAME.welsh, as the .mat is), checks clean; the board's own
// trace says the rules and replays to the same match; and a restart
// replays the journal to the same match.
func TestWelshMatchOnTheBoard(t *testing.T) {
	simulated := sim.NewBoard(14)
	started := time.Date(2026, 11, 23, 20, 0, 0, 0, time.UTC)
	o := board.Options{
		StateDir: t.TempDir(),
		Match: board.Match{Board: "welsh", Started: started, Length: 25, White: "Ann", Black: "Bob",
			Rules: engine.RulesWelsh, Clock: engine.ClockNone},
		Calibration: simulated.Calibration(),
		TraceLimit:  1 << 20,
		Logger:      slog.New(slog.DiscardHandler),
	}
	s := &script{sim: simulated, at: started}
	start := engine.StartingBoard
	s.show(start, engine.White)
	s.press(sensing.Roll, engine.White, engine.Dice{6, 4})
	b := played(t, start, mv(13, 12), mv(12, 8))
	s.show(b, engine.White)
	s.press(sensing.Done, engine.White, engine.Dice{})
	b = b.Swap()
	s.press(sensing.Cube, engine.Black, engine.Dice{}) // a double: no take or pass
	s.press(sensing.Roll, engine.Black, engine.Dice{1, 5})
	wrong := played(t, b, mv(8, 2), mv(6, 5))
	s.show(wrong, engine.Black)
	s.press(sensing.Done, engine.Black, engine.Dice{})
	b = played(t, b, mv(8, 3), mv(6, 5))
	s.show(b, engine.Black)
	s.press(sensing.Done, engine.Black, engine.Dice{})
	b = b.Swap()
	s.press(sensing.Roll, engine.White, engine.Dice{1, 1})
	b = played(t, b, mv(6, 5), mv(6, 5), mv(8, 7), mv(8, 7))
	s.show(b, engine.White)
	s.press(sensing.Done, engine.White, engine.Dice{})
	s.press(sensing.Roll, engine.Black, engine.Dice{1, 1}) // snakes: the game is a wash
	s.show(start, engine.White)
	s.press(sensing.Roll, engine.Black, engine.Dice{3, 2}) // game 2

	first, err := board.Open(o)
	if err != nil {
		t.Fatal(err)
	}
	if err := first.Run(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	status := first.Status()
	var kinds []string
	for _, e := range first.Events(0) {
		kinds = append(kinds, e.Kind)
	}
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	if status.Game != 2 || status.Phase != referee.PhaseMoving || status.OnRoll != engine.Black || status.Score != [2]int{1, 1} || status.Welsh == nil {
		t.Fatalf("status game %d %s, %v on roll, score %v, Welsh %v: want Black throwing in game 2 at 1-1", status.Game, status.Phase, status.OnRoll, status.Score, status.Welsh)
	}
	for _, want := range []string{"doubled", "illegal", "corrected", "game-over"} {
		if !strings.Contains(strings.Join(kinds, " "), want) {
			t.Fatalf("events %v: no %s", kinds, want)
		}
	}

	path := filepath.Join(o.StateDir, "welsh-20261123-200000.welsh")
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := welsh.ReadRecord(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if f := welsh.Check(rec); len(f) > 0 {
		t.Fatalf("the board's record has findings %v:\n%s", f, raw)
	}
	for _, want := range []string{"white Ann\nblack Bob\n", "White play 13/12 12/8\nBlack double\nBlack throw 15\nBlack play 8/3 6/5\n",
		"end - wash-by-snakes 1 score 1-1\n"} {
		if !bytes.Contains(raw, []byte(want)) {
			t.Fatalf("record lacks %q:\n%s", want, raw)
		}
	}

	// The board's own trace says the rules, and replays to the same match.
	traces, err := filepath.Glob(filepath.Join(o.StateDir, "*"+board.TraceSuffix))
	if err != nil || len(traces) != 1 {
		t.Fatalf("the board's own traces %v, %v: want one", traces, err)
	}
	own, err := os.Open(traces[0])
	if err != nil {
		t.Fatal(err)
	}
	defer own.Close()
	p, w, h, err := referee.OpenWelshTrace(own, func(referee.Event) {})
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	var replayed bytes.Buffer
	w.Record().WriteTo(&replayed)
	if h.Match.Rules != engine.RulesWelsh || !bytes.HasPrefix(replayed.Bytes(), raw) || !strings.Contains(replayed.String(), "game Black 1\nBlack throw 32\n") {
		t.Fatalf("the board's own trace (rules %q) replays to:\n%s\nwant the record:\n%s", h.Match.Rules, replayed.String(), raw)
	}

	again, err := board.Open(o)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	after := again.Status()
	if after.Seq != status.Seq || after.Position != status.Position || after.Phase != status.Phase || after.Dice != status.Dice || after.Score != status.Score {
		t.Fatalf("after a restart: event %d, %s %s %v %v; want event %d, %s %s %v %v",
			after.Seq, after.Phase, after.Position, after.Dice, after.Score, status.Seq, status.Phase, status.Position, status.Dice, status.Score)
	}
}

// TestWelshOptionsFromThePage: on a simulated Welsh board the Welsh options
// come from the page as web.WelshOption, checked first (odds and evens
// here, then a nominate the rules refuse in the middle of a turn); the
// page's ROLL throws the electronic dice and starts the game; a standard
// match refuses the options.
func TestWelshOptionsFromThePage(t *testing.T) {
	simulated := sim.NewBoard(14)
	o := options(t, simulated, sensing.NewLive(simulated.Calibration().Board.Sensors()), engine.ClockNone)
	o.Match.Rules = engine.RulesWelsh
	b := run(t, o)
	call := web.WelshOption{Side: engine.White, Option: referee.InputOddsEvens, Dice: engine.Dice{3, 4}, Odds: true}
	if err := b.Act(call); err != nil {
		t.Fatal(err)
	}
	if s := b.Status(); s.Welsh == nil || s.Welsh.Chooser == nil || *s.Welsh.Chooser != engine.White {
		t.Fatalf("after White's right call of odds: %+v, want White to choose", s.Welsh)
	}
	if err := b.Act(web.SimButton{Side: engine.Black, Button: web.ButtonRoll}); err != nil {
		t.Fatal(err)
	}
	s := b.Status()
	if s.Phase != referee.PhaseMoving || s.OnRoll != engine.Black || !s.Dice.Valid() || s.Rules != engine.RulesWelsh {
		t.Fatalf("after Black's ROLL: %s, %v on roll, dice %v: want Black's throw of a Welsh game", s.Phase, s.OnRoll, s.Dice)
	}
	nominate := web.WelshOption{Side: engine.White, Option: referee.InputNominate, Dice: engine.Dice{5, 5}}
	if err := b.Act(nominate); !errors.Is(err, web.ErrConflict) || !strings.Contains(err.Error(), "nominat") {
		t.Fatalf("Act = %v, want the nominate refused: Black has thrown", err)
	}
	for _, bad := range []web.WelshOption{
		{Side: engine.Black, Option: referee.InputConcede},
		{Side: engine.Black, Option: referee.InputRoll},
		{Side: engine.Black, Option: referee.InputNominate},
	} {
		if err := b.Act(bad); !errors.Is(err, web.ErrInvalid) {
			t.Errorf("Act(%+v) = %v, want invalid", bad, err)
		}
	}
	standard := simBoard(t, engine.ClockNone)
	if err := standard.Act(nominate); !errors.Is(err, web.ErrConflict) {
		t.Fatalf("a Welsh option on a standard match: %v, want a conflict", err)
	}
}

// TestWelshThenStandardMatch: the director starts a standard match on a
// board set up for a Welsh one, then a Welsh one again: each runs its own
// rules.
func TestWelshThenStandardMatch(t *testing.T) {
	simulated := sim.NewBoard(14)
	o := options(t, simulated, sensing.NewLive(simulated.Calibration().Board.Sensors()), engine.ClockNone)
	o.Match.Rules = engine.RulesWelsh
	b := run(t, o)
	if s := b.Status(); s.Welsh == nil || s.Length != welsh.MatchGames {
		t.Fatalf("a Welsh match's status: length %d, Welsh %v", s.Length, s.Welsh)
	}
	for _, rules := range []engine.RuleSet{engine.RulesUS, engine.RulesWelsh} {
		if err := b.Act(web.StartMatch{White: "A", Black: "B", Length: 3, Rules: rules, Clock: engine.ClockNone}); err != nil {
			t.Fatal(err)
		}
		s := b.Status()
		if (s.Welsh != nil) != (rules == engine.RulesWelsh) || s.Rules != rules {
			t.Fatalf("after starting a %s match: rules %s, Welsh %v", rules, s.Rules, s.Welsh)
		}
		name, record := b.MatchFile(web.RecordMat)
		if isWelsh := rules == engine.RulesWelsh; strings.HasSuffix(name, ".welsh") != isWelsh || bytes.HasPrefix(record, []byte("welsh-match")) != isWelsh {
			t.Fatalf("a %s match's record %s: %.40q", rules, name, record)
		}
	}
	if err := b.Act(web.SimButton{Side: engine.Black, Button: web.ButtonRoll}); err != nil {
		t.Fatal(err)
	}
	if s := b.Status(); s.Phase != referee.PhaseMoving || s.OnRoll != engine.Black || s.Game != 1 {
		t.Fatalf("after Black's first throw of the Welsh match: %s, %v on roll, game %d", s.Phase, s.OnRoll, s.Game)
	}
}
