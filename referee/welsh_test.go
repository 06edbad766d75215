package referee

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"gammond/engine"
	"gammond/engine/welsh"
	"gammond/internal/testmain"
	"gammond/sensing"
)

// welshFixture is a Welsh referee fed inputs as the board feeds them, each
// input kept as the journal keeps it.
type welshFixture struct {
	t       *testing.T
	w       *Referee
	rec     *welsh.Recorder
	clock   *sensing.VirtualClock
	board   *sensorBoard
	events  []Event
	journal [][]byte
}

func newWelshFixture(t *testing.T) *welshFixture {
	t.Helper()
	f := &welshFixture{t: t, clock: sensing.NewVirtualClock(time.Unix(0, 0).UTC())}
	f.rec = welsh.NewRecorder("Ann", "Bob", 0)
	f.w = NewWelsh(f.rec, f.clock, func(e Event) { f.events = append(f.events, e) })
	f.board = newSensorBoard(t, f.w)
	f.settle(engine.StartingBoard, engine.White)
	return f
}

// apply journals the input and gives it to the referee, a second later
// than the last (a settled board held still since then).
func (f *welshFixture) apply(in Input) {
	f.t.Helper()
	f.clock.Set(f.clock.Now().Add(time.Second))
	in.At = f.clock.Now()
	if in.Kind == InputSettled {
		in.FrameAt = in.At
	}
	b, err := json.Marshal(in)
	if err != nil {
		f.t.Fatal(err)
	}
	f.journal = append(f.journal, b)
	f.w.Apply(in)
}

// settle shows b on the board, whose side on roll has the colour onRoll,
// as the reference board's sensors read it.
func (f *welshFixture) settle(b engine.Board, onRoll engine.Side) {
	f.apply(Input{Kind: InputSettled, Frame: f.board.frame(b, onRoll)})
}

// done presses the mover's DONE; a play judged not made (a checker maybe
// still in the hand) is judged once the grace period is over, as the
// pipeline tells it when nothing comes first.
func (f *welshFixture) done(side engine.Side) {
	f.apply(Input{Kind: InputDone, Side: side})
	if f.w.Status().AwaitingChecker {
		f.apply(Input{Kind: InputDoneGrace})
	}
}

// play shows the mover's moves from the position before the turn and
// presses DONE.
func (f *welshFixture) play(side engine.Side, moves ...engine.Move) {
	f.t.Helper()
	b, _, err := f.rec.Match().Board()
	if err != nil {
		f.t.Fatal(err)
	}
	after, err := welsh.Apply(b, moves)
	if err != nil {
		f.t.Fatal(err)
	}
	f.settle(after, side)
	f.done(side)
}

func (f *welshFixture) roll(side engine.Side, a, b int) {
	f.apply(Input{Kind: InputRoll, Side: side, Dice: engine.Dice{a, b}})
}

// since returns the events after the first n.
func (f *welshFixture) since(n int) []Event { return f.events[n:] }

// record is the match record as written.
func (f *welshFixture) record() string {
	var buf bytes.Buffer
	if _, err := f.rec.Record().WriteTo(&buf); err != nil {
		f.t.Fatal(err)
	}
	return buf.String()
}

func kinds(events []Event) []Kind {
	var k []Kind
	for _, e := range events {
		k = append(k, e.Kind)
	}
	return k
}

func mv(from, to int) engine.Move { return engine.Move{From: int8(from), To: int8(to)} }

// TestWelshOpening64AcrossTheStream: the first throw starts the game; the
// text's own opening 6-4 (rule 15: across the stream from far-outer spike 6,
// then 4 on to the three men) is judged legal at DONE and recorded.
func TestWelshOpening64AcrossTheStream(t *testing.T) {
	f := newWelshFixture(t)
	f.roll(engine.White, 6, 4)
	if got := kinds(f.since(0)); !reflect.DeepEqual(got, []Kind{GameStarted, Rolled}) {
		t.Fatalf("events %v, want game started, rolled", got)
	}
	n := len(f.events)
	f.play(engine.White, mv(13, 12), mv(12, 8))
	got := f.since(n)
	if len(got) != 1 || got[0].Kind != PlayMade || got[0].Notation != "13/12 12/8" || got[0].OnRoll != engine.Black {
		t.Fatalf("events %+v, want the play 13/12 12/8 with Black on roll", got)
	}
	if s := got[0].Summary(); s.Play != "13/12 12/8" {
		t.Fatalf("summary's play %q, want the Welsh notation", s.Play)
	}
	if !strings.Contains(f.record(), "White throw 64\nWhite play 13/12 12/8\n") {
		t.Fatalf("record:\n%s", f.record())
	}
	if st := f.w.Status(); st.Phase != PhaseRolling || st.OnRoll != engine.Black || st.Welsh == nil || st.Length != welsh.MatchGames {
		t.Fatalf("status %+v, want Black to throw in a Welsh match", st)
	}
}

// TestWelshIllegalFlaggedAtDone: an illegal play is flagged at DONE with the
// points to put right, like the standard game's (where the frame departs
// from the likeliest legal result); put right, it is corrected and
// recorded as the legal play.
func TestWelshIllegalFlaggedAtDone(t *testing.T) {
	f := newWelshFixture(t)
	f.roll(engine.White, 1, 5)
	n := len(f.events)
	f.play(engine.White, mv(8, 2), mv(6, 5)) // a 6 and a 1, not a 5 and a 1
	got := f.since(n)
	if len(got) != 1 || got[0].Kind != IllegalPlay || !reflect.DeepEqual(got[0].Points, []int{5, 6}) {
		t.Fatalf("events %+v, want an illegal play lighting points 5 and 6", got)
	}
	if st := f.w.Status(); st.Phase != PhaseFlagged || !reflect.DeepEqual(st.Flagged, []int{5, 6}) || st.IllegalPlays[engine.White] != 1 {
		t.Fatalf("status %+v, want flagged on 5 and 6", st)
	}
	if got[0].Fault != "illegal" {
		t.Fatalf("fault %q, want illegal", got[0].Fault)
	}
	n = len(f.events)
	f.play(engine.White, mv(8, 3)) // half the play, the grace over: no position the turn can leave
	if got := f.since(n); len(got) != 1 || got[0].Kind != IllegalPlay || got[0].Fault != "illegal" {
		t.Fatalf("events %+v, want the half-made play flagged as illegal", got)
	}
	n = len(f.events)
	f.play(engine.White, mv(8, 3), mv(6, 5))
	if got := kinds(f.since(n)); !reflect.DeepEqual(got, []Kind{Corrected, PlayMade}) {
		t.Fatalf("events %v, want corrected, play", got)
	}
	if rec := f.record(); !strings.Contains(rec, "White play 8/3 6/5\n") || strings.Contains(rec, "8/2") {
		t.Fatalf("record:\n%s", rec)
	}
}

// TestWelshIllegalStandsWhenTheOpponentThrows: the opponent's throw lets a
// flagged play stand; the record keeps it, and welsh.Check finds it.
func TestWelshIllegalStandsWhenTheOpponentThrows(t *testing.T) {
	f := newWelshFixture(t)
	f.roll(engine.White, 1, 5)
	f.play(engine.White, mv(8, 2), mv(6, 5))
	n := len(f.events)
	f.roll(engine.Black, 3, 1)
	got := f.since(n)
	if k := kinds(got); len(k) < 2 || k[0] != IllegalAccepted || k[1] != Rolled {
		t.Fatalf("events %v, want the illegal play accepted, then Black's throw", k)
	}
	if got[0].Notation != "8/5 6/2" || !strings.Contains(f.record(), "White play 8/5 6/2\n") {
		t.Fatalf("accepted play written %q, want 8/5 6/2 (welsh.DiffMoves) as in the record:\n%s", got[0].Notation, f.record())
	}
	findings := welsh.Check(f.rec.Record())
	if len(findings) != 1 || !strings.Contains(findings[0].What, "illegal play") {
		t.Fatalf("Check finds %v, want the one illegal play", findings)
	}
}

// TestWelshDoublingDieWithoutTakeOrPass (rule 3): a double raises the die at
// once, the right passes to the other player; take and pass do not exist.
func TestWelshDoublingDieWithoutTakeOrPass(t *testing.T) {
	f := newWelshFixture(t)
	f.roll(engine.White, 6, 4)
	f.play(engine.White, mv(13, 12), mv(12, 8))
	n := len(f.events)
	f.apply(Input{Kind: InputCube, Side: engine.Black})
	f.apply(Input{Kind: InputTake, Side: engine.White})
	f.apply(Input{Kind: InputCube, Side: engine.Black})
	got := f.since(n)
	if k := kinds(got); !reflect.DeepEqual(k, []Kind{Doubled, Irregularity, CubeRefused}) || got[0].Cube != 2 {
		t.Fatalf("events %+v, want doubled to 2, take refused, Black's second double refused", got)
	}
	if st := f.w.Status(); st.Cube != 2 || st.CubeOwner == nil || *st.CubeOwner != engine.White || st.Welsh.CubeRight != "White" {
		t.Fatalf("status cube %d owner %v right %q, want 2 with White's right", st.Cube, st.CubeOwner, st.Welsh.CubeRight)
	}
	if !strings.Contains(f.record(), "Black double\n") {
		t.Fatalf("record:\n%s", f.record())
	}
}

// TestWelshAceyDeucey (rule 13): ROLL again on an unplayed 2-1 throws again;
// the option is refused on any other throw.
func TestWelshAceyDeucey(t *testing.T) {
	f := newWelshFixture(t)
	f.roll(engine.White, 2, 1)
	if st := f.w.Status(); !st.Welsh.AceyDeucey {
		t.Fatal("status does not offer the acey-deucey")
	}
	n := len(f.events)
	f.roll(engine.White, 5, 3)
	if k := kinds(f.since(n)); !reflect.DeepEqual(k, []Kind{ThrowVoid, Rolled}) {
		t.Fatalf("events %v, want the 2-1 void, then the new throw", k)
	}
	n = len(f.events)
	f.apply(Input{Kind: InputAceyDeucey, Side: engine.White})
	if k := kinds(f.since(n)); !reflect.DeepEqual(k, []Kind{Irregularity}) {
		t.Fatalf("events %v, want the option refused on a 5-3", k)
	}
	if !strings.Contains(f.record(), "White throw 21\nWhite acey-deucey\nWhite throw 53\n") {
		t.Fatalf("record:\n%s", f.record())
	}
}

// TestWelshNominate (rule 21): a nominated throw is the next throw, whatever
// the dice show; a player nominates once a match.
func TestWelshNominate(t *testing.T) {
	f := newWelshFixture(t)
	f.roll(engine.White, 6, 4)
	f.play(engine.White, mv(13, 12), mv(12, 8))
	f.apply(Input{Kind: InputNominate, Side: engine.White, Dice: engine.Dice{5, 5}})
	if st := f.w.Status(); st.Welsh.Nominee == nil || *st.Welsh.Nominee != (engine.Dice{5, 5}) || !st.Welsh.Nominated[engine.White] {
		t.Fatalf("status %+v, want 5-5 nominated by White", st.Welsh)
	}
	n := len(f.events)
	f.roll(engine.Black, 3, 1)
	if got := f.since(n); len(got) != 1 || got[0].Kind != Rolled || got[0].Dice != (engine.Dice{5, 5}) {
		t.Fatalf("events %+v, want Black's throw to be the 5-5 nominated", got)
	}
	n = len(f.events)
	f.apply(Input{Kind: InputNominate, Side: engine.White, Dice: engine.Dice{6, 6}})
	if k := kinds(f.since(n)); !reflect.DeepEqual(k, []Kind{Irregularity}) {
		t.Fatalf("events %v, want White's second nominate refused", k)
	}
	if !strings.Contains(f.record(), "White nominate 55\nBlack throw 55\n") {
		t.Fatalf("record:\n%s", f.record())
	}
}

// TestWelshWashBySnakesAndOddsEvens (rules 22ii, 7): 1-1 straight after the
// opponent's 1-1 washes the game; the next game is open to odds and evens,
// and whoever throws first starts it.
func TestWelshWashBySnakesAndOddsEvens(t *testing.T) {
	f := newWelshFixture(t)
	f.roll(engine.White, 1, 1)
	f.play(engine.White, mv(6, 5), mv(6, 5), mv(8, 7), mv(8, 7))
	n := len(f.events)
	f.roll(engine.Black, 1, 1)
	got := f.since(n)
	if k := kinds(got); !reflect.DeepEqual(k, []Kind{Rolled, GameOver}) || got[1].Score != [2]int{1, 1} {
		t.Fatalf("events %+v, want the wash scoring 1-1", got)
	}
	f.settle(engine.StartingBoard, engine.White)
	f.apply(Input{Kind: InputOddsEvens, Side: engine.Black, Odds: true, Dice: engine.Dice{3, 4}})
	if st := f.w.Status(); st.Welsh.Chooser == nil || *st.Welsh.Chooser != engine.Black {
		t.Fatalf("status %+v, want Black, calling odds on 3-4, to choose", st.Welsh)
	}
	n = len(f.events)
	f.roll(engine.Black, 6, 2)
	if got := f.since(n); len(got) != 2 || got[0].Kind != GameStarted || got[0].Side != engine.Black || got[0].Game != 2 {
		t.Fatalf("events %+v, want game 2 started by Black", got)
	}
	if !strings.Contains(f.record(), "end - wash-by-snakes 1 score 1-1\ngame Black 1\nBlack throw 62\n") {
		t.Fatalf("record:\n%s", f.record())
	}
}

// TestWelshRandomGamesReplayFromTheJournal plays random legal Welsh games
// through the referee as a board would (the position settled, then DONE),
// with doubles and acey-deuceys: the record must check clean and equal the
// one a Recorder keeps from the same throws and positions, and the
// journalled inputs applied to a fresh referee must give the same events
// and record (a restart).
func TestWelshRandomGamesReplayFromTheJournal(t *testing.T) {
	t.Parallel()
	seeds := []uint64{0, 1, 2, 3, 4, 5, 6, 7}
	if testmain.Trimmed() { // CI's full run plays all eight
		seeds = []uint64{0, 2} // between them, every event the test wants
	}
	seenBySeed := make([]map[string]int, len(seeds))
	t.Run("seeds", func(t *testing.T) {
		for i, seed := range seeds {
			t.Run(fmt.Sprint(seed), func(t *testing.T) {
				t.Parallel()
				seenBySeed[i] = playWelshJournalSeed(t, seed)
			})
		}
	})
	seen := map[string]int{}
	for _, s := range seenBySeed {
		for kind, n := range s {
			seen[kind] += n
		}
	}
	t.Logf("events and notes seen: %v", seen)
	for _, want := range []string{"game-over", "doubled", "dances:", "throws", "may", "resign-offered", "resigned", "resign-rejected"} {
		if seen[want] == 0 {
			t.Errorf("no %q in the random games: %v", want, seen)
		}
	}
}

// playWelshJournalSeed plays one seed's random games for
// TestWelshRandomGamesReplayFromTheJournal and returns how often it saw
// each event kind and note.
func playWelshJournalSeed(t *testing.T, seed uint64) map[string]int {
	seen := map[string]int{}
	r := rand.New(rand.NewPCG(seed, 14))
	f := newWelshFixture(t)
	direct := welsh.NewRecorder("Ann", "Bob", 0)
	turns := 0
	for turns < 400 {
		if over, _, _ := f.rec.Match().Over(); over {
			break
		}
		m := f.rec.Match()
		b, side, err := m.Board()
		if err != nil { // between games
			first, ok := m.Starter()
			if !ok {
				first = engine.Side(r.IntN(2))
			}
			f.settle(engine.StartingBoard, engine.White)
			d := engine.Dice{1 + r.IntN(6), 1 + r.IntN(6)}
			if err := direct.StartGame(first, [2]time.Duration{welsh.ClockTime, welsh.ClockTime}); err != nil {
				t.Fatal(err)
			}
			f.roll(first, d[0], d[1])
			if _, err := direct.Throw(first, welsh.Throw{Dice: d}); err != nil {
				t.Fatal(err)
			}
			turns++
			continue
		}
		if by := f.w.Status().Welsh.OfferBy; by != nil && f.w.phase == awaitingRoll {
			if o, err := direct.OfferConcession(*by, 1, r.IntN(2) == 0); err == nil {
				f.apply(Input{Kind: InputConcede, Side: *by, Games: 1, Fiver: o.Mandatory})
				accept := o.Mandatory || r.IntN(2) == 0
				if err := direct.AnswerConcession(o, accept); err != nil {
					t.Fatal(err)
				}
				answer := InputReject
				if accept {
					answer = InputAccept
				}
				f.apply(Input{Kind: answer, Side: by.Other()})
				continue
			}
		}
		if f.w.phase == awaitingRoll {
			if r.IntN(10) == 0 {
				f.apply(Input{Kind: InputCube, Side: side})
				_ = direct.Double(side)
			}
			d := engine.Dice{1 + r.IntN(6), 1 + r.IntN(6)}
			f.roll(side, d[0], d[1])
			if _, err := direct.Throw(side, welsh.Throw{Dice: d}); err != nil {
				t.Fatal(err)
			}
			turns++
			continue
		}
		if f.w.Status().Welsh.AceyDeucey && r.IntN(2) == 0 {
			d := engine.Dice{1 + r.IntN(6), 1 + r.IntN(6)}
			f.roll(side, d[0], d[1])
			if err := direct.ThrowAgainAceyDeucey(side); err != nil {
				t.Fatal(err)
			}
			if _, err := direct.Throw(side, welsh.Throw{Dice: d}); err != nil {
				t.Fatal(err)
			}
			continue
		}
		p := f.w.lines[0].matcher.Plays()[r.IntN(len(f.w.lines[0].matcher.Plays()))]
		shown := p.After.Swap()
		f.settle(shown, side)
		f.done(side)
		if _, err := direct.Play(side, p.After); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		_ = b
	}
	for _, e := range f.events {
		if e.Kind == IllegalPlay || e.Kind == Irregularity {
			t.Fatalf("seed %d: %v on legal play: %s", seed, e.Kind, e.Summary().Text)
		}
		seen[e.Kind.String()]++
		if e.Kind == Note || e.Kind == ThrowVoid || e.Kind == GameOver {
			seen[strings.Fields(e.Reason)[1]]++
		}
	}
	if findings := welsh.Check(f.rec.Record()); len(findings) > 0 {
		t.Fatalf("seed %d: Check finds %v", seed, findings)
	}
	var want bytes.Buffer
	direct.Record().WriteTo(&want)
	if got := f.record(); got != want.String() {
		t.Fatalf("seed %d: the referee's record differs from the Recorder's:\n%s\n---\n%s", seed, got, want.String())
	}
	clock := sensing.NewVirtualClock(time.Unix(0, 0).UTC())
	var events []Event
	againRec := welsh.NewRecorder("Ann", "Bob", 0)
	again := NewWelsh(againRec, clock, func(e Event) { events = append(events, e) })
	if err := again.SetCalibration(f.board.board.Calibration()); err != nil {
		t.Fatal(err)
	}
	for i, raw := range f.journal {
		in, err := ParseInput(raw)
		if err != nil {
			t.Fatalf("journal record %d: %v", i+1, err)
		}
		clock.Set(in.At)
		again.Apply(in)
	}
	var replayed bytes.Buffer
	againRec.Record().WriteTo(&replayed)
	if !reflect.DeepEqual(summaries(f.events), summaries(events)) || replayed.String() != f.record() {
		t.Fatalf("seed %d: the journal replays to other events or another record", seed)
	}
	if turns < 50 {
		t.Fatalf("seed %d: only %d throws", seed, turns)
	}
	return seen
}

// TestWelshClockTimeOut (rule 12a): with the 70-minute clocks, a player
// whose time runs out loses the match, recorded as timed out.
func TestWelshClockTimeOut(t *testing.T) {
	f := newWelshFixture(t)
	f.w.SetClock(welsh.NewClock())
	f.roll(engine.White, 6, 4)
	f.play(engine.White, mv(13, 12), mv(12, 8))
	if side, out := f.w.TimedOut(); out {
		t.Fatalf("%v timed out at once", side)
	}
	f.clock.Set(f.clock.Now().Add(welsh.ClockTime + time.Minute))
	side, out := f.w.TimedOut()
	if !out || side != engine.Black {
		t.Fatalf("TimedOut() = %v, %v; want Black, whose clock ran", side, out)
	}
	n := len(f.events)
	f.w.Apply(Input{At: f.clock.Now(), Kind: InputTimeout})
	got := f.since(n)
	over := slices.IndexFunc(got, func(e Event) bool { return e.Kind == MatchOver })
	if over < 0 || got[over].Side != engine.White {
		t.Fatalf("events %v, want the match over, won by White", kinds(got))
	}
	// Rule 23: a time-out costs £20, and Black won no game: £25 more.
	var prizes []string
	for _, e := range got[over+1:] {
		prizes = append(prizes, e.Reason)
	}
	if want := []string{"prizes (rule 23): Black pays White £20.00 for timed out", "prizes (rule 23): Black pays White £25.00 for a match to nil"}; !reflect.DeepEqual(prizes, want) {
		t.Fatalf("notes after the match %q, want %q", prizes, want)
	}
	if rec := f.record(); !strings.Contains(rec, "Black timeout\nmatch White timed-out score 0-0\n") {
		t.Fatalf("record:\n%s", rec)
	}
}

// TestWelshDoubleBeforeTheFirstThrow (rule 3): "either player about to
// roll" may double, the game's first thrower too: his CUBE starts the game.
func TestWelshDoubleBeforeTheFirstThrow(t *testing.T) {
	f := newWelshFixture(t)
	f.apply(Input{Kind: InputCube, Side: engine.Black})
	if got := f.since(0); len(got) != 2 || got[0].Kind != GameStarted || got[0].Side != engine.Black || got[1].Kind != Doubled || got[1].Cube != 2 {
		t.Fatalf("events %+v, want game 1 started by Black, doubled to 2", got)
	}
	f.roll(engine.Black, 6, 4)
	if !strings.Contains(f.record(), "game Black 1\nBlack double\nBlack throw 64\n") {
		t.Fatalf("record:\n%s", f.record())
	}
}
