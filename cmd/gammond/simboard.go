package main

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"

	"gammond/calib"
	"gammond/engine"
)

// simBoard is the board of "gammond -sim": checkers placed by hand (from the
// web page), read by simulated hall sensors with per-sensor levels and a
// little noise, so the whole pipeline runs as on a real board.
type simBoard struct {
	mu       sync.Mutex
	geo      calib.Geometry
	cal      *calib.Calibration
	rng      *rand.Rand
	checkers engine.Layout
}

// errSimMove is wrapped by the errors of simBoard.Move.
var errSimMove = errors.New("cannot move the checker")

// newSimBoard returns a simulated R1 board set up for a new game.
func newSimBoard(seed uint64) *simBoard {
	b := &simBoard{geo: calib.ReferenceBoard, rng: rand.New(rand.NewPCG(seed, 0x5eed))}
	b.cal = b.calibration()
	start := engine.StartingBoard
	white, black := start.Colours(engine.White)
	for side, h := range [2]*engine.Half{white, black} {
		for p := 1; p <= 24; p++ {
			b.checkers[side][engine.BoardPoint(engine.Side(side), p)] = h.On(p)
		}
	}
	return b
}

// calibration draws per-sensor levels like R1's: baselines about half
// scale, gains of 480 to 760 counts.
func (b *simBoard) calibration() *calib.Calibration {
	n := b.geo.Sensors()
	c := &calib.Calibration{Board: b.geo, Baseline: make([]uint16, n), White: make([]uint16, n), Black: make([]uint16, n)}
	for i := range n {
		base := 1900 + b.rng.IntN(300)
		c.Baseline[i] = uint16(base)
		c.White[i] = uint16(base + 480 + b.rng.IntN(280))
		c.Black[i] = uint16(base - 480 - b.rng.IntN(280))
	}
	return c
}

// Move moves one of side's checkers from a board point (or engine.Bar) to a
// board point (or engine.Off), as a hand would: a lone opposing checker
// where it lands goes to the bar. Rules are the referee's business; only
// what a hand cannot do is refused.
func (b *simBoard) Move(side engine.Side, from, to int) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	other := side.Other()
	switch {
	case side > engine.Black:
		return fmt.Errorf("%w: no side %d", errSimMove, side)
	case from < 1 || from > engine.Bar || to < engine.Off || to > 24:
		return fmt.Errorf("%w from %d to %d: points are 1-24, %d the bar, %d off", errSimMove, from, to, engine.Bar, engine.Off)
	case b.checkers[side][from] == 0:
		return fmt.Errorf("%w: %v has no checker on %s", errSimMove, side, engine.PointName(from))
	case to != engine.Off && b.checkers[other][to] > 1:
		return fmt.Errorf("%w: %v holds %s", errSimMove, other, engine.PointName(to))
	}
	b.checkers[side][from]--
	b.checkers[side][to]++
	if to != engine.Off && b.checkers[other][to] == 1 {
		b.checkers[other][to] = 0
		b.checkers[other][engine.Bar]++
	}
	return nil
}

// Frame fills dst with every sensor's reading. Each point's slots fill from
// slot 0 with its checkers; a slot reads the level of its bottom checker's
// colour. A side's checkers on the bar sit on its own half.
func (b *simBoard) Frame(dst []uint16) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for i := range dst {
		dst[i] = b.cal.Baseline[i]
	}
	for side := range b.checkers {
		level := b.cal.White
		if side == int(engine.Black) {
			level = b.cal.Black
		}
		for p := 1; p <= 24; p++ {
			for s := range min(b.checkers[side][p], b.geo.Slots) {
				i := b.geo.Sensor(calib.Place{Point: p, Slot: s})
				dst[i] = level[i]
			}
		}
		for s := range min(b.checkers[side][engine.Bar], b.geo.BarSlots) {
			i := b.geo.Sensor(calib.Place{Half: engine.Side(side), Slot: s})
			dst[i] = level[i]
		}
	}
	for i := range dst {
		dst[i] = uint16(int(dst[i]) + b.rng.IntN(5) - 2)
	}
}

// place puts the checkers where a restarted daemon's journal left them
// (referee.Status.Checkers).
func (b *simBoard) place(checkers engine.Layout) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.checkers = checkers
}

// snapshot returns where the checkers are.
func (b *simBoard) snapshot() engine.Layout {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.checkers
}
