package engine

import (
	"slices"
	"testing"
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
		for _, p := range racePlays(r.Board[Mover], Dice(r.Dice), nil) {
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
		for _, p := range racePlays(h, d, nil) {
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
				if testing.Short() && i%4 != 0 { // CI checks them all (.ci/run)
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
	h := halfWith(map[int]int{6: 3, 5: 3, 4: 3, 3: 3, 2: 3})
	s := newRaceSearch(allOff)
	if !s.within(h, 20) {
		t.Fatal("within(20) = false with the full budget")
	}
	s = newRaceSearch(allOff)
	s.budget = 3
	if s.within(h, 20) {
		t.Fatal("within(20) = true on a budget of 3")
	}
}

// BenchmarkRaceSearch: proving the worst case of fifteen checkers spread
// over the home board, some 1400 positions.
func BenchmarkRaceSearch(b *testing.B) {
	h := halfWith(map[int]int{6: 3, 5: 3, 4: 3, 3: 3, 2: 3})
	for b.Loop() {
		if !newRaceSearch(allOff).within(h, 20) {
			b.Fatal("within(20) = false")
		}
	}
}
