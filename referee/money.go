package referee

import (
	"fmt"

	"gammond/engine"
)

// Money play (docs/MONEY.md): beavers and raccoons come from the buttons
// or the page; the board's electronic dice tell the referee of each tied
// opening throw, which with automatic doubles doubles the next game's
// cube. Jacoby is the match state's to score.

// Beaver tells the referee that side, doubled, takes and at once
// redoubles, keeping the cube: as its answer to the double, or right after
// its take, before the doubler rolls.
func (r *Referee) Beaver(side engine.Side) {
	var err error
	switch {
	case r.phase == doubled && side != r.onRoll:
		if err = r.match.Beaver(side); err == nil {
			r.phase = awaitingRoll
			r.clockPress(side)
		}
	case r.phase == awaitingRoll && side != r.onRoll:
		err = r.match.BeaverTaken(side)
	default:
		err = fmt.Errorf("%v may beaver only a double offered to it", side)
	}
	if err != nil {
		r.send(Event{Kind: CubeRefused, Side: side, Reason: err.Error(), Cube: r.match.Cube()})
		return
	}
	r.send(Event{Kind: Beavered, Side: side, Cube: r.match.Cube()})
}

// Raccoon tells the referee that side, whose double was beavered,
// redoubles before rolling, keeping the cube.
func (r *Referee) Raccoon(side engine.Side) {
	err := fmt.Errorf("%v may raccoon only a beaver of its double, before rolling", side)
	if r.phase == awaitingRoll && side == r.onRoll {
		err = r.match.Raccoon(side)
	}
	if err != nil {
		r.send(Event{Kind: CubeRefused, Side: side, Reason: err.Error(), Cube: r.match.Cube()})
		return
	}
	r.send(Event{Kind: Raccooned, Side: side, Cube: r.match.Cube()})
}

// OpeningTie tells the referee that the next game's opening throw tied
// and is thrown again: with automatic doubles the game's cube doubles.
func (r *Referee) OpeningTie() {
	if r.phase != settingUp {
		r.irregular(r.onRoll, "an opening throw tied with a game in progress")
		return
	}
	if _, err := r.match.OpeningTie(); err != nil {
		r.irregular(r.onRoll, err.Error())
		return
	}
	r.send(Event{Kind: OpeningTied, Cube: r.match.NextCube(),
		Reason: fmt.Sprintf("the opening throw tied: the game starts with the cube at %d", r.match.NextCube())})
}

// moneyByCube takes a CUBE press for a beaver or a raccoon: the taker's
// second press before the doubler rolls beavers; the beavered doubler's
// press before rolling raccoons. It reports whether it took the press.
func (r *Referee) moneyByCube(side engine.Side, long bool) bool {
	if long || r.phase != awaitingRoll {
		return false
	}
	switch {
	case side != r.onRoll && r.match.CanBeaverTaken(side) == nil:
		r.Beaver(side)
	case side == r.onRoll && r.match.CanRaccoon(side) == nil:
		r.Raccoon(side)
	default:
		return false
	}
	return true
}

// moneySummary says a money-play event in words.
func moneySummary(e *Event, who string) string {
	switch e.Kind {
	case Beavered:
		return fmt.Sprintf("%s beavers: the cube is at %d, %s's", who, e.Cube, who)
	case Raccooned:
		return fmt.Sprintf("%s raccoons: the cube is at %d, %s's", who, e.Cube, who)
	}
	return e.Reason
}

// nextCube is the cube a game not yet started will have, for the status:
// with automatic doubles, the ties of its opening throw show at once.
func (r *Referee) nextCube() int {
	if r.phase == settingUp && r.match.Opts().AutomaticDoubles > 0 {
		return r.match.NextCube()
	}
	return r.match.Cube()
}
