package engine

import (
	"slices"
	"testing"
	"time"

	"gammond/internal/testmain"
)

// halfWith returns a side's checkers: count on each point (Bar for the bar);
// those not placed are borne off.
func halfWith(points map[int]int) Half {
	var h Half
	for p, n := range points {
		h[p-1] = uint8(n)
	}
	return h
}

func TestContact(t *testing.T) {
	for _, tc := range []struct {
		name string
		b    Board
		want bool
	}{
		{"starting position", StartingBoard, true},
		{"passed each other", Board{halfWith(map[int]int{6: 15}), halfWith(map[int]int{18: 15})}, false},
		{"one checker still behind", Board{halfWith(map[int]int{6: 14, 20: 1}), halfWith(map[int]int{6: 15})}, true},
		{"adjacent, not yet passed", Board{halfWith(map[int]int{12: 1}), halfWith(map[int]int{14: 1})}, true},
		{"adjacent, passed", Board{halfWith(map[int]int{12: 1}), halfWith(map[int]int{12: 1})}, false},
		{"on the bar", Board{halfWith(map[int]int{Bar: 1}), halfWith(map[int]int{1: 1})}, true},
		{"the winner has no checker", Board{Half{}, halfWith(map[int]int{24: 15})}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.b.Contact(); got != tc.want {
				t.Fatalf("Contact() = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestRacePlaysOracle: in every race of the oracle, the positions racePlays
// gives are those of GNU Backgammon's legal plays.
func TestRacePlaysOracle(t *testing.T) {
	races := 0
	for i, r := range loadOracle(t) {
		if r.Board.Contact() {
			continue
		}
		races++
		var want []Half
		for _, p := range r.Plays {
			after, err := ParsePositionID(p.After)
			if err != nil {
				t.Fatalf("record %d: %v", i+1, err)
			}
			if after[Mover] != r.Board[Opponent] {
				t.Fatalf("record %d: play %s changed the opponent's checkers in a race", i+1, p.Move)
			}
			want = append(want, after[Opponent])
		}
		var got []Half
		for _, p := range racePlays(r.Board[Mover], Dice(r.Dice), nil, &table{}) {
			got = append(got, p.after)
		}
		if !sameHalves(got, want) {
			t.Fatalf("record %d (%s %v): racePlays gives %d positions, gnubg %d", i+1, r.Position, r.Dice, len(got), len(want))
		}
	}
	if races < 100 {
		t.Fatalf("the oracle has %d races, want 100 or more", races)
	}
}

func sameHalves(a, b []Half) bool {
	if len(a) != len(b) {
		return false
	}
	for _, h := range a {
		if !slices.Contains(b, h) {
			return false
		}
	}
	return true
}

// exactRace is the plain recursion the search must agree with: the turns a
// goal takes with the worst rolls (worst) and with the best (best), the
// side playing each roll the best way.
type exactRace struct {
	goal        raceGoal
	worst, best map[Half]int
}

func (e *exactRace) turns(h Half) (worst, best int) {
	if e.goal.reached(&h) {
		return 0, 0
	}
	if w, ok := e.worst[h]; ok {
		return w, e.best[h]
	}
	worst, best = 0, 1<<30
	for _, d := range worstRollsFirst {
		rollWorst, rollBest := 1<<30, 1<<30
		for _, p := range racePlays(h, d, nil, &table{}) {
			w, b := e.turns(p.after)
			rollWorst, rollBest = min(rollWorst, w), min(rollBest, b)
		}
		worst, best = max(worst, rollWorst+1), min(best, rollBest+1)
	}
	e.worst[h], e.best[h] = worst, best
	return worst, best
}

// racePositions returns every way to place 1 to n checkers on points
// lo..hi, the rest borne off.
func racePositions(n, lo, hi int) []Half {
	var out []Half
	var place func(h Half, left, from int)
	place = func(h Half, left, from int) {
		if h.Total() > 0 {
			out = append(out, h)
		}
		if left == 0 {
			return
		}
		for p := from; p <= hi; p++ {
			next := h
			next[p-1]++
			place(next, left-1, p)
		}
	}
	place(Half{}, n, lo)
	return out
}

// TestRaceBounds checks the race search and both bounds against the exact
// turns of small races, for each goal: within(h, t) holds exactly when the
// worst rolls take t turns or fewer; fewestTurns never exceeds the best
// rolls' turns, nor worstFloor the worst rolls'. A bound that fails here
// would make the engine certain of something that may not happen.
func TestRaceBounds(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name      string
		goal      raceGoal
		positions []Half
	}{
		{"bear off all: up to 5 checkers on points 1-10", allOff, racePositions(5, 1, 10)},
		{"bear off all: up to 8 checkers at home", allOff, racePositions(8, 1, 6)},
		{"bear off one: up to 3 checkers on points 4-14, the rest on 1", firstOff, fullHalves(racePositions(3, 4, 14), 1)},
		{"clear the zone: up to 3 checkers on points 14-24, the rest on 1", zoneClear, fullHalves(racePositions(3, 14, 24), 1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			e := &exactRace{goal: tc.goal, worst: map[Half]int{}, best: map[Half]int{}}
			s := newRaceSearch(tc.goal) // one memo for all: what it learns must hold too
			for i, h := range tc.positions {
				if testmain.Trimmed() && i%4 != 0 { // CI checks them all (.ci/run)
					continue
				}
				worst, best := e.turns(h)
				if f := tc.goal.fewestTurns(&h); f > best {
					t.Fatalf("%v: fewestTurns %d, but the best rolls take %d", h, f, best)
				}
				if f := tc.goal.worstFloor(&h); f > worst {
					t.Fatalf("%v: worstFloor %d, but the worst rolls take %d", h, f, worst)
				}
				for turns := range worst + 2 {
					s.budget = raceBudget
					if got := s.within(h, turns); got != (worst <= turns) {
						t.Fatalf("%v: within(%d) = %v, but the worst rolls take %d turns", h, turns, got, worst)
					}
				}
			}
		})
	}
}

// fullHalves puts the checkers not placed on point p, none borne off: a
// gammon to save.
func fullHalves(hs []Half, p int) []Half {
	for i := range hs {
		hs[i][p-1] += uint8(CheckersPerSide - hs[i].Total())
	}
	return hs
}

// TestRaceBudget: a search that runs out of budget is never certain.
func TestRaceBudget(t *testing.T) {
	h := halfWith(map[int]int{9: 1, 8: 1, 7: 1, 6: 3, 5: 3, 4: 3, 3: 3})
	s := newRaceSearch(allOff)
	if !s.within(h, 26) {
		t.Fatal("within(26) = false with the full budget")
	}
	s = newRaceSearch(allOff)
	s.budget = 3
	if s.within(h, 26) {
		t.Fatal("within(26) = true on a budget of 3")
	}
}

// BenchmarkRaceSearch: proving the worst case of fifteen checkers, three
// outside the home board, the search ending at the table once all are home.
func BenchmarkRaceSearch(b *testing.B) {
	h := halfWith(map[int]int{9: 1, 8: 1, 7: 1, 6: 3, 5: 3, 4: 3, 3: 3})
	for b.Loop() {
		if !newRaceSearch(allOff).within(h, 26) {
			b.Fatal("within(26) = false")
		}
	}
}

// racePlaysByScan is racePlays as it was before the hash table: each new
// position compared with every one kept so far. TestRacePlaysHashedAsScan
// holds the table to its answers.
func racePlaysByScan(h Half, d Dice) []racePlay {
	var steps func(dst []racePlay, h Half, dice []int, top int) []racePlay
	steps = func(dst []racePlay, h Half, dice []int, top int) []racePlay {
		highest := h.highest()
		if len(dice) == 0 || highest == 0 {
			for i := range dst {
				if dst[i].after == h {
					return dst
				}
			}
			return append(dst, racePlay{after: h})
		}
		die, rest := dice[0], dice[1:]
		for p := min(top, highest); p >= 1; p-- {
			to := p - die
			if h.On(p) == 0 || to < 1 && (highest > 6 || (to < 0 && p != highest)) {
				continue
			}
			after := h
			after[p-1]--
			if to >= 1 {
				after[to-1]++
			}
			next := Bar
			if len(rest) > 0 && rest[0] == die {
				next = p
			}
			dst = steps(dst, after, rest, next)
		}
		return dst
	}
	if d.Double() {
		return steps(nil, h, []int{d[0], d[0], d[0], d[0]}, Bar)
	}
	return steps(steps(nil, h, d[:], Bar), h, []int{d[1], d[0]}, Bar)
}

// TestRacePlaysHashedAsScan: with the hash table, racePlays gives the positions
// the scan gave, in the same order (the search tries them in that order),
// for every roll of every race in the oracle and of many random races, one
// table serving them all as in a search.
func TestRacePlaysHashedAsScan(t *testing.T) {
	t.Parallel()
	halves := racePositions(4, 1, 12)
	for _, r := range loadOracle(t) {
		if !r.Board.Contact() {
			halves = append(halves, r.Board[Mover], r.Board[Opponent])
		}
	}
	var seen table
	var buf []racePlay
	for i, h := range halves {
		if testmain.Trimmed() && i%8 != 0 { // CI's full run compares them all (.ci/run)
			continue
		}
		for _, d := range worstRollsFirst {
			buf = racePlays(h, d, buf[:0], &seen)
			if want := racePlaysByScan(h, d); !slices.Equal(buf, want) {
				t.Fatalf("%v %v: %d plays, the scan gives %d (or another order)", h, d, len(buf), len(want))
			}
		}
	}
	if len(halves) < 1000 {
		t.Fatalf("%d positions compared, want 1000 or more", len(halves))
	}
}

// BenchmarkOutlookOracle decides the end of game as the referee does (both
// sides' outlook, no roll pending) in every position of the oracle, and
// reports the slowest decision (worst-ns), a decision's time being its
// fastest over the sweeps (on a busy machine one time can be a
// preemption), beside the mean (ns/op is the whole sweep). Target: worst-ns
// at most 1e6 (1 ms), under qemu-aarch64 too. Run with -benchtime=3x or
// more: the slowest is the fastest of its sweeps.
func BenchmarkOutlookOracle(b *testing.B) {
	records := loadOracle(b)
	each := make([]time.Duration, len(records))
	for i := range each {
		each[i] = time.Hour
	}
	for b.Loop() {
		for i, r := range records {
			start := time.Now()
			outlook(&r.Board, Mover, Dice{}, 0)
			outlook(&r.Board, Opponent, Dice{}, 0)
			each[i] = min(each[i], time.Since(start))
		}
	}
	worst := 0
	for i := range each {
		if each[i] > each[worst] {
			worst = i
		}
	}
	b.ReportMetric(float64(each[worst].Nanoseconds()), "worst-ns")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(records)), "mean-ns")
	b.Logf("slowest: %s, %v", records[worst].Position, each[worst])
}

// TestRaceNeedTable: need's table gives the sums of distance and dice
// point by point, for every goal, in small races and the oracle's.
func TestRaceNeedTable(t *testing.T) {
	halves := racePositions(3, 1, Bar)
	for _, r := range loadOracle(t) {
		halves = append(halves, r.Board[Mover], r.Board[Opponent])
	}
	for _, g := range []raceGoal{allOff, firstOff, zoneClear} {
		for _, h := range halves {
			var pips, dice int
			if !g.reached(&h) {
				if g == firstOff {
					pips, dice = 1, 1
				}
				for p := 1; p <= Bar; p++ {
					pips += h.On(p) * g.distance(p)
					dice += h.On(p) * ceilDiv(g.distance(p), 6)
				}
			}
			if gp, gd := g.need(&h); gp != pips || gd != dice {
				t.Fatalf("goal %d, %v: need %d pips %d dice, want %d and %d", g, h, gp, gd, pips, dice)
			}
		}
	}
}
