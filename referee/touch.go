package referee

import (
	"fmt"
	"slices"

	"gammond/engine"
)

// After DONE the position is the official one (US 4.3): a checker moved
// before the next roll is an irregularity of the side that touched it,
// never the next mover's illegal play. The referee lights the points
// (Status.Touched), reports it (Touched), and refuses the roll until the
// board is restored.

// checkTouched compares a board settled between turns with the official
// position, and reports when checkers first move and when they are back;
// Status.Touched follows every change. Players setting the board up again
// after a game given up pass here too: one report, then the next game.
func (r *Referee) checkTouched() {
	if r.turn == 0 || !r.haveBoard || r.inferred { // inferred dice: the mover plays before any roll
		return
	}
	r.points = r.points[:0]
	if !r.fitsSomeLine() {
		r.points = r.judges().departs(r, r.points, &r.lines[0].board)
	}
	began, restored := len(r.touched) == 0 && len(r.points) > 0, len(r.touched) > 0 && len(r.points) == 0
	r.touched = append(r.touched[:0], r.points...)
	if !began && !restored {
		return
	}
	side := r.touchedBy(&r.lines[0].board)
	r.send(Event{Kind: Touched, Side: side, Points: slices.Clone(r.touched), Reason: touchedText(side, r.touched)})
}

// fitsSomeLine reports whether the board shows the position of a line.
func (r *Referee) fitsSomeLine() bool {
	for i := range r.lines {
		if len(r.judges().departs(r, nil, &r.lines[i].board)) == 0 {
			return true
		}
	}
	return false
}

// touchedBy returns the colour whose checkers the board shows out of
// place in b; the side that played last when both are, or none is.
func (r *Referee) touchedBy(b *engine.Board) engine.Side {
	o := &r.board
	want := engine.OccupancyOf(b, r.onRoll, int(o.SlotsPerPoint), int(o.SlotsPerBarHalf))
	var moved [2]bool
	for s := range moved {
		for p := range o.Points {
			moved[s] = moved[s] || o.Points[p][s] != want.Points[p][s]
		}
		moved[s] = moved[s] || o.Bar[0][s]+o.Bar[1][s] != want.Bar[0][s]+want.Bar[1][s]
	}
	if moved[r.onRoll] && !moved[r.onRoll.Other()] {
		return r.onRoll
	}
	return r.onRoll.Other()
}

// touchedText says what the players must do.
func touchedText(side engine.Side, points []int) string {
	if len(points) == 0 {
		return "the board is back in the position after DONE"
	}
	return fmt.Sprintf("US 4.3: %v moved checkers after DONE (%s): put them back before the roll", side, PointsText(side, points))
}

// touchRefusal says why a roll must wait for the board to be restored,
// or "".
func (r *Referee) touchRefusal(side engine.Side) string {
	if r.phase != awaitingRoll || len(r.touched) == 0 {
		return ""
	}
	return fmt.Sprintf("%v's roll refused: the board differs from the position after DONE at %s (US 4.3)", side, PointsText(side, r.touched))
}
