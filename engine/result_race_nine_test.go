package engine

import (
	"cmp"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"gammond/internal/testmain"
)

// everyNinePoints returns every way to place fifteen checkers on points 1
// to 9.
func everyNinePoints() []Half {
	var out []Half
	var place func(h Half, point, left int)
	place = func(h Half, point, left int) {
		if point == 8 {
			h[8] = uint8(left)
			out = append(out, h)
			return
		}
		for n := 0; n <= left; n++ {
			h[point] = uint8(n)
			place(h, point+1, left-n)
		}
	}
	place(Half{}, 0, CheckersPerSide)
	return out
}

// nineTurns returns the table's entry for h from the entries t has for the
// positions a roll can leave it in: with the worst roll, one turn more
// than the best play of that roll leaves to do, none once a checker is
// off; ninePointMore for that many or more. An entry under ninePointMore is
// exact: a roll whose best play leaves a position of ninePointMore turns
// or more makes this one more than that.
func (b *raceBuilder) nineTurns(h Half, t []byte) int {
	worst := 0
	for _, d := range worstRollsFirst {
		best := 1 << 30
		b.plays = racePlays(h, d, b.plays[:0], &b.seen)
		for _, p := range b.plays {
			if p.after.BorneOff() > 0 {
				best = 0
				break
			}
			j, _ := ninePointIndex(&p.after)
			best = min(best, int(t[j]))
		}
		worst = max(worst, best+1)
	}
	return min(worst, ninePointMore)
}

// buildNinePoints works out the table from the rules, an entry a byte.
func buildNinePoints() []byte {
	t := make([]byte, ninePointPositions)
	var b raceBuilder
	hs := everyNinePoints()
	// Fewest pips first: a play that bears nothing off lowers the pips, so
	// each position comes after every position such a play leaves.
	slices.SortStableFunc(hs, func(x, y Half) int { return cmp.Compare(x.Pips(), y.Pips()) })
	for _, h := range hs {
		i, _ := ninePointIndex(&h)
		t[i] = byte(b.nineTurns(h, t))
	}
	return t
}

// packNibbles packs entries under 16 two a byte, the even in the low nibble.
func packNibbles(t []byte) []byte {
	p := make([]byte, (len(t)+1)/2)
	for i, v := range t {
		p[i/2] |= v << (4 * (i % 2))
	}
	return p
}

// TestNinePointTable checks entries of the embedded table against the
// rules, as TestRaceTables does: one in 256 when testmain.Trimmed (the
// race detector makes each some 50 times slower), else every one
// (some ten seconds). With -race-tables.write (go generate) it writes the
// table.
func TestNinePointTable(t *testing.T) {
	if *writeRaceTables {
		if err := os.WriteFile("race_firstoff_nine.bin", packNibbles(buildNinePoints()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Parallel()
	if len(tableFirstOffNine) != (ninePointPositions+1)/2 {
		t.Fatalf("race_firstoff_nine.bin: %d bytes, want %d", len(tableFirstOffNine), (ninePointPositions+1)/2)
	}
	hs := everyNinePoints()
	if len(hs) != ninePointPositions {
		t.Fatalf("%d positions, want %d", len(hs), ninePointPositions)
	}
	entries := make([]byte, ninePointPositions)
	met := make([]bool, ninePointPositions)
	for _, h := range hs {
		i, ok := ninePointIndex(&h)
		if !ok || met[i] {
			t.Fatalf("%v: index %d, %v (refused or met before)", h, i, ok)
		}
		met[i] = true
		entries[i] = ninePointEntry(i)
	}
	var b raceBuilder
	for n, h := range hs {
		if testmain.Trimmed() && n%256 != 0 {
			continue
		}
		i, _ := ninePointIndex(&h)
		if want := b.nineTurns(h, entries); int(entries[i]) != want {
			t.Fatalf("%v: %d turns, the rules give %d: run go generate ./engine", h, entries[i], want)
		}
	}
}

// TestNinePointTableAsSearched: the table agrees with the race search
// without tables and with no budget, on random positions of fifteen
// checkers on points 1 to 9, those with checkers on points 7 to 9 first
// among them.
func TestNinePointTableAsSearched(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(9, 15))
	samples := 200
	if testmain.Trimmed() {
		samples = 10
	}
	compared := 0
	for range samples {
		var h Half
		outside := 1 + r.IntN(8)
		for n := range CheckersPerSide {
			if n < outside {
				h[6+r.IntN(3)]++
			} else {
				h[r.IntN(6)]++
			}
		}
		want, ok := firstOff.tableTurns(&h)
		if !ok {
			continue // ninePointMore or more: the search goes on
		}
		compared++
		if got := searchedWorst(firstOff, h); got != want {
			t.Fatalf("%v: the table says %d turns, the search %d", h, want, got)
		}
	}
	if compared < samples/2 {
		t.Fatalf("%d of %d positions compared: the rest past the table", compared, samples)
	}
}
