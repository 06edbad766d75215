package sim

import (
	"io"
	"math"
	"math/rand/v2"

	"gammond/calib"
	"gammond/engine"
	"gammond/sensing"
)

// frameMS is the time between two frames while checkers move: the board
// scans 100 frames a second.
const frameMS = 10

// Simulate writes to w the trace of players playing the match s on a
// virtual board, and returns what a correct replay of the trace gives.
// opts nil means DefaultOpts. A script Simulate cannot play (a move no
// board allows, a play the rules forbid, a game that does not start with a
// roll) is an error naming the game and move, before anything is written.
func Simulate(w io.Writer, s *Script, opts *Opts) (*Expect, error) {
	if opts == nil {
		opts = &DefaultOpts
	}
	if err := opts.validate(); err != nil {
		return nil, err
	}
	games, err := prepare(s)
	if err != nil {
		return nil, err
	}
	r := newRun(w, opts)
	r.tw.header(&r.b.cal, opts.Header, sensing.Match{Length: s.Length, White: s.Players[engine.White], Black: s.Players[engine.Black], Rules: opts.Rules})
	r.expect = &Expect{MatchLength: s.Length, Games: make([]ExpectGame, 0, len(games))}
	r.fullFrame()
	r.wait(r.span(800, 1500))
	for i, steps := range games {
		r.game(&s.Games[i], steps, i == 0)
		if r.err != nil {
			break
		}
	}
	r.wait(r.span(1000, 3000))
	r.fullFrame()
	if err := r.finish(); err != nil {
		return nil, err
	}
	return r.expect, nil
}

// run is one simulation under way: the board, the hand's clock, and the
// trace and expectation being written. It keeps the first error; every
// later step is a no-op.
type run struct {
	opts   *Opts
	rng    *rand.Rand
	b      *Board
	tw     *traceWriter
	expect *Expect
	err    error

	now int64 // ms since the start of the trace
	// pace scales each player's pauses: some players are quicker.
	pace [2]float64
	// mover is the side whose turn it is.
	mover engine.Side
	// brisk marks setting the board up: checkers go down in quick
	// succession.
	brisk bool
	// A DONE pressed during the last motion of a turn, written once the
	// trace reaches its time.
	dueSet  bool
	dueAt   int64
	dueSide engine.Side
	// nextRoll is the opponent's roll chosen to go down early this turn;
	// earlyRoll the same, armed for the recorded play's last motion
	// (pressed by perform); rolledEarly says it went down so.
	nextRoll, earlyRoll *sensing.Event
	rolledEarly         bool
	// When the next spike, full frame and bus glitch come, if the board is
	// idle then.
	nextSpike, nextFull, nextGlitch int64
	// late: the turn's DONE goes down before its last checker lands.
	late bool
	// driftTo is each sensor's drift at the end of a long match, in
	// counts of the board's ADC; nil for none.
	driftTo []float64

	gen engine.Generator
	hyp hypotheses
	// welshOffers counts the Welsh offers to concede made: the answers
	// alternate, reject first, so that a match with two has both.
	welshOffers int
}

func newRun(w io.Writer, opts *Opts) *run {
	rng := rand.New(rand.NewPCG(opts.Seed, 0x9a3317ad5e1b2c47))
	r := &run{opts: opts, rng: rng, b: newBoard(opts.Board, rng), tw: newTraceWriter(w)}
	for s := range r.pace {
		r.pace[s] = 0.8 + 0.45*rng.Float64()
	}
	r.nextSpike = r.after(opts.SpikesPerMinute)
	r.nextFull = r.after(opts.FullFramesPerMinute)
	if opts.DriftCounts > 0 {
		r.driftTo = make([]float64, len(r.b.drift))
		for i := range r.driftTo {
			d := opts.DriftCounts * (0.5 + 0.5*rng.Float64()) * r.b.scale
			if rng.IntN(2) == 0 {
				d = -d
			}
			r.driftTo[i] = d
		}
	}
	for _, i := range opts.Dead {
		r.b.fault[i] = Dead
	}
	if opts.MagnetSpread > 0 {
		for _, tray := range r.b.trays {
			for i := range tray {
				tray[i] = 1 + opts.MagnetSpread*(2*rng.Float64()-1)
			}
		}
	}
	r.nextGlitch = r.after(opts.GlitchesPerMinute)
	return r
}

// maybe returns true with probability p, drawing nothing when p is 0:
// options left off do not change the trace of the others.
func (r *run) maybe(p float64) bool { return p > 0 && r.chance(p) }

// drift sets every sensor's drift for now. Allocation budget: none.
func (r *run) drift() {
	if r.driftTo == nil {
		return
	}
	f := -math.Expm1(-float64(r.now) / (r.opts.DriftMinutes * 60000))
	for i, d := range r.driftTo {
		r.b.drift[i] = d * f
	}
}

func (r *run) fail(err error) {
	if r.err == nil {
		r.err = err
	}
}

// finish flushes the trace and returns the first error.
func (r *run) finish() error {
	r.flushDue(math.MaxInt64)
	if err := r.tw.flush(); err != nil {
		r.fail(err)
	}
	return r.err
}

// chance returns true with probability p.
func (r *run) chance(p float64) bool { return r.rng.Float64() < p }

// span returns a time in ms, uniform in lo..hi.
func (r *run) span(lo, hi int64) int64 { return lo + r.rng.Int64N(hi-lo+1) }

// paced returns a pause of side's player, lo..hi ms at an average pace.
func (r *run) paced(s engine.Side, lo, hi int64) int64 {
	return int64(float64(r.span(lo, hi)) * r.pace[s])
}

// after returns when a Poisson process of perMinute events a minute has
// its next event, from now; never when perMinute is 0.
func (r *run) after(perMinute float64) int64 {
	if perMinute <= 0 {
		return math.MaxInt64
	}
	return r.now + int64(r.rng.ExpFloat64()*60000/perMinute)
}

// tick writes a frame of checkers moving, at now, and moves now on a
// frame. Allocation budget: none.
func (r *run) tick() {
	if r.err != nil {
		return
	}
	r.flushDue(r.now)
	r.b.stir(r.opts.NoiseShare, r.opts.NoiseCounts)
	r.drift()
	r.b.render()
	r.b.spike = -1
	r.tw.set(r.now, r.b.diff(), r.b.reading)
	r.now += frameMS
}

// wait lets d ms pass with nothing moving: the trace writes nothing but
// the spikes and full frames due meanwhile.
func (r *run) wait(d int64) {
	end := r.now + max(d, 0)
	if r.nextSpike < r.now {
		r.nextSpike = r.after(r.opts.SpikesPerMinute)
	}
	if r.nextFull < r.now {
		r.nextFull = r.after(r.opts.FullFramesPerMinute)
	}
	if r.nextGlitch < r.now {
		r.nextGlitch = r.after(r.opts.GlitchesPerMinute)
	}
	for r.err == nil {
		next := min(r.nextSpike, r.nextFull, r.nextGlitch)
		if max(next, r.now) > end-2*frameMS {
			break
		}
		r.now = max(next, r.now)
		switch next {
		case r.nextSpike:
			r.spikeFrames()
			r.nextSpike = r.after(r.opts.SpikesPerMinute)
		case r.nextGlitch:
			r.glitchFrames()
			r.nextGlitch = r.after(r.opts.GlitchesPerMinute)
		default:
			r.fullFrame()
			r.nextFull = r.after(r.opts.FullFramesPerMinute)
		}
	}
	r.now = max(r.now, end)
}

// spikeFrames writes a one-frame spike on a random sensor and the frame
// after it, the reading back.
func (r *run) spikeFrames() {
	b := r.b
	s := r.rng.IntN(len(b.reading))
	base := float64(b.cal.Baseline[s])
	size := 0.1 + 3.9*r.rng.Float64()
	v := base + size*(float64(b.cal.White[s])-base)
	if r.chance(0.5) {
		v = base - size*(base-float64(b.cal.Black[s]))
	}
	b.spike, b.spikeAt = s, uint16(min(max(math.Round(v), 0), float64(b.geo.MaxReading())))
	for range 2 {
		r.flushDue(r.now)
		r.drift()
		b.render()
		b.spike = -1
		r.tw.set(r.now, b.diff(), b.reading)
		r.now += frameMS
	}
}

// glitchFrames writes a bus glitch, one ADC's channels at one select
// value reading 0 or the ADC's top count for a frame, and the frame after
// it, the readings back.
func (r *run) glitchFrames() {
	b := r.b
	sensors := GlitchSensors(b.geo, r.rng.IntN(adcs), r.rng.IntN(muxChannels))
	rail := uint16(0)
	if r.chance(0.5) {
		rail = uint16(b.geo.MaxReading())
	}
	r.flushDue(r.now)
	r.drift()
	b.render()
	for _, s := range sensors {
		b.reading[s] = rail
	}
	r.tw.set(r.now, b.diff(), b.reading)
	r.now += frameMS
	b.render()
	r.tw.set(r.now, b.diff(), b.reading)
	r.now += frameMS
}

// The reference board's scan (HARDWARE.md): 10 multiplexers of 16
// channels; multiplexer m feeds channel m%8 of ADC m/8, and its channel c
// reads sensor m*16+c.
const (
	adcs        = 2
	adcChannels = 8
	muxChannels = 16
)

// GlitchSensors returns the sensors of geometry g that ADC adc reads at
// select value sel: what one garbled SPI transfer on the reference
// wiring corrupts.
func GlitchSensors(g calib.Geometry, adc, sel int) []int {
	var sensors []int
	for k := range adcChannels {
		if s := (adc*adcChannels+k)*muxChannels + sel; s < g.Sensors() {
			sensors = append(sensors, s)
		}
	}
	return sensors
}

// fullFrame writes every sensor's reading, each with fresh noise.
func (r *run) fullFrame() {
	r.flushDue(r.now)
	r.b.stir(1, r.opts.NoiseCounts)
	r.drift()
	r.b.render()
	r.b.diff()
	r.tw.frame(r.now, r.b.reading)
}

// press writes a button press at now.
func (r *run) press(k sensing.EventKind, side engine.Side, d engine.Dice) {
	r.flushDue(r.now)
	r.tw.event(r.now, sensing.Event{Kind: k, Side: side, Dice: d})
}

// resign has side offer to resign points (sensing.ResignSingle and up).
func (r *run) resign(side engine.Side, points int) {
	r.flushDue(r.now)
	r.tw.event(r.now, sensing.Event{Kind: sensing.Resign, Side: side, Points: points})
}

// armDone presses the mover's DONE a few ms into the motion about to
// start.
func (r *run) armDone() {
	r.dueSet, r.dueAt, r.dueSide = true, r.now+r.span(1, 3*frameMS), r.mover
}

// flushDue writes the DONE armed, once the trace has reached its time.
func (r *run) flushDue(t int64) {
	if r.dueSet && r.dueAt <= t {
		r.dueSet = false
		r.tw.event(r.dueAt, sensing.Event{Kind: sensing.Done, Side: r.dueSide})
	}
}
