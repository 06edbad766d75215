package welsh

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"gammond/engine"
)

// simulateMatch plays a random Welsh match through a Recorder: random
// legal plays, now and then an illegal one let stand, doubles, nominates,
// acey-deuceys, offers to concede; a game still going after many turns
// ends the match on time. It returns the record and how many illegal
// plays stood.
func simulateMatch(t *testing.T, r *rand.Rand) (*Record, int) {
	t.Helper()
	rec := NewRecorder("Ann", "Bob", r.IntN(5))
	m := rec.Match()
	illegal := 0
	for games := 0; games < 200; games++ {
		if over, _, _ := m.Over(); over {
			break
		}
		first, ok := m.Starter()
		if !ok {
			first = OddsEvens(engine.Side(r.IntN(2)), r.IntN(2) == 0, engine.Dice{1 + r.IntN(6), 1 + r.IntN(6)})
		}
		clocks := [2]time.Duration{ClockTime, ClockTime}
		if r.IntN(5) == 0 {
			clocks = [2]time.Duration{9 * time.Minute, 3 * time.Minute}
		}
		if err := rec.StartGame(first, clocks); err != nil {
			t.Fatalf("game %d: %v", games+1, err)
		}
		illegal += simulateGame(t, r, rec)
	}
	return rec.Record(), illegal
}

// simulateGame plays the game in progress to its end, or to a time-out,
// and returns how many illegal plays stood.
func simulateGame(t *testing.T, r *rand.Rand, rec *Recorder) (illegal int) {
	m := rec.Match()
	var nominee *Throw
	for turn := 0; turn < 300; turn++ {
		b, side, err := m.Board()
		if err != nil {
			return illegal // the game is over
		}
		if r.IntN(8) == 0 {
			_ = rec.Double(side) // refused at times: not recorded then
		}
		if nominee == nil && r.IntN(40) == 0 {
			n := Throw{Dice: engine.Dice{1 + r.IntN(6), 1 + r.IntN(6)}}
			if rec.Nominate(engine.Side(r.IntN(2)), n) == nil {
				nominee = &n
			}
		}
		th := Throw{Dice: engine.Dice{1 + r.IntN(6), 1 + r.IntN(6)}}
		if HasFullSpread(&b[engine.Mover]) && r.IntN(2) == 0 {
			th = Throw{Dice: engine.Dice{1 + r.IntN(6)}, OneDie: true}
		}
		if nominee != nil {
			th, nominee = *nominee, nil
		}
		out, err := rec.Throw(side, th)
		switch {
		case err != nil:
			t.Fatalf("%v throws %v: %v", side, th, err)
		case out == ThrowAgain:
			continue
		case out == ThrowWashesSnake:
			return illegal
		case out == ThrowMayRethrow && r.IntN(2) == 0:
			if err := rec.ThrowAgainAceyDeucey(side); err != nil {
				t.Fatal(err)
			}
			continue
		}
		after := b.Swap()
		if plays := Plays(b, th); len(plays) > 0 {
			after = plays[r.IntN(len(plays))].After
		}
		play := rec.Play
		if wild, ok := illegalPlay(b, th); ok && r.IntN(25) == 0 {
			after, play = wild, rec.PlayStanding
			illegal++
		}
		ev, err := play(side, after)
		if err != nil {
			t.Fatalf("%v plays %v: %v", side, th, err)
		}
		if ev.OfferWindow && r.IntN(2) == 0 {
			for _, by := range []engine.Side{engine.White, engine.Black} {
				if o, err := rec.OfferConcession(by, 1, r.IntN(2) == 0); err == nil {
					if err := rec.AnswerConcession(o, o.Mandatory || r.IntN(2) == 0); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
	_, side, _ := m.Board()
	if err := rec.TimeOut(side); err != nil {
		t.Fatal(err)
	}
	return illegal
}

// illegalPlay returns a position no legal play of th from b leaves: the
// mover's rearmost man one point on, if that is a Welsh position.
func illegalPlay(b engine.Board, th Throw) (engine.Board, bool) {
	for p := 24; p >= 2; p-- {
		if b[engine.Mover].On(p) == 0 {
			continue
		}
		moved, err := Apply(b, []engine.Move{{From: int8(p), To: int8(p - 1)}})
		after := moved.Swap()
		ok := err == nil && Validate(&moved) == nil && FullSpikes(&moved[engine.Mover]) <= 1 && !IsLegal(b, th, after)
		return after, ok
	}
	return engine.Board{}, false
}

// TestRecordRoundTrip: random matches recorded, written, read back and
// written again give the same text, and Check finds the illegal plays
// that stood and nothing else.
func TestRecordRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 25))
	for i := range 3 {
		rec, illegal := simulateMatch(t, r)
		f := Check(rec)
		for _, finding := range f {
			if !strings.Contains(finding.What, "illegal play") {
				t.Fatalf("match %d as recorded: %v", i, finding)
			}
		}
		if len(f) != illegal || illegal == 0 {
			t.Fatalf("match %d: %d illegal plays stood, Check finds %d", i, illegal, len(f))
		}
		var first bytes.Buffer
		if _, err := rec.WriteTo(&first); err != nil {
			t.Fatal(err)
		}
		read, err := ReadRecord(bytes.NewReader(first.Bytes()))
		if err != nil {
			t.Fatalf("match %d: %v\n%s", i, err, first.String())
		}
		if f := Check(read); len(f) != illegal {
			t.Fatalf("match %d read back: %d findings, want %d", i, len(f), illegal)
		}
		var second bytes.Buffer
		read.WriteTo(&second)
		if first.String() != second.String() {
			t.Fatalf("match %d: written again differs:\n%s\n---\n%s", i, first.String(), second.String())
		}
		if rec.End == nil {
			t.Errorf("match %d did not end", i)
		}
	}
}

// opening is a record of one game's first turns, by hand.
const opening = `welsh-match
white Ann
black Bob
scoop 0
# the opening 6-4 across the stream
game White 1
White throw 64
White play 13/12 12/8 # and on to join the three
Black double
Black throw 21
Black acey-deucey
Black throw 66
Black play 13/12 12/6 24/18 24/18
`

func TestCheckFindsIllegalPlay(t *testing.T) {
	rec, err := ReadRecord(strings.NewReader(opening))
	if err != nil {
		t.Fatal(err)
	}
	if f := Check(rec); len(f) != 0 {
		t.Fatalf("the opening: %v", f)
	}
	bad := strings.Replace(opening, "White play 13/12 12/8", "White play 13/7 13/9", 1)
	rec, err = ReadRecord(strings.NewReader(bad))
	if err != nil {
		t.Fatal(err)
	}
	f := Check(rec)
	if len(f) == 0 || f[0].Line != 8 || !strings.Contains(f[0].What, "illegal play") {
		t.Errorf("13/7 13/9 with 6-4: findings %v, want an illegal play on line 8", f)
	}
}

func TestCheckFindsWrongEnd(t *testing.T) {
	rec := &Record{Games: []GameRecord{{First: engine.White, Cube: 1,
		Actions: []Action{{Side: engine.White, Kind: ActThrow, Throw: Throw{Dice: engine.Dice{6, 4}}}},
		End:     &GameEnd{Winner: engine.White, Ending: CheckedOut, Games: 1, Score: [2]int{1, 0}}}}}
	if f := Check(rec); len(f) != 1 || !strings.Contains(f[0].What, "goes on") {
		t.Errorf("an end after one throw: findings %v", f)
	}
	rec = &Record{Games: []GameRecord{{First: engine.White, Cube: 1,
		Actions: []Action{{Side: engine.Black, Kind: ActThrow, Throw: Throw{Dice: engine.Dice{6, 4}}}}}}}
	if f := Check(rec); len(f) != 1 || !strings.Contains(f[0].What, "not that player's turn") {
		t.Errorf("Black throws on White's turn: findings %v", f)
	}
}

// TestReadRecordErrors: each bad line is reported with its number.
func TestReadRecordErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"gammon\n", `line 1: want "welsh-match"`},
		{"welsh-match\nscoop x\n", "line 2: scoop"},
		{"welsh-match\ngame Red 1\n", `line 2: player "Red"`},
		{"welsh-match\ngame White 3\n", "line 2: game starting with the doubling die"},
		{"welsh-match\nWhite throw 64\n", "line 2: White throw: no game in progress"},
		{"welsh-match\ngame White 1\nWhite throw 74\n", "line 3: bad dice"},
		{"welsh-match\ngame White 1\nWhite play 13/12 12\n", `line 3: bad Welsh move notation`},
		{"welsh-match\ngame White 1\nWhite jump\n", `line 3: White "jump": unknown action`},
		{"welsh-match\ngame White 1\nend White won 1 score 1-0\n", `line 3: ending "won"`},
		{"welsh-match\ngame White 1\nend - checked-out 1 score 1-0\n", "line 3: end"},
		{"", `no "welsh-match" line`},
	} {
		_, err := ReadRecord(strings.NewReader(tc.text))
		if !errors.Is(err, ErrRecord) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.text, err, tc.want)
		}
	}
}

func TestParseMovesRoundTrip(t *testing.T) {
	for _, s := range []string{"13/12 12/8", "bar/20* 2/3 3/off", ""} {
		moves, err := ParseMoves(s)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if got := FormatPlay(moves); got != s {
			t.Errorf("ParseMoves(%q) written back: %q", s, got)
		}
	}
	for _, s := range []string{"13/13", "off/3", "3/bar", "26/1", "13/12/8", "13-12", "x/3"} {
		if _, err := ParseMoves(s); !errors.Is(err, ErrNotation) {
			t.Errorf("%q: error %v, want ErrNotation", s, err)
		}
	}
}

func TestApplySettlesAtTheEnd(t *testing.T) {
	blot := men{25 - 18: 1, 1: 2}
	b := board(men{22: 2}, blot)
	got, err := Apply(b, []engine.Move{{From: 22, To: 18}, {From: 18, To: 13}})
	if err != nil || got != board(men{22: 1, 13: 1}, blot) {
		t.Errorf("22/18 18/13 past a blot: %v, %v", got, err)
	}
	if _, err := Apply(b, []engine.Move{{From: 22, To: 24}}); !errors.Is(err, ErrImpossibleMove) {
		t.Errorf("ending on the opponent's two: %v", err)
	}
}
