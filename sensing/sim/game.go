package sim

import (
	"fmt"

	"gammond/engine"
	"gammond/sensing"
)

// game plays one game of the script, its steps prepared: the board set
// up, the opening roll, every turn and cube action, and the end: the last
// checker off and DONE, a drop, or a resignation offered and accepted
// (TRACE.md's resign and accept), after which the players set up the next
// game.
func (r *run) game(g *GameScript, steps []step, first bool) {
	eg := ExpectGame{Plays: []ExpectPlay{}, Cube: []CubeAction{}, Illegal: []IllegalTurn{}}
	if !first {
		r.wait(r.span(1500, 3500))
	}
	r.setUp(first)
	r.hyp.reset()
	r.wait(r.span(800, 2500))
	turn := 0
	for i := range steps {
		st := &steps[i]
		switch st.Kind {
		case Roll:
			if i > 0 {
				r.wait(200 + r.paced(st.Side, 0, 900))
			}
			turn++
			r.armEarlyRoll(steps[i+1:])
			r.turn(&eg, st, turn)
		case Double:
			r.wait(r.paced(st.Side, 500, 1000))
			r.press(sensing.Double, st.Side, engine.Dice{})
			eg.Cube = append(eg.Cube, CubeAction{"double", st.Side, turn})
		case Take, Drop:
			r.wait(r.paced(st.Side, 1700, 4000))
			kind, press := "take", sensing.Take
			if st.Kind == Drop {
				kind, press = "drop", sensing.Drop
			}
			r.press(press, st.Side, engine.Dice{})
			eg.Cube = append(eg.Cube, CubeAction{kind, st.Side, turn})
		}
	}
	if g.Winner != nil {
		side := *g.Winner
		eg.Winner, eg.Points = &side, g.Points
		r.resignation(g, steps)
	}
	r.expect.Games = append(r.expect.Games, eg)
}

// resignation ends a game the script's winner won without a last checker
// off or a drop: the loser offers to resign the level its points are at
// the cube, and the winner accepts. A game whose points are no level at
// the cube is left for the referee to infer from the next set-up.
func (r *run) resignation(g *GameScript, steps []step) {
	if ended(steps) {
		return
	}
	cube := 1
	for i := range steps {
		if steps[i].Kind == Take {
			cube *= 2
		}
	}
	level := g.Points / cube
	if g.Points%cube != 0 || level < sensing.ResignSingle || level > sensing.ResignBackgammon {
		return
	}
	winner := *g.Winner
	r.wait(r.span(1500, 4000))
	r.resign(winner.Other(), level)
	r.wait(r.paced(winner, 800, 3000))
	r.press(sensing.Accept, winner, engine.Dice{})
}

// ended reports whether a game's steps end it: a drop, or a play that bears
// off the mover's last checker.
func ended(steps []step) bool {
	if len(steps) == 0 {
		return false
	}
	last := &steps[len(steps)-1]
	switch last.Kind {
	case Drop:
		return true
	case Roll:
		return last.play.After[engine.Opponent].BorneOff() == engine.CheckersPerSide
	}
	return false
}

// setUp sets the board up for a game, one checker at a time: from the
// trays at the start of the match; later from where the last game left
// them, at the ClearRate after clearing the board.
func (r *run) setUp(first bool) {
	r.brisk = true
	defer func() { r.brisk = false }()
	if !first && r.chance(r.opts.ClearRate) {
		r.perform(r.transfersTo(emptyLayout, false), false)
		r.wait(r.span(500, 2000))
	}
	r.perform(r.transfersTo(engine.LayoutOf(&engine.StartingBoard, engine.White), true), false)
}

// turn plays one roll of the script: the roll, at the IllegalRate an
// illegal play first (DONE, a pause, the board put back), at the TryRate a
// checker tried and taken back, the recorded play, DONE.
func (r *run) turn(eg *ExpectGame, st *step, turn int) {
	mover, d, play := st.Side, st.Dice, &st.play
	r.mover = mover
	if have, want := r.b.layout(), engine.LayoutOf(&st.before, mover); have != want {
		r.fail(fmt.Errorf("sim: turn %d: the board is not the position before the play", turn))
		return
	}
	if !r.rolledEarly {
		r.press(sensing.Roll, mover, d)
	}
	r.rolledEarly = false
	r.wait(r.paced(mover, 300, 2500))
	if r.chance(r.opts.IllegalRate) {
		if ill, ok := r.illegal(st.before, mover, d, play); ok {
			r.nextRoll = nil // a roll during the correction would accept the illegal play
			r.done(mover, r.moveTo(&ill.board, mover, r.chance(r.opts.EarlyDoneRate)))
			played := ill.board.Swap()
			eg.Illegal = append(eg.Illegal, IllegalTurn{Turn: turn, Side: mover, Kind: ill.kind, Played: played.PositionID()})
			r.wait(r.paced(mover, 1000, 2500))
			r.moveTo(&st.before, mover, false)
			r.wait(r.paced(mover, 300, 1500))
		}
	}
	tryFirst, tryLast := false, false
	if r.chance(r.opts.TryRate) {
		tryFirst = r.chance(0.5)
		tryLast = !tryFirst
	}
	if tryFirst {
		r.try(st.before, mover, d, true, false)
	}
	ts, err := r.playTransfers(st.before, mover, play.Steps())
	if err != nil {
		r.fail(err)
		return
	}
	early := r.chance(r.opts.EarlyDoneRate)
	if !early && r.maybe(r.opts.LateDoneRate) {
		early, r.late = true, true
	}
	if !early && !tryLast { // else the DONE or the try would come after the roll
		r.earlyRoll = r.nextRoll
	}
	pressed := r.perform(ts, early && !tryLast)
	r.earlyRoll, r.nextRoll = nil, nil
	if tryLast {
		pressed = r.try(play.After.Swap(), mover, d, false, early)
	}
	r.late = false
	r.done(mover, pressed)
	if have, want := r.b.layout(), engine.LayoutOf(&play.After, mover.Other()); have != want {
		r.fail(fmt.Errorf("sim: turn %d: the board is not the position the play leaves", turn))
	}
	r.hyp.play(&play.After, mover, d, r.opts.Board, r.opts.Dead)
	eg.Plays = append(eg.Plays, ExpectPlay{Turn: turn, Side: mover, Dice: d, After: play.After.PositionID()})
}

// done presses the mover's DONE once the turn's checkers are down, unless
// it was pressed during the last one.
func (r *run) done(mover engine.Side, pressed bool) {
	if pressed {
		r.flushDue(r.now)
		return
	}
	if r.chance(0.1) {
		r.wait(r.paced(mover, 1200, 4000))
	} else {
		r.wait(r.paced(mover, 100, 1200))
	}
	r.press(sensing.Done, mover, engine.Dice{})
}

// try moves a checker somewhere plausible from the board b (mover on
// roll), or, at the start of a turn, sometimes plays another legal play;
// leaves it a while and puts the board back. With early, DONE goes down
// as the last checker comes back; try reports whether it went down so.
func (r *run) try(b engine.Board, mover engine.Side, d engine.Dice, start, early bool) bool {
	tried, ok := r.tryBoard(b, d, start)
	if !ok {
		return false
	}
	r.moveTo(&tried, mover, false)
	r.wait(r.paced(mover, 150, 1500))
	return r.moveTo(&b, mover, early)
}

// tryBoard returns a board to try from b: at the start of a turn sometimes
// another of the roll's legal plays, else one checker moved by a die or
// both.
func (r *run) tryBoard(b engine.Board, d engine.Dice, start bool) (engine.Board, bool) {
	if start && r.chance(0.3) {
		if plays := r.gen.Plays(b, d); len(plays) > 1 {
			return plays[r.rng.IntN(len(plays))].After.Swap(), true
		}
	}
	pips := [...]int{d[0], d[1], d[0] + d[1]}
	for _, k := range r.rng.Perm(len(pips)) {
		if m, ok := r.oneMove(&b, pips[k]); ok {
			after, err := b.Apply([]engine.Move{m})
			return after, err == nil
		}
	}
	return b, false
}

// armEarlyRoll arms, at the EarlyRollRate, the opponent's next roll (the
// step after this turn's, if it is a roll) to go down while the mover sets
// down its last checker (US 4.6).
func (r *run) armEarlyRoll(next []step) {
	r.nextRoll = nil
	if len(next) == 0 || next[0].Kind != Roll || !r.maybe(r.opts.EarlyRollRate) {
		return
	}
	r.nextRoll = &sensing.Event{Kind: sensing.Roll, Side: next[0].Side, Dice: next[0].Dice}
}

// pressEarlyRoll presses the early roll armed, as the last motion begins.
func (r *run) pressEarlyRoll() {
	if r.earlyRoll == nil {
		return
	}
	e := *r.earlyRoll
	r.earlyRoll, r.rolledEarly = nil, true
	r.press(e.Kind, e.Side, e.Dice)
}
