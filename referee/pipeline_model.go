package referee

import (
	"fmt"
	"slices"
	"time"

	"gammond/calib"
	"gammond/sensing"
)

// While the sensor model judges (JudgeModel), the board settles when its
// raw readings hold still within their noise for calib.SettleWindow
// (calib.Model.Observe), not when an occupancy does: a weak magnet or a
// dead sensor's neighbour may leave one part-way or unchanged while the
// readings say what happened. Each settled input carries the frame, from
// which the referee's model reads the board and judges; a frame of bus
// garbage is dropped first. The classifier reads the frames only for
// Health, whose findings are its.

// scanStall is the longest the scan may stall while a checker is set
// down or lifted (HARDWARE.md: 30-250 ms): a trace writes no frame then,
// so the readings look still while the board is not. A DONE is judged
// on the board as it reads once the scan cannot still be stalled on the
// motion it ended.
const scanStall = 250 * time.Millisecond

// frameModel returns the model that settles the raw frames while the
// sensor model judges, made on first use; nil for the classifier's
// judgement.
func (p *Pipeline) frameModel() *calib.Model {
	if p.frames == nil && p.Referee != nil {
		// A calibration of the board's geometry alone is valid: the
		// readings' stillness and the ADC's rails need no levels.
		p.frames, _ = calib.NewModel(&calib.Calibration{Board: p.Classifier.Board()})
	}
	return p.frames
}

// modelFrame takes a frame while the sensor model judges: m settles it,
// and the classifier reads it only when Health watches the sensors.
func (p *Pipeline) modelFrame(m *calib.Model, it sensing.Item) error {
	if n := m.Geometry().Sensors(); len(it.Frame) != n {
		return fmt.Errorf("frame at %v: %w: %d readings, want %d", it.At, calib.ErrFrameLength, len(it.Frame), n)
	}
	frame := p.observeFrame(m, it)
	if p.Health != nil {
		if err := p.classify(it.At, frame); err != nil {
			return err
		}
		p.watchHealth(it)
	}
	p.checkGrace()
	return nil
}

// observeFrame lets m observe the item's frame, tells the referee the
// board moved when the readings leave the stillness it was told of, and
// returns the frame to read: the item's, or the last one before it when
// it is bus garbage.
func (p *Pipeline) observeFrame(m *calib.Model, it sensing.Item) []uint16 {
	if settled := m.Observe(it.At, it.Frame); p.still && !settled {
		p.still = false
		p.unsettled()
	}
	return m.Frame()
}

// catchUpFrames tells the referee that the board has settled once the
// raw readings have held still, by at, since they last moved, on the
// occupancy the classifier reads: once the scan cannot be stalled on the
// motion a DONE ended, or at a press (a hand on a button has left the
// board). It is told at at, the time of the item that shows it, as the
// referee's clock has it (a trace writes no frame while the readings
// hold); the input's FrameAt says since when the board has held still.
func (p *Pipeline) catchUpFrames(at time.Time, press bool) {
	m := p.frames
	if m == nil || p.still || !m.Settled(at) {
		return
	}
	still := m.SettledAt()
	if still.Before(p.stallEnds) {
		still = p.stallEnds
		if press && at.Before(still) {
			still = at
		}
	}
	if still.After(at) {
		return
	}
	p.last = at
	p.framesSettled(still)
}

// doneFrames holds the board unsettled for scanStall after a DONE, so
// that the play is judged on what the board reads once the scan has
// caught up with the hand.
func (p *Pipeline) doneFrames(at time.Time) {
	p.stallEnds = at.Add(scanStall)
	if p.still {
		p.still = false
		p.unsettled()
	}
}

// catchUpFramesAll tells the referee, at the end of the source, that the
// board has settled if the readings have held still since they last
// moved.
func (p *Pipeline) catchUpFramesAll() {
	if p.frames != nil && !p.still {
		p.framesSettled(p.frames.SettledAt())
	}
}

// framesSettled tells the referee the board holds still on the frames,
// as it has since still: the input carries the frame.
func (p *Pipeline) framesSettled(still time.Time) {
	p.framesAt, p.still = still, true
	p.deliver(Input{At: p.last, Kind: InputSettled, Frame: slices.Clone(p.frames.Frame()), FrameAt: still})
	p.checkGrace()
}
