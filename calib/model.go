package calib

import (
	"fmt"
	"math"
	"time"

	"gammond/engine"
)

// The sensor model's tunables, each a physical quantity (docs/SENSING.md
// gives where each comes from).
const (
	// SettleWindow is how long every reading must hold still, within its
	// noise, for a frame to be evidence.
	SettleWindow = 150 * time.Millisecond
	// MagnetSpread is how far a checker's magnet may be from the nominal
	// field, either way, as a fraction of it.
	MagnetSpread = 0.25
	// StackShare is the most a checker stacked on a covered slot adds to
	// its field, as a fraction of one checker's.
	StackShare = 0.04
	// PartShare is the most of a checker's field a slot reads from a
	// checker not on it: one set down between two slots, or held above.
	PartShare = 0.7
	// DriftRate is how fast a baseline may wander, in counts of a 12-bit
	// ADC a second (one sigma of a random walk).
	DriftRate = 15.0
	// DriftRange is how far a baseline may wander over a session, either
	// way, in counts of a 12-bit ADC: two sigmas DriftRate never outgrows.
	DriftRange = 300.0
	// NominalNoise is a reading's noise, one sigma in counts of a 12-bit
	// ADC, until a sensor's own is measured.
	NominalNoise = 4.0
	// FitMargin is the log-likelihood, in nats, by which one position
	// must explain a frame better than another to be told from it.
	FitMargin = 6.0
	// ReadingSlack is the log-likelihood, in nats, by which a point's
	// best state may beat another that the model's ranges explain alike
	// (a full pile, one short with a part of a field above) and still be
	// no evidence against it.
	ReadingSlack = 1.0
)

// nominalGain is the middle of the reference board's gains (HARDWARE.md:
// 480-760), in counts of a 12-bit ADC: what a sensor nobody has
// calibrated may read, give or take MagnetSpread of it (465-775).
const nominalGain = 620.0

// Model reads frames through the measurement model of every sensor
// (docs/SENSING.md). Observe takes every frame; once the board has held
// still for SettleWindow, Settled is true and Evaluate reads the frame.
type Model struct {
	geo   Geometry
	scale float64 // counts of this ADC per count of a 12-bit one
	est   []estimate

	// The settle window: the readings the board has held since stillAt.
	anchor, last []uint16
	stillAt      time.Time
	seen         bool

	// The frame evaluated, at evaluated: each sensor's log-likelihood of
	// each state, and each pile's (Geometry.Pile) of each of its (pileState).
	evaluated time.Time
	ll        []slotLL
	piles     [][]float64
	// The same by checkers, for scoring candidates fast: pointLL[p-1][side][n]
	// with n of side's on point p, barLL[w][b] with w of White's and b
	// of Black's on the bar.
	pointLL [][2][engine.CheckersPerSide + 1]float64
	barLL   [engine.CheckersPerSide + 1][engine.CheckersPerSide + 1]float64
	// rests holds, per pile, the state it was last learnt in with a
	// field posed, or -1 (atRest).
	rests []int
}

// NewModel returns a model of the board cal describes; what a partial
// calibration (ValidatePartial) lacks is learnt, starting as wide as
// HARDWARE.md's ranges.
func NewModel(cal *Calibration) (*Model, error) {
	if err := cal.ValidatePartial(); err != nil {
		return nil, err
	}
	g := cal.Board
	n := g.Sensors()
	m := &Model{
		geo:     g,
		scale:   g.scale(),
		est:     make([]estimate, n),
		anchor:  make([]uint16, n),
		last:    make([]uint16, n),
		ll:      make([]slotLL, n),
		piles:   make([][]float64, g.Points+2),
		pointLL: make([][2][engine.CheckersPerSide + 1]float64, g.Points),
		rests:   make([]int, g.Points+2),
	}
	for k := range m.piles {
		_, slots := m.geo.Pile(k)
		m.piles[k], m.rests[k] = make([]float64, 1+2*slots), -1 // pileState
	}
	for i := range m.est {
		m.est[i] = m.prior(cal, i)
	}
	return m, nil
}

// Geometry returns the board's geometry.
func (m *Model) Geometry() Geometry { return m.geo }

// Mask makes sensor i give no evidence: dead, stuck or unplugged.
func (m *Model) Mask(i int) error {
	if i < 0 || i >= len(m.est) {
		return fmt.Errorf("calib: no sensor %d: the board has %d", i, len(m.est))
	}
	m.est[i].masked = true
	return nil
}

// Silent reports whether sensor i gives no evidence: masked, or found dead.
func (m *Model) Silent(i int) bool { return m.est[i].silent() }

// Observe takes the frame read at at and reports whether the board has held
// still for SettleWindow: every reading within six of its noise's sigmas
// (NominalNoise at least) of what it read when the stillness began. A bus
// glitch (two readings or more at the ADC's rails) is no evidence: the
// frame is dropped. The model keeps its own copy. Allocation budget: none.
func (m *Model) Observe(at time.Time, frame []uint16) bool {
	if len(frame) != len(m.last) || m.glitch(frame) {
		return m.Settled(at)
	}
	moved := !m.seen
	if !m.seen {
		for i := range m.est {
			m.est[i].carry(at, m.scale) // the priors are the board's as it starts: drift runs from here
			m.est[i].first = float64(frame[i])
		}
	}
	floor := NominalNoise * m.scale
	for i, r := range frame {
		e := &m.est[i]
		if math.Abs(float64(r)-float64(m.anchor[i])) > 6*max(math.Sqrt(e.noise), floor) {
			moved = true
		}
		e.notice(r, m.scale)
	}
	copy(m.last, frame)
	if moved {
		copy(m.anchor, frame)
		m.stillAt, m.seen = at, true
	}
	return m.Settled(at)
}

// Settled reports whether, at at, the board has held still for
// SettleWindow since the readings last moved.
func (m *Model) Settled(at time.Time) bool { return m.seen && at.Sub(m.stillAt) >= SettleWindow }

// SettledAt returns when the board is, or will be if nothing moves before,
// settled: a trace has frames only as readings change, so a judgement due
// when the board settles is due then, not at the next frame.
func (m *Model) SettledAt() time.Time { return m.stillAt.Add(SettleWindow) }

// Frame returns the last frame observed: the model's own, valid until
// the next Observe.
func (m *Model) Frame() []uint16 { return m.last }

// glitch reports whether the frame reads two or more sensors at the ADC's
// rails: one garbled transfer, not the board.
func (m *Model) glitch(frame []uint16) bool {
	top, rails := uint16(m.geo.MaxReading()), 0
	for _, r := range frame {
		if r == 0 || r == top {
			rails++
		}
	}
	return rails >= 2
}
