package panel

import (
	"image/color"
	"time"

	"gammond/calib"
	"gammond/display/leds"
	"gammond/display/oled"
	"gammond/display/segment"
	"gammond/engine"
	"gammond/referee"
	"gammond/sensing/health"
)

// LED is what one LED shows.
type LED struct {
	Color color.NRGBA // dark when zero
	Blink bool        // on and off at the Panel's blink period
}

// State is what every indicator shows. States compare with ==, so a driver
// writes only when the state changed.
type State struct {
	LEDs      [leds.Count]LED // in strip order: leds.Point(p), leds.WhiteBar, leds.BlackBar
	Cube      segment.Cells
	CubeBlink bool
	Screen    oled.Screen
}

// Input is everything the indicators show.
type Input struct {
	Status referee.Status
	// Recent is what the latest events left to show; nil shows no last
	// play and no message.
	Recent *Recent
	// Findings are the sensor faults to show (health.Monitor.Findings).
	Findings []health.Finding
	// Clocked says the match is clocked; Remaining is then each side's
	// time left, by engine.Side.
	Clocked   bool
	Remaining [2]time.Duration
	// Hints are the board points where a lifted checker may land (Hints),
	// shown while the side on roll plays; nil in hint mode off.
	Hints []int
	// Names are the players' names by engine.Side; empty shows the colour.
	// In a chouette they are the box's and the acting captain's.
	Names [2]string
	// Chouette is a chouette's members by rank, the box first; nil
	// without a chouette.
	Chouette []ChouetteMember
}

// Look is how the indicators speak: the colours of the LED language (see
// the package doc) and which end of the cube display faces White.
type Look struct {
	Fault, Illegal, SetupWrong, Hint, LastPlay, ToAct color.NRGBA
	// WhiteEnd is the end of the cube display on White's side, as in
	// segment.Opts: the owner's decimal point lights at the owner's end.
	WhiteEnd segment.End
}

// DefaultLook is the colour language of the package doc. The colours are
// relative to each other, the reminders dimmer than the calls to act; the
// strip's brightness scales them all.
var DefaultLook = Look{
	Fault:      color.NRGBA{R: 0xFF, B: 0xFF, A: 0xFF},
	Illegal:    color.NRGBA{R: 0xFF, A: 0xFF},
	SetupWrong: color.NRGBA{R: 0xFF, G: 0x60, A: 0xFF}, // amber: red with some green
	Hint:       color.NRGBA{B: 0xFF, A: 0xFF},
	LastPlay:   color.NRGBA{G: 0x50, A: 0xFF}, // soft: a reminder, not a call
	ToAct:      color.NRGBA{R: 0x30, G: 0x30, B: 0x30, A: 0xFF},
	WhiteEnd:   segment.Left, // as segment.DefaultOpts: set both from the config
}

// Compute returns what the indicators show for in, in look l.
func Compute(in *Input, l *Look) State {
	var s State
	s.LEDs = ledsOf(in, l)
	s.Cube, s.CubeBlink = cubeOf(&in.Status, l.WhiteEnd)
	s.Screen = screenOf(in)
	return s
}

// ledsOf paints the LEDs lowest priority first, so that a later layer
// wins on the LEDs it shares with an earlier one.
func ledsOf(in *Input, l *Look) [leds.Count]LED {
	var out [leds.Count]LED
	st := &in.Status
	if side, ok := toAct(st); ok {
		out[barLED(side)] = LED{Color: l.ToAct}
	}
	if in.Recent != nil {
		for i, lit := range in.Recent.lastPlay {
			if lit {
				out[i] = LED{Color: l.LastPlay}
			}
		}
	}
	if st.Phase == referee.PhaseMoving || st.Phase == referee.PhaseFlagged {
		PaintPoints(&out, in.Hints, LED{Color: l.Hint})
	}
	if st.Phase == referee.PhaseSettingUp {
		PaintPoints(&out, st.SetupWrong, LED{Color: l.SetupWrong})
	}
	if st.Phase == referee.PhaseRolling {
		PaintPoints(&out, st.Touched, LED{Color: l.SetupWrong, Blink: true}) // US 4.3: put back before the roll
	}
	if st.Phase == referee.PhaseFlagged {
		PaintPoints(&out, st.Flagged, LED{Color: l.Illegal, Blink: true})
	}
	for _, f := range in.Findings {
		if i, ok := placeLED(f.Place); ok {
			out[i] = LED{Color: l.Fault}
		}
	}
	return out
}

// toAct returns the side whose move it is in a game: to roll or double,
// to play, or to answer a double.
func toAct(st *referee.Status) (engine.Side, bool) {
	switch st.Phase {
	case referee.PhaseRolling, referee.PhaseMoving, referee.PhaseFlagged:
		return st.OnRoll, true
	case referee.PhaseDoubled:
		return st.OnRoll.Other(), true
	}
	return 0, false
}

// PaintPoints sets the LEDs of the points to led: board points 1..24 their
// own LED, engine.BarPoint both bar halves. Other numbers have no LED.
func PaintPoints(out *[leds.Count]LED, points []int, led LED) {
	for _, p := range points {
		switch {
		case p >= 1 && p <= leds.Points:
			out[leds.Point(p)] = led
		case p == engine.BarPoint:
			out[leds.WhiteBar], out[leds.BlackBar] = led, led
		}
	}
}

// barLED is the LED of side's bar half.
func barLED(side engine.Side) int {
	if side == engine.White {
		return leds.WhiteBar
	}
	return leds.BlackBar
}

// LEDPlace returns where LED i (strip order) is: at board point (1..24),
// or, with point engine.Bar, on side's bar half. ok is false for an index
// past the board's LEDs.
func LEDPlace(i int) (point int, side engine.Side, ok bool) {
	switch {
	case i >= 0 && i < leds.Points:
		return i + 1, 0, true
	case i == leds.WhiteBar:
		return engine.Bar, engine.White, true
	case i == leds.BlackBar:
		return engine.Bar, engine.Black, true
	}
	return 0, 0, false
}

// placeLED returns the LED of a sensor's point or bar half, if it has one.
func placeLED(p calib.Place) (int, bool) {
	switch {
	case p.Point == 0:
		return barLED(p.Half), true
	case p.Point >= 1 && p.Point <= leds.Points:
		return leds.Point(p.Point), true
	}
	return 0, false
}
