package web

import (
	"fmt"
	"sync"
	"time"

	"gammond/engine"
	"gammond/referee"
)

// fakeBoard is a Board with a status the test sets. Act checks the action,
// as a daemon does, and records it; it applies nothing.
type fakeBoard struct {
	mu     sync.Mutex
	status Status
	events []referee.Summary
	subs   map[chan referee.Summary]bool // true: skip the next event (a slow reader)
	opened int                           // subscriptions ever made
	since  []uint64                      // the arguments of Events, in order
	acts   []Action
	actErr error // Act fails with it after the check
	name   string
	mat    []byte
	sgf    []byte
}

var _ Board = (*fakeBoard)(nil)

func newFakeBoard(st Status) *fakeBoard {
	return &fakeBoard{status: st, subs: map[chan referee.Summary]bool{}}
}

func (f *fakeBoard) Status() Status {
	f.mu.Lock()
	defer f.mu.Unlock()
	st := f.status
	if st.Sim != nil {
		sim := *st.Sim
		st.Sim = &sim
	}
	return st
}

func (f *fakeBoard) Events(since uint64) []referee.Summary {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.since = append(f.since, since)
	var out []referee.Summary
	for _, e := range f.events {
		if e.Seq > since {
			out = append(out, e)
		}
	}
	return out
}

func (f *fakeBoard) Subscribe() (<-chan referee.Summary, func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	ch := make(chan referee.Summary, 16)
	f.subs[ch] = false
	f.opened++
	return ch, func() {
		f.mu.Lock()
		defer f.mu.Unlock()
		if _, ok := f.subs[ch]; ok {
			delete(f.subs, ch)
			close(ch)
		}
	}
}

func (f *fakeBoard) MatchFile(format RecordFormat) (string, []byte) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if format == RecordSGF {
		return f.name, f.sgf
	}
	return f.name, f.mat
}

func (f *fakeBoard) Act(a Action) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := a.Check(&f.status); err != nil {
		return err
	}
	if f.actErr != nil {
		return f.actErr
	}
	f.acts = append(f.acts, a)
	return nil
}

func (f *fakeBoard) applied() []Action {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Action(nil), f.acts...)
}

// emit journals an event of kind and sends it to the subscribers.
func (f *fakeBoard) emit(kind string) referee.Summary {
	return f.add(referee.Summary{Kind: kind, Text: fmt.Sprintf("a %s event", kind)})
}

// add numbers and journals an event and sends it to the subscribers.
func (f *fakeBoard) add(e referee.Summary) referee.Summary {
	f.mu.Lock()
	defer f.mu.Unlock()
	e.Seq, e.At = uint64(len(f.events)+1), time.Unix(1700000000, 0).UTC()
	f.events = append(f.events, e)
	f.status.Seq = e.Seq
	for ch, skip := range f.subs {
		if skip {
			f.subs[ch] = false
			continue
		}
		select {
		case ch <- e:
		default:
		}
	}
	return e
}

// skipNext makes every subscriber miss the next event, as a daemon does
// to a reader with no room for it.
func (f *fakeBoard) skipNext() {
	f.mu.Lock()
	defer f.mu.Unlock()
	for ch := range f.subs {
		f.subs[ch] = true
	}
}

// dropSubscribers closes every subscription.
func (f *fakeBoard) dropSubscribers() {
	f.mu.Lock()
	defer f.mu.Unlock()
	for ch := range f.subs {
		delete(f.subs, ch)
		close(ch)
	}
}

// subscribers returns how many subscriptions are open and how many were
// ever made.
func (f *fakeBoard) subscribers() (open, ever int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.subs), f.opened
}

// startingCheckers is the starting position, laid out.
func startingCheckers() engine.Layout {
	return engine.LayoutOf(&engine.StartingBoard, engine.White)
}

// playing is a status in the middle of a clocked match: White to play 3-1
// in game 2 of 5, at 1-2, on a simulated board.
func playing() Status {
	sim := startingCheckers()
	return Status{
		Status: referee.Status{
			Phase: referee.PhaseMoving, Length: 5, Score: [2]int{1, 2}, Game: 2, Turn: 3,
			OnRoll: engine.White, Dice: engine.Dice{3, 1}, Checkers: startingCheckers(),
			Position: engine.StartingBoard.PositionID(), Cube: 1, Flagged: []int{}, SetupWrong: []int{},
		},
		Players: [2]string{"Alice", "Bob"},
		Rules:   engine.RulesUS,
		Clocks:  &Clocks{Remaining: [2]time.Duration{9 * time.Minute, 8 * time.Minute}, DelayLeft: 12 * time.Second, Turn: engine.White, Running: true},
		Sim:     &sim,
	}
}
