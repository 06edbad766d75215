package record

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"gammond/calib"
	"gammond/engine"
	"gammond/internal/gnubgtest"
	"gammond/internal/testmain"
	"gammond/record/mat"
	"gammond/referee"
	"gammond/referee/refereetest"
	"gammond/sensing"
)

// everyChecker is a board whose sensors count every checker of a pile:
// what is tested here is the record of the positions the referee knows,
// not what sensors can count.
var everyChecker = calib.Geometry{Points: 24, Slots: engine.CheckersPerSide, BarSlots: engine.CheckersPerSide, ADCBits: 12}

// acceptedMatch plays a match through a referee, every game with a random
// illegal play accepted by the opponent's roll after a random number of
// turns, then a few legal turns from the position it left, then the board
// set up again (the game conceded); it returns the transcript and, per
// game, the position after every play as the referee has it.
func acceptedMatch(t *testing.T, seed uint64, length int) (*Transcript, [][]played, int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 11))
	m, err := engine.NewMatch(length, engine.MatchOpts{})
	if err != nil {
		t.Fatal(err)
	}
	tr := NewTranscript(length, [2]string{"Anna", "Bo"})
	var boards [][]played
	over, accepted := false, 0
	clock := sensing.NewVirtualClock(time.Unix(0, 0))
	r := referee.New(m, clock, func(e referee.Event) {
		tr.Event(e)
		switch e.Kind {
		case referee.GameStarted:
			boards = append(boards, nil)
		case referee.PlayMade, referee.IllegalAccepted:
			boards[len(boards)-1] = append(boards[len(boards)-1], played{e.Turn, e.Board})
			if e.Kind == referee.IllegalAccepted {
				accepted++
			}
		case referee.MatchOver:
			over = true
		case referee.IllegalPlay, referee.Irregularity, referee.CubeRefused:
		}
	})
	sensors, err := refereetest.NewOf(r, clock, everyChecker)
	if err != nil {
		t.Fatal(err)
	}
	show := func(b engine.Board, onRoll engine.Side) {
		clock.Advance(time.Second) // a hand takes a while: each board is read at a time of its own
		sensors.Show(b, onRoll)
	}
	for game := 0; !over && game < 40; game++ {
		show(engine.StartingBoard, engine.White)
		board, side := engine.StartingBoard, engine.Side(rng.IntN(2))
		illegalAt, end := rng.IntN(30), -1
		for turn := 0; !over && turn != end; turn++ {
			d := engine.Dice{rng.IntN(6) + 1, rng.IntN(6) + 1}
			for turn == 0 && d.Double() {
				d[1] = rng.IntN(6) + 1
			}
			r.Roll(side, d)
			after, ok := board, false
			if turn >= illegalAt && end < 0 {
				after, ok = randomIllegal(rng, board, d)
			}
			if ok {
				end = turn + 3
			} else if plays := engine.LegalPlays(board, d); len(plays) > 0 {
				after = plays[rng.IntN(len(plays))].After.Swap()
			}
			show(after.Swap(), side.Other())
			r.Done(side)
			board, side = after.Swap(), side.Other()
			if board[engine.Opponent].Total() == 0 {
				break // borne off: the game is over
			}
		}
	}
	return tr, boards, accepted
}

// played is a turn's play as the referee had it: the position it left.
type played struct {
	turn  int
	board engine.Board
}

// randomIllegal returns the board up to four random checker moves of the
// mover leave from b (forward, a die's length at most, a double's die for
// a double, hitting the blots they land on), when no legal play of d
// leaves it.
func randomIllegal(rng *rand.Rand, b engine.Board, d engine.Dice) (engine.Board, bool) {
	longest := 6
	if d.Double() {
		longest = d[0]
	}
	after := b
	for n := rng.IntN(engine.MaxMoves) + 1; n > 0; n-- {
		from := int8(rng.IntN(engine.Bar) + 1)
		m := engine.Move{From: from, To: max(from-int8(rng.IntN(longest)+1), engine.Off)}
		after, _ = after.Apply([]engine.Move{m}) // an impossible move is not made
	}
	if after == b || after[engine.Mover].Total() == 0 {
		return b, false
	}
	for _, p := range engine.LegalPlays(b, d) {
		if p.After == after.Swap() {
			return b, false
		}
	}
	return after, true
}

// TestAcceptedIllegalPlaysAreWritten: over many random illegal plays
// accepted in play, every one is written, the .mat written reads back, and
// replaying it gives, play by play, the positions the referee had.
//
// One kind of play is refused, ending the record: a checker passing blots
// on both dice's points without hitting either, as Black entering 25/20
// with 3-2 past blots on its 22 and 23 points (seed 11). GNU Backgammon
// would hold "25/20", but a .mat reader takes a move spanning both dice for
// the legal play that ends there (XG writes plays so, hits unmarked), which
// hits: the record would be wrong. That is rare, and the record up to it
// is checked all the same.
func TestAcceptedIllegalPlaysAreWritten(t *testing.T) {
	seeds := uint64(12)
	if testmain.Trimmed() {
		seeds = 3
	}
	total, stopped := 0, 0
	for seed := range seeds {
		tr, boards, accepted := acceptedMatch(t, seed, 7)
		total += accepted
		if checkWritten(t, fmt.Sprintf("seed %d", seed), tr, boards) {
			stopped++
		}
	}
	if total < 10*int(seeds) {
		t.Fatalf("%d illegal plays accepted, want %d or more", total, 10*seeds)
	}
	if stopped > total/50 {
		t.Fatalf("%d of %d accepted illegal plays not written", stopped, total)
	}
	t.Logf("%d illegal plays accepted, %d not written", total, stopped)
}

// checkWritten checks the transcript's match: written without error, read
// back, and replayed to the referee's positions. It reports whether the
// record stopped before a play a .mat reader would read as a legal one.
func checkWritten(t *testing.T, name string, tr *Transcript, boards [][]played) (stopped bool) {
	t.Helper()
	var unwritten *UnwritableError
	if err := tr.Err(); err != nil && (!errors.As(err, &unwritten) || !strings.Contains(unwritten.Reason, "read as a play leaving")) {
		t.Fatalf("%s: %v", name, err)
	}
	if unwritten != nil {
		boards = boards[:unwritten.Game]
		g := &boards[unwritten.Game-1]
		*g = slices.DeleteFunc(*g, func(p played) bool { return p.turn >= unwritten.Turn })
	}
	var b bytes.Buffer
	if _, err := tr.Match().WriteTo(&b); err != nil {
		t.Fatalf("%s: the writer refuses the match: %v", name, err)
	}
	back, err := mat.Read(bytes.NewReader(b.Bytes()), name)
	if err != nil {
		t.Fatalf("%s: the match written does not read back: %v", name, err)
	}
	checkPositions(t, name, back, boards)
	return unwritten != nil
}

// checkPositions replays every game of m and compares the position after
// each roll with the referee's.
func checkPositions(t *testing.T, name string, m *mat.Match, boards [][]played) {
	t.Helper()
	if len(m.Games) != len(boards) {
		t.Fatalf("%s: %d games, the referee played %d", name, len(m.Games), len(boards))
	}
	for g := range m.Games {
		steps, err := m.Games[g].Replay()
		if err != nil {
			t.Fatalf("%s game %d: %v", name, g+1, err)
		}
		var got []engine.Board
		for _, st := range steps {
			if st.Action.Kind == mat.Roll {
				got = append(got, st.After.Swap())
			}
		}
		if len(got) != len(boards[g]) {
			t.Fatalf("%s game %d: %d plays, the referee had %d", name, g+1, len(got), len(boards[g]))
		}
		for i := range got {
			if want := boards[g][i].board; got[i] != want {
				t.Fatalf("%s game %d play %d leaves %s, the referee had %s", name, g+1, i+1, got[i].PositionID(), want.PositionID())
			}
		}
	}
}

// TestGnubgImportsAcceptedIllegalPlays has GNU Backgammon import matches
// full of accepted illegal plays and export them again: no warning, and the
// export replays to the referee's positions.
func TestGnubgImportsAcceptedIllegalPlays(t *testing.T) {
	t.Parallel()
	gnubg := gnubgtest.Need(t)
	total := 0
	for seed := range uint64(4) {
		tr, boards, accepted := acceptedMatch(t, 100+seed, 7)
		total += accepted
		name := fmt.Sprintf("seed %d", 100+seed)
		if checkWritten(t, name, tr, boards) {
			continue
		}
		dir := t.TempDir()
		in := filepath.Join(dir, "ours.mat")
		var b bytes.Buffer
		if _, err := tr.Match().WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(in, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		back, err := mat.Read(bytes.NewReader(gnubgReexport(t, gnubg, dir, in)), name+" as gnubg exports it")
		if err != nil {
			t.Fatal(err)
		}
		checkPositions(t, name+" as gnubg exports it", back, boards)
	}
	if total < 20 {
		t.Fatalf("%d illegal plays accepted, want 20 or more", total)
	}
	t.Logf("%d accepted illegal plays through GNU Backgammon", total)
}

// gnubgReexport has GNU Backgammon import the record in and export it
// again, failing on any warning, and returns what it exported.
func gnubgReexport(t *testing.T, gnubg, dir, in string) []byte {
	t.Helper()
	out := filepath.Join(dir, "gnubg.mat")
	script := filepath.Join(dir, "commands")
	if err := os.WriteFile(script, []byte("import mat "+in+"\nexport match mat "+out+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, gnubg, "-t", "-q", "-c", script)
	cmd.Env = append(os.Environ(), "HOME="+dir) // gnubg keeps its settings in ~/.gnubg
	output, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", gnubg, err, output)
	}
	for _, bad := range []string{"WARNING", "Unrecognised", "not a valid"} {
		if bytes.Contains(output, []byte(bad)) {
			t.Fatalf("gnubg did not import our record: %s", grepLine(output, bad))
		}
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("gnubg exported nothing: %v\n%s", err, output)
	}
	return data
}

// grepLine returns the first line of out that holds s.
func grepLine(out []byte, s string) string {
	for l := range strings.Lines(string(out)) {
		if strings.Contains(l, s) {
			return l
		}
	}
	return ""
}
