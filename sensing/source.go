package sensing

import (
	"fmt"
	"time"

	"gammond/engine"
)

// Source yields what the board senses, in time order: frames of sensor
// readings and button events. A trace, the simulator and the hardware
// scanner are Sources.
type Source interface {
	// Next returns the next item; io.EOF after the last one. An Item's
	// Frame belongs to the Source and holds until the next call to Next:
	// read it, do not keep or change it.
	Next() (Item, error)
}

// ItemKind says what an Item carries.
type ItemKind uint8

// The kinds of Item.
const (
	FrameItem ItemKind = iota + 1 // Frame holds every sensor's reading
	EventItem                     // Event holds a button press
)

// Item is one thing the board sensed, at the time At.
type Item struct {
	At   time.Time
	Kind ItemKind
	// Frame, for a FrameItem: the reading of every sensor, in the order of
	// calib.Geometry. The Source reuses it: it holds until the next call to
	// Next.
	Frame []uint16
	// Event, for an EventItem.
	Event Event
}

// EventKind is what a press means: the one vocabulary of a press from the
// button driver (and the page's buttons, and a trace) to the referee.
type EventKind uint8

// The events of a match. Their String is the trace's name for them. A
// button press is Roll, Done, Cube or Pass: what a CUBE press means is the
// referee's to decide from the match; a trace may say it outright (Double,
// Take, Drop).
const (
	Roll     EventKind = iota + 1 // the side rolled (ROLL): Dice holds the roll, or none yet for the board to roll
	Done                          // the side ended its turn (DONE, the clock press)
	Double                        // the side doubles (CUBE before rolling)
	Take                          // the side takes the cube (CUBE when doubled)
	Drop                          // the side passes: the game ends
	Cube                          // CUBE pressed: doubles, or takes the cube offered
	Pass                          // CUBE held (a long press): passes the cube offered, else doubles
	Resign                        // the side offers to resign Points (US 11.1): DONE and CUBE held together, or the page
	Accept                        // the side accepts the resignation on offer: the game ends
	Reject                        // the side rejects it: play goes on
	Nominate                      // the side nominates the next throw, Dice (Welsh, rule 21): the page
	Offer                         // the side offers to concede the game for Points games (Welsh, rule 18): the page

	// NextMatch: both ROLL buttons held (buttons.NextMatchHold) once the
	// match is over: the board starts the next, with the same settings.
	NextMatch
)

var eventNames = [...]string{Roll: "roll", Done: "done", Double: "double", Take: "take", Drop: "drop", Cube: "cube", Pass: "pass",
	Resign: "resign", Accept: "accept", Reject: "reject", Nominate: "nominate", Offer: "offer", NextMatch: "next-match"}

// The levels of a resignation, Event.Points: what the resigning side gives
// up, times the cube. ResignNext, the buttons' resignation, is the level
// above the side's own offer standing, or a single.
const (
	ResignNext       = 0
	ResignSingle     = 1
	ResignGammon     = 2
	ResignBackgammon = 3
)

// MaxOfferGames is the most games an Offer may name: the Welsh doubling
// die's cap, 64, times a backgammon's 6 (docs/WELSH.md, rules 5 and 6).
const MaxOfferGames = 64 * 6

// String returns the event's name in a trace: "roll", "done" and so on.
func (k EventKind) String() string {
	if k >= Roll && int(k) < len(eventNames) {
		return eventNames[k]
	}
	return fmt.Sprintf("EventKind(%d)", uint8(k))
}

// Event is a button press (or a roll of the electronic dice, or dice
// entered on the web page).
type Event struct {
	Kind EventKind
	Side engine.Side
	// Dice is the roll, for Roll; for a game's opening roll the side is the
	// opener, with both dice. For Nominate, the throw nominated.
	Dice engine.Dice
	// Points is a Resign's level: ResignNext, ResignSingle, ResignGammon
	// or ResignBackgammon (a trace's "points"), times the cube; an Offer's
	// games, 1 to MaxOfferGames.
	Points int
}

// String returns the event for a log line: "White roll 63".
func (e Event) String() string {
	switch e.Kind {
	case Roll, Nominate:
		return fmt.Sprintf("%s %s %s", e.Side, e.Kind, e.Dice)
	case Resign, Offer:
		return fmt.Sprintf("%s %s %d", e.Side, e.Kind, e.Points)
	}
	return fmt.Sprintf("%s %s", e.Side, e.Kind)
}
