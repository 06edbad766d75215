package sensing

import (
	"context"
	"errors"
	"io"
	"slices"
	"testing"
	"time"

	"gammond/engine"
)

func TestLiveFramesAreCopies(t *testing.T) {
	l := NewLive(2)
	frame := []uint16{1, 2}
	go l.Frame(time.Unix(1, 0), frame)
	it, err := l.Next()
	if err != nil || it.Kind != FrameItem || it.Frame[0] != 1 || it.Frame[1] != 2 {
		t.Fatalf("Next() = %+v, %v; want the frame [1 2]", it, err)
	}
	frame[0] = 9
	if it.Frame[0] != 1 {
		t.Fatal("the reader's frame changed with the caller's buffer")
	}
}

// TestLivePressWaitsForTheReader checks that Press returns only once the
// reader has asked for the item after it: it is done with the press.
func TestLivePressWaitsForTheReader(t *testing.T) {
	l := NewLive(1)
	e := Event{Kind: Cube, Side: engine.Black}
	pressed := make(chan error, 1)
	go func() { pressed <- l.Press(context.Background(), time.Unix(2, 0), e) }()
	it, err := l.Next()
	if err != nil || it.Kind != EventItem || it.Event != e {
		t.Fatalf("Next() = %+v, %v; want the press %v", it, err, e)
	}
	select {
	case err := <-pressed:
		t.Fatalf("Press returned (%v) before the reader was done with it", err)
	default:
	}
	go l.Send(time.Unix(3, 0), Event{Kind: Done})
	if _, err := l.Next(); err != nil {
		t.Fatal(err)
	}
	if err := <-pressed; err != nil {
		t.Fatalf("Press = %v once the reader went on, want nil", err)
	}
}

func TestLiveEnds(t *testing.T) {
	l := NewLive(1)
	l.Close()
	if _, err := l.Next(); err != io.EOF {
		t.Fatalf("Next() after Close = %v, want io.EOF", err)
	}
	if err := l.Press(context.Background(), time.Unix(1, 0), Event{Kind: Done}); err != io.EOF {
		t.Fatalf("Press after Close = %v, want io.EOF", err)
	}
	failed := NewLive(1)
	scan := errors.New("SPI gone")
	failed.Fail(scan)
	if _, err := failed.Next(); err != scan {
		t.Fatalf("Next() after Fail = %v, want %v", err, scan)
	}
}

// TestPacedCatchesUpFirst checks that items up to After go unpaced: a
// trace an hour long, all of it before After, reads at once.
func TestPacedCatchesUpFirst(t *testing.T) {
	items := []Item{{At: time.Unix(0, 0)}, {At: time.Unix(3600, 0)}}
	p := &Paced{Src: &sliceSource{items: items}, Speed: 1, After: time.Unix(3600, 0), Ctx: context.Background()}
	for range items {
		if _, err := p.Next(); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := p.Next(); err != io.EOF {
		t.Fatalf("Next() at the end = %v, want io.EOF", err)
	}
}

// TestPacedStopsWithCtx checks that a wait for a paced item ends with ctx.
func TestPacedStopsWithCtx(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := &Paced{Src: &sliceSource{items: []Item{{At: time.Unix(0, 0)}, {At: time.Unix(3600, 0)}}}, Speed: 1, Ctx: ctx}
	if _, err := p.Next(); err != nil { // the first item sets the pace: no wait
		t.Fatal(err)
	}
	if _, err := p.Next(); !errors.Is(err, context.Canceled) {
		t.Fatalf("Next() an hour ahead with ctx done = %v, want context.Canceled", err)
	}
}

type sliceSource struct{ items []Item }

func (s *sliceSource) Next() (Item, error) {
	if len(s.items) == 0 {
		return Item{}, io.EOF
	}
	it := s.items[0]
	s.items = s.items[1:]
	return it, nil
}

// TestLiveTimeNeverGoesBack: a frame stamped before a press already handed
// on comes out at the press's time.
func TestLiveTimeNeverGoesBack(t *testing.T) {
	l := NewLive(2)
	t0 := time.Unix(100, 0)
	go func() {
		l.Send(t0.Add(time.Second), Event{Kind: Done})
		l.Frame(t0, []uint16{1, 2}) // the scanner's tick, late
		l.Frame(t0.Add(2*time.Second), []uint16{1, 2})
		l.Close()
	}()
	var got []time.Time
	for {
		it, err := l.Next()
		if err != nil {
			break
		}
		got = append(got, it.At)
	}
	want := []time.Time{t0.Add(time.Second), t0.Add(time.Second), t0.Add(2 * time.Second)}
	if !slices.Equal(got, want) {
		t.Fatalf("times %v, want %v", got, want)
	}
}
