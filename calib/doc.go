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
//
// # Health
//
// A Monitor, fed every frame after classification, reports sensors that are
// stuck, read out of range, or tell a story their neighbours contradict (a
// covered slot above an empty one).
//
//	cl, err := calib.NewClassifier(cal, nil)
//	mon := calib.NewMonitor(cl, nil)
//	for each frame {
//		err := cl.Classify(frame, &occ)
//		mon.Observe(at, frame)
//	}
//	findings := mon.Findings()
package calib
