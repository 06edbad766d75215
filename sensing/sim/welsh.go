package sim

import (
	"errors"
	"fmt"
	"io"
	"time"

	"gammond/engine"
	"gammond/engine/welsh"
	"gammond/sensing"
)

// WelshTurns bounds a simulated Welsh game: a game still going after so
// many throws ends the simulation, the game unfinished.
const WelshTurns = 400

// WelshDoubleRate is how often a simulated Welsh player about to throw
// doubles, when the rules let him.
const WelshDoubleRate = 0.08

// SimulateWelsh writes to w the trace of two players playing random legal
// Welsh backgammon (docs/WELSH.md) on a virtual board, and returns the
// record a correct replay of the trace gives. The trace's header says
// "rules": "welsh". The players play up to games games (fewer if the match
// ends, or a game runs past WelshTurns throws), the first game begun by a
// random player, the others by the rules (mugs away); they double now and
// then, throw an acey-deucey again half the time, and, at opts.IllegalRate,
// play a turn illegally first, press DONE, and put it right. The seed
// draws the games as well as the hand.
//
// The hand moves the men as Simulate's does; a Welsh spike never holds
// more than six, so each man has a slot of its own on the reference board.
func SimulateWelsh(w io.Writer, players [2]string, games int, opts *Opts) (*welsh.Record, error) {
	if opts == nil {
		opts = &DefaultOpts
	}
	if err := opts.validate(); err != nil {
		return nil, err
	}
	if games < 1 {
		return nil, fmt.Errorf("sim: %d Welsh games: want at least 1", games)
	}
	m := sensing.Match{Length: welsh.MatchGames, White: players[engine.White], Black: players[engine.Black], Rules: engine.RulesWelsh}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("sim: %w", err)
	}
	r := newRun(w, opts)
	r.tw.header(&r.b.cal, opts.Header, m)
	rec := welsh.NewRecorder(m.White, m.Black, 0)
	r.fullFrame()
	r.wait(r.span(800, 1500))
	for g := range games {
		if over, _, _ := rec.Match().Over(); over || r.err != nil {
			break
		}
		if g > 0 {
			r.wait(r.span(1500, 3500))
		}
		if !r.welshGame(rec, g == 0) {
			break
		}
	}
	r.wait(r.span(1000, 3000))
	r.fullFrame()
	if err := r.finish(); err != nil {
		return nil, err
	}
	return rec.Record(), nil
}

// welshClocks are the clocks a Welsh game starts with on a board without
// one.
var welshClocks = [2]time.Duration{welsh.ClockTime, welsh.ClockTime}

// welshGame sets the board up and plays one Welsh game through rec; it
// reports whether the game ended (false: WelshTurns ran out, or an error).
func (r *run) welshGame(rec *welsh.Recorder, first bool) bool {
	r.setUp(first)
	r.hyp.reset()
	r.wait(r.span(800, 2500))
	m := rec.Match()
	starter, ok := m.Starter()
	if !ok {
		starter = engine.Side(r.rng.IntN(2)) // who won odds and evens
	}
	if err := rec.StartGame(starter, welshClocks); err != nil {
		r.fail(fmt.Errorf("sim: Welsh game: %w", err))
		return false
	}
	rethrow := false
	for range WelshTurns {
		b, side, err := m.Board()
		if errors.Is(err, welsh.ErrNoGame) {
			return true
		}
		rethrow = r.welshTurn(rec, b, side, !rethrow)
		if r.err != nil {
			return false
		}
	}
	return false
}

// welshTurn plays one throw of side from b: perhaps a double first (if
// mayDouble), the throw, and its play (or the throw again, rules 7 and 13).
// It reports an acey-deucey to throw again: the next ROLL, on the board
// unmoved, throws it, with no double before it (on the buttons the ROLL is
// the option; a double first is the page's option, then CUBE).
func (r *run) welshTurn(rec *welsh.Recorder, b engine.Board, side engine.Side, mayDouble bool) (rethrow bool) {
	r.mover = side
	if have, want := r.b.layout(), engine.LayoutOf(&b, side); have != want {
		r.fail(errors.New("sim: Welsh turn: the board is not the position before the throw"))
		return false
	}
	r.wait(200 + r.paced(side, 0, 900))
	if mayDouble && r.chance(WelshDoubleRate) && rec.Double(side) == nil {
		r.press(sensing.Double, side, engine.Dice{})
		r.wait(r.paced(side, 300, 1000))
	}
	t := welsh.Throw{Dice: engine.Dice{1 + r.rng.IntN(6), 1 + r.rng.IntN(6)}}
	r.press(sensing.Roll, side, t.Dice)
	out, err := rec.Throw(side, t)
	switch {
	case err != nil:
		r.fail(fmt.Errorf("sim: Welsh throw: %w", err))
		return false
	case out == welsh.ThrowAgain || out == welsh.ThrowWashesSnake:
		return false // thrown again at the next turn, or the game is over
	case out == welsh.ThrowMayRethrow && r.chance(0.5):
		if err := rec.ThrowAgainAceyDeucey(side); err != nil {
			r.fail(err)
		}
		return true
	}
	r.wait(r.paced(side, 300, 2500))
	after := b.Swap()
	if plays := welsh.Plays(b, t); len(plays) > 0 {
		after = plays[r.rng.IntN(len(plays))].After
	}
	if r.chance(r.opts.IllegalRate) {
		if wrong, ok := welshIllegal(b, t); ok {
			r.done(side, r.moveTo(&wrong, side, false))
			r.wait(r.paced(side, 1000, 2500))
			r.moveTo(&b, side, false)
			r.wait(r.paced(side, 300, 1500))
		}
	}
	shown := after.Swap()
	r.done(side, r.moveTo(&shown, side, false))
	if _, err := rec.Play(side, after); err != nil {
		r.fail(fmt.Errorf("sim: Welsh play: %w", err))
	}
	return false
}

// welshIllegal returns a position, the mover on roll, that no legal play of
// t from b leaves but a hand can set: the mover's rearmost man one point
// on, if that is a Welsh position.
func welshIllegal(b engine.Board, t welsh.Throw) (engine.Board, bool) {
	for p := 24; p >= 2; p-- {
		if b[engine.Mover].On(p) == 0 {
			continue
		}
		moved, err := welsh.Apply(b, []engine.Move{{From: int8(p), To: int8(p - 1)}})
		ok := err == nil && welsh.Validate(&moved) == nil && welsh.FullSpikes(&moved[engine.Mover]) <= 1 && !welsh.IsLegal(b, t, moved.Swap())
		return moved, ok
	}
	return engine.Board{}, false
}
