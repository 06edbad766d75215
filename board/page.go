package board

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"gammond/display/panel"
	"gammond/engine"
	"gammond/referee"
	"gammond/web"
)

// page is the output the board's page reads, from the web server's
// goroutines: the status, the event log and its subscribers. Its own lock
// guards it. Events are published with the status that follows them: a
// reader told of an event and asking for the status then gets one that
// reflects it.
type page struct {
	mu      sync.Mutex
	status  referee.Status
	players [2]string
	rules   engine.RuleSet
	clocks  *web.Clocks
	leds    []web.LED
	events  []referee.Summary
	sent    int    // events published: the status reflects them
	mat     []byte // the record as last written
	subs    map[chan referee.Summary]struct{}
	alerts  []string // the board's own problems (Board.Alert)
}

func newPage() *page { return &page{subs: map[chan referee.Summary]struct{}{}} }

var _ Output = (*page)(nil)

func (p *page) String() string { return "the page" }

// Begin implements Output: a new match starts a new event log.
func (p *page) Begin(m *Begin) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.players, p.rules = m.Match.players(), m.Match.Rules
	if !m.Taken {
		p.events, p.sent, p.mat = nil, 0, nil
	}
	return nil
}

// Event implements Output: the event joins the log, to be published with
// the next status.
func (p *page) Event(e *Event) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.events = append(p.events, e.Summary)
	if e.Record != nil {
		p.mat = e.Record
	}
	return nil
}

// Show implements Output: the status is taken, then the events it
// reflects go to every subscriber with room for them.
func (p *page) Show(s *Shown) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clocks = s.Clocks
	if s.Tick {
		return nil
	}
	p.status, p.leds = s.Status, webLEDs(&s.Panel)
	for _, e := range p.events[p.sent:] {
		for ch := range p.subs {
			select {
			case ch <- e:
			default: // a slow reader catches up by sequence number
			}
		}
	}
	p.sent = len(p.events)
	return nil
}

// webLEDs are the LEDs of an indicator state, for the page.
func webLEDs(s *panel.State) []web.LED {
	out := make([]web.LED, len(s.LEDs))
	for i, l := range s.LEDs {
		out[i] = web.LED{Color: l.Color, Blink: l.Blink}
	}
	return out
}

func (p *page) count() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.events)
}

func (p *page) record() []byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.mat
}

var _ web.Board = (*Board)(nil)

// Status implements web.Board.
func (b *Board) Status() web.Status {
	p := b.page
	p.mu.Lock()
	s := web.Status{Status: p.status, Seq: uint64(p.sent), LEDs: p.leds,
		Players: p.players, Rules: p.rules, Clocks: p.clocks, Alerts: slices.Clone(p.alerts)}
	p.mu.Unlock()
	if b.opts.Sim != nil {
		l := b.opts.Sim.Layout()
		s.Sim = &l
	}
	s.Session = b.session.status()
	if p, ok := chouettePlayers(s.Session); ok {
		s.Players = p
	}
	return s
}

// Alert shows a problem of the board itself on the page, replacing the
// last alert (the newest word on one problem is all the page needs) and
// logging it. Safe to call from any goroutine.
func (b *Board) Alert(text string) {
	b.log.Warn(text)
	p := b.page
	p.mu.Lock()
	p.alerts = []string{text}
	p.mu.Unlock()
}

// Events implements web.Board.
func (b *Board) Events(since uint64) []referee.Summary {
	p := b.page
	p.mu.Lock()
	defer p.mu.Unlock()
	if since >= uint64(p.sent) {
		return nil
	}
	return append([]referee.Summary(nil), p.events[since:p.sent]...)
}

// Subscribe implements web.Board.
func (b *Board) Subscribe() (<-chan referee.Summary, func()) {
	p := b.page
	ch := make(chan referee.Summary, 64)
	p.mu.Lock()
	p.subs[ch] = struct{}{}
	p.mu.Unlock()
	return ch, func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		if _, ok := p.subs[ch]; ok {
			delete(p.subs, ch)
			close(ch)
		}
	}
}

// MatchFile implements web.Board: the record as it stands, the game in
// progress included; in SGF with the transcript's notes (rulings, flags,
// turn times).
func (b *Board) MatchFile(f web.RecordFormat) (string, []byte) {
	var name string
	var data []byte
	err := b.Do(context.Background(), func() error {
		name = filepath.Base(b.matPath)
		if f != web.RecordSGF {
			data = b.record()
			return nil
		}
		var buf bytes.Buffer
		if err := b.tr.Match().WriteSGF(&buf, b.tr.Notes()); err != nil {
			return err
		}
		data = buf.Bytes()
		return nil
	})
	if err != nil {
		b.log.Warn("match record for the page", "err", err)
	}
	return name, data
}

// Act implements web.Board: the action is checked against the status on
// Run's goroutine, then applied there; a refused one changes nothing. A
// press on a simulated board goes into the board's source, as a real
// button's does.
func (b *Board) Act(a web.Action) error {
	ctx := context.Background()
	press, isPress := a.(web.SimButton)
	err := b.Do(ctx, func() error {
		s := b.Status()
		s.Referee = b.ref.Check
		if err := a.Check(&s); err != nil || isPress {
			return err
		}
		return b.act(a)
	})
	if err != nil || !isPress {
		return err
	}
	return b.press(ctx, press)
}

// act applies an action other than a press.
func (b *Board) act(a web.Action) error {
	now := time.Now()
	if in, ok := web.RefereeInput(a); ok {
		in.At = now
		return b.input(in)
	}
	if ok, err := b.chouetteAction(now, a); ok {
		return err
	}
	switch a := a.(type) {
	case web.SimMove:
		return b.opts.Sim.Move(a.Side, a.From, a.To)
	case web.EnterDice:
		return b.input(referee.Input{At: now, Kind: referee.InputRoll, Side: a.Side, Dice: a.Dice})
	case web.SetScore:
		return b.input(referee.Input{At: now, Kind: referee.InputScore, Score: a.Score})
	case web.Rule:
		return b.rule(now, a.LetStand)
	case web.StartMatch:
		return b.startMatch(Match{Board: b.header.Board, Started: now, Length: a.Length,
			White: a.White, Black: a.Black, Rules: a.Rules, Clock: a.Clock, MoneyRules: b.moneyRules(a.Length)})
	case web.Penalty:
		return b.input(referee.Input{At: now, Kind: referee.InputPenalty, Side: a.Side})
	case web.PauseClocks:
		return b.input(referee.Input{At: now, Kind: referee.InputPause, Paused: a.Paused})
	}
	return fmt.Errorf("%w: unknown action %T", web.ErrInvalid, a)
}

// rule lets a flagged play stand, or undoes it: the referee waits for the
// position before the turn, which on a simulated board the director's
// ruling puts back.
func (b *Board) rule(now time.Time, letStand bool) error {
	if letStand {
		return b.input(referee.Input{At: now, Kind: referee.InputLetStand})
	}
	if b.opts.Sim != nil {
		before := b.recent.Before()
		b.opts.Sim.Place(engine.LayoutOf(&before, b.ref.Status().OnRoll))
	}
	b.log.Info("the director undid the flagged play: the checkers go back")
	return nil
}

// startMatch replaces the match on the board: the journal so far is kept
// under the old match's name and a new one begins.
func (b *Board) startMatch(m Match) error {
	if err := b.journal.Close(); err != nil {
		return err
	}
	kept, err := unusedName(b.matPath[:len(b.matPath)-len(filepath.Ext(b.matPath))], ".journal")
	if err != nil {
		return err
	}
	if err := os.Rename(filepath.Join(b.opts.StateDir, journalName), kept); err != nil {
		return err
	}
	if err := b.openJournal(); err != nil {
		return err
	}
	b.header = m
	if err := b.append(journalRecord{Match: &b.header}); err != nil {
		return err
	}
	if err := b.setUp(); err != nil {
		return err
	}
	if b.opts.Sim != nil {
		start := engine.StartingBoard
		b.opts.Sim.Place(engine.LayoutOf(&start, engine.White))
	}
	b.log.Info("new match", "white", m.White, "black", m.Black, "length", m.Length, "at", m.Started)
	return nil
}

// unusedName returns base+ext, or base-2+ext and so on if that is taken:
// two matches started within one second share a name to the second, and a
// kept journal must never replace another.
func unusedName(base, ext string) (string, error) {
	for n := 1; n < 1000; n++ {
		name := base + ext
		if n > 1 {
			name = fmt.Sprintf("%s-%d%s", base, n, ext)
		}
		if _, err := os.Lstat(name); errors.Is(err, fs.ErrNotExist) {
			return name, nil
		} else if err != nil {
			return "", err
		}
	}
	return "", fmt.Errorf("%s%s: a thousand of them kept already", base, ext)
}

// placeSim puts a simulated board's checkers where the referee believes
// they are: after a restart, the journal's position.
func (b *Board) placeSim() error {
	if b.opts.Sim == nil {
		return nil
	}
	bd, err := engine.ParsePositionID(b.shown.Position)
	if err != nil {
		return fmt.Errorf("the referee's position: %w", err)
	}
	b.opts.Sim.Place(engine.LayoutOf(&bd, b.shown.OnRoll))
	return nil
}
