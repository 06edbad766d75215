package board_test

import (
	"context"
	"io"
	"testing"
	"time"

	"gammond/board"
	"gammond/calib"
	"gammond/display/leds"
	"gammond/display/panel"
	"gammond/engine"
	"gammond/sensing"
	"gammond/sensing/sim"
)

// frames is a Source of items given in advance.
type frames []sensing.Item

func (s *frames) Next() (sensing.Item, error) {
	if len(*s) == 0 {
		return sensing.Item{}, io.EOF
	}
	it := (*s)[0]
	*s = (*s)[1:]
	return it, nil
}

// lastPanel is an output that keeps the panel last shown.
type lastPanel struct{ panel panel.State }

func (*lastPanel) Begin(*board.Begin) error { return nil }
func (*lastPanel) Event(*board.Event) error { return nil }
func (l *lastPanel) Show(s *board.Shown) error {
	l.panel = s.Panel
	return nil
}

// TestHealthLightsAFaultyPoint: on a board that watches its sensors'
// health, a sensor reading the ADC's rail in every frame is found out of
// range, and the panel lights its point in the fault colour; the board
// without health lights nothing so.
func TestHealthLightsAFaultyPoint(t *testing.T) {
	faulty := calib.ReferenceBoard.Sensor(calib.Place{Point: 9, Slot: 3}) // empty at the start
	for _, watch := range []bool{true, false} {
		simulated := sim.NewBoard(3)
		var src frames
		start := time.Unix(0, 0).UTC()
		for k := range 100 {
			f := make([]uint16, calib.ReferenceBoard.Sensors())
			simulated.Frame(f)
			f[faulty] = 0
			src = append(src, sensing.Item{At: start.Add(time.Duration(k) * 10 * time.Millisecond), Kind: sensing.FrameItem, Frame: f})
		}
		src = append(src, sensing.Item{At: start.Add(2 * time.Second), Kind: sensing.EventItem,
			Event: sensing.Event{Kind: sensing.Roll, Side: engine.White, Dice: engine.Dice{3, 1}}})
		b, err := board.Open(board.Options{StateDir: t.TempDir(), Calibration: simulated.Calibration(), Health: watch,
			Match: board.Match{Board: "test", Started: start, Length: 1, White: "W", Black: "B", Rules: engine.RulesUS}})
		if err != nil {
			t.Fatal(err)
		}
		shown := &lastPanel{}
		b.Register(shown)
		if err := b.Run(context.Background(), &src); err != nil {
			t.Fatal(err)
		}
		if err := b.Close(); err != nil {
			t.Fatal(err)
		}
		if lit := shown.panel.LEDs[leds.Point(9)].Color == panel.DefaultLook.Fault; lit != watch {
			t.Errorf("health watched %v: point 9's LED %+v, want the fault colour %v", watch, shown.panel.LEDs[leds.Point(9)], watch)
		}
	}
}
