package board

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"gammond/referee"
	"gammond/sensing"
	"gammond/web"
)

// fed is what the goroutine reading the source hands Run.
type fed struct {
	item sensing.Item
	err  error
}

// Run feeds the source's items through the pipeline to the referee, and
// runs the actions of Do between them, until the source ends (io.EOF: Run
// returns nil) or ctx is done. A journal that cannot be written stops it
// with an error, as does the source's. Run a Board once.
func (b *Board) Run(ctx context.Context, src sensing.Source) error {
	defer close(b.stopped)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	items, next := read(ctx, src)
	for {
		select {
		case <-ctx.Done():
			return nil
		case f := <-b.actions:
			f()
		case it := <-items:
			if errors.Is(it.err, io.EOF) || (it.err != nil && ctx.Err() != nil) {
				return nil
			}
			if it.err != nil {
				return it.err
			}
			if err := b.step(it.item); err != nil {
				return err
			}
			next <- struct{}{} // the reader may go on: Run is done with the item
		}
		if b.err != nil {
			return b.err
		}
	}
}

// read reads src on a goroutine of its own, one item at a time: it asks
// for the next only when told Run is done with the last (a Source's frame
// holds until the next call to Next).
func read(ctx context.Context, src sensing.Source) (<-chan fed, chan<- struct{}) {
	items, next := make(chan fed), make(chan struct{}, 1)
	go func() {
		for {
			it, err := src.Next()
			select {
			case items <- fed{it, err}:
			case <-ctx.Done():
				return
			}
			if err != nil {
				return
			}
			select {
			case <-next:
			case <-ctx.Done():
				return
			}
		}
	}()
	return items, next
}

// step takes in one item.
func (b *Board) step(it sensing.Item) error {
	b.clock.Set(it.At)
	if it.Kind == sensing.EventItem && it.Event.Kind == sensing.NextMatch {
		return b.nextMatch(it.At)
	}
	if taken, err := b.chouettePress(it); taken {
		return err
	}
	if it.Kind == sensing.EventItem && it.Event.Kind == sensing.Roll && !it.Event.Dice.Valid() {
		ok, err := b.roll(&it.Event)
		if err != nil || !ok {
			return err
		}
	}
	if b.trace != nil && b.skip == 0 {
		b.trace.item(it) // a source given again (skip) was recorded the first time
	}
	if err := b.pipe.Step(it); err != nil {
		return err
	}
	if b.err != nil {
		return b.err
	}
	if b.delivered {
		b.showStatus() // only when the referee heard something: not per frame
	}
	if err := b.checkTime(); err != nil {
		return err
	}
	b.tickClocks()
	if b.opts.Alive != nil {
		b.opts.Alive()
	}
	return nil
}

// roll rolls the board's electronic dice for a ROLL press: between games
// the opening roll, one die each, whose winner opens with both. With the
// dice entered on the page the press is refused (false); so is a ROLL
// before the mover's DONE (US 4.6), which prompts the mover.
func (b *Board) roll(e *sensing.Event) (bool, error) {
	if b.matchOver() {
		b.log.Info("ROLL pressed after the match: hold both ROLL buttons for 2 s to start the next one", "side", e.Side)
		return false, nil
	}
	if b.opts.EnteredDice || b.opts.InferredDice {
		b.log.Warn("ROLL pressed, but the dice are thrown by hand", "side", e.Side)
		return false, nil
	}
	s := b.ref.Status()
	if s.Phase == referee.PhaseMoving && e.Side != s.OnRoll {
		b.log.Warn("ROLL refused: the mover has not pressed DONE (US 4.6)", "side", e.Side, "mover", s.OnRoll)
		return false, b.input(referee.Input{At: b.clock.Now(), Kind: referee.InputRollRefused, Side: e.Side})
	}
	if b.awaitsMembers() {
		b.log.Warn("ROLL refused: the chouette's members are to be entered on the page first")
		return false, nil
	}
	if s.Phase != referee.PhaseSettingUp || b.welsh != nil { // a Welsh game starts with its first throw
		d, err := b.roller.Roll()
		e.Dice = d
		return err == nil, err
	}
	o, err := b.roller.Opening()
	if err == nil {
		err = b.openingTies(o.Ties)
	}
	e.Side, e.Dice = o.Opener(), o.Roll()
	return err == nil, err
}

// nextMatch starts the next match with the last one's players and
// settings, once it is over: a club board's players, with no page at
// hand, hold both ROLL buttons for it. While a match is in progress the
// press is only logged.
func (b *Board) nextMatch(at time.Time) error {
	if !b.matchOver() {
		b.log.Warn("both ROLL buttons held: the next match starts once this one is over")
		return nil
	}
	m := b.header
	m.Started = at
	return b.startMatch(m)
}

// checkTime ends the match of a side whose time has run out.
func (b *Board) checkTime() error {
	if _, out := b.ref.TimedOut(); out {
		return b.input(referee.Input{At: b.clock.Now(), Kind: referee.InputTimeout})
	}
	return nil
}

// End tells the referee the board's input has ended (a trace's last line),
// once: after a journal that holds the end it does nothing. Call it after
// Run.
func (b *Board) End() error {
	if b.ended {
		return nil
	}
	b.ended = true
	return b.input(referee.Input{At: b.clock.Now(), Kind: referee.InputEnd})
}

// Do runs f on Run's goroutine, between items, and returns its error; it
// gives up when ctx is done or Run has returned.
func (b *Board) Do(ctx context.Context, f func() error) error {
	done := make(chan error, 1)
	select {
	case b.actions <- func() { done <- f() }:
	case <-ctx.Done():
		return ctx.Err()
	case <-b.stopped:
		return errStopped
	}
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// errStopped answers an action once the board has stopped.
var errStopped = errors.New("the board has stopped")

// press takes a page's press into the board's source, and waits until the
// board has taken it in, or has stopped.
func (b *Board) press(ctx context.Context, a web.SimButton) error {
	e := a.Event()
	if e.Kind == sensing.Roll && b.opts.EnteredDice {
		return fmt.Errorf("%w: the dice are entered on the page, not rolled by the board", web.ErrConflict)
	}
	if e.Kind == sensing.Roll && b.opts.InferredDice {
		return fmt.Errorf("%w: the dice are thrown by hand and inferred from the play, not rolled by the board", web.ErrConflict)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-b.stopped:
			cancel()
		case <-ctx.Done():
		}
	}()
	if err := b.opts.Presses.Press(ctx, time.Now(), e); err != nil {
		return fmt.Errorf("the %v press of %v: %w", e.Kind, e.Side, err)
	}
	return nil
}
