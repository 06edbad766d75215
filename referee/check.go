package referee

import (
	"errors"
	"fmt"
	"slices"

	"gammond/engine"
)

// ErrRefused is the error of an input the referee would refuse now.
var ErrRefused = errors.New("refused")

// Check reports whether the referee would take in now, and if not, why
// (an error wrapping ErrRefused with the reason its Irregularity or
// CubeRefused would give), without applying it: it applies in to a copy
// of the referee, so the answer is the turn flow's own. Call it on the
// referee's goroutine.
func (r *Referee) Check(in Input) error {
	if err := in.Validate(); err != nil {
		return fmt.Errorf("%w: %v", ErrRefused, err)
	}
	c := r.copy()
	c.Apply(in)
	if c.refused != "" {
		return fmt.Errorf("%w: %s", ErrRefused, c.refused)
	}
	return nil
}

// copy returns a referee in r's state that shares no memory with it and
// emits nothing.
func (r *Referee) copy() *Referee {
	c := *r
	c.emit, c.refused = func(Event) {}, ""
	c.lines, c.spare, c.inferMatcher = make([]line, len(r.lines)), nil, engine.Matcher{}
	for i, l := range r.lines {
		c.lines[i] = line{board: l.board, plays: slices.Clone(l.plays), matcher: l.matcher.Clone()}
	}
	if r.gameClock != nil {
		clock := *r.gameClock
		c.gameClock = &clock
	}
	if r.offer != nil {
		c.offer = new(*r.offer)
	}
	if r.early != nil {
		c.early = new(*r.early)
	}
	if r.stood != nil {
		c.stood = new(*r.stood)
	}
	if r.lastGame != nil {
		c.lastGame = new(*r.lastGame)
	}
	c.setupWrong, c.touched, c.points = slices.Clone(r.setupWrong), slices.Clone(r.touched), nil
	judging := *r.judging
	judging.dry, judging.turn.Legal, judging.scored = true, nil, nil
	c.judging, c.fits = &judging, nil
	c.book = r.book.copy(&c)
	return &c
}
