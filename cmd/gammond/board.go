package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"gammond/display/panel"
	"gammond/engine"
	"gammond/referee"
	"gammond/web"
	"gammond/web/mqtt"
)

// webBoard is the daemon as its web page sees it (web.Board).
type webBoard struct {
	ctx context.Context
	d   *daemon
	sim *simBoard // nil on a real board
}

var _ web.Board = webBoard{}

// Status implements web.Board.
func (b webBoard) Status() web.Status {
	d := b.d
	d.view.mu.Lock()
	s := web.Status{Status: d.view.status, Seq: uint64(len(d.view.events)), LEDs: d.view.leds,
		Players: d.view.players, Rules: d.view.rules, Clocks: d.view.clocks}
	d.view.mu.Unlock()
	if b.sim != nil {
		c := b.sim.snapshot()
		s.Sim = &c
	}
	return s
}

// Events implements web.Board.
func (b webBoard) Events(since uint64) []referee.Summary {
	v := &b.d.view
	v.mu.Lock()
	defer v.mu.Unlock()
	if since >= uint64(len(v.events)) {
		return nil
	}
	return append([]referee.Summary(nil), v.events[since:]...)
}

// Subscribe implements web.Board.
func (b webBoard) Subscribe() (<-chan referee.Summary, func()) {
	v := &b.d.view
	ch := make(chan referee.Summary, 64)
	v.mu.Lock()
	v.subs[ch] = struct{}{}
	v.mu.Unlock()
	return ch, func() {
		v.mu.Lock()
		defer v.mu.Unlock()
		if _, ok := v.subs[ch]; ok {
			delete(v.subs, ch)
			close(ch)
		}
	}
}

// MatchFile implements web.Board: the record as it stands, the game in
// progress included.
func (b webBoard) MatchFile() (string, []byte) {
	var data []byte
	err := b.d.do(b.ctx, func() error {
		var buf bytes.Buffer
		if _, err := b.d.tr.Match().WriteTo(&buf); err != nil {
			return err
		}
		data = buf.Bytes()
		return nil
	})
	if err != nil {
		b.d.log.Warn("match record for the page", "err", err)
	}
	return filepath.Base(b.d.matPath), data
}

// Act implements web.Board: the action is checked against the status on
// the daemon's goroutine, then applied there; a refused one changes
// nothing.
func (b webBoard) Act(a web.Action) error {
	return b.d.do(b.ctx, func() error {
		s := b.Status()
		if err := a.Check(&s); err != nil {
			return err
		}
		return b.apply(a)
	})
}

func (b webBoard) apply(a web.Action) error {
	d, now := b.d, time.Now()
	switch a := a.(type) {
	case web.SimMove:
		return b.sim.Move(a.Side, a.From, a.To)
	case web.SimButton:
		kind, long := simButtonInput(a.Button)
		return d.press(now, a.Side, kind, long)
	case web.EnterDice:
		d.input(referee.Input{At: now, Kind: referee.InputRoll, Side: a.Side, Dice: a.Dice})
	case web.SetScore:
		d.input(referee.Input{At: now, Kind: referee.InputScore, Score: a.Score})
	case web.Rule:
		return b.rule(now, a.LetStand)
	case web.StartMatch:
		return d.startMatch(now, matchHeader{Board: d.header.Board, Started: now, Length: a.Length,
			White: a.White, Black: a.Black, Rules: a.Rules, Clock: a.Clock}, b.sim)
	case web.Penalty:
		d.input(referee.Input{At: now, Kind: referee.InputPenalty, Side: a.Side})
	case web.PauseClocks:
		d.input(referee.Input{At: now, Kind: referee.InputPause, Paused: a.Paused})
	default:
		return fmt.Errorf("%w: unknown action %T", web.ErrInvalid, a)
	}
	return nil
}

// rule lets a flagged play stand, or undoes it: the referee waits for the
// position before the turn, which on a simulated board the director's
// ruling puts back.
func (b webBoard) rule(now time.Time, letStand bool) error {
	if letStand {
		b.d.input(referee.Input{At: now, Kind: referee.InputLetStand})
		return nil
	}
	if b.sim != nil {
		before := b.d.recent.Before()
		b.sim.place(engine.LayoutOf(&before, b.d.ref.Status().OnRoll))
	}
	b.d.log.Info("the director undid the flagged play: the checkers go back")
	return nil
}

func simButtonInput(button string) (referee.InputKind, bool) {
	switch button {
	case web.ButtonRoll:
		return referee.InputRoll, false
	case web.ButtonDone:
		return referee.InputDone, false
	case web.ButtonPass:
		return referee.InputCube, true
	}
	return referee.InputCube, false
}

// serveWeb serves the board's page at addr until ctx is done.
func serveWeb(ctx context.Context, log *slog.Logger, addr, token string, board web.Board) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("web: %w", err)
	}
	srv := web.New(board, web.Options{DirectorToken: token, Logger: log})
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	hs.RegisterOnShutdown(srv.Close)
	log.Info("the board's page", "url", "http://"+ln.Addr().String()+"/")
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		hs.Shutdown(shutdown)
	}()
	go func() {
		if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("web", "err", err)
		}
	}()
	return nil
}

// startMatch replaces the match on the board: the journal so far is kept
// under the old match's name and a new one begins.
func (d *daemon) startMatch(now time.Time, h matchHeader, sim *simBoard) error {
	old := filepath.Join(d.cfg.StateDir, journalName)
	if err := d.journal.Close(); err != nil {
		return err
	}
	kept := fmt.Sprintf("%s.journal", d.matPath[:len(d.matPath)-len(filepath.Ext(d.matPath))])
	if err := os.Rename(old, kept); err != nil {
		return err
	}
	if err := d.openJournal(); err != nil {
		return err
	}
	d.header = h
	if err := d.append(journalRecord{Match: &d.header}); err != nil {
		return err
	}
	d.view.mu.Lock()
	d.view.events, d.view.mat = nil, nil
	d.view.mu.Unlock()
	d.recent = panel.Recent{}
	if err := d.setUp(d.cal); err != nil {
		return err
	}
	if sim != nil {
		start := engine.StartingBoard
		sim.place(engine.LayoutOf(&start, engine.White))
	}
	if p, ok := d.pub.(*mqtt.Publisher); ok {
		p.SetPlayers([2]string{h.White, h.Black})
	}
	d.log.Info("new match", "white", h.White, "black", h.Black, "length", h.Length, "at", now)
	return nil
}

// startOutputs starts what the world outside the board sees: the page (when
// addr is set) and, with a broker configured, MQTT to the director's desk.
// The returned func stops MQTT, sending what waits for a few seconds.
func (d *daemon) startOutputs(ctx context.Context, addr string, sim *simBoard) (func(), error) {
	if addr != "" {
		if err := serveWeb(ctx, d.log, addr, d.cfg.Web.DirectorToken, webBoard{ctx: ctx, d: d, sim: sim}); err != nil {
			return nil, err
		}
	}
	if d.cfg.MQTT.Broker == "" {
		return func() {}, nil
	}
	p, err := mqtt.New(&mqtt.Opts{Broker: d.cfg.MQTT.Broker, Board: d.header.Board, Page: pageURL(addr),
		Players: [2]string{d.header.White, d.header.Black}, QueueDir: filepath.Join(d.cfg.StateDir, "mqtt"),
		Logger: d.log, KeepAlive: mqtt.DefaultOpts.KeepAlive, RetryDelay: mqtt.DefaultOpts.RetryDelay, Timeout: mqtt.DefaultOpts.Timeout})
	if err != nil {
		return nil, fmt.Errorf("MQTT: %w", err)
	}
	// Before the daemon runs: after a restart the desk gets the state and
	// the record again.
	d.pub = p
	d.publishMatch()
	err = p.State(d.ref.Status())
	return func() {
		closing, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		p.Close(closing)
	}, err
}

// pageURL is the board's page as the desk links to it.
func pageURL(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil || addr == "" {
		return ""
	}
	if host == "" {
		if host, err = os.Hostname(); err != nil {
			return ""
		}
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}
