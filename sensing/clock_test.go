package sensing

import (
	"sync"
	"testing"
	"time"
)

func TestVirtualClock(t *testing.T) {
	start := time.Date(2025, 3, 1, 14, 0, 0, 0, time.UTC)
	c := NewVirtualClock(start)
	for _, step := range []struct {
		name string
		move func()
		want time.Duration // after start
	}{
		{"starts at start", func() {}, 0},
		{"advances", func() { c.Advance(1500 * time.Millisecond) }, 1500 * time.Millisecond},
		{"never advances backwards", func() { c.Advance(-time.Second) }, 1500 * time.Millisecond},
		{"is set", func() { c.Set(start.Add(time.Minute)) }, time.Minute},
		{"is never set backwards", func() { c.Set(start) }, time.Minute},
	} {
		step.move()
		if got := c.Now().Sub(start); got != step.want {
			t.Errorf("%s: clock at start+%v, want start+%v", step.name, got, step.want)
		}
	}
}

func TestVirtualClockConcurrent(t *testing.T) {
	c := NewVirtualClock(time.Unix(0, 0))
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			last := c.Now()
			for k := range 1000 {
				if g%2 == 0 {
					c.Set(time.Unix(0, 0).Add(time.Duration(k) * time.Millisecond))
				} else {
					c.Advance(time.Microsecond)
				}
				now := c.Now()
				if now.Before(last) {
					t.Errorf("clock ran backwards from %v to %v", last, now)
					return
				}
				last = now
			}
		})
	}
	wg.Wait()
}

func TestSystemClock(t *testing.T) {
	before := time.Now()
	now := SystemClock{}.Now()
	if now.Before(before) || now.Sub(before) > time.Minute {
		t.Errorf("SystemClock says %v at %v", now, before)
	}
}
