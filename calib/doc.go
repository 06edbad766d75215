// Package calib reads the hall sensors: it turns frames of raw ADC counts
// into evidence about the position on the board, through a model of what
// each sensor reads. It owns the board's geometry (the sensors' order,
// as shared/design/HARDWARE.md gives it), the per-sensor calibration and
// its file, and the procedure that measures it (Plan, Measurer: "gammon
// calibrate").
//
// The measurement model (docs/SENSING.md has it whole): a reading is the
// sensor's baseline, which drifts slowly, plus for the checker on its slot
// the sensor's gain for that colour (White above the baseline, Black below)
// times the checker's own strength (1 ± MagnetSpread), plus up to
// StackShare for each checker stacked on it, plus up to PartShare of a field
// from a checker set down between two slots or held above, plus noise.
// Model keeps each sensor's baseline, gains and noise as a small Kalman
// filter, learnt from frames of known positions (Learn) and from the board
// at rest (Follow). Observe settles frames and drops bus glitches; Judge
// scores a settled frame against the positions a turn can leave (Played,
// Ambiguous, InProgress or Illegal, told apart by FitMargin); a dead or
// masked sensor gives no evidence.
package calib
