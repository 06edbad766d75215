package welsh

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"gammond/engine"
	"gammond/internal/testmain"
)

// randomBoard returns a Welsh position: each side's men checked out, on the
// roof (up to two) or on spikes, at most six a spike and one full spike a
// side, no spike shared.
func randomBoard(r *rand.Rand) engine.Board {
	var b engine.Board
	for _, side := range []int{engine.Mover, engine.Opponent} {
		h := &b[side]
		onBoard := engine.CheckersPerSide - r.IntN(engine.CheckersPerSide+1)
		if r.IntN(2) == 0 {
			onBoard = engine.CheckersPerSide - r.IntN(4) // mostly full boards
		}
		low, span := 1, 24
		if r.IntN(2) == 0 { // crowded: full spikes and blocks
			span = 4 + r.IntN(8)
			low = 1 + r.IntN(25-span)
		}
		for range onBoard {
			if r.IntN(20) == 0 && h.On(engine.Bar) < 2 {
				h[engine.Bar-1]++
				continue
			}
			for range 20 { // a free spike, or give up on this man
				p := low + r.IntN(span)
				other := &b[1-side]
				if other.On(25-p) > 0 || h.On(p) == FullSpike || h.On(p) == FullSpike-1 && FullSpikes(h) > 0 {
					continue
				}
				h[p-1]++
				break
			}
		}
	}
	return b
}

// randomThrow returns two dice, or now and then one die.
func randomThrow(r *rand.Rand) Throw {
	t := Throw{Dice: engine.Dice{1 + r.IntN(6), 1 + r.IntN(6)}}
	if r.IntN(8) == 0 {
		t.OneDie, t.Dice[1] = true, 0
	}
	return t
}

// checkPlays checks every play of t from b against the rules' invariants
// and returns what is wrong with the first play that breaks one.
func checkPlays(b engine.Board, t Throw) error {
	plays := Plays(b, t)
	seen := map[engine.Board]bool{}
	for _, p := range plays {
		if seen[p.After] {
			return fmt.Errorf("%s: a second play leaving the same position", FormatPlay(p.Steps()))
		}
		seen[p.After] = true
		if err := checkPlay(&b, t, &p); err != nil {
			return fmt.Errorf("%s %v: %s: %w", b.PositionID(), t, FormatPlay(p.Steps()), err)
		}
	}
	return nil
}

// checkPlay checks one play: the position it leaves (no spike over six, no
// mixed spike, at most one full spike of the mover), each move (skinny
// sevens, the stream, the roof first, backward only for a rover off
// doubles), the dice the moves use, and that replaying the moves with each
// man settling only where the turn leaves it gives the same position: no
// blot hit on the way (the combined-move rule).
func checkPlay(b *engine.Board, t Throw, p *engine.Play) error {
	if err := Validate(&p.After); err != nil {
		return err
	}
	mover := p.After[engine.Opponent]
	if FullSpikes(&mover) > 1 {
		return fmt.Errorf("two full spikes")
	}
	replay := b[engine.Mover]
	var values []int
	for i, m := range p.Steps() {
		from, to := int(m.From), int(m.To)
		if from != engine.Bar && replay.On(engine.Bar) > 0 {
			return fmt.Errorf("move %d: a man moves while another is on the roof", i+1)
		}
		if replay.On(from) == 0 {
			return fmt.Errorf("move %d: no man on %d", i+1, from)
		}
		if t.SkinnySeven() && from != engine.Bar && to != engine.Off && isOuter(from) != isOuter(to) {
			return fmt.Errorf("move %d: a skinny seven over the central bar", i+1)
		}
		v, err := moveValue(from, to)
		if err != nil {
			return fmt.Errorf("move %d: %w", i+1, err)
		}
		if to > from && t.double() {
			return fmt.Errorf("move %d: back on doubles", i+1)
		}
		values = append(values, v)
		replay[from-1]--
		if to != engine.Off {
			replay[to-1]++
		}
	}
	if _, boxes := boxesOut(b, t); !boxes && !diceCover(t, values) { // rule 19 ignores the spikes
		return fmt.Errorf("moves of %v do not use the dice of %v", values, t)
	}
	if replay != mover {
		return fmt.Errorf("the moves leave a different position")
	}
	opp := b[engine.Opponent]
	for q := 1; q <= 24; q++ {
		if replay.On(q) > 0 && opp.On(25-q) == 1 {
			opp[24-q], opp[engine.Bar-1] = 0, opp[engine.Bar-1]+1
		}
	}
	if opp != p.After[engine.Mover] {
		return fmt.Errorf("the opponent's men are not what settling leaves (a blot hit on the way?)")
	}
	return nil
}

func isOuter(p int) bool { return p >= nearOuterLow && p < backLow }

// moveValue returns the dice value a move uses: its length, the spike
// number for a crossing of the stream either way, and checks it goes
// nowhere a man cannot.
func moveValue(from, to int) (int, error) {
	switch {
	case from == engine.Bar:
		if to < backLow {
			return 0, fmt.Errorf("enters beyond the back board")
		}
		return engine.Bar - to, nil
	case from >= farOuterLow && to < farOuterLow:
		if from >= backLow || to != nearOuterLow-1+backLow-from {
			return 0, fmt.Errorf("%d/%d jumps the stream", from, to)
		}
		return backLow - from, nil
	case from < farOuterLow && to >= farOuterLow:
		if from < nearOuterLow || to != backLow-(from-nearOuterLow+1) {
			return 0, fmt.Errorf("%d/%d jumps the stream backwards", from, to)
		}
		return from - (nearOuterLow - 1), nil
	case to > from:
		return to - from, nil
	}
	return from - to, nil
}

// diceCover reports whether the move values can each be a die of t or a
// sum of its dice, using each die once.
func diceCover(t Throw, values []int) bool {
	dice := []int{t.Dice[0]}
	switch {
	case t.double():
		dice = []int{t.Dice[0], t.Dice[0], t.Dice[0], t.Dice[0]}
	case !t.OneDie:
		dice = append(dice, t.Dice[1])
	}
	var cover func(vals, left []int) bool
	cover = func(vals, left []int) bool {
		if len(vals) == 0 {
			return true
		}
		for set := 1; set < 1<<len(left); set++ {
			sum, rest := 0, []int{}
			for i, d := range left {
				if set&(1<<i) != 0 {
					sum += d
				} else {
					rest = append(rest, d)
				}
			}
			if sum == vals[0] && cover(vals[1:], rest) {
				return true
			}
		}
		return false
	}
	return cover(slices.Clone(values), dice)
}

// TestInvariants checks the plays of a few thousand random positions and
// throws; FuzzPlays does the same for as long as it is let run.
func TestInvariants(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 7))
	n := 3000
	if testmain.Trimmed() {
		n = 300
	}
	for range n {
		b, th := randomBoard(r), randomThrow(r)
		if err := checkPlays(b, th); err != nil {
			t.Fatal(err)
		}
	}
}

func FuzzPlays(f *testing.F) {
	f.Add(uint64(1), uint64(2))
	f.Add(uint64(14), uint64(64))
	f.Fuzz(func(t *testing.T, seed1, seed2 uint64) {
		r := rand.New(rand.NewPCG(seed1, seed2))
		b, th := randomBoard(r), randomThrow(r)
		if err := checkPlays(b, th); err != nil {
			t.Fatal(err)
		}
	})
}
