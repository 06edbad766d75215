package main

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"time"

	"gammond/board"
	"gammond/calib"
	"gammond/record/analysis"
	"gammond/record/gnubg"
	"gammond/sensing/dice"
	"gammond/web"
	"gammond/web/mqtt"
)

// boardOptions are the board's options from the config: cal is its
// calibration, started the time a new match starts at.
func boardOptions(log *slog.Logger, cfg Config, cal *calib.Calibration, started time.Time) board.Options {
	return board.Options{
		StateDir: cfg.StateDir,
		Match: board.Match{Board: cfg.BoardID, Started: started, Length: cfg.Match.Length,
			White: cfg.Match.White, Black: cfg.Match.Black, Rules: cfg.Match.Rules, Clock: cfg.Match.Clock,
			Site: cfg.Match.Site, Event: cfg.Match.Event, Round: cfg.Match.Round, MoneyRules: cfg.Match.MoneyRules},
		Calibration:  cal,
		DoneGrace:    cfg.Referee.DoneGrace,
		ClockDelay:   cfg.Match.ClockDelay,
		EnteredDice:  cfg.Match.Dice == dice.Entered,
		InferredDice: cfg.Match.Dice == dice.Inferred,
		Hints:        cfg.LEDs.Hints,
		Logger:       log,
	}
}

// startOutputs starts what the world outside the board sees: the page (when
// addr is set) and, with a broker configured, MQTT to the director's desk.
// The returned func stops MQTT, sending what waits for a few seconds.
func startOutputs(ctx context.Context, log *slog.Logger, cfg Config, b *board.Board, addr string) (func(), error) {
	analysed := new(web.LatestAnalysis) // the desk's, or the board's own gnubg's
	startAnalysis(log, cfg.Analysis, b, analysed)
	if addr != "" {
		if err := web.Serve(ctx, addr, b, web.Options{DirectorToken: cfg.Web.DirectorToken, Hosts: cfg.Web.Hosts, Logger: log, Analysis: analysed}); err != nil {
			return nil, err
		}
	}
	if cfg.MQTT.Broker == "" {
		return func() {}, nil
	}
	m := b.Match()
	p, err := mqtt.New(&mqtt.Opts{Broker: cfg.MQTT.Broker, Board: m.Board, Page: web.PageURL(addr),
		Players: [2]string{m.White, m.Black}, QueueDir: filepath.Join(cfg.StateDir, "mqtt"),
		ClientID: cfg.MQTT.ClientID, Security: cfg.MQTT.Security(), OnDropped: func(d mqtt.Dropped) {
			b.Alert(fmt.Sprintf("MQTT: the broker dropped this board as soon as it connected, %d times in a row: is another board set to board_id %q?", d.InARow, m.Board))
		},
		Logger: log, KeepAlive: mqtt.DefaultOpts.KeepAlive, RetryDelay: mqtt.DefaultOpts.RetryDelay, Timeout: mqtt.DefaultOpts.Timeout,
		OnAnalysis: func(a mqtt.Analysis) { analysed.Set(a.ForPage()) }})
	if err != nil {
		return nil, fmt.Errorf("MQTT: %w", err)
	}
	b.Register(board.MQTTOutput(p)) // before the board runs: the desk gets the state and the record again
	return func() {
		closing, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		p.Close(closing)
	}, nil
}

// startAnalysis registers the board's own gnubg analysis of each match it
// finishes, when [analysis] enables it and gnubg is installed.
func startAnalysis(log *slog.Logger, cfg analysis.Config, b *board.Board, analysed *web.LatestAnalysis) {
	if !cfg.Enabled {
		return
	}
	program, err := gnubg.Locate()
	if err != nil {
		log.Warn("[analysis] enabled, but no match will be analysed", "err", err)
		return
	}
	b.Register(board.AnalysisOutput(program, cfg.Ply, log, func(r *analysis.Report) {
		analysed.Set(web.MatchAnalysis{By: "this board", Players: [2]string{r.Players[0].Name, r.Players[1].Name}, At: time.Now(), Report: r})
	}))
}
