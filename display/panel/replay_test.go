package panel

import (
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"gammond/display/leds"
	"gammond/display/segment"
	"gammond/engine"
	"gammond/referee"
)

// replay runs a shared trace (../../testdata/traces) through the referee, and
// calls check with each event and the state the indicators show after it.
func replay(t *testing.T, trace string, check func(e referee.Event, st *referee.Status, s State)) {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "testdata", "traces", trace))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var (
		p      *referee.Pipeline
		recent Recent
		names  [2]string
	)
	p, h, err := referee.OpenTrace(f, func(e referee.Event) {
		recent.Observe(e)
		in := Input{Status: p.Referee.Status(), Recent: &recent, Names: names}
		check(e, &in.Status, Compute(&in, &DefaultLook))
	})
	if err != nil {
		t.Fatal(err)
	}
	names = [2]string{h.Match.White, h.Match.Black}
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
}

// blinking returns the LEDs of s that blink red.
func blinking(s State) [leds.Count]bool {
	var b [leds.Count]bool
	for i, led := range s.LEDs {
		b[i] = led.Blink && led.Color == DefaultLook.Illegal
	}
	return b
}

// lit returns the LEDs of s that show c, steady.
func lit(s State, c color.NRGBA) [leds.Count]bool {
	var b [leds.Count]bool
	for i, led := range s.LEDs {
		b[i] = !led.Blink && led.Color == c
	}
	return b
}

// pointLEDs returns the LEDs of board points, the bar as both halves.
func pointLEDs(points []int) [leds.Count]bool {
	var b [leds.Count]bool
	for _, p := range points {
		if p == engine.BarPoint {
			b[leds.WhiteBar], b[leds.BlackBar] = true, true
		} else {
			b[leds.Point(p)] = true
		}
	}
	return b
}

// moversNumbers are board points as the mover numbers them, from the
// highest down: Black's point p is the board's 25-p.
func moversNumbers(mover engine.Side, points []int) []int {
	out := slices.Clone(points)
	for i, p := range out {
		if mover == engine.Black && p != engine.BarPoint {
			out[i] = 25 - p
		}
	}
	slices.Sort(out)
	slices.Reverse(out)
	return out
}

// TestReplayIllegalPlays follows a match with illegal plays: each blinks
// red exactly on the points the referee names, with ILL blinking, until it
// is corrected.
func TestReplayIllegalPlays(t *testing.T) {
	illegal, corrected := 0, 0
	afterCorrection := false
	replay(t, "match-010-illegal.trace.jsonl", func(e referee.Event, st *referee.Status, s State) {
		switch e.Kind {
		case referee.IllegalPlay:
			illegal++
			if blinking(s) != pointLEDs(e.Points) {
				t.Errorf("turn %d, illegal play on %v: %s", e.Turn, e.Points, describeLEDs(s))
			}
			if s.Cube != wordIll || !s.CubeBlink {
				t.Errorf("turn %d, illegal play: cube display %x blinking %v, want ILL blinking", e.Turn, s.Cube, s.CubeBlink)
			}
			if want := "ILLEGAL" + pointList(moversNumbers(e.Side, e.Points)); s.Screen.Message != want {
				t.Errorf("turn %d: message %q, want %q", e.Turn, s.Screen.Message, want)
			}
		case referee.Corrected:
			corrected++
			afterCorrection = true
		case referee.PlayMade:
			if afterCorrection && (blinking(s) != [leds.Count]bool{} || s.Cube == wordIll || s.CubeBlink) {
				t.Errorf("turn %d, corrected: %s, cube display %x blinking %v", e.Turn, describeLEDs(s), s.Cube, s.CubeBlink)
			}
			afterCorrection = false
		}
	})
	if illegal != 4 || corrected != 4 {
		t.Errorf("%d illegal plays and %d corrections, want 4 and 4", illegal, corrected)
	}
}

// TestReplayInvariants checks every shared trace, at every event: LEDs
// blink and the cube display shows ILL only while a flagged play waits;
// the dice show while the side on roll moves, the offered cube blinks
// while a double waits, set-up errors light amber and show SET; the side
// to act's bar half lights during a game.
func TestReplayInvariants(t *testing.T) {
	traces, err := filepath.Glob(filepath.Join("..", "..", "testdata", "traces", "*.trace.jsonl"))
	if err != nil || len(traces) == 0 {
		t.Fatalf("no traces: %v", err)
	}
	for _, trace := range traces {
		t.Run(filepath.Base(trace), func(t *testing.T) {
			events := 0
			replay(t, filepath.Base(trace), func(e referee.Event, st *referee.Status, s State) {
				events++
				waiting := st.Phase == referee.PhaseFlagged && len(st.Flagged) > 0
				if blinks := blinking(s) != [leds.Count]bool{}; blinks != waiting {
					t.Fatalf("%v at turn %d (%s): blinking %v: %s", e.Kind, e.Turn, st.Phase, blinks, describeLEDs(s))
				}
				if (s.Cube == wordIll) != waiting {
					t.Fatalf("%v at turn %d (%s): cube display %x", e.Kind, e.Turn, st.Phase, s.Cube)
				}
				switch st.Phase {
				case referee.PhaseMoving:
					if want, _ := segment.Dice(st.Dice[0], st.Dice[1]); s.Cube != want {
						t.Fatalf("%v at turn %d: cube display %x, want the dice %v", e.Kind, e.Turn, s.Cube, st.Dice)
					}
				case referee.PhaseDoubled:
					if want, _ := segment.Cube(2*st.Cube, false); s.Cube != want || !s.CubeBlink {
						t.Fatalf("%v at turn %d: cube display %x blinking %v, want %d blinking", e.Kind, e.Turn, s.Cube, s.CubeBlink, 2*st.Cube)
					}
				case referee.PhaseSettingUp:
					if amber := lit(s, DefaultLook.SetupWrong); amber != pointLEDs(st.SetupWrong) || (s.Cube == wordSet) != (len(st.SetupWrong) > 0) {
						t.Fatalf("%v: set-up wrong on %v: %s, cube display %x", e.Kind, st.SetupWrong, describeLEDs(s), s.Cube)
					}
				}
				if side, ok := toAct(st); ok && s.LEDs[barLED(side)] == (LED{}) {
					t.Fatalf("%v at turn %d: %v to act, its bar half is dark: %s", e.Kind, e.Turn, side, describeLEDs(s))
				}
			})
			if events == 0 {
				t.Fatal("no events")
			}
		})
	}
}
