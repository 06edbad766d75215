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

// The rates at which a simulated Welsh player takes up an option the rules
// give him: doubling before his throw; nominating the next throw (either
// player, before it, rule 21), once a match each; throwing one die with a
// full spread (rule 11) and playing into a full spread when a play leaves
// one; throwing an acey-deucey again (rule 13). An offer to concede when
// the other has a one-throw win (rule 18) is always made when the rules
// allow one: the occasion is rare, and an offer is possible only when the
// game is worth more than one game (welshOffer).
const (
	WelshDoubleRate     = 0.08
	WelshNominateRate   = 0.03
	WelshOneDieRate     = 0.5
	WelshFullSpreadRate = 1
	WelshAceyDeuceyRate = 0.5
)

// SimulateWelsh writes to w the trace of two players playing random legal
// Welsh backgammon (docs/WELSH.md) on a virtual board, and returns the
// record a correct replay of the trace gives. The trace's header says
// "rules": "welsh". The players play up to games games (fewer if the match
// ends, or a game runs past WelshTurns throws), the first game begun by a
// random player, the others by the rules (mugs away); they take up the
// options the rules give them at the Welsh...Rate rates (doubles,
// nominates, one-die throws, offers to concede and their answers,
// acey-deuceys thrown again), the page's options as the trace's nominate
// and offer events, the buttons' as presses; and, at opts.IllegalRate,
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

// welshTurn plays one throw of side from b: perhaps options first (if
// mayDouble: welshBeforeThrow), the throw, and its play (or the throw
// again, rules 7 and 13), perhaps an offer to concede after it.
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
	t := welsh.Throw{Dice: engine.Dice{1 + r.rng.IntN(6), 1 + r.rng.IntN(6)}}
	if mayDouble {
		t = r.welshBeforeThrow(rec, b, side, t)
	}
	rolled := t.Dice
	if t.OneDie {
		rolled[1] = 1 + r.rng.IntN(6) // both dice rolled; the board reads the first
	}
	r.press(sensing.Roll, side, rolled)
	out, err := rec.Throw(side, t)
	switch {
	case err != nil:
		r.fail(fmt.Errorf("sim: Welsh throw: %w", err))
		return false
	case out == welsh.ThrowAgain || out == welsh.ThrowWashesSnake:
		return false // thrown again at the next turn, or the game is over
	case out == welsh.ThrowMayRethrow && r.chance(WelshAceyDeuceyRate):
		if err := rec.ThrowAgainAceyDeucey(side); err != nil {
			r.fail(err)
		}
		return true
	}
	r.wait(r.paced(side, 300, 2500))
	after := b.Swap()
	if plays := welsh.Plays(b, t); len(plays) > 0 {
		after = r.welshChoose(plays)
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
	ev, err := rec.Play(side, after)
	if err != nil {
		r.fail(fmt.Errorf("sim: Welsh play: %w", err))
	}
	if ev.OfferWindow {
		r.welshOffer(rec, side)
	}
	return false
}

// welshBeforeThrow takes up the options before side's throw t from b: a
// double (CUBE), a nominate by either player (the page), one die with a
// full spread (CUBE held). It returns the throw to make: the one
// nominated, or t's first die alone.
func (r *run) welshBeforeThrow(rec *welsh.Recorder, b engine.Board, side engine.Side, t welsh.Throw) welsh.Throw {
	if r.chance(WelshDoubleRate) && rec.Double(side) == nil {
		r.press(sensing.Double, side, engine.Dice{})
		r.wait(r.paced(side, 300, 1000))
	}
	if r.chance(WelshNominateRate) {
		by := engine.Side(r.rng.IntN(2))
		nominee := welsh.Throw{Dice: engine.Dice{1 + r.rng.IntN(6), 1 + r.rng.IntN(6)}}
		if rec.Nominate(by, nominee) == nil {
			r.flushDue(r.now)
			r.tw.event(r.now, sensing.Event{Kind: sensing.Nominate, Side: by, Dice: nominee.Dice})
			r.wait(r.paced(by, 300, 1500))
			return nominee
		}
	}
	if welsh.HasFullSpread(&b[engine.Mover]) && r.chance(WelshOneDieRate) {
		r.press(sensing.Pass, side, engine.Dice{})
		r.wait(r.paced(side, 300, 1000))
		return welsh.Throw{Dice: engine.Dice{t.Dice[0]}, OneDie: true}
	}
	return t
}

// welshChoose picks one of the legal plays at random, or, at
// WelshFullSpreadRate, one that leaves the mover a full spread if any does,
// so that one-die throws come up.
func (r *run) welshChoose(plays []engine.Play) engine.Board {
	if r.chance(WelshFullSpreadRate) {
		var spreads []engine.Board
		for _, p := range plays {
			if welsh.HasFullSpread(&p.After[engine.Opponent]) {
				spreads = append(spreads, p.After)
			}
		}
		if len(spreads) > 0 {
			return spreads[r.rng.IntN(len(spreads))]
		}
	}
	return plays[r.rng.IntN(len(plays))].After
}

// welshOffer has the player facing a one-throw win, after side's play,
// offer to concede some games short of what the game is worth (the page's
// offer), and the other reject it (the first of the match, the third, ...)
// or accept it (the buttons' answer).
func (r *run) welshOffer(rec *welsh.Recorder, side engine.Side) {
	r.wait(r.paced(side, 500, 1500)) // the play judged first
	for _, by := range [2]engine.Side{side, side.Other()} {
		for _, games := range [2]int{1 + r.rng.IntN(3), 1} {
			o, err := rec.OfferConcession(by, games, false)
			if err != nil {
				continue
			}
			r.flushDue(r.now)
			r.tw.event(r.now, sensing.Event{Kind: sensing.Offer, Side: by, Points: games})
			r.wait(r.paced(by.Other(), 500, 3000))
			r.welshOffers++
			accept := r.welshOffers%2 == 0
			answer := sensing.Reject
			if accept {
				answer = sensing.Accept
			}
			if err := rec.AnswerConcession(o, accept); err != nil {
				r.fail(fmt.Errorf("sim: Welsh offer: %w", err))
				return
			}
			r.press(answer, by.Other(), engine.Dice{})
			return
		}
	}
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
