// Package calib reads the hall sensors: it turns frames of raw ADC counts
// into evidence about the position on the board, through a model of what
// each sensor reads. It owns the board's geometry (the sensors' order,
// as shared/design/HARDWARE.md gives it), the per-sensor calibration and
// its file, and the procedure that measures it.
//
// The measurement model (docs/SENSING.md has it whole): a reading is the
// sensor's baseline, which drifts slowly, plus for the checker on its slot
// the sensor's gain for that colour (White above the baseline, Black below)
// times the checker's own strength (1 ± MagnetSpread), plus up to
// StackShare for each checker stacked on it, plus up to PartShare of a field
// from a checker set down between two slots or held above, plus noise.
// Model keeps each sensor's baseline, gains and noise as a small Kalman
// filter, learnt from frames of known positions (Learn) and from the board
// at rest (Follow). Observe settles frames and drops bus glitches; on a
// settled frame, Evaluate, then Judge scores the positions a turn can leave
// (Played, Ambiguous, InProgress or Illegal, told apart by FitMargin),
// Best and Revise read the board, and Departures names the points that
// depart from a position. A dead or masked sensor gives no evidence.
//
// Plan lists the arrangements of checkers that cover every slot with each
// colour; a Measurer takes the frames of the empty board and of each
// arrangement and returns every sensor's levels and noise, the outliers
// and the Calibration to save, as "gammon calibrate" does.
package calib
