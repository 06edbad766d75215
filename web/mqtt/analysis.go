package mqtt

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/eclipse/paho.golang/autopaho"
	"github.com/eclipse/paho.golang/paho"

	"gammond/record/analysis"
	"gammond/web"
)

// KindAnalysis is the last level of the topic on which the desk publishes,
// retained, GNU Backgammon's analysis of a board's finished match, for the
// board's page: gammond/<board>/analysis. The board subscribes to its own.
const KindAnalysis = "analysis"

// maxAnalysisPayload bounds an analysis: a long match's mistakes are a
// few kilobytes.
const maxAnalysisPayload = 1 << 20

// Analysis is the payload of gammond/<board>/analysis.
type Analysis struct {
	Board   string           `json:"board"`
	Players [2]string        `json:"players"`
	Updated time.Time        `json:"updated"`
	Report  *analysis.Report `json:"report"`
}

// PublishAnalysis publishes a on its board's analysis topic over cm,
// retained: a board that comes back later still gets it.
func PublishAnalysis(ctx context.Context, cm *autopaho.ConnectionManager, a Analysis) error {
	b, err := json.Marshal(a)
	if err != nil {
		return fmt.Errorf("mqtt: board %s: analysis: %w", a.Board, err)
	}
	if _, err := cm.Publish(ctx, &paho.Publish{Topic: Topic(a.Board, KindAnalysis), QoS: 1, Retain: true, Payload: b}); err != nil {
		return fmt.Errorf("mqtt: board %s: analysis: %w", a.Board, err)
	}
	return nil
}

// subscribeAnalysis subscribes, when the board wants them, to the
// analyses of its matches; at each connection, the session being fresh.
func (p *Publisher) subscribeAnalysis(cm *autopaho.ConnectionManager) {
	if p.opts.OnAnalysis == nil {
		return
	}
	go func() { // OnConnectionUp must not block
		ctx, cancel := context.WithTimeout(context.Background(), p.opts.Timeout)
		defer cancel()
		sub := &paho.Subscribe{Subscriptions: []paho.SubscribeOptions{{Topic: Topic(p.opts.Board, KindAnalysis), QoS: 1}}}
		if _, err := cm.Subscribe(ctx, sub); err != nil {
			p.log.Warn("mqtt: cannot subscribe to the desk's analyses; will retry at the next connection", "err", err)
		}
	}()
}

// receivers hands the board the analyses the desk publishes for it.
func (p *Publisher) receivers() []func(paho.PublishReceived) (bool, error) {
	if p.opts.OnAnalysis == nil {
		return nil
	}
	topic := Topic(p.opts.Board, KindAnalysis)
	return []func(paho.PublishReceived) (bool, error){func(pr paho.PublishReceived) (bool, error) {
		if pr.Packet.Topic != topic {
			return false, nil
		}
		a, err := decodeAnalysis(pr.Packet.Payload, p.opts.Board)
		if err != nil {
			p.log.Warn("mqtt: the desk's analysis ignored", "err", err)
			return true, nil
		}
		p.opts.OnAnalysis(a)
		return true, nil
	}}
}

// maxMistakes bounds the mistakes of an analysis: a long match's errors
// and blunders are a few dozen.
const maxMistakes = 1000

var errNoReport = errors.New("no report")

// decodeAnalysis decodes board's analysis within the content bounds every
// message obeys: its size, its lists' lengths before decoding, then each
// name and text.
func decodeAnalysis(payload []byte, board string) (Analysis, error) {
	var a Analysis
	if len(payload) > maxAnalysisPayload {
		return a, fmt.Errorf("%d bytes: more than %d", len(payload), maxAnalysisPayload)
	}
	if err := CheckArrays(payload); err != nil {
		return a, err
	}
	if err := json.Unmarshal(payload, &a); err != nil {
		return a, err
	}
	if a.Board != board {
		return a, fmt.Errorf("for board %q on board %q's topic", a.Board, board)
	}
	if err := CheckPlayers(a.Players); err != nil {
		return a, err
	}
	return a, checkReport(a.Report)
}

// checkReport refuses a report whose lists or texts are longer than
// gnubg writes.
func checkReport(r *analysis.Report) error {
	if r == nil {
		return errNoReport
	}
	if len(r.Players) > 2 || len(r.Mistakes) > maxMistakes {
		return fmt.Errorf("%d players, %d mistakes: more than 2, %d", len(r.Players), len(r.Mistakes), maxMistakes)
	}
	texts := map[string]string{"file": r.File, "sgf": r.SGF}
	for i, w := range r.Warnings {
		texts[fmt.Sprintf("warning %d", i+1)] = w
	}
	for name, v := range texts {
		if err := CheckText(name, v); err != nil {
			return err
		}
	}
	for _, p := range r.Players {
		if err := CheckPlayers([2]string{p.Name}); err != nil {
			return err
		}
		if err := CheckWords(map[string]string{"checker rating": p.CheckerRating, "luck rating": p.LuckRating,
			"cube rating": p.CubeRating, "overall rating": p.OverallRating}); err != nil {
			return err
		}
	}
	for _, m := range r.Mistakes {
		if err := CheckPlayers([2]string{m.Player}); err != nil {
			return err
		}
		if err := CheckWords(map[string]string{"kind": m.Kind, "skill": m.Skill, "dice": m.Dice}); err != nil {
			return err
		}
		if len(m.Played) > MaxPlay || len(m.Best) > MaxPlay {
			return fmt.Errorf("game %d move %d: a play of %d or %d bytes: more than %d", m.Game, m.Move, len(m.Played), len(m.Best), MaxPlay)
		}
	}
	return nil
}

// ForPage is the analysis as the board's page shows it.
func (a Analysis) ForPage() web.MatchAnalysis {
	return web.MatchAnalysis{By: "the desk", Players: a.Players, At: a.Updated, Report: a.Report}
}
