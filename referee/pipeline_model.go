package referee

import (
	"time"

	"gammond/calib"
	"gammond/sensing"
)

// While the sensor model judges (JudgeModel), the board settles when its
// raw readings hold still within their noise for calib.SettleWindow
// (calib.Model.Observe), not when the classifier's occupancy does: a
// weak magnet or a dead sensor's neighbour may leave the occupancy
// part-way or unchanged while the readings say what happened. Each
// settled input carries the classifier's occupancy, for the rest of the
// turn flow, and the frame, for the model's judgement; a frame of bus
// garbage is dropped before either reads it.

// frameModel returns the model that settles the raw frames while the
// sensor model judges, made on first use; nil for the classifier's
// judgement.
func (p *Pipeline) frameModel() *calib.Model {
	if p.frames == nil && p.Referee != nil && p.Referee.Judging() == JudgeModel {
		// A calibration of the board's geometry alone is valid: the
		// readings' stillness and the ADC's rails need no levels.
		p.frames, _ = calib.NewModel(&calib.Calibration{Board: p.Classifier.Board()})
	}
	return p.frames
}

// observeFrame lets m observe the item's frame, tells the referee the
// board moved when the readings leave the stillness it was told of, and
// returns the frame to read: the item's, or the last one before it when
// it is bus garbage.
func (p *Pipeline) observeFrame(m *calib.Model, it sensing.Item) []uint16 {
	m.Observe(it.At, it.Frame)
	if p.still && m.SettledAt() != p.framesAt {
		p.still = false
		p.unsettled()
	}
	return m.Frame()
}

// catchUpFrames tells the referee that the board has settled once the
// raw readings have held still, by at, since they last moved, on the
// occupancy the classifier reads. It is told at at, the time of the item
// that shows it: a journal replayed gives the referee's clock the same
// time.
func (p *Pipeline) catchUpFrames(at time.Time) {
	if m := p.frames; m != nil && m.Settled(at) && m.SettledAt() != p.framesAt {
		p.last = at
		p.framesSettled()
	}
}

// catchUpFramesAll tells the referee, at the end of the source, that the
// board has settled if the readings have held still since they last
// moved.
func (p *Pipeline) catchUpFramesAll() {
	if m := p.frames; m != nil && m.SettledAt() != p.framesAt {
		p.framesSettled()
	}
}

// framesSettled tells the referee the board holds still on the frames.
func (p *Pipeline) framesSettled() {
	p.framesAt, p.still = p.frames.SettledAt(), true
	o := p.occ
	p.settled(&o)
	p.checkGrace()
}

// reclassified tells the referee, while the readings hold still, the
// occupancy the classifier now reads on them (a part of a checker held
// still is the checker set down off-centre), at at, the time of the
// item that shows it.
func (p *Pipeline) reclassified(at time.Time) {
	if p.still {
		p.last = at
		o := p.occ
		p.settled(&o)
		p.checkGrace()
	}
}
