package mqtt

import (
	"context"
	"encoding/json"
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
		var a Analysis
		err := json.Unmarshal(pr.Packet.Payload, &a)
		switch {
		case len(pr.Packet.Payload) > maxAnalysisPayload:
			err = fmt.Errorf("%d bytes: more than %d", len(pr.Packet.Payload), maxAnalysisPayload)
		case err == nil && (a.Board != p.opts.Board || a.Report == nil):
			err = fmt.Errorf("for board %q, report %v", a.Board, a.Report != nil)
		}
		if err != nil {
			p.log.Warn("mqtt: the desk's analysis ignored", "err", err)
			return true, nil
		}
		p.opts.OnAnalysis(a)
		return true, nil
	}}
}

// ForPage is the analysis as the board's page shows it.
func (a Analysis) ForPage() web.MatchAnalysis {
	return web.MatchAnalysis{By: "the desk", Players: a.Players, At: a.Updated, Report: a.Report}
}
