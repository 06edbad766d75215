package sim

import (
	"errors"
	"fmt"

	"gammond/calib"
	"gammond/engine"
)

// Opts tune a simulation. Every rate is a probability, 0..1.
type Opts struct {
	// Seed seeds the random generator: the same match, Seed and options
	// give the same trace.
	Seed uint64
	// Board is the board's geometry; its trace has Board.Sensors()
	// readings a frame. It needs a bar slot or more per half, and an ADC
	// of 10 bits or more: levels scale with the ADC's range, and a gain
	// must stay above calib.MinGain.
	Board calib.Geometry

	// IllegalRate is the chance that a turn is first played illegally
	// (a die left unplayed, a checker one pip short or long, a checker
	// moved backwards, an extra checker moved, one die used when both
	// could be): DONE, a pause, the board put back, the recorded play and
	// DONE again. A turn whose every illegal variant the sensors could not
	// tell from a legal play (tall stacks hide counts) is played legally.
	IllegalRate float64
	// TryRate is the chance that a turn has a checker (or a whole other
	// play) tried somewhere, left a while and taken back.
	TryRate float64
	// EarlyDoneRate is the chance that DONE is pressed while the turn's
	// last checker is still being set down (or lifted, bearing off).
	EarlyDoneRate float64
	// EarlyRollRate is the chance that the opponent rolls while the
	// mover's last checker is being set down (US 4.6): the mover then
	// presses DONE, and the early roll stands.
	EarlyRollRate float64
	// CarryRate is the chance that a checker moved by several dice is
	// carried to its last point in one go rather than moved die by die.
	CarryRate float64
	// StopRate is the chance that a carried checker is set down for a
	// moment on a point on its way.
	StopRate float64
	// SlideRate is the chance that a checker moved along a row of the
	// board slides over the points in between, reading briefly there.
	SlideRate float64
	// HitterFirstRate is the chance that a hit sets the hitter on top of
	// the blot before the blot goes to the bar; otherwise the blot goes
	// first.
	HitterFirstRate float64
	// ShuffleRate is the chance that the hand picks its next checker out
	// of the play's order.
	ShuffleRate float64
	// ReboundRate is the chance that a lifted checker's slot reads the
	// checker's level once more, for one frame, after its 0.05 frame.
	ReboundRate float64
	// ClearRate is the chance that, between games, the players clear the
	// board before setting it up, rather than moving each checker from
	// where the last game left it to where the next one starts.
	ClearRate float64

	// LateDoneRate is the chance that DONE is pressed while the turn's last
	// checker is still in the hand: it lands 100-400 ms later.
	LateDoneRate float64
	// OffCentreRate is the chance that a checker set down on a point lands
	// between its slot and the next one up: both read part of its field
	// (30-70% each) until it is lifted or another checker nudges it in.
	OffCentreRate float64
	// HoverRate is the chance that a hand holds a checker above the point
	// it goes to before setting it down, for 0.3 s to HoverSeconds: the
	// point's next slot reads 10% to HoverShare of a checker, coming and
	// going.
	HoverRate float64
	// HoverShare is the most of a checker's field a checker held above a
	// point gives its next slot (0.1..0.7: HARDWARE.md's 70%).
	HoverShare float64
	// HoverSeconds is the longest a hand holds a checker above a point
	// (0.3..3 s).
	HoverSeconds float64
	// HoverAstrayRate is the chance that a checker held above a point is
	// held above another point with a free slot than the one it goes to,
	// one where a single opposing checker stands included: while it lasts
	// that reads like a hit on the blot.
	HoverAstrayRate float64
	// MagnetSpread is how far (0..0.25) a checker's magnet may be from the
	// nominal field, either way: each checker draws its strength once,
	// uniform in 1±MagnetSpread, and keeps it wherever it goes.
	MagnetSpread float64
	// StallRate is the chance that the scan stalls for 30-250 ms while a
	// checker is set down or lifted: none of its part-way frames is seen.
	StallRate float64
	// GlitchesPerMinute is how many bus glitches the idle board shows a
	// minute (0..60): for one frame, one ADC's channels at one select
	// value read 0 or its top count.
	GlitchesPerMinute float64

	// DriftCounts is how far, in counts of a 12-bit ADC (0..600), each
	// sensor's whole output drifts over the match, as a board warming up
	// does: every sensor its own share (50-100%) of it, up or down,
	// approached with a time constant of DriftMinutes.
	DriftCounts float64
	// DriftMinutes is the drift's time constant, in minutes of the trace
	// (0.1..600).
	DriftMinutes float64
	// Dead lists sensors that are dead from the start: each reads its
	// baseline (drift and noise included) whatever stands on it.
	Dead []int
	// Header says how much of the board's calibration the trace header
	// carries (TRACE.md): all of it, baselines alone, or none.
	Header HeaderCalibration
	// Rules is the tournament rule set Simulate's trace header names
	// (engine.RulesUS or engine.RulesDanish), so that a replay judges the
	// match under it; "" leaves the field out, which replays as the US
	// rules. SimulateWelsh's header always names engine.RulesWelsh.
	Rules engine.RuleSet

	// NoiseCounts is the standard deviation of a reading's noise, in ADC
	// counts at 12 bits (0..12; the peak is three times it).
	NoiseCounts float64
	// NoiseShare is the share of sensors (0..1) whose noise changes on a
	// frame written while checkers move.
	NoiseShare float64
	// SpikesPerMinute is how many one-frame spikes (0.1 to 4 times a
	// sensor's gain, either way) the idle board shows a minute (0..60).
	SpikesPerMinute float64
	// FullFramesPerMinute is how many "frame" lines (every reading) the
	// idle board writes a minute besides the first (0..60).
	FullFramesPerMinute float64
}

// HeaderCalibration is how much calibration a trace header carries.
type HeaderCalibration uint8

// The calibrations a header may carry.
const (
	FullCalibration HeaderCalibration = iota // baselines, White and Black levels
	BaselinesOnly                            // baselines alone
	NoCalibration                            // none: the board calibrates itself
)

// String returns "full", "baselines" or "none", as gammon simulate's
// --calibration flag names them.
func (h HeaderCalibration) String() string {
	switch h {
	case FullCalibration:
		return "full"
	case BaselinesOnly:
		return "baselines"
	case NoCalibration:
		return "none"
	}
	return fmt.Sprintf("HeaderCalibration(%d)", uint8(h))
}

// ParseHeaderCalibration reads "full", "baselines" or "none".
func ParseHeaderCalibration(s string) (HeaderCalibration, error) {
	for h := FullCalibration; h <= NoCalibration; h++ {
		if s == h.String() {
			return h, nil
		}
	}
	return 0, fmt.Errorf("calibration %q: want full, baselines or none", s)
}

// DefaultOpts are what the reference board's recorded traces show
// (shared/traces, four matches by hand).
var DefaultOpts = Opts{
	Board: calib.ReferenceBoard,
	// Off: every turn legal unless asked for.
	IllegalRate: 0,
	// About one turn in six of match-007 tries a play and takes it back.
	TryRate: 0.15,
	// The recorded DONEs come 93 ms or more after the last change; a
	// hurried player presses during the set-down.
	EarlyDoneRate: 0.15,
	// Off: the recorded traces show none.
	EarlyRollRate: 0,
	// Most players carry a checker to its point; some count die by die.
	CarryRate:   0.6,
	StopRate:    0.3,
	SlideRate:   0.3,
	ShuffleRate: 0.2,
	// The recorded hits go both ways.
	HitterFirstRate: 0.4,
	// Every lift of the recorded traces reads its level once more.
	ReboundRate: 0.9,
	// The recorded traces rearrange; clearing first is the other habit.
	ClearRate: 0.5,
	// Readings of a still board: within ±12 counts, about 3.5 one sigma.
	NoiseCounts: 3.5,
	// About 14 of 152 sensors change on each recorded motion frame.
	NoiseShare: 0.09,
	// Four recorded matches: about one spike every 40 s.
	SpikesPerMinute: 1.5,
	// About one full frame every 4 s in the recorded traces.
	FullFramesPerMinute: 14,
	// Off unless asked for: the recorded board was warm, its sensors
	// healthy, its players tidy, its calibration whole.
	DriftMinutes: 10,
	// A hover, when asked for, as the recorded hands' were; a real
	// board's reach HARDWARE.md's 70% and 3 s.
	HoverShare:   0.55,
	HoverSeconds: 1.5,
}

// validate reports options Simulate cannot use.
func (o *Opts) validate() error {
	if err := o.Board.Validate(); err != nil {
		return err
	}
	switch {
	case o.Board.BarSlots < 1:
		return errors.New("sim: a board without bar sensors: no checker on the bar could be seen")
	case o.Board.ADCBits < 10:
		return fmt.Errorf("sim: a %d-bit ADC: its gains would not clear calib.MinGain", o.Board.ADCBits)
	}
	rates := []struct {
		name string
		v    float64
	}{
		{"IllegalRate", o.IllegalRate}, {"TryRate", o.TryRate}, {"EarlyDoneRate", o.EarlyDoneRate},
		{"EarlyRollRate", o.EarlyRollRate},
		{"CarryRate", o.CarryRate}, {"StopRate", o.StopRate}, {"SlideRate", o.SlideRate},
		{"HitterFirstRate", o.HitterFirstRate}, {"ShuffleRate", o.ShuffleRate},
		{"ReboundRate", o.ReboundRate}, {"ClearRate", o.ClearRate}, {"NoiseShare", o.NoiseShare},
		{"LateDoneRate", o.LateDoneRate}, {"OffCentreRate", o.OffCentreRate}, {"HoverRate", o.HoverRate},
		{"HoverAstrayRate", o.HoverAstrayRate}, {"StallRate", o.StallRate},
	}
	for _, r := range rates {
		if !(r.v >= 0 && r.v <= 1) {
			return fmt.Errorf("sim: %s %v, want 0..1", r.name, r.v)
		}
	}
	switch {
	case !(o.NoiseCounts >= 0 && o.NoiseCounts <= 12):
		return fmt.Errorf("sim: NoiseCounts %v, want 0..12", o.NoiseCounts)
	case !(o.SpikesPerMinute >= 0 && o.SpikesPerMinute <= 60):
		return fmt.Errorf("sim: SpikesPerMinute %v, want 0..60", o.SpikesPerMinute)
	case o.HoverRate > 0 && !(o.HoverShare >= 0.1 && o.HoverShare <= 0.7):
		return fmt.Errorf("sim: HoverShare %v, want 0.1..0.7", o.HoverShare)
	case o.HoverRate > 0 && !(o.HoverSeconds >= 0.3 && o.HoverSeconds <= 3):
		return fmt.Errorf("sim: HoverSeconds %v, want 0.3..3", o.HoverSeconds)
	case !(o.MagnetSpread >= 0 && o.MagnetSpread <= 0.25):
		return fmt.Errorf("sim: MagnetSpread %v, want 0..0.25", o.MagnetSpread)
	case !(o.GlitchesPerMinute >= 0 && o.GlitchesPerMinute <= 60):
		return fmt.Errorf("sim: GlitchesPerMinute %v, want 0..60", o.GlitchesPerMinute)
	case !(o.FullFramesPerMinute >= 0 && o.FullFramesPerMinute <= 60):
		return fmt.Errorf("sim: FullFramesPerMinute %v, want 0..60", o.FullFramesPerMinute)
	case !(o.DriftCounts >= 0 && o.DriftCounts <= 600):
		return fmt.Errorf("sim: DriftCounts %v, want 0..600", o.DriftCounts)
	case o.DriftCounts > 0 && !(o.DriftMinutes >= 0.1 && o.DriftMinutes <= 600):
		return fmt.Errorf("sim: DriftMinutes %v, want 0.1..600", o.DriftMinutes)
	case o.Rules != "" && o.Rules != engine.RulesUS && o.Rules != engine.RulesDanish:
		return fmt.Errorf("sim: Rules %q, want %q, %q or none (the US rules)", o.Rules, engine.RulesUS, engine.RulesDanish)
	case o.Header > NoCalibration:
		return fmt.Errorf("sim: %v", o.Header)
	}
	for _, s := range o.Dead {
		if s < 0 || s >= o.Board.Sensors() {
			return fmt.Errorf("sim: dead sensor %d, want 0..%d", s, o.Board.Sensors()-1)
		}
	}
	return nil
}
