package board_test

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"gammond/board"
	"gammond/engine"
	"gammond/record/journal"
	"gammond/record/mat"
	"gammond/referee"
	"gammond/sensing/sim"
)

// FuzzOpenJournal opens a board on a journal made from a script and one
// raw record: Open must not panic; a journal it opens must open again to
// the same status and events (a restart rebuilds what the journal made),
// and every match record it writes must read as a .mat file.
//
// The script is compact so that the fuzzer's minimizing stays cheap: its
// first byte picks the match (length, clock); then each 3 bytes are one
// input: an op, an argument and the seconds since the last input. An op
// below 16 is a referee input of that kind, made from the argument (side,
// dice, score, long press, pause); a higher op replays one of the first
// inputs of a real trace (settled boards, rolls, presses). The raw record,
// any text, goes after the header, or first when the script is empty.
func FuzzOpenJournal(f *testing.F) {
	f.Add([]byte{2, 16, 0, 1, 16, 1, 1, 16, 2, 1, 16, 3, 1, 16, 4, 1, 16, 5, 1, 16, 6, 1, 16, 7, 1}, "")
	f.Add([]byte{1, 3, 0x13, 2, 16, 1, 1, 5, 1, 3, 6, 0, 1, 7, 1, 1, 10, 0x21, 1, 11, 0, 1, 12, 0, 9, 14, 1, 1, 13, 1, 1, 9, 0, 1}, "")
	f.Add([]byte{0, 3, 0x13, 2}, `{"input":{"kind":"end"}}`)
	f.Add([]byte{}, `{"match":{"board":"t1","started":"2026-01-01T10:00:00Z","length":3,"white":"W","black":"B","rules":"us"}}`)
	f.Add([]byte{1}, `{"match":{"board":"x"}}`)
	f.Add([]byte{1}, `not json`)
	real := realInputs(f, 256)
	calibration := sim.NewBoard(7).Calibration()
	dir := filepath.Join(memDir(f), "state")
	f.Fuzz(func(t *testing.T, script []byte, raw string) {
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		writeJournal(t, dir, journalRecords(t, script, raw, real))
		o := board.Options{StateDir: dir, Calibration: calibration, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
			Match: board.Match{Board: "fuzz", Length: 1, White: "W", Black: "B", Rules: "us"}}
		status, events, ok := openAndClose(t, o)
		if !ok {
			return
		}
		again, eventsAgain, ok := openAndClose(t, o)
		if !ok || !reflect.DeepEqual(again, status) || !reflect.DeepEqual(eventsAgain, events) {
			t.Fatalf("opened again: %v, %+v with %d events; first %+v with %d events", ok, again, len(eventsAgain), status, len(events))
		}
		mats, _ := filepath.Glob(filepath.Join(dir, "*.mat"))
		for _, name := range mats {
			if _, err := mat.ReadFile(name); err != nil {
				t.Fatalf("the match record written does not read: %v", err)
			}
		}
	})
}

// clocks are the match clocks a script's first byte picks from.
var clocks = []engine.ClockName{"", "none", "us", "us-doubles", "danish", "fide"}

// journalRecords returns the journal's records for a script and a raw
// record (see FuzzOpenJournal).
func journalRecords(t *testing.T, script []byte, raw string, real []referee.Input) [][]byte {
	var records [][]byte
	add := func(v any) {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		records = append(records, b)
	}
	if len(script) == 0 {
		return append(records, []byte(raw))
	}
	start := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	add(map[string]board.Match{"match": {Board: "t1", Started: start, Length: int(script[0]%8) - 1,
		White: "W", Black: "B", Rules: "us", Clock: clocks[int(script[0]/8)%len(clocks)]}})
	if raw != "" {
		records = append(records, []byte(raw))
	}
	at := start
	for i := 1; i+2 < len(script); i += 3 {
		op, arg := script[i], script[i+1]
		at = at.Add(time.Duration(script[i+2]) * time.Second)
		in := referee.Input{At: at, Kind: referee.InputKind(op), Side: engine.Side(arg & 1),
			Dice: engine.Dice{int(arg>>1)%6 + 1, int(arg>>4)%6 + 1}, Long: arg&2 != 0, Paused: arg&2 != 0,
			Score: [2]int{int(arg%16) - 1, int(arg / 16)}}
		if op >= 16 {
			in = real[(int(op-16)*256+int(arg))%len(real)]
			in.At = at
		}
		add(map[string]any{"input": in, "outside": op < 16})
	}
	return records
}

// memDir returns a temporary directory in memory where there is one: the
// journal syncs every record, which on a disk would make the fuzzer crawl.
func memDir(f *testing.F) string {
	dir, err := os.MkdirTemp("/dev/shm", "gammond-fuzz-")
	if err != nil {
		return f.TempDir()
	}
	f.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// writeJournal writes a journal in dir holding records.
func writeJournal(t *testing.T, dir string, records [][]byte) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	j, _, err := journal.Open(filepath.Join(dir, "journal"), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range records {
		if _, err := j.Append(r); err != nil && !errors.Is(err, journal.ErrTooLarge) {
			t.Fatal(err)
		}
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
}

// openAndClose opens the board, notes its status and events, and closes
// it; ok is false if it does not open.
func openAndClose(t *testing.T, o board.Options) (status any, events []referee.Summary, ok bool) {
	b, err := board.Open(o)
	if err != nil {
		return nil, nil, false
	}
	status, events = b.Status(), b.Events(0)
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	return status, events, true
}

// realInputs returns the first n inputs of a real trace's replay.
func realInputs(f *testing.F, n int) []referee.Input {
	file, err := os.Open("../testdata/traces/match-004.trace.jsonl")
	if err != nil {
		f.Fatal(err)
	}
	defer file.Close()
	var inputs []referee.Input
	p, _, err := referee.OpenTrace(file, func(referee.Event) {})
	if err != nil {
		f.Fatal(err)
	}
	p.Deliver = func(in referee.Input) {
		if len(inputs) < n {
			inputs = append(inputs, in)
		}
		p.Referee.Apply(in)
	}
	if err := p.Run(); err != nil {
		f.Fatal(err)
	}
	if len(inputs) == 0 {
		f.Fatal("no inputs in the trace")
	}
	return inputs
}
