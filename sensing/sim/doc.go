// Package sim is the project's simulated board and hand simulator. Board
// is a virtual board read by hall sensors; "gammond -sim" moves its
// checkers (Move, Place) and scans it (Frame). Simulate turns a match,
// given as a Script of engine values (record/mat's Match.Script makes one
// from a .mat record), into the board trace (shared/design/TRACE.md) that
// players playing that match on a Board would leave, and says what a
// correct replay of that trace gives (Expect).
//
// A Board has the reference board's geometry and a random calibration
// like its own (baselines 1900..2200 counts, gains 480..760, White up and
// Black down), and noise of a few counts. A point's k-th checker sits on
// slot k-1, its 7th stacked on slot 0, and so on; White's checkers on the
// bar sit on bar half 0, Black's on half 1. Where the checkers are is an
// engine.Layout: board points in White's numbering, the bar, and off (a
// side's tray: borne off, or not set up yet).
//
// Simulate's hand moves the checkers one at a time, 10 ms frames apart
// while anything moves and nothing written while nothing changes (sample
// and hold), with one-frame spikes: a checker lifted reads about 0.70,
// 0.30 and 0.05 of its level (and, on most lifts, as on the reference
// board, its level once more for a frame) before its slot is empty, one
// set down about 0.35, 0.70 and 0.95 before it lands.
//
// The players set the board up one checker at a time, hit either way (the
// blot to the bar first, or the hitter set down on top of it first), carry
// a checker across several points or set it down on each, try a checker
// somewhere and take it back, press DONE while the last checker is still
// being set down, and, at a given rate, play a turn illegally, press DONE,
// put the board back and play the recorded play. A seeded PCG makes the
// same script, seed and options give the same trace, byte for byte.
//
// A real board's habits are options, each off by default (an option left
// off draws nothing, so the others' traces do not change): sensors that
// drift as the board warms up (DriftCounts), dead sensors (Dead),
// checkers set down between two slots (OffCentreRate) or held above their
// point first (HoverRate; up to HoverShare of a field for up to
// HoverSeconds, above another point at HoverAstrayRate, a lone opposing
// checker's included), magnets of each checker's own strength
// (MagnetSpread), a scan that stalls while a checker moves (StallRate),
// bus glitches (GlitchesPerMinute), DONE pressed with the last checker in
// hand (LateDoneRate), and a header with baselines alone or no
// calibration (Header). Board.SetFault gives a sensor a fault (dead, weak, swapped
// polarity, noisy, stuck) for "gammon calibrate".
//
//	script, err := match.Script() // match is a *mat.Match
//	opts := sim.DefaultOpts
//	opts.Seed, opts.IllegalRate = 7, 0.15
//	want, err := sim.Simulate(w, script, &opts) // the trace goes to w
//	err = want.Write(expectFile)
package sim
