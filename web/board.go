package web

import (
	"encoding/json"
	"fmt"
	"image/color"
	"io"
	"time"

	"gammond/display/leds"
	"gammond/display/panel"
	"gammond/engine"
	"gammond/referee"
)

// Board is what the server needs of the daemon. Its methods are called from
// many goroutines at once.
type Board interface {
	// Status returns the match as the board sees it now.
	Status() Status
	// Events returns the journal's events numbered after since, in order:
	// all of them for since 0. Events are numbered from 1, one by one
	// (referee.Summary.Seq).
	Events(since uint64) []referee.Summary
	// Subscribe returns a channel of the events that happen from now on,
	// and a function that ends the subscription. The Board may skip
	// events a slow reader has no room for, or close the channel: the
	// server fills gaps from Events, and a closed channel ends the stream,
	// which the page reopens.
	Subscribe() (events <-chan referee.Summary, cancel func())
	// MatchFile returns the match record in a format and a file name for
	// it; data is nil while there is no record.
	MatchFile(f RecordFormat) (name string, data []byte)
	// Act applies a director's or a simulated board's action. It checks the
	// action (Action.Check and anything more it knows) before changing
	// anything: on an error nothing is applied. Errors that wrap ErrInvalid,
	// ErrConflict or ErrNotSimulated are shown to the user; any other is
	// logged and answered with a bare 500.
	Act(a Action) error
}

// TraceFiler is a Board that keeps its own trace of the match (TRACE.md):
// the page offers it at /api/trace.jsonl.gz.
type TraceFiler interface {
	// TraceFile opens the current match's trace as it stands, gzipped,
	// and names a file for it; trace is nil when there is none. What it
	// reads, and its size (Seek to the end), hold while the board writes
	// on. The server closes it.
	TraceFile() (name string, trace io.ReadSeekCloser, err error)
}

// Status is what the page shows: the referee's status and what the board
// adds to it. Its JSON is referee.Status's with the fields below beside
// them.
type Status struct {
	referee.Status
	// Seq is the number of the last event the status reflects.
	Seq uint64 `json:"seq"`
	// Players are the players' names, by engine.Side.
	Players [2]string `json:"players"`
	// Rules is the rule set.
	Rules engine.RuleSet `json:"rules"`
	// Clocks is the match clock; nil for a match without one.
	Clocks *Clocks `json:"clocks"`
	// LEDs is what the board's LEDs show, in strip order (display/leds:
	// points 1..24, then White's and Black's bar halves). Nil: the server
	// derives them from Flagged (red) and SetupWrong (amber).
	LEDs []LED `json:"leds"`
	// Sim is where the checkers of a simulated board are: what its
	// sensors read, which the referee only takes in as it judges. Nil on a
	// real board; when set, the page offers the sim controls and the sim
	// actions are accepted.
	Sim *engine.Layout `json:"sim"`
	// Alerts are problems of the board itself for whoever looks at the
	// page: the director's desk unreachable because another board has its
	// ID, say. Empty when all is well.
	Alerts []string `json:"alerts,omitempty"`
	// Session is a money session's ledger and a chouette's standings; nil
	// in a match.
	Session *Session `json:"session,omitempty"`
	// Referee answers whether the referee would take an input now
	// (referee.Referee.Check): what an action may do is the referee's to
	// say. Nil in a status taken off the board's goroutine (the server's
	// first look): an action is then checked for its own fields, and the
	// board asks the referee as it applies it.
	Referee func(referee.Input) error `json:"-"`
}

// LED is what one of the board's LEDs shows. Its fields are those of the
// indicators' LED, so one converts to the other.
type LED struct {
	Color color.NRGBA // dark when zero
	Blink bool
}

// MarshalJSON writes the LED as {"color": "#rrggbb", "blink": bool}, the
// colour "" when dark.
func (l LED) MarshalJSON() ([]byte, error) {
	c := ""
	if l.Color != (color.NRGBA{}) {
		c = fmt.Sprintf("#%02x%02x%02x", l.Color.R, l.Color.G, l.Color.B)
	}
	return json.Marshal(struct {
		Color string `json:"color"`
		Blink bool   `json:"blink"`
	}{c, l.Blink})
}

// LEDCount is how many LEDs the board has: 24 points and 2 bar halves.
const LEDCount = leds.Count

// LEDPlace is where one of the board's LEDs is, as display/panel maps
// them: at the base of board point Point (1..24), or, with Point
// engine.Bar, on Side's bar half.
type LEDPlace struct {
	Point int         `json:"point"`
	Side  engine.Side `json:"side"`
}

// ledPlaces is where every LED is, in strip order.
var ledPlaces = func() []LEDPlace {
	out := make([]LEDPlace, LEDCount)
	for i := range out {
		out[i].Point, out[i].Side, _ = panel.LEDPlace(i)
	}
	return out
}()

// derivedLEDs lights the flagged points red and the points wrong in the
// set-up or moved after DONE amber, in the indicators' colours, as display/panel maps points to
// LEDs.
func derivedLEDs(s *referee.Status) []LED {
	var lit [leds.Count]panel.LED
	panel.PaintPoints(&lit, s.SetupWrong, panel.LED{Color: panel.DefaultLook.SetupWrong})
	panel.PaintPoints(&lit, s.Touched, panel.LED{Color: panel.DefaultLook.SetupWrong})
	panel.PaintPoints(&lit, s.Flagged, panel.LED{Color: panel.DefaultLook.Illegal})
	out := make([]LED, len(lit))
	for i, l := range lit {
		out[i] = LED(l)
	}
	return out
}

// Clocks is the match clock as the page shows it. The page counts the
// running side's time down between statuses.
type Clocks struct {
	// Bronstein: the reserve runs from the start of the turn; otherwise
	// (simple delay) the delay runs down first.
	Bronstein bool
	// Remaining is each side's reserve, by engine.Side.
	Remaining [2]time.Duration
	// DelayLeft is the unused delay of the turn on the clock.
	DelayLeft time.Duration
	// Turn is the side whose turn is on the clock, when Running.
	Turn    engine.Side
	Running bool
	Paused  bool
}

// ClocksOf returns the view of c at now.
func ClocksOf(c *engine.Clock, now time.Time) *Clocks {
	turn, running := c.Running()
	return &Clocks{
		Bronstein: c.Rules().Mode == engine.Bronstein,
		Remaining: [2]time.Duration{c.Remaining(engine.White, now), c.Remaining(engine.Black, now)},
		DelayLeft: c.DelayLeft(now),
		Turn:      turn,
		Running:   running,
		Paused:    c.Paused(),
	}
}

// clocksJSON is Clocks in JSON, the times in milliseconds.
type clocksJSON struct {
	Bronstein   bool        `json:"bronstein"`
	RemainingMS [2]int64    `json:"remaining_ms"`
	DelayLeftMS int64       `json:"delay_left_ms"`
	Turn        engine.Side `json:"turn"`
	Running     bool        `json:"running"`
	Paused      bool        `json:"paused"`
}

// MarshalJSON writes the times in milliseconds.
func (c Clocks) MarshalJSON() ([]byte, error) {
	return json.Marshal(clocksJSON{c.Bronstein, [2]int64{c.Remaining[0].Milliseconds(), c.Remaining[1].Milliseconds()},
		c.DelayLeft.Milliseconds(), c.Turn, c.Running, c.Paused})
}

// UnmarshalJSON reads what MarshalJSON writes: the desk reads a board's
// clocks from its MQTT state.
func (c *Clocks) UnmarshalJSON(data []byte) error {
	var j clocksJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	*c = Clocks{Bronstein: j.Bronstein, Remaining: [2]time.Duration{time.Duration(j.RemainingMS[0]) * time.Millisecond,
		time.Duration(j.RemainingMS[1]) * time.Millisecond}, DelayLeft: time.Duration(j.DelayLeftMS) * time.Millisecond,
		Turn: j.Turn, Running: j.Running, Paused: j.Paused}
	return nil
}

// RecordFormat is a format the page offers the match record in; its value
// is the file name's extension.
type RecordFormat string

// The formats of the match record: .mat, which every program imports, and
// GNU Backgammon's SGF, which also holds resignations, flagged illegal
// plays and the director's rulings as comments.
const (
	RecordMat RecordFormat = "mat"
	RecordSGF RecordFormat = "sgf"
)
