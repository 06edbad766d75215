package sim

import (
	"fmt"
	"slices"

	"gammond/engine"
	"gammond/sensing"
)

// transfer is one checker of side taken by hand from a board point
// (1..24), side's half of the bar (engine.Bar) or its tray (engine.Off) to
// another.
type transfer struct {
	side     engine.Side
	from, to int
	// via are the points the checker's earlier dice took it to: it may be
	// set down there for a moment on its way.
	via []int
}

// emptyLayout has every checker in its tray: the board before a match.
var emptyLayout = engine.Layout{
	engine.White: {engine.Off: engine.CheckersPerSide},
	engine.Black: {engine.Off: engine.CheckersPerSide},
}

// transferOrder lists where a side's checkers can be, in the order
// transfersTo pairs them: the board points, the bar, the tray.
var transferOrder = func() (o [26]int) {
	for i := range 24 {
		o[i] = i + 1
	}
	o[24], o[25] = engine.Bar, engine.Off
	return o
}()

// boardPoint returns the board point (White's numbering) of side's own
// point p, or p itself for engine.Bar and engine.Off.
func boardPoint(side engine.Side, p int) int {
	if p == engine.Bar || p == engine.Off {
		return p
	}
	return engine.BoardPoint(side, p)
}

// row returns which side of the board a board point is on (points 1..12
// or 13..24), and -1 for the bar and the trays: a checker slides only
// along a row.
func row(p int) int {
	if p == engine.Bar || p == engine.Off {
		return -1
	}
	return (p - 1) / 12
}

// The readings of a checker on its way down and up, in checker levels, a
// frame apart (the reference board's traces): a lift ends on a frame at
// 0.05 before the slot reads empty.
var (
	setDownSeats = [...]float64{0.35, 0.70, 0.95}
	liftSeats    = [...]float64{0.70, 0.30, 0.05}
)

// seat returns a part-way reading about s, as the frames of a real hand
// scatter it.
func (r *run) seat(s float64) float64 { return s + 0.03*(r.rng.Float64()-0.5) }

// lift takes side's top checker off p, over a few frames.
func (r *run) lift(p int, side engine.Side) {
	if r.err != nil {
		return
	}
	if p == engine.Off {
		if len(r.b.trays[side]) == 0 {
			r.fail(fmt.Errorf("sim: no %v checker off the board to take", side))
			return
		}
		r.b.take(side, p)
		return
	}
	i, err := r.b.top(side, p)
	if err != nil {
		r.fail(fmt.Errorf("sim: %w", err))
		return
	}
	if r.maybe(r.opts.StallRate) {
		r.b.remove(side, p, i)
		r.stall()
		return
	}
	pile := *r.b.pile(side, p)
	for _, s := range liftSeats {
		pile[i].seat = r.seat(s)
		r.tick()
	}
	if r.chance(r.opts.ReboundRate) {
		pile[i].seat = 1
		r.tick()
	}
	r.b.remove(side, p, i)
	r.tick()
}

// stall lets the scan stall for 30-250 ms, as a checker moves, then
// writes the frame it reads next: the motion's part-way frames are lost.
func (r *run) stall() {
	r.now += r.span(30, 250)
	r.tick()
}

// setDown puts a checker of side on top of its pile on p, over a few
// frames.
func (r *run) setDown(p int, side engine.Side) {
	if r.err != nil {
		return
	}
	if p == engine.Off {
		r.b.put(side, p)
		return
	}
	if !r.dueSet && r.maybe(r.opts.HoverRate) { // not with DONE on its way: that is a late DONE
		r.hover(r.hoverPoint(p, side), side)
	}
	if r.maybe(r.opts.StallRate) {
		r.b.push(side, p, 1)
		r.stall()
		return
	}
	i := r.b.push(side, p, 0)
	pile := *r.b.pile(side, p)
	for _, s := range setDownSeats {
		pile[i].seat = r.seat(s)
		r.tick()
	}
	pile[i].seat = 1
	r.tick()
	if p != engine.Bar && i+1 < r.b.geo.Slots && r.maybe(r.opts.OffCentreRate) {
		pile[i].off = 0.3 + 0.4*r.rng.Float64()
		r.tick()
	}
}

// hover holds a checker of side above p for 0.3 s to HoverSeconds: p's
// next slot reads 10% to HoverShare of a checker, more or less as the
// hand moves.
func (r *run) hover(p int, side engine.Side) {
	end := r.now + r.span(300, int64(r.opts.HoverSeconds*1000))
	i := r.b.push(side, p, 0)
	for r.now < end && r.err == nil {
		(*r.b.pile(side, p))[i].seat = 0.1 + (r.opts.HoverShare-0.1)*r.rng.Float64()
		r.tick()
		r.wait(r.span(20, 80))
	}
	r.b.remove(side, p, i)
}

// hoverPoint returns the point a checker of side going to p is held
// above: p or, at the HoverAstrayRate, another board point with a free
// slot that side's checker could be set on, a lone opposing checker's
// included.
func (r *run) hoverPoint(p int, side engine.Side) int {
	if p == engine.Bar || !r.maybe(r.opts.HoverAstrayRate) {
		return p
	}
	var free []int
	for q := 1; q <= 24; q++ {
		pile := r.b.points[q-1]
		opposing := len(pile) - countOf(pile, side)
		if q != p && len(pile) < r.b.geo.Slots && (opposing == 0 || len(pile) == 1) {
			free = append(free, q)
		}
	}
	if len(free) == 0 {
		return p
	}
	return free[r.rng.IntN(len(free))]
}

// slideOver passes a checker of side low over board point p: its next slot
// reads part way for a frame or two.
func (r *run) slideOver(p int, side engine.Side) {
	i := r.b.push(side, p, 0.3+0.5*r.rng.Float64())
	r.tick()
	if r.chance(0.5) {
		(*r.b.pile(side, p))[i].seat = 0.3 + 0.5*r.rng.Float64()
		r.tick()
	}
	r.b.remove(side, p, i)
}

// carry takes a checker in hand from one place to the next: through the
// air, or sliding over the points between when both are on one row.
func (r *run) carry(from, to int, side engine.Side) {
	if row(from) >= 0 && row(from) == row(to) && r.chance(r.opts.SlideRate) {
		step := 1
		if to < from {
			step = -1
		}
		r.wait(r.span(20, 80))
		for p := from + step; p != to; p += step {
			r.slideOver(p, side)
		}
		return
	}
	if r.brisk {
		r.wait(r.span(60, 200))
		return
	}
	r.wait(r.paced(side, 120, 400))
}

// move makes one transfer; with early, DONE goes down during its last
// motion.
func (r *run) move(t transfer, early bool) {
	last := t.from
	stops := make([]int, 0, len(t.via))
	for _, v := range t.via {
		if r.chance(r.opts.StopRate) {
			stops = append(stops, v)
		}
	}
	if early && t.to == engine.Off && len(stops) == 0 {
		r.armDone()
	}
	r.lift(t.from, t.side)
	for i, v := range stops {
		r.carry(last, v, t.side)
		r.setDown(v, t.side)
		r.wait(r.paced(t.side, 100, 800))
		if early && t.to == engine.Off && i == len(stops)-1 {
			r.armDone()
		}
		r.lift(v, t.side)
		last = v
	}
	r.carry(last, t.to, t.side)
	switch {
	case early && t.to != engine.Off && r.late:
		// DONE with the checker still in hand: it lands a moment later.
		r.late = false
		r.press(sensing.Done, r.mover, engine.Dice{})
		r.wait(r.span(100, 400))
	case early && t.to != engine.Off:
		r.armDone()
	}
	r.setDown(t.to, t.side)
}

// perform makes the transfers, in their order or, at times, another one
// the checkers allow; with early, DONE goes down during the last one. It
// reports whether it pressed DONE so.
func (r *run) perform(ts []transfer, early bool) bool {
	if len(ts) == 0 {
		return false
	}
	ts = slices.Clone(ts)
	for len(ts) > 0 && r.err == nil {
		i := r.pick(ts)
		if i < 0 {
			r.fail(fmt.Errorf("sim: no checker to move for %d transfers left", len(ts)))
			return false
		}
		t := ts[i]
		ts = slices.Delete(ts, i, i+1)
		if r.brisk {
			r.wait(r.span(40, 160))
		} else {
			r.wait(r.paced(t.side, 100, 600))
		}
		if len(ts) == 0 {
			r.pressEarlyRoll()
		}
		r.move(t, early && len(ts) == 0)
	}
	return early
}

// pick returns the index of the transfer to make next: the first whose
// checker is there to take or, at the ShuffleRate, any such one; -1 when
// there is none.
func (r *run) pick(ts []transfer) int {
	l := r.b.layout()
	var ready []int
	for i, t := range ts {
		if l[t.side][t.from] > 0 {
			ready = append(ready, i)
		}
	}
	switch {
	case len(ready) == 0:
		return -1
	case r.chance(r.opts.ShuffleRate):
		return ready[r.rng.IntN(len(ready))]
	}
	return ready[0]
}

// moveTo moves the checkers, in random order, to the board b, whose side
// on roll is of colour onRoll; with early, DONE goes down during the last
// one. It reports whether it pressed DONE so.
func (r *run) moveTo(b *engine.Board, onRoll engine.Side, early bool) bool {
	return r.perform(r.transfersTo(engine.LayoutOf(b, onRoll), false), early)
}

// transfersTo returns transfers that take the checkers from where they are
// to the layout, each colour's checkers paired at random. With blocks, one
// colour's checkers all go before the other's, as players set up a board;
// else the order is random.
func (r *run) transfersTo(target engine.Layout, blocks bool) []transfer {
	cur := r.b.layout()
	colours := [2]engine.Side{engine.White, engine.Black}
	if r.chance(0.5) {
		colours[0], colours[1] = colours[1], colours[0]
	}
	var ts []transfer
	for _, side := range colours {
		var from, to []int
		for _, p := range transferOrder {
			for range cur[side][p] - target[side][p] {
				from = append(from, p)
			}
			for range target[side][p] - cur[side][p] {
				to = append(to, p)
			}
		}
		r.rng.Shuffle(len(from), func(i, j int) { from[i], from[j] = from[j], from[i] })
		r.rng.Shuffle(len(to), func(i, j int) { to[i], to[j] = to[j], to[i] })
		for i := range min(len(from), len(to)) {
			ts = append(ts, transfer{side: side, from: from[i], to: to[i]})
		}
	}
	if !blocks {
		r.rng.Shuffle(len(ts), func(i, j int) { ts[i], ts[j] = ts[j], ts[i] })
	}
	return ts
}

// playTransfers returns the transfers of a play's moves, the mover being of
// colour mover: a checker moved by several dice is carried in one go at
// the CarryRate, and a hit sends the blot to the bar before the hitter
// lands or, at the HitterFirstRate, after.
func (r *run) playTransfers(before engine.Board, mover engine.Side, moves []engine.Move) ([]transfer, error) {
	opp := mover.Other()
	var ts []transfer
	carried := -1 // the transfer of the checker the last move moved
	b := before
	for _, m := range moves {
		hit := m.To != engine.Off && b[engine.Opponent].On(25-int(m.To)) == 1
		next, err := b.Apply([]engine.Move{m})
		if err != nil {
			return nil, fmt.Errorf("sim: %w", err)
		}
		b = next
		from, to := boardPoint(mover, int(m.From)), boardPoint(mover, int(m.To))
		blot := transfer{side: opp, from: to, to: engine.Bar}
		hitterFirst := hit && r.chance(r.opts.HitterFirstRate)
		if carried >= 0 && ts[carried].to == from && !hitterFirst && r.chance(r.opts.CarryRate) {
			ts[carried].via = append(ts[carried].via, from)
			ts[carried].to = to
			if hit {
				ts = slices.Insert(ts, carried, blot)
				carried++
			}
			continue
		}
		if hit && !hitterFirst {
			ts = append(ts, blot)
		}
		ts = append(ts, transfer{side: mover, from: from, to: to})
		carried = len(ts) - 1
		if hitterFirst {
			ts = append(ts, blot)
			carried = -1 // the hitter waits for the blot to go
		}
	}
	return ts, nil
}
