package board_test

import (
	"fmt"
	"sync"

	"gammond/board"
	"gammond/calib"
	"gammond/engine"
)

// testSim is a simulated board for the tests: checkers moved by hand, read
// by hall sensors with the same levels everywhere and no noise.
type testSim struct {
	mu       sync.Mutex
	geo      calib.Geometry
	cal      *calib.Calibration
	checkers engine.Layout
}

var _ board.SimBoard = (*testSim)(nil)

func newTestSim() *testSim {
	s := &testSim{geo: calib.ReferenceBoard}
	n := s.geo.Sensors()
	s.cal = &calib.Calibration{Board: s.geo, Baseline: make([]uint16, n), White: make([]uint16, n), Black: make([]uint16, n)}
	for i := range n {
		s.cal.Baseline[i], s.cal.White[i], s.cal.Black[i] = 2000, 2600, 1400
	}
	start := engine.StartingBoard
	s.checkers = engine.LayoutOf(&start, engine.White)
	return s
}

// Move implements board.SimBoard: a lone checker of the other colour where
// it lands goes to the bar.
func (s *testSim) Move(side engine.Side, from, to int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.checkers[side][from] == 0 {
		return fmt.Errorf("%v has no checker on %s", side, engine.PointName(from))
	}
	other := side.Other()
	s.checkers[side][from]--
	s.checkers[side][to]++
	if to != engine.Off && s.checkers[other][to] == 1 {
		s.checkers[other][to] = 0
		s.checkers[other][engine.Bar]++
	}
	return nil
}

// Place implements board.SimBoard.
func (s *testSim) Place(l engine.Layout) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.checkers = l
}

// Layout implements board.SimBoard.
func (s *testSim) Layout() engine.Layout {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.checkers
}

// Frame fills dst with every sensor's reading: a point's slots fill from
// slot 0, a side's checkers on the bar sit on its own half.
func (s *testSim) Frame(dst []uint16) {
	s.mu.Lock()
	defer s.mu.Unlock()
	copy(dst, s.cal.Baseline)
	for side, level := range [2][]uint16{s.cal.White, s.cal.Black} {
		for p := 1; p <= 24; p++ {
			for slot := range min(s.checkers[side][p], s.geo.Slots) {
				i := s.geo.Sensor(calib.Place{Point: p, Slot: slot})
				dst[i] = level[i]
			}
		}
		for slot := range min(s.checkers[side][engine.Bar], s.geo.BarSlots) {
			i := s.geo.Sensor(calib.Place{Half: engine.Side(side), Slot: slot})
			dst[i] = level[i]
		}
	}
}
