package web

import (
	"bytes"
	"sync"
	"time"

	"gammond/engine"
	"gammond/record"
	"gammond/referee"
	"gammond/referee/refereetest"
	"gammond/sensing"
)

// refBoard is a simulated board run by the real referee, as gammond -sim
// runs one, less the scan: a checker move settles at once, read by the
// reference board's sensors, a button press goes straight to the
// referee, and the dice come from a list.
type refBoard struct {
	mu      sync.Mutex
	ref     *referee.Referee
	sensors *refereetest.Sensors
	clock   *sensing.VirtualClock
	tr      *record.Transcript
	players [2]string
	sim     engine.Layout
	dice    []engine.Dice // the rolls to come, in order
	events  []referee.Summary
	subs    map[chan referee.Summary]struct{}
}

var _ Board = (*refBoard)(nil)

// newRefBoard returns a board set up for a match to length points, whose
// ROLL buttons roll dice in order: the first is the opening roll.
func newRefBoard(length int, players [2]string, dice ...engine.Dice) *refBoard {
	m, err := engine.NewMatch(length, engine.MatchOpts{})
	if err != nil {
		panic(err)
	}
	b := &refBoard{
		clock:   sensing.NewVirtualClock(time.Date(2026, 3, 14, 10, 0, 0, 0, time.UTC)),
		tr:      record.NewTranscript(length, players),
		players: players,
		sim:     startingCheckers(),
		dice:    dice,
		subs:    map[chan referee.Summary]struct{}{},
	}
	b.ref = referee.New(m, b.clock, b.emit)
	if b.sensors, err = refereetest.New(b.ref, b.clock); err != nil {
		panic(err)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.settle()
	return b
}

// emit journals a referee event; the referee calls it with b.mu held.
func (b *refBoard) emit(e referee.Event) {
	b.tr.Event(e)
	s := e.Summary()
	s.Seq = uint64(len(b.events) + 1)
	b.events = append(b.events, s)
	for ch := range b.subs {
		select {
		case ch <- s:
		default: // the server catches up from Events
		}
	}
}

// settle shows the referee the board as its sensors read it.
func (b *refBoard) settle() {
	b.ref.Unsettled()
	b.sensors.ShowLayout(b.sim)
}

func (b *refBoard) status() Status {
	sim := b.sim
	return Status{Status: b.ref.Status(), Seq: uint64(len(b.events)), Players: b.players, Rules: engine.RulesUS, Sim: &sim}
}

func (b *refBoard) Status() Status {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.status()
}

func (b *refBoard) Events(since uint64) []referee.Summary {
	b.mu.Lock()
	defer b.mu.Unlock()
	if since >= uint64(len(b.events)) {
		return nil
	}
	return append([]referee.Summary(nil), b.events[since:]...)
}

func (b *refBoard) Subscribe() (<-chan referee.Summary, func()) {
	b.mu.Lock()
	defer b.mu.Unlock()
	ch := make(chan referee.Summary, 64)
	b.subs[ch] = struct{}{}
	return ch, func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		delete(b.subs, ch)
	}
}

func (b *refBoard) MatchFile(RecordFormat) (string, []byte) {
	b.mu.Lock()
	defer b.mu.Unlock()
	var buf bytes.Buffer
	if _, err := b.tr.Match().WriteTo(&buf); err != nil {
		return "", nil
	}
	return "test.mat", buf.Bytes()
}

// Act applies the sim actions and entered dice; the rest of the
// director's actions are the daemon's.
func (b *refBoard) Act(a Action) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	st := b.status()
	if err := a.Check(&st); err != nil {
		return err
	}
	b.clock.Advance(time.Second)
	switch a := a.(type) {
	case SimMove:
		applyMove(&b.sim, a)
		b.settle()
	case SimButton:
		return b.press(a)
	case EnterDice:
		b.ref.Roll(a.Side, a.Dice)
	default:
		return conflict("the test board does not do %T", a)
	}
	return nil
}

// applyMove moves a checker as a hand does: a lone checker of the other
// colour where it lands goes to the bar.
func applyMove(sim *engine.Layout, m SimMove) {
	other := m.Side.Other()
	sim[m.Side][m.From]--
	sim[m.Side][m.To]++
	if m.To != engine.Off && sim[other][m.To] == 1 {
		sim[other][m.To] = 0
		sim[other][engine.Bar]++
	}
}

func (b *refBoard) press(a SimButton) error {
	switch e := a.Event(); e.Kind {
	case sensing.Roll:
		if len(b.dice) == 0 {
			return conflict("the test's dice are all rolled")
		}
		d := b.dice[0]
		b.dice = b.dice[1:]
		b.ref.Roll(a.Side, d)
	case sensing.Done:
		refereetest.Done(b.ref, e.Side)
	case sensing.Cube, sensing.Pass:
		b.ref.Cube(e.Side, e.Kind == sensing.Pass)
	}
	return nil
}
