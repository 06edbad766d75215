package referee

import (
	"testing"

	"gammond/calib"
	"gammond/engine"
	"gammond/sensing/sim"
)

// sensorBoard shows a referee positions as the reference board's sensors
// read them (sensing/sim): each settled input carries the frame the
// simulated board reads, as the pipeline's do, and the referee judges it
// by the sensor model, started from that board's calibration.
type sensorBoard struct {
	r     *Referee
	board *sim.Board
}

// newSensorBoard gives r the calibration of a simulated board, its levels
// and noise drawn from seed 1, and returns the board.
func newSensorBoard(t testing.TB, r *Referee) *sensorBoard {
	t.Helper()
	b := sim.NewBoard(1)
	if err := r.SetCalibration(b.Calibration()); err != nil {
		t.Fatal(err)
	}
	return &sensorBoard{r: r, board: b}
}

// frame returns the frame the board reads with b on it (the side on
// roll, of colour onRoll, in b[Mover]).
func (s *sensorBoard) frame(b engine.Board, onRoll engine.Side) []uint16 {
	s.board.Place(engine.LayoutOf(&b, onRoll))
	frame := make([]uint16, calib.ReferenceBoard.Sensors())
	s.board.Frame(frame)
	return frame
}

// settled returns the input of the board held still, now, on b (the side
// on roll, of colour onRoll, in b[Mover]).
func (s *sensorBoard) settled(b engine.Board, onRoll engine.Side) Input {
	now := s.r.clock.Now()
	return Input{At: now, Kind: InputSettled, Frame: s.frame(b, onRoll), FrameAt: now}
}

// show settles the board on b (the side on roll, of colour onRoll, in
// b[Mover]).
func (s *sensorBoard) show(b engine.Board, onRoll engine.Side) {
	s.r.Apply(s.settled(b, onRoll))
}

// pressDone presses side's DONE as the board does when nothing comes
// before the grace period's end: a play the sensor model reads as not
// made, a checker maybe still in the hand, is judged then, on the board
// as it stands (InputDoneGrace).
func pressDone(r *Referee, side engine.Side) {
	r.Done(side)
	if r.awaitingChecker() {
		r.Apply(Input{Kind: InputDoneGrace})
	}
}
