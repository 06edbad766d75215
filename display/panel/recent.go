package panel

import (
	"strconv"
	"strings"

	"gammond/display/leds"
	"gammond/engine"
	"gammond/referee"
)

// Recent is what the indicators keep from the referee's events, which the
// referee's Status does not say: the last play's points, the last message,
// and the board the turn started from (for Hints). Feed it every event, in
// order, from the goroutine the referee emits on. The zero value is ready.
type Recent struct {
	lastPlay [leds.Count]bool // LEDs the last play lights
	before   engine.Board
	message  string
}

// Observe takes the referee's next event.
func (r *Recent) Observe(e referee.Event) {
	r.message = message(e)
	switch e.Kind {
	case referee.GameStarted:
		r.before, r.lastPlay = e.Board, [leds.Count]bool{}
	case referee.PlayMade, referee.IllegalAccepted:
		r.before, r.lastPlay = e.Board, moved(&e.Before, &e.Board, e.Side, e.OnRoll)
	case referee.Rolled, referee.GameOver:
		r.lastPlay = [leds.Count]bool{}
	}
}

// Before returns the board the turn in play started from, the side on roll
// in Board[Mover]: what Hints takes as before. It is the zero board before
// the first game.
func (r *Recent) Before() engine.Board { return r.before }

// moved returns the LEDs of the points and bar halves where a play by
// mover changed the checkers, from before (mover in Board[Mover]) to after
// (onRoll in Board[Mover], as the referee reports it: the opponent, or the
// mover again on a Welsh bonus throw): where checkers left
// and landed, where blots were hit from and the bar they went to. Net
// changes, not paths: a checker carried over a point leaves it dark, as the
// board shows it.
func moved(before, after *engine.Board, mover, onRoll engine.Side) [leds.Count]bool {
	var lit [leds.Count]bool
	was, is := engine.LayoutOf(before, mover), engine.LayoutOf(after, onRoll)
	for side := range engine.Side(2) {
		for p := 1; p <= engine.Bar; p++ {
			if was[side][p] != is[side][p] {
				lit[layoutLED(side, p)] = true
			}
		}
	}
	return lit
}

// layoutLED is the LED of board point p (1..24), or with p engine.Bar of
// side's bar half: where engine.Layout puts side's checkers.
func layoutLED(side engine.Side, p int) int {
	if p == engine.Bar {
		return barLED(side)
	}
	return leds.Point(p)
}

// message is the event in a line of the OLED: short forms for the events
// whose points matter, in the mover's numbering as the event log has them
// (the set-up's in the board's, White's), the event's summary for the rest.
func message(e referee.Event) string {
	switch {
	case e.Kind == referee.IllegalPlay:
		return "ILLEGAL" + pointList(referee.MoverPoints(e.Side, e.Points))
	case e.Kind == referee.Withdrawn:
		return "FLAG WITHDRAWN"
	case e.Kind == referee.SetupWrong && len(e.Points) > 0:
		return "SET UP" + pointList(referee.MoverPoints(engine.White, e.Points))
	}
	return e.Summary().Text
}

// pointList is " 13 8", the bar as BAR.
func pointList(points []int) string {
	var b strings.Builder
	for _, p := range points {
		b.WriteByte(' ')
		if p == engine.BarPoint {
			b.WriteString("BAR")
		} else {
			b.WriteString(strconv.Itoa(p))
		}
	}
	return b.String()
}
