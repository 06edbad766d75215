// Package calib turns the hall sensors' raw readings into what they mean: a
// frame of ADC counts becomes an engine.Occupancy, every slot read as empty,
// White, Black or unsure. It owns the per-sensor calibration (baseline, White
// and Black levels) and its file, and watches the sensors' health.
//
// # Sensors
//
// A Geometry numbers the sensors as shared/design/HARDWARE.md does: board
// point p (1..24, White's numbering) slot s is sensor (p-1)*Slots + s, slot 0
// at the board's edge; the bar's sensors follow, White's half first (sensors
// 144..147 on the reference board, LED 24) then Black's (148..151, LED 25).
// Checkers fill a point from slot 0; the 7th is stacked on slot 0, so a point
// with all its slots covered holds that many checkers or more.
//
// # Classification
//
// A White magnet pushes a reading above the sensor's baseline, a Black one
// below, each by a gain of its own. The Classifier places every reading on
// that sensor's scale (0 = baseline, 1 = one checker's level) and keeps a
// state per slot, so a reading must cross well into a band to change the
// slot's class: see Thresholds for the bands and why. Readings part-way (a
// checker being set down or lifted) and readings no band explains are
// unsure; the Occupancy counts them, and sensing's settling waits them out.
// Two neighbouring slots above a point's checkers that each read part of
// one checker (set down between them) count as that checker.
//
// # Levels that follow the board
//
// A board's levels drift as it warms up. While a slot's class is clear,
// readings close to the class's level pull the sensor's three levels after
// them (slowly, within a gate a hand held above the slot rarely enters,
// and bounded); steady readings of the class outside the gate relock
// them. How long a reading holds is measured in the frames' time where
// they have one (ClassifyAt): a trace sends a frame only when a reading
// changes. A slot reading part of a checker set down off-centre follows
// nothing; once its levels have followed nothing for a while (stale) it
// takes a steady reading in its empty stay band for its drifted empty
// level, and any slot right above a point's top checker takes so a
// steady reading towards the other colour, which no checker there gives.
// Learn refines them from a frame of a position the referee knows
// and masks a sensor dead under a known checker: a masked slot reads
// "unknown", counted as covered under a covered slot and otherwise as
// engine.Occupancy.Masked, which the matcher treats as either.
//
// # Self-calibration
//
// A calibration may be partial (a trace header's baselines alone, or
// nothing). Without baselines the first frame gives them: an empty
// board's, or, where the frame reads a checker (a board powered on set
// up), a guess a nominal gain short of it, read on the GuessedThresholds
// until the slot is seen empty; without checker levels each sensor starts on the
// ProvisionalThresholds around NominalGain and learns its level from a
// checker standing still on it, or from Learn. On those bands the part of
// a checker set down off-centre may read as a whole one: ClassifyAt, given
// each frame's time, takes a part above a stack's top checker for that
// checker's own once it has held still for a while (a trace has frames
// only when readings change, so that is measured in time, not frames), and
// so are two parts on neighbouring weak sensors that read less than a
// checker together. As no frame may come when that while is up, Wake says
// when it will be, and ReclassifyAt reads the last frame again then.
//
// # The sensor model
//
// Model reads frames through a measurement model (docs/SENSING.md): a
// reading is the sensor's baseline, plus for the checker on its slot the
// sensor's gain for that colour times the checker's own strength (1 ±
// MagnetSpread), plus up to StackShare for each checker stacked on it,
// plus up to PartShare of a field from a checker set down between two
// slots or held above, plus noise. Each sensor's baseline, gains and
// noise are a small Kalman filter learnt from frames of known positions
// (Learn) and from the board at rest (Follow); a gain learns once per
// checker set on its slot, so one weak magnet cannot become the sensor's
// level; a checker set down off-centre, learnt at rest, is posed: while
// its readings hold, its field is known, not a band. A baseline drifts
// as a bounded random walk, followed by the checkers at rest on it.
// Observe settles frames and drops bus glitches; Evaluate, Score, Best,
// Departures and Judge score a settled frame against the positions a
// turn can leave, and Revise reads the board from it. A dead or masked
// sensor gives no evidence, nor, at a turn's last word (Turn.Unproven),
// one no field has read on since the model started: it may be dead from
// the start.
//
//	m, err := calib.NewModel(cal) // cal may be partial
//	for each frame {
//		if m.Observe(at, frame) { // settled
//			m.Evaluate(at)
//			m.Follow(at)
//		}
//	}
//	j := m.Judge(&calib.Turn{Legal: results, Before: before, Mover: side, InHand: true}) // at DONE, on a settled frame
//	m.Learn(at, m.Frame(), &played)           // the position now known
//
// # Calibrating a board
//
// Plan lists the arrangements of checkers that cover every slot with each
// colour; a Measurer takes the frames of the empty board and of each
// arrangement and returns every sensor's levels and noise, the outliers
// (dead, weak, swapped polarity, noisy) and the calibration to save, as
// "gammon calibrate" does.
package calib
