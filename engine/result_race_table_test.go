package engine

import (
	"cmp"
	"flag"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"gammond/internal/testmain"
)

var writeRaceTables = flag.Bool("race-tables.write", false, "write the race search's tables (go generate)")

// raceTable is one goal's table as the tests build it: its file, what it
// holds, and where on a side's board its six points are (index in a Half
// of the lowest).
type raceTable struct {
	goal     raceGoal
	file     string
	embedded string
	from     int
}

var raceTables = []raceTable{
	{allOff, "race_home_alloff.bin", tableAllOff, 0},
	{zoneClear, "race_home_alloff.bin", tableAllOff, 18}, // the same turns as bearing off from six points
}

// everySixPoints returns every way to place 0 to 15 checkers on points 1
// to 6, fewest pips first: a play always lowers the pips, so each position
// comes after every position a roll can leave it in.
func everySixPoints() []Half {
	hs := append(racePositions(CheckersPerSide, 1, 6), Half{})
	slices.SortStableFunc(hs, func(x, y Half) int { return cmp.Compare(x.Pips(), y.Pips()) })
	return hs
}

// placed returns the checkers of six, on points 1 to 6, moved to the
// table's six points, none elsewhere.
func (rt *raceTable) placed(six Half) Half {
	var h Half
	copy(h[rt.from:rt.from+6], six[:6])
	return h
}

// build works out the table from the rules, fewest pips first.
func (rt *raceTable) build(tb testing.TB) []byte {
	t := make([]byte, sixPointPositions)
	var b raceBuilder
	for _, six := range everySixPoints() {
		worst := b.turns(rt, six, t)
		if worst > 255 {
			tb.Fatalf("%v: %d turns do not fit a byte", rt.placed(six), worst)
		}
		i, _ := sixPointIndex(six[:6])
		t[i] = byte(worst)
	}
	return t
}

// raceBuilder works out tables' entries; its buffers are reused.
type raceBuilder struct {
	seen  table
	plays []racePlay
}

// turns returns the table's entry for the checkers six (on points 1 to 6)
// from the entries t has for the positions a roll can leave them in: none
// at the goal; else, with the worst roll, one turn more than the best play
// of that roll leaves to do.
func (b *raceBuilder) turns(rt *raceTable, six Half, t []byte) int {
	h := rt.placed(six)
	if rt.goal.reached(&h) {
		return 0
	}
	worst := 0
	for _, d := range worstRollsFirst {
		best := 1 << 30
		b.plays = racePlays(h, d, b.plays[:0], &b.seen)
		for _, p := range b.plays {
			j, _ := sixPointIndex(p.after[rt.from:])
			best = min(best, int(t[j]))
		}
		worst = max(worst, best+1)
	}
	return worst
}

// TestSixPointIndex: sixPointIndex numbers the positions 0 to 54,263, each
// once, and refuses a sixteenth checker; tableTurns refuses a side not home
// when bearing off, or on the bar.
func TestSixPointIndex(t *testing.T) {
	t.Parallel()
	hs := everySixPoints()
	if len(hs) != sixPointPositions {
		t.Fatalf("%d positions, want %d", len(hs), sixPointPositions)
	}
	met := make([]bool, sixPointPositions)
	for _, h := range hs {
		i, ok := sixPointIndex(h[:6])
		if !ok || i < 0 || i >= sixPointPositions || met[i] {
			t.Fatalf("%v: index %d, %v (out of range or met before)", h, i, ok)
		}
		met[i] = true
	}
	for _, tc := range []struct {
		goal raceGoal
		h    Half
	}{
		{allOff, halfWith(map[int]int{7: 1})},
		{firstOff, halfWith(map[int]int{1: 14, 24: 1})},
		{allOff, halfWith(map[int]int{6: 16})},
		{allOff, halfWith(map[int]int{1: 10, 6: 6})},
		{zoneClear, halfWith(map[int]int{Bar: 1, 20: 1})},
		{zoneClear, halfWith(map[int]int{19: 8, 24: 8})},
	} {
		if n, ok := tc.goal.tableTurns(&tc.h); ok {
			t.Errorf("goal %d, %v: %d turns, want no answer", tc.goal, tc.h, n)
		}
	}
}

// TestRaceTables checks every entry of each embedded table against the
// rules: the entry is what the entries of the positions a roll can leave
// have it be (raceBuilder.turns). As a play always lowers the pips, every
// entry is then right, by induction from the goal. With -short, one entry in
// 64 is checked. With -race-tables.write (go generate) it writes the tables.
func TestRaceTables(t *testing.T) {
	t.Parallel()
	for _, rt := range raceTables {
		if *writeRaceTables {
			if err := os.WriteFile(rt.file, rt.build(t), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if len(rt.embedded) != sixPointPositions {
			t.Fatalf("%s: %d entries, want %d", rt.file, len(rt.embedded), sixPointPositions)
		}
		var b raceBuilder
		for n, six := range everySixPoints() {
			if testmain.Trimmed() && n%64 != 0 {
				continue
			}
			i, _ := sixPointIndex(six[:6])
			if want := b.turns(&rt, six, []byte(rt.embedded)); int(rt.embedded[i]) != want {
				t.Fatalf("%s, %v: %d turns, the rules give %d: run go generate ./engine", rt.file, rt.placed(six), rt.embedded[i], want)
			}
		}
	}
}

// TestRaceTablesAsSearched: the tables agree with the race search without
// them and with no budget, on random positions: home positions bearing
// off; clearing the zone, checkers in the zone and others anywhere out of
// it, which the table leaves out.
func TestRaceTablesAsSearched(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(11, 8))
	hs := everySixPoints()
	for _, rt := range raceTables {
		samples := 300
		if testmain.Trimmed() { // CI's full run takes all 300 (.ci/run)
			samples = 15
		}
		for range samples {
			h := rt.placed(hs[r.IntN(len(hs))])
			for h.Total() > 9 { // the unbounded search takes seconds on more
				h[rt.from+r.IntN(6)] = 0
			}
			if rt.goal == zoneClear {
				for n := r.IntN(CheckersPerSide - h.Total() + 1); n > 0; n-- {
					h[r.IntN(18)]++
				}
			}
			want, ok := rt.goal.tableTurns(&h)
			if !ok {
				t.Fatalf("goal %d, %v: no answer", rt.goal, h)
			}
			if got := searchedWorst(rt.goal, h); got != want {
				t.Fatalf("goal %d, %v: the table says %d turns, the search %d", rt.goal, h, want, got)
			}
		}
	}
}

// searchedWorst returns the most turns the goal takes from h, as the race
// search without the tables and with no budget finds it.
func searchedWorst(g raceGoal, h Half) int {
	for turns := 0; ; turns++ {
		s := newRaceSearch(g)
		s.budget, s.noTable = math.MaxInt, true
		if s.within(h, turns) {
			return turns
		}
	}
}

// raceQuestions are the questions outlook asks raceFirst: the side's goal,
// then the other side's.
var raceQuestions = [][2]raceGoal{{allOff, allOff}, {allOff, zoneClear}, {allOff, firstOff}, {firstOff, allOff}, {zoneClear, allOff}}

// randomRace returns a race: each side's checkers, some borne off, on
// points the other's do not reach.
func randomRace(r *rand.Rand) Board {
	var b Board
	split := 1 + r.IntN(23) // Mover's checkers on 1..split, Opponent's below 25-split
	if r.IntN(2) == 0 {
		split = 6 + r.IntN(4) // many checkers bearing off: the searches the tables end
	}
	for side, top := range [2]int{24 - split, split} {
		for range 1 + r.IntN(CheckersPerSide) {
			b[side][r.IntN(top)]++
		}
	}
	return b
}

// TestRaceSearchAsBefore: wherever the search without the tables finished
// within its budget, the search with them gives the same answer, for every
// question outlook asks, before the roll and after the record's roll, in
// every race of the oracle and in random races. Where the search without
// the tables gave up, the answer is that of the search without the tables
// and with no budget, and the search with them never gives up.
func TestRaceSearchAsBefore(t *testing.T) {
	t.Parallel()
	type race struct {
		b Board
		d Dice
	}
	// Trimmed, a quarter of the oracle's races and a thirtieth of the
	// random ones: CI's full run asks them all.
	every, random := 1, 3000
	if testmain.Trimmed() {
		every, random = 4, 100
	}
	var races []race
	for i, r := range loadOracle(t) {
		if !r.Board.Contact() && i%every == 0 {
			races = append(races, race{r.Board, Dice(r.Dice)}, race{r.Board, Dice{}})
		}
	}
	r := rand.New(rand.NewPCG(3, 11))
	for range random {
		races = append(races, race{randomRace(r), Dice{}})
	}
	compared, gaveUp := 0, 0
	for _, rc := range races {
		for p := range 2 {
			d := rc.d
			if p == Opponent {
				d = Dice{}
			}
			for _, q := range raceQuestions {
				now := newRaceSearch(q[0])
				got := now.first(&rc.b, p, q[1], d)
				if now.budget <= 0 {
					t.Fatalf("%v side %d goals %v, %v: the search gave up", rc.b, p, q, d)
				}
				before := newRaceSearch(q[0])
				before.noTable = true
				want := before.first(&rc.b, p, q[1], d)
				if before.budget <= 0 {
					gaveUp++
					before = newRaceSearch(q[0])
					before.noTable, before.budget = true, math.MaxInt
					want = before.first(&rc.b, p, q[1], d)
				}
				compared++
				if got != want {
					t.Fatalf("%v side %d goals %v, %v: %v with the tables, %v without", rc.b, p, q, d, got, want)
				}
			}
		}
	}
	t.Logf("%d questions, %d where the search without the tables gave up", compared, gaveUp)
}

// TestRaceSearchPastBudget: where the search without the tables ran out of
// budget (so was not certain: fifteen checkers at home, asked whether they
// bear off within the most turns they can take), the search with them is
// certain, as the search without the tables and with no budget is.
func TestRaceSearchPastBudget(t *testing.T) {
	t.Parallel()
	halves := []Half{
		halfWith(map[int]int{2: 1, 4: 1, 5: 5, 6: 6}),
		halfWith(map[int]int{3: 1, 5: 10, 6: 2}),
		halfWith(map[int]int{3: 1, 4: 3, 6: 9}),
	}
	if testmain.Trimmed() { // the unbounded search takes seconds a half under -race
		halves = halves[:1]
	}
	for _, h := range halves {
		turns, _ := allOff.tableTurns(&h)
		before := newRaceSearch(allOff)
		before.noTable = true
		if before.within(h, turns) || before.budget > 0 {
			t.Fatalf("%v, %d turns: the search without the tables did not give up", h, turns)
		}
		now := newRaceSearch(allOff)
		got := now.within(h, turns)
		if now.budget <= 0 {
			t.Fatalf("%v, %d turns: the search gave up", h, turns)
		}
		unbounded := newRaceSearch(allOff)
		unbounded.noTable, unbounded.budget = true, math.MaxInt
		if want := unbounded.within(h, turns); got != want {
			t.Fatalf("%v, %d turns: %v with the tables, %v without and with no budget", h, turns, got, want)
		}
		if !got {
			t.Fatalf("%v: not certain within the %d turns the table gives", h, turns)
		}
	}
}
