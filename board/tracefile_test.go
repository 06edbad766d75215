package board_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"gammond/board"
	"gammond/engine"
	"gammond/record"
	"gammond/record/mat"
	"gammond/referee"
	"gammond/sensing"
	"gammond/sensing/sim"
	"gammond/web"
)

// pageGame plays turns on a simulated board through its page's actions, as
// a person on the page does: ROLL, a legal play checker by checker, DONE.
type pageGame struct {
	t      *testing.T
	b      *board.Board
	events <-chan referee.Summary
	alive  chan struct{} // a signal after an item the board took in
}

// playOnPage starts the board of o with the outputs (start) and returns
// its page's game; stop stops it and closes the board, and returns what
// went wrong in either.
func playOnPage(t *testing.T, o board.Options, outputs ...board.Output) (g *pageGame, stop func() error) {
	t.Helper()
	alive := make(chan struct{}, 1)
	o.Alive = func() {
		select {
		case alive <- struct{}{}:
		default:
		}
	}
	b, stopBoard := start(t, o, outputs...)
	events, unsubscribe := b.Subscribe()
	return &pageGame{t: t, b: b, events: events, alive: alive}, func() error {
		unsubscribe()
		return stopBoard()
	}
}

// frames waits until the board has taken in n more items: the frames that
// show the checkers moved, as a person's hand is slower than the scan.
func (g *pageGame) frames(n int) {
	g.t.Helper()
	select {
	case <-g.alive: // one taken in before
	default:
	}
	timeout := time.After(10 * time.Second)
	for range n {
		select {
		case <-g.alive:
		case <-timeout:
			g.t.Fatalf("the board took in no item in 10 s")
		}
	}
}

// act applies a page action.
func (g *pageGame) act(a web.Action) {
	g.t.Helper()
	if err := g.b.Act(a); err != nil {
		g.t.Fatalf("%+v: %v", a, err)
	}
}

// await waits for the board's next event of the kind.
func (g *pageGame) await(kind string) {
	g.t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case e, ok := <-g.events:
			if !ok {
				g.t.Fatalf("the event stream closed waiting for %q", kind)
			}
			if e.Kind == kind {
				return
			}
		case <-timeout:
			g.t.Fatalf("no %q event in 10 s", kind)
		}
	}
}

// turn plays the side on roll's first legal play of its roll, then DONE,
// then, unless the match is over, the opponent's ROLL. It reports whether
// the match goes on.
func (g *pageGame) turn() bool {
	g.t.Helper()
	st := g.b.Status()
	before, err := engine.ParsePositionID(st.Position)
	if err != nil {
		g.t.Fatal(err)
	}
	plays := engine.LegalPlays(before, st.Dice)
	if len(plays) > 0 {
		for _, m := range plays[0].Steps() {
			g.act(web.SimMove{Side: st.OnRoll, From: boardPoint(st.OnRoll, int(m.From)), To: boardPoint(st.OnRoll, int(m.To))})
		}
	}
	g.frames(5)
	g.act(web.SimButton{Side: st.OnRoll, Button: web.ButtonDone})
	g.await(referee.PlayMade.String())
	if g.b.Status().Phase == referee.PhaseMatchOver {
		return false
	}
	g.act(web.SimButton{Side: st.OnRoll.Other(), Button: web.ButtonRoll})
	g.await(referee.Rolled.String())
	return true
}

// boardPoint is side's point p in the board's numbering; the bar and off
// are themselves.
func boardPoint(side engine.Side, p int) int {
	if p == engine.Bar || p == engine.Off {
		return p
	}
	return engine.BoardPoint(side, p)
}

// TestOwnTraceReplaysToTheRecord plays a 1-point match under the Danish
// rules on a simulated board through its page's actions, as `gammond -sim`
// does, then replays the trace the board kept, whose header names the
// Danish rules, with the replay of `gammon replay`: the match record is the
// one the board wrote, byte for byte (its header, which says where and when
// the board recorded it, aside: the replay is given the board's).
func TestOwnTraceReplaysToTheRecord(t *testing.T) {
	t.Parallel()
	o := tracingOptions(t, 11)
	o.Match.Length = 1
	o.Match.Rules = engine.RulesDanish
	g, stop := playOnPage(t, o)
	b := g.b
	g.frames(30) // the starting position settles
	g.act(web.SimButton{Side: engine.White, Button: web.ButtonRoll})
	g.await(referee.Rolled.String())
	for g.turn() {
	}
	name, live, err := b.TraceFile()
	if err != nil || !strings.HasSuffix(name, board.TraceSuffix) || live == nil {
		t.Fatalf("TraceFile() = %q, %v, %v: want the trace so far", name, live, err)
	}
	live.Close()
	if err := stop(); err != nil {
		t.Fatal(err)
	}

	trace, wrote := ownTrace(t, o.StateDir)
	wantPrivate(t, o.StateDir)
	if got := checkReplaysTo(t, trace, wrote).Match.Rules; got != engine.RulesDanish {
		t.Errorf("the trace's header names rules %q, want the match's %q", got, engine.RulesDanish)
	}
	if !gameWon.Match(wrote) { // the board's dice may give a gammon
		t.Fatalf("the record has no game won:\n%s", wrote)
	}
}

// wantPrivate checks that no file of the state directory dir can be
// read by others or written by the group, whatever the umask.
func wantPrivate(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		fi, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().IsRegular() && fi.Mode().Perm()&^0o640 != 0 {
			t.Errorf("%s: mode %v, want -rw-r----- or stricter", e.Name(), fi.Mode())
		}
	}
}

// tracingOptions are the options of a simulated board (sim.NewBoard(seed))
// that keeps its own trace.
func tracingOptions(t *testing.T, seed uint64) board.Options {
	t.Helper()
	simulated := sim.NewBoard(seed)
	o := options(t, simulated, sensing.NewLive(simulated.Calibration().Board.Sensors()), engine.ClockNone)
	o.TraceLimit = 64 << 20
	return o
}

// gameWon matches a .mat line that ends a game: a single, gammon or
// backgammon, times the cube.
var gameWon = regexp.MustCompile(`Wins [0-9]+ points?`)

// ownTrace returns the one trace the board kept in its state directory
// dir and the match record it wrote beside it.
func ownTrace(t *testing.T, dir string) (trace string, wrote []byte) {
	t.Helper()
	traces, err := filepath.Glob(filepath.Join(dir, "*"+board.TraceSuffix))
	if err != nil || len(traces) != 1 {
		t.Fatalf("traces in the state directory: %v, %v; want one", traces, err)
	}
	wrote, err = os.ReadFile(strings.TrimSuffix(traces[0], board.TraceSuffix) + ".mat")
	if err != nil {
		t.Fatal(err)
	}
	return traces[0], wrote
}

// checkReplaysTo fails t unless trace, replayed as `gammon replay` does,
// gives the record the board wrote byte for byte (its header, which says
// where and when the board recorded it, aside: the replay is given the
// board's), and returns the trace's header.
func checkReplaysTo(t *testing.T, trace string, wrote []byte) *sensing.Header {
	t.Helper()
	replayed, h := replayOwnTrace(t, trace)
	header, err := mat.Read(bytes.NewReader(wrote), "the board's record")
	if err != nil {
		t.Fatal(err)
	}
	replayed.Tags, replayed.Comments = header.Tags, header.Comments
	var got bytes.Buffer
	if _, err := replayed.WriteTo(&got); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), wrote) {
		t.Fatalf("the replayed trace gives\n%s\nthe board wrote\n%s", got.Bytes(), wrote)
	}
	return h
}

// replayOwnTrace replays a trace as `gammon replay` does and returns the
// match and the trace's header.
func replayOwnTrace(t *testing.T, path string) (*mat.Match, *sensing.Header) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var tr *record.Transcript
	p, h, err := referee.OpenTrace(f, func(e referee.Event) { tr.Event(e) })
	if err != nil {
		t.Fatal(err)
	}
	tr = record.NewTranscript(h.Match.Length, [2]string{h.Match.White, h.Match.Black})
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	return tr.Match(), h
}

// TestTraceFileWhileTheBoardIsBusy: the page's download of the trace does
// not wait for the board's goroutine, busy here with a long action.
func TestTraceFileWhileTheBoardIsBusy(t *testing.T) {
	t.Parallel()
	g, stop := playOnPage(t, tracingOptions(t, 11))
	defer stop()
	g.frames(10)
	busy, release := make(chan struct{}), make(chan struct{})
	go g.b.Do(context.Background(), func() error { close(busy); <-release; return nil })
	<-busy
	defer close(release)
	got := make(chan error, 1)
	go func() {
		_, trace, err := g.b.TraceFile()
		if err == nil && trace == nil {
			err = errors.New("no trace")
		}
		if err == nil {
			defer trace.Close()
			_, err = sensing.NewTraceReader(trace, nil) // the header reads
		}
		got <- err
	}()
	select {
	case err := <-got:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("TraceFile waited for the busy board")
	}
}
