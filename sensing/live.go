package sensing

import (
	"context"
	"io"
	"sync"
	"time"
)

// Live is a Source fed as things happen: a scanner's frames, the buttons'
// presses, a page's presses on a simulated board. Every board, whatever
// drives it, reaches the referee as the items of one Source.
//
// Frame, Press and Send may be called from any goroutine; Frame from one
// at a time. Next is for the one reader.
type Live struct {
	items chan liveItem
	done  chan struct{} // closed by Close
	once  sync.Once

	mu   sync.Mutex
	err  error // Fail's, for Next once the items are read
	ring [3][]uint16
	next int

	taken chan struct{} // the last item Next returned, acknowledged by the next call
	last  time.Time     // the time of the last item Next returned
}

type liveItem struct {
	Item
	taken chan struct{} // closed when the reader is done with it; nil if nobody waits
}

// NewLive returns a Live source for frames of sensors readings.
func NewLive(sensors int) *Live {
	l := &Live{items: make(chan liveItem, 1), done: make(chan struct{})}
	for i := range l.ring {
		l.ring[i] = make([]uint16, sensors)
	}
	return l
}

// Frame hands on a frame read at at, copied: the caller may reuse frame.
// It waits for the reader to take the one before, and gives up if l is
// closed.
func (l *Live) Frame(at time.Time, frame []uint16) {
	// Three buffers: one the reader holds, one waiting in the channel, one
	// being filled.
	l.mu.Lock()
	buf := l.ring[l.next]
	l.next = (l.next + 1) % len(l.ring)
	l.mu.Unlock()
	copy(buf, frame)
	l.put(liveItem{Item: Item{At: at, Kind: FrameItem, Frame: buf}})
}

// Send hands on a press made at at, without waiting for the reader to act
// on it: for a driver's event handler.
func (l *Live) Send(at time.Time, e Event) {
	l.put(liveItem{Item: Item{At: at, Kind: EventItem, Event: e}})
}

// Press hands on a press made at at and waits until the reader is done with
// it (it has called Next again), ctx is done, or l is closed; it returns
// ctx's error, or io.EOF if l closed first.
func (l *Live) Press(ctx context.Context, at time.Time, e Event) error {
	it := liveItem{Item: Item{At: at, Kind: EventItem, Event: e}, taken: make(chan struct{})}
	select {
	case l.items <- it:
	case <-ctx.Done():
		return ctx.Err()
	case <-l.done:
		return io.EOF
	}
	select {
	case <-it.taken:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-l.done:
		return io.EOF
	}
}

func (l *Live) put(it liveItem) {
	select {
	case l.items <- it:
	case <-l.done:
	}
}

// Fail ends l with err: Next returns it from then on.
func (l *Live) Fail(err error) {
	l.mu.Lock()
	if l.err == nil {
		l.err = err
	}
	l.mu.Unlock()
	l.Close()
}

// Close ends l: Next returns io.EOF (or Fail's error), and the calls
// waiting to hand something on return.
func (l *Live) Close() { l.once.Do(func() { close(l.done) }) }

// Next implements Source: it waits for the next item. Items come in the
// order they were handed on, their times never going back: a frame stamped
// by a scanner running late, behind a press stamped since, takes the
// press's time. The board, its journal and its own trace then all see one
// time line, and a replay of that trace judges as the board did.
func (l *Live) Next() (Item, error) {
	if l.taken != nil {
		close(l.taken)
		l.taken = nil
	}
	select {
	case it := <-l.items:
		l.taken = it.taken
		if it.At.Before(l.last) {
			it.At = l.last
		}
		l.last = it.At
		return it.Item, nil
	case <-l.done:
		l.mu.Lock()
		defer l.mu.Unlock()
		if l.err != nil {
			return Item{}, l.err
		}
		return Item{}, io.EOF
	}
}

// Paced is a Source that gives src's items in real time, Speed times as
// fast as they were recorded (a trace replayed as the board saw it).
type Paced struct {
	Src Source
	// Speed is how many times real time; 0 for as fast as src gives them.
	Speed float64
	// After is when pacing starts: the items up to it go as fast as src
	// gives them (a restarted daemon catching up on its journal).
	After time.Time
	// Ctx ends a wait: Next then returns its error.
	Ctx context.Context

	start time.Time // the wall time at which pacing started
	first time.Time // the item time it started at
}

// Next implements Source.
func (p *Paced) Next() (Item, error) {
	it, err := p.Src.Next()
	if err != nil || p.Speed <= 0 || !it.At.After(p.After) {
		return it, err
	}
	if p.start.IsZero() {
		p.start, p.first = time.Now(), it.At
	}
	wait := time.Until(p.start.Add(time.Duration(float64(it.At.Sub(p.first)) / p.Speed)))
	if wait <= 0 {
		return it, nil
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-t.C:
		return it, nil
	case <-p.Ctx.Done():
		return Item{}, p.Ctx.Err()
	}
}
