package welsh

import (
	"errors"
	"fmt"

	"gammond/engine"
)

// FullSpike is how many men fill a spike: no spike holds more (rule 10).
const FullSpike = 6

// Quarter-boards by their lowest point, from the mover's view.
const (
	homeLow      = 1
	nearOuterLow = 7
	farOuterLow  = 13
	backLow      = 19
)

// ErrOverfullSpike is wrapped by Validate's error for a spike holding more
// than FullSpike men.
var ErrOverfullSpike = errors.New("more than six men on a spike")

// Validate reports a board no Welsh game can reach: one engine.Board.Validate
// refuses (more than 15 men a side, both sides on a spike), or a spike with
// more than six men (rule 10).
func Validate(b *engine.Board) error {
	if err := b.Validate(); err != nil {
		return err
	}
	for side, name := range [2]string{"side not on roll", "side on roll"} {
		for p := 1; p <= 24; p++ {
			if n := b[side].On(p); n > FullSpike {
				return fmt.Errorf("point %d of the %s holds %d men: %w", p, name, n, ErrOverfullSpike)
			}
		}
	}
	return nil
}

// FullSpikes returns how many full spikes (six men) h has (rule 10).
func FullSpikes(h *engine.Half) int {
	n := 0
	for p := 1; p <= 24; p++ {
		if h.On(p) == FullSpike {
			n++
		}
	}
	return n
}

// HasFullSpread reports whether h has a full spread (rule 11): exactly one
// man on every spike of some quarter-board. Its blots cannot be hit and its
// owner may throw one die.
func HasFullSpread(h *engine.Half) bool {
	for low := homeLow; low <= backLow; low += 6 {
		if fullSpreadAt(h, low) {
			return true
		}
	}
	return false
}

// fullSpreadAt reports whether h has one man on each spike of the quarter
// from point low.
func fullSpreadAt(h *engine.Half, low int) bool {
	for p := low; p < low+6; p++ {
		if h.On(p) != 1 {
			return false
		}
	}
	return true
}

// protectedBlots returns, by the mover's point, the opponent's blots that a
// full spread keeps from being hit (rule 11).
func protectedBlots(b *engine.Board) (protected [25]bool) {
	for low := homeLow; low <= backLow; low += 6 {
		if !fullSpreadAt(&b[engine.Opponent], low) {
			continue
		}
		for p := low; p < low+6; p++ {
			protected[25-p] = true // the opponent's p is the mover's 25-p
		}
	}
	return protected
}

// Rovers returns the points of the mover's activated rovers at the start of
// its turn (rule 20): a man alone in its quarter-board, with neither
// team-mate nor opponent there; and the last man left, in the home board
// ("Last Man Roving").
func Rovers(b *engine.Board) []int {
	mover, opp := &b[engine.Mover], &b[engine.Opponent]
	if mover.Total() == 1 && mover.On(engine.Bar) == 0 {
		for p := 1; p <= 6; p++ {
			if mover.On(p) == 1 {
				return []int{p}
			}
		}
	}
	var rovers []int
	for low := homeLow; low <= backLow; low += 6 {
		men, at := 0, 0
		for p := low; p < low+6; p++ {
			if opp.On(25-p) > 0 {
				men = 2 // company: no rover here
				break
			}
			if n := mover.On(p); n > 0 {
				men, at = men+n, p
			}
		}
		if men == 1 {
			rovers = append(rovers, at)
		}
	}
	return rovers
}

// Read returns the position an occupancy shows, the side of colour onRoll
// in Board[Mover]: a Welsh spike never holds more than six men, so on six
// slots a point every count is read. A man the board does not show (on a
// sensor that does not read, or in the hand) stands where near, a
// position by colour, has more men than the board shows; the others not
// on the board are checked out. It is an error if that is no Welsh
// position (Validate).
func Read(o *engine.Occupancy, onRoll engine.Side, near *engine.Layout) (engine.Board, error) {
	var l engine.Layout
	for _, s := range []engine.Side{engine.White, engine.Black} {
		on := 0
		for p := 1; p <= 24; p++ {
			l[s][p] = int(o.Points[p-1][s])
			on += l[s][p]
		}
		l[s][engine.Bar] = int(o.Bar[0][s]) + int(o.Bar[1][s])
		on += l[s][engine.Bar]
		unseen := engine.CheckersPerSide - near[s][engine.Off] - on
		for p := 1; p <= engine.Bar && unseen > 0; p++ {
			add := min(unseen, max(0, near[s][p]-l[s][p]))
			l[s][p], on, unseen = l[s][p]+add, on+add, unseen-add
		}
		l[s][engine.Off] = max(0, engine.CheckersPerSide-on)
	}
	b, err := l.Board(onRoll)
	if err == nil {
		err = Validate(&b)
	}
	return b, err
}
