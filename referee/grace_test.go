package referee

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"gammond/engine"
	"gammond/internal/testmain"
	"gammond/sensing"
	"gammond/sensing/sim"
)

// inHandTrace simulates a match of ../testdata/matches with DONE pressed,
// on half the turns, 100-400 ms before the last checker lands, and illegal
// plays on 15% of them. Each match and seed is simulated once, for every
// test that replays it; the trace and the expectation are only read.
func inHandTrace(t *testing.T, file string, seed uint64) ([]byte, *sim.Expect) {
	t.Helper()
	simulate, _ := inHandTraces.LoadOrStore(inHandKey{file, seed}, sync.OnceValues(func() (inHandSim, error) {
		return simulateInHand(file, seed)
	}))
	s, err := simulate.(func() (inHandSim, error))()
	if err != nil {
		t.Fatal(err)
	}
	return s.trace, s.want
}

// inHandTraces holds a func() (inHandSim, error) per inHandKey.
var inHandTraces sync.Map

type inHandKey struct {
	file string
	seed uint64
}

type inHandSim struct {
	trace []byte
	want  *sim.Expect
}

func simulateInHand(file string, seed uint64) (inHandSim, error) {
	script, err := readScript(file)
	if err != nil {
		return inHandSim{}, err
	}
	opts := sim.DefaultOpts
	opts.Seed, opts.IllegalRate, opts.LateDoneRate = seed, 0.15, 0.5
	var trace bytes.Buffer
	want, err := sim.Simulate(&trace, script, &opts)
	return inHandSim{trace.Bytes(), want}, err
}

// replayWithGrace replays a trace with the given grace period after DONE
// (0: the default) and returns the referee's events.
func replayWithGrace(t *testing.T, trace []byte, grace time.Duration) []Event {
	t.Helper()
	var events []Event
	p, _, err := OpenTrace(bytes.NewReader(trace), func(e Event) { events = append(events, e) })
	if err != nil {
		t.Fatal(err)
	}
	p.DoneGrace = grace
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	return events
}

func countKind(events []Event, k Kind) int { return len(eventsOf(events, k)) }

func matchFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "testdata", "matches", "*.mat"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no match records in ../testdata/matches: %v", err)
	}
	if testmain.Trimmed() { // a 5-point match, a third of the 11-point's turns; CI's full run plays every one (.ci/run)
		files = []string{filepath.Join("..", "testdata", "matches", "match-002-5pt.mat")}
	}
	return files
}

// TestDoneInHandRoundTrip: with DONE pressed while the last checker is in
// the hand, every play, cube action and result comes back, exactly the
// turns first played illegally are flagged, and no flag is ever raised on
// a legal play (not even one later withdrawn).
func TestDoneInHandRoundTrip(t *testing.T) {
	files, seeds := matchFiles(t), []uint64{1, 2}
	if testmain.Trimmed() { // CI's full run plays every match at both seeds (.ci/run)
		seeds = seeds[:1]
	}
	for _, file := range files {
		for _, seed := range seeds {
			name := strings.TrimSuffix(filepath.Base(file), ".mat")
			t.Run(fmt.Sprintf("%s/seed=%d", name, seed), func(t *testing.T) {
				t.Parallel()
				trace, want := inHandTrace(t, file, seed)
				events := replayWithGrace(t, trace, 0)
				checkReplay(t, events, want)
				flagged := 0
				for _, g := range want.Games {
					flagged += len(g.Illegal)
				}
				if got := countKind(events, IllegalPlay); got != flagged {
					t.Errorf("%d flags raised, want %d: the turns first played illegally", got, flagged)
				}
				if got := countKind(events, Withdrawn); got != 0 {
					t.Errorf("%d flags withdrawn, want none: the grace period covers every checker in hand", got)
				}
			})
		}
	}
}

// TestDoneBeforeTheLastCheckerLifted: DONE pressed 100-400 ms before the
// last checker lands, on a match whose late DONEs the model once read
// with that checker still on a point the hand passed, raises no flag on
// a legal play, and flags every turn first played illegally.
func TestDoneBeforeTheLastCheckerLifted(t *testing.T) {
	t.Parallel()
	trace, want := inHandTrace(t, filepath.Join("..", "testdata", "matches", "match-001-5pt.mat"), 1)
	events := replayWithGrace(t, trace, 0)
	flagged := 0
	for _, g := range want.Games {
		flagged += len(g.Illegal)
	}
	if got, withdrawn := countKind(events, IllegalPlay), countKind(events, Withdrawn); got != flagged || withdrawn != 0 {
		t.Errorf("%d flags raised, %d withdrawn: want %d, the turns first played illegally, none withdrawn", got, withdrawn, flagged)
	}
}

// TestDoneInHandWithoutGrace replays the same traces with no grace period
// worth the name: DONE judges the board with the checker in the air, the
// play is flagged, and the flag is withdrawn when it lands, so the record
// and the flags that stand are still exact.
func TestDoneInHandWithoutGrace(t *testing.T) {
	t.Parallel()
	file := matchFiles(t)[0]
	trace, want := inHandTrace(t, file, 1)
	events := replayWithGrace(t, trace, time.Nanosecond)
	checkReplay(t, events, want)
	if countKind(events, Withdrawn) == 0 {
		t.Fatal("no flag withdrawn: the trace has no DONE with a checker in hand, or the flag stood")
	}
}

// graceReferee is a referee at White's 3-1 from the start, and show, which
// settles a board on it.
func graceReferee(t *testing.T) (*Referee, *[]Event, func(b engine.Board, onRoll engine.Side)) {
	t.Helper()
	r, events, show := showingReferee(t, 5)
	show(engine.StartingBoard, engine.White)
	r.Roll(engine.White, engine.Dice{3, 1})
	return r, events, show
}

// showingReferee is a referee of a match to length points (0: money),
// its events, and show, which settles a board on it as the reference
// board reads it.
func showingReferee(t *testing.T, length int) (*Referee, *[]Event, func(b engine.Board, onRoll engine.Side)) {
	t.Helper()
	m, err := engine.NewMatch(length, engine.MatchOpts{})
	if err != nil {
		t.Fatal(err)
	}
	events := new([]Event)
	r := New(m, sensing.NewVirtualClock(time.Unix(0, 0)), func(e Event) { *events = append(*events, e) })
	return r, events, newSensorBoard(t, r).show
}

// inHand returns the result of White's 8/5 6/5 (Black on roll) and that
// result with a checker of White's 8 point still in the hand: its slot
// has read a checker since the start, so the sensor model knows the
// checker missing, not a sensor that may be dead.
func inHand(t *testing.T) (legal, short engine.Board) {
	t.Helper()
	legal = openingPlay(t, engine.Dice{3, 1}, "8/5 6/5")
	short = legal
	short[engine.Opponent][7]-- // White's 8 point, in the board the play leaves
	return legal, short
}

// openingPlay returns the board White's play written so (8/5 6/5) of d
// leaves from the start.
func openingPlay(t *testing.T, d engine.Dice, written string) engine.Board {
	t.Helper()
	for _, p := range engine.LegalPlays(engine.StartingBoard, d) {
		if engine.FormatPlay(engine.StartingBoard, p.Steps()) == written {
			return p.After
		}
	}
	t.Fatalf("no %s among the plays of %v", written, d)
	return engine.Board{}
}

// TestCheckerInHand covers the grace period's cases, input by input.
func TestCheckerInHand(t *testing.T) {
	legal, short := inHand(t)
	tests := []struct {
		name  string
		after func(r *Referee, show func(engine.Board, engine.Side))
		want  []Kind // the events after DONE, Irregularity aside
	}{
		{"the checker lands within the grace period", func(r *Referee, show func(engine.Board, engine.Side)) {
			show(legal, engine.Black)
		}, []Kind{PlayMade}},
		{"the grace period ends with it in the hand: flagged", func(r *Referee, show func(engine.Board, engine.Side)) {
			r.Apply(Input{Kind: InputDoneGrace})
		}, []Kind{IllegalPlay}},
		{"it lands after the grace period: the flag is withdrawn at the opponent's roll", func(r *Referee, show func(engine.Board, engine.Side)) {
			r.Apply(Input{Kind: InputDoneGrace})
			show(legal, engine.Black)
			r.Roll(engine.Black, engine.Dice{6, 5})
		}, []Kind{IllegalPlay, Withdrawn, PlayMade, Rolled}},
		{"short for good, the opponent rolls: the illegal play stands", func(r *Referee, show func(engine.Board, engine.Side)) {
			r.Apply(Input{Kind: InputDoneGrace})
			r.Roll(engine.Black, engine.Dice{6, 5})
		}, []Kind{IllegalPlay, IllegalAccepted, Rolled}},
		{"the opponent rolls within the grace period: judged, and it stands", func(r *Referee, show func(engine.Board, engine.Side)) {
			r.Roll(engine.Black, engine.Dice{6, 5})
		}, []Kind{IllegalPlay, IllegalAccepted, Rolled}},
		{"the opponent doubles within the grace period: judged, and it stands", func(r *Referee, show func(engine.Board, engine.Side)) {
			r.Double(engine.Black)
		}, []Kind{IllegalPlay, IllegalAccepted, Doubled}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, events, show := graceReferee(t)
			show(short, engine.Black)
			r.Done(engine.White)
			from := len(*events)
			if st := r.Status(); st.Phase != PhaseMoving || !st.AwaitingChecker {
				t.Fatalf("phase %s, awaiting a checker %v at DONE with one in the hand: want %s, true", st.Phase, st.AwaitingChecker, PhaseMoving)
			}
			tc.after(r, show)
			var got []Kind
			for _, e := range (*events)[from:] {
				if e.Kind != Irregularity {
					got = append(got, e.Kind)
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Fatalf("events %v, want %v", got, tc.want)
			}
		})
	}
}

// TestRealIllegalPlayNotWithdrawn: a play flagged with every checker on the
// board is a real mistake; putting it right is a correction, listed as such.
func TestRealIllegalPlayNotWithdrawn(t *testing.T) {
	legal, _ := inHand(t)
	r, events, show := graceReferee(t)
	wrong := legal
	wrong[engine.Opponent][4]--
	wrong[engine.Opponent][3]++ // 8/4 6/5 for 31: one pip long
	show(wrong, engine.Black)
	pressDone(r, engine.White)
	show(legal, engine.Black)
	if r.Status().Phase != PhaseFlagged {
		t.Fatalf("phase %s after the board was put right, want %s until DONE again", r.Status().Phase, PhaseFlagged)
	}
	r.Done(engine.White)
	if countKind(*events, Withdrawn) != 0 || countKind(*events, Corrected) != 1 {
		t.Fatalf("%d withdrawn, %d corrected: want the flag corrected, not withdrawn", countKind(*events, Withdrawn), countKind(*events, Corrected))
	}
}
