// Package sensing is where the board's inputs come in and where their
// occupancies settle: a Source yields the sensors' frames and the buttons'
// events, each with its time, and a Settler passes an occupancy on only once
// the board has held still. A SettleStage puts a Settler behind a hold-back
// of one-frame spikes and reports when the board starts moving and when it
// holds still: the settling referee.Pipeline runs.
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
//	cl, err := calib.NewClassifier(&tr.Header().Calibration, nil)
//	st := sensing.NewSettleStage(sensing.NewSettler(sensing.DefaultSettleWindow),
//		func() { /* the board started moving */ },
//		func(o *engine.Occupancy) { /* it holds still on *o */ })
//	for {
//		it, err := tr.Next() // io.EOF at the end: st.Release()
//		switch it.Kind {
//		case sensing.FrameItem:
//			err := cl.Classify(it.Frame, &occ)
//			st.Frame(it.At, &occ)
//		case sensing.EventItem:
//			st.Advance(it.At) // the board held still until the press
//			// a DONE while the board moves is judged once it holds still
//		}
//	}
package sensing
