// Package refereetest shows a referee positions as the reference board's
// sensors read them, for the tests of packages that drive a referee by
// hand: each settled input carries the frame a simulated board
// (sensing/sim) reads, as a pipeline's do.
package refereetest

import (
	"gammond/calib"
	"gammond/engine"
	"gammond/referee"
	"gammond/sensing"
	"gammond/sensing/sim"
)

// Sensors is a simulated reference board whose frames a referee judges.
type Sensors struct {
	r     *referee.Referee
	clock sensing.Clock
	board *sim.Board
	frame []uint16 // scratch: the referee keeps its own copy
}

// New gives r, whose clock is clock, the calibration of a simulated
// reference board (its levels and noise drawn from seed 1) and returns
// the board.
func New(r *referee.Referee, clock sensing.Clock) (*Sensors, error) {
	return NewOf(r, clock, calib.ReferenceBoard)
}

// NewOf is New for a board of geometry g: one whose sensors count every
// checker of a pile (engine.CheckersPerSide slots), say, for a test of
// what the referee makes of positions rather than of what sensors see.
func NewOf(r *referee.Referee, clock sensing.Clock, g calib.Geometry) (*Sensors, error) {
	b, err := sim.NewBoardOf(g, 1)
	if err != nil {
		return nil, err
	}
	if err := r.SetCalibration(b.Calibration()); err != nil {
		return nil, err
	}
	return &Sensors{r: r, clock: clock, board: b, frame: make([]uint16, g.Sensors())}, nil
}

// Show settles the board, now, on b (the side on roll, of colour onRoll,
// in b[Mover]).
func (s *Sensors) Show(b engine.Board, onRoll engine.Side) { s.ShowLayout(engine.LayoutOf(&b, onRoll)) }

// ShowLayout settles the board, now, with the checkers where l says.
func (s *Sensors) ShowLayout(l engine.Layout) {
	s.board.Place(l)
	s.board.Frame(s.frame)
	now := s.clock.Now()
	s.r.Apply(referee.Input{At: now, Kind: referee.InputSettled, Frame: s.frame, FrameAt: now})
}

// Done presses side's DONE as a board does when nothing comes before the
// grace period's end: a play the sensor model reads as not made, a
// checker maybe still in the hand, is judged then, as the board stands.
func Done(r *referee.Referee, side engine.Side) {
	r.Done(side)
	if r.Status().AwaitingChecker {
		r.Apply(referee.Input{Kind: referee.InputDoneGrace})
	}
}
