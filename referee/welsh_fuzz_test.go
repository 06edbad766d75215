package referee

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"gammond/engine"
	"gammond/engine/welsh"
	"gammond/sensing"
)

// FuzzWelshInputs feeds the Welsh referee any sequence of inputs: boards
// legal plays leave and boards near them, throws, DONE, doubles, options,
// answers, in any order. It must never panic, and the record it keeps must
// read back as written and check with no finding but illegal plays that
// stood.
func FuzzWelshInputs(f *testing.F) {
	f.Add([]byte{0, 6, 4, 1, 0, 2, 0, 3, 1})
	f.Add([]byte{0, 2, 1, 0, 5, 3, 1, 0, 2, 0, 7, 0, 8, 1, 4})
	f.Add([]byte{0, 1, 1, 1, 0, 2, 0, 0, 1, 1, 9, 2, 3, 4, 5, 6})
	f.Fuzz(func(t *testing.T, data []byte) {
		clock := sensing.NewVirtualClock(time.Unix(0, 0).UTC())
		rec := welsh.NewRecorder("Ann", "Bob", 0)
		w := NewWelsh(rec, clock, func(Event) {})
		settle := newSensorBoard(t, w).show
		settle(engine.StartingBoard, engine.White)
		next := func() int {
			if len(data) == 0 {
				return 0
			}
			b := int(data[0])
			data = data[1:]
			return b
		}
		for len(data) > 0 {
			side := engine.Side(next() % 2)
			d := engine.Dice{1 + next()%6, 1 + next()%6}
			switch next() % 10 {
			case 0:
				w.Apply(Input{Kind: InputRoll, Side: side, Dice: d})
			case 1: // a legal play's result, shown, then DONE
				if w.phase == moving || w.phase == flagged {
					plays := w.lines[0].matcher.Plays()
					p := plays[next()%len(plays)]
					settle(p.After.Swap(), w.onRoll)
				}
				w.Apply(Input{Kind: InputDone, Side: side})
			case 2: // the board before, a man moved one point on
				var b engine.Board
				if len(w.lines) > 0 {
					b = w.lines[0].matcher.Before()
				}
				if moved, err := welsh.Apply(b, []engine.Move{{From: int8(1 + next()%24), To: int8(next() % 24)}}); err == nil {
					settle(moved, w.onRoll)
				}
				w.Apply(Input{Kind: InputDone, Side: side})
			case 3:
				w.Apply(Input{Kind: InputCube, Side: side, Long: next()%2 == 0})
			case 4:
				w.Apply(Input{Kind: InputNominate, Side: side, Dice: d})
			case 5:
				w.Apply(Input{Kind: InputConcede, Side: side, Games: next() % 4, Fiver: next()%2 == 0})
			case 6:
				w.Apply(Input{Kind: [...]InputKind{InputAccept, InputReject, InputForceAccept, InputLetStand}[next()%4], Side: side})
			case 7:
				w.Apply(Input{Kind: InputAceyDeucey, Side: side})
			case 8:
				settle(engine.StartingBoard, engine.White)
			case 9:
				w.Apply(Input{Kind: InputOddsEvens, Side: side, Dice: d, Odds: next()%2 == 1})
			}
			_ = w.Status()
		}
		var first bytes.Buffer
		if _, err := rec.Record().WriteTo(&first); err != nil {
			t.Fatal(err)
		}
		read, err := welsh.ReadRecord(bytes.NewReader(first.Bytes()))
		if err != nil {
			t.Fatalf("%v\n%s", err, first.String())
		}
		for _, finding := range welsh.Check(read) {
			if !strings.Contains(finding.What, "illegal play") {
				t.Fatalf("%v\n%s", finding, first.String())
			}
		}
	})
}
