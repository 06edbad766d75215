package engine

import (
	"maps"
	"slices"
	"testing"

	"gammond/internal/testmain"
)

func TestLandings(t *testing.T) {
	lift := func(b Board, from ...int) Board {
		for _, p := range from {
			b[Mover][p-1]--
		}
		return b
	}
	after13to7 := StartingBoard
	after13to7[Mover][13-1]--
	after13to7[Mover][7-1]++
	blot := StartingBoard // an opponent's blot on the mover's 7
	blot[Opponent][13-1], blot[Opponent][18-1] = 4, 1
	bearOff := board(points{6: 1, 5: 1}, points{24: 15})
	six1 := Dice{6, 1}
	for _, tc := range []struct {
		name   string
		before Board
		d      Dice
		hand   Board
		want   []int
	}{
		// The opponent's mid-point (the mover's 12) blocks 13/12.
		{"lifted from 13", StartingBoard, six1, lift(StartingBoard, 13), []int{6, 7, 13}},
		{"after 13/7, lifted from 8", StartingBoard, six1, lift(after13to7, 8), []int{7, 8, 13}},
		{"a blot hit on the way", blot, six1, lift(blot, 13), []int{6, 7, 13}},
		{"borne off", bearOff, Dice{6, 5}, lift(bearOff, 5), []int{Off, 5}},
		{"two checkers lifted", StartingBoard, six1, lift(StartingBoard, 13, 8), nil},
		{"not a roll", StartingBoard, Dice{7, 1}, lift(StartingBoard, 13), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var g Generator
			if got := g.Landings(tc.before, tc.d, &tc.hand); !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

// TestLandingsLegalPlays checks Landings, for every hand a player can hold
// on the way to a legal play of the oracle's positions, against the
// positions on the way worked out from the legal plays with the reference
// mover: a point is a landing exactly when setting the checker down there
// (its hits on the bar) gives one of them, and putting it back always is.
func TestLandingsLegalPlays(t *testing.T) {
	t.Parallel()
	records := loadOracle(t)
	step := max(len(records)/150, 1)
	if testmain.Trimmed() {
		step = max(len(records)/20, 1)
	}
	var g Generator
	hands := 0
	for i := 0; i < len(records); i += step {
		r := records[i]
		d := Dice(r.Dice)
		onTheWay := refOnTheWay(r.Board, d)
		byMover := map[Half][]Half{}
		for p := range onTheWay {
			byMover[p[Mover]] = append(byMover[p[Mover]], p[Opponent])
		}
		for _, p := range slices.SortedFunc(maps.Keys(onTheWay), func(a, b Board) int { return slices.Compare(a[Mover][:], b[Mover][:]) }) {
			for from := 1; from <= Bar; from++ {
				if p[Mover].On(from) == 0 {
					continue
				}
				hand := p
				hand[Mover][from-1]--
				hands++
				got := g.Landings(r.Board, d, &hand)
				if want := refLandings(byMover, &hand); !slices.Equal(got, want) {
					t.Fatalf("%s %v, hand %s: landings %v, want %v", r.Position, d, hand.PositionID(), got, want)
				}
				if from != Bar && !slices.Contains(got, from) {
					t.Fatalf("%s %v, hand %s: the checker cannot go back to %d (%v)", r.Position, d, hand.PositionID(), from, got)
				}
			}
		}
	}
	if hands == 0 {
		t.Fatal("no hands tried")
	}
}

// refOnTheWay returns every position on the way to a legal play of d from
// b: reached moving one die at a time with the reference mover, in any
// order, and leading on to the position of one of LegalPlays.
func refOnTheWay(b Board, d Dice) map[Board]bool {
	legal := map[Board]bool{}
	for _, p := range LegalPlays(b, d) {
		legal[p.After.Swap()] = true
	}
	dice := []int{d[0], d[1]}
	if d.Double() {
		dice = append(dice, d[0], d[0])
	}
	out := map[Board]bool{}
	var walk func(b Board, left []int) bool
	walk = func(b Board, left []int) bool {
		leads := legal[b]
		for i, die := range left {
			for from := 1; from <= Bar; from++ {
				if after, _, ok := refMove(b, from, die); ok && walk(after, slices.Delete(slices.Clone(left), i, i+1)) {
					leads = true
				}
			}
		}
		if leads {
			out[b] = true
		}
		return leads
	}
	walk(b, dice)
	return out
}

// refLandings returns where the checker missing from hand may be set down:
// the mover's points (or Off) that give a position on the way (onTheWay,
// by the mover's checkers), the opponent's checkers only having gone from
// points to the bar.
func refLandings(onTheWay map[Half][]Half, hand *Board) []int {
	var out []int
	for to := Off; to < Bar; to++ {
		mover := hand[Mover]
		if to != Off {
			mover[to-1]++
		}
		if slices.ContainsFunc(onTheWay[mover], func(opponent Half) bool { return opponentOnlyHit(hand[Opponent], opponent) }) {
			out = append(out, to)
		}
	}
	return out
}

// opponentOnlyHit reports whether after is before with some checkers moved
// from points to the bar.
func opponentOnlyHit(before, after Half) bool {
	hit := 0
	for p := 1; p < Bar; p++ {
		if after.On(p) > before.On(p) {
			return false
		}
		hit += before.On(p) - after.On(p)
	}
	return after.On(Bar) == before.On(Bar)+hit
}

// BenchmarkLandings lifts a checker from the mid-point at the start with
// a double, the most positions on the way: one Partials and a comparison
// with each of them.
func BenchmarkLandings(b *testing.B) {
	var g Generator
	hand := StartingBoard
	hand[Mover][13-1]--
	b.ReportAllocs()
	for b.Loop() {
		g.Landings(StartingBoard, Dice{3, 3}, &hand)
	}
}
