package main

import (
	"context"
	"errors"
	"io"
	"time"

	"gammond/sensing"
)

// itemOrErr is what a board's source hands the daemon's goroutine.
type itemOrErr struct {
	item sensing.Item
	err  error
}

// frameRing hands out frame buffers in turn, so that a producer can fill
// the next while the daemon still reads the last: with the channel holding
// at most one, a ring of three is never overwritten while read.
type frameRing struct {
	bufs [3][]uint16
	next int
}

func newFrameRing(n int) *frameRing {
	var r frameRing
	for i := range r.bufs {
		r.bufs[i] = make([]uint16, n)
	}
	return &r
}

// copy returns the next buffer holding frame.
func (r *frameRing) copy(frame []uint16) []uint16 {
	buf := r.bufs[r.next]
	r.next = (r.next + 1) % len(r.bufs)
	copy(buf, frame)
	return buf
}

// traceItems reads a recorded trace and hands its items on, paced: speed
// times real time (0 for as fast as it reads). Items up to resumeAt, which
// the journal already holds the outcome of, go as fast as they read. The
// channel closes at the trace's end.
func traceItems(ctx context.Context, tr *sensing.TraceReader, speed float64, resumeAt time.Time) <-chan itemOrErr {
	ch := make(chan itemOrErr, 1)
	go func() {
		defer close(ch)
		ring := newFrameRing(tr.Header().Board.Sensors())
		var start time.Time // the wall time at which the trace's pacing started
		var first time.Time // the trace time it started at
		for {
			it, err := tr.Next()
			if errors.Is(err, io.EOF) {
				return
			}
			if err == nil && it.Kind == sensing.FrameItem {
				it.Frame = ring.copy(it.Frame)
			}
			if err == nil && speed > 0 && it.At.After(resumeAt) {
				if start.IsZero() {
					start, first = time.Now(), it.At
				}
				if !sleepUntil(ctx, start.Add(time.Duration(float64(it.At.Sub(first))/speed))) {
					return
				}
			}
			select {
			case ch <- itemOrErr{it, err}:
			case <-ctx.Done():
				return
			}
			if err != nil {
				return
			}
		}
	}()
	return ch
}

// sleepUntil waits until t or ctx is done, and reports whether t came.
func sleepUntil(ctx context.Context, t time.Time) bool {
	d := time.Until(t)
	if d <= 0 {
		return true
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// simItems scans the simulated board rate times a second until ctx is
// done.
func simItems(ctx context.Context, b *simBoard, rate int) <-chan itemOrErr {
	ch := make(chan itemOrErr, 1)
	go func() {
		defer close(ch)
		ring := newFrameRing(b.geo.Sensors())
		frame := make([]uint16, b.geo.Sensors())
		tick := time.NewTicker(time.Second / time.Duration(rate))
		defer tick.Stop()
		for {
			select {
			case at := <-tick.C:
				b.Frame(frame)
				select {
				case ch <- itemOrErr{item: sensing.Item{At: at, Kind: sensing.FrameItem, Frame: ring.copy(frame)}}:
				case <-ctx.Done():
					return
				}
			case <-ctx.Done():
				return
			}
		}
	}()
	return ch
}
