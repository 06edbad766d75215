// Package sensing is where the board's inputs come in: a Source yields
// the sensors' frames and the buttons' events, each with its time.
// Settling them into what the board holds is the sensor model's
// (calib.Model.Observe), run by referee.Pipeline.
//
// Sources: a recorded trace (TraceReader, the format of
// shared/design/TRACE.md), paced in real time by Paced; Live, which the
// hardware drivers in the subpackages (the scanner's frames, the buttons'
// presses) or a simulated board and its page feed as things happen. A
// press has one vocabulary, EventKind, from the button driver to the
// referee. Time is an input: items carry their time, and a Clock gives it
// to whatever else waits, so a trace replays on a VirtualClock as fast as
// the CPU reads it.
//
// The per-frame path of the daemon:
//
//	tr, err := sensing.NewTraceReader(r, nil)
//	m, err := calib.NewModel(&tr.Header().Calibration)
//	for {
//		it, err := tr.Next() // io.EOF at the end
//		switch it.Kind {
//		case sensing.FrameItem:
//			if m.Observe(it.At, it.Frame) {
//				// the board holds still on m.Frame()
//			}
//		case sensing.EventItem:
//			// a DONE while the board moves is judged once it holds still
//		}
//	}
package sensing
