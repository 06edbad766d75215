// Package mqtt carries a board's match to the director's desk over MQTT v5:
// the topics and payloads both ends share, and the board's Publisher.
//
// A board publishes under gammond/<board>/, where <board> is its ID:
//
//	gammond/<board>/state  retained, QoS 1: State, after every referee event
//	                       and every change of a money session or chouette
//	gammond/<board>/event  QoS 1: Event, one per referee event
//	gammond/<board>/match  retained, QoS 1: Match, the .mat so far, at each game's end
//
// Payloads are JSON. Retained topics hold the latest value, so a desk that
// starts late, or restarts, sees every board at once. Events are not
// retained: a desk sees those published while it has a session.
//
// The Publisher reconnects by itself. While the broker is out of reach it
// queues events on disk, in order of their files' modification times, so
// events written within the same clock tick may go out in either order:
// order them by Seq. State and Match are latest-value: only the newest is
// kept, in memory, and sent once the broker is back, but for a finished
// match's record, each kept until the broker has it. The latest state and
// record go out again at every connection (a broker restarted without its
// store), and the state every heartbeat.
package mqtt

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"gammond/referee"
	"gammond/web"
)

// TopicRoot is the first level of every topic.
const TopicRoot = "gammond"

// The last level of a board's topics.
const (
	KindState = "state"
	KindEvent = "event"
	KindMatch = "match"
)

// Topic returns the topic of a board's messages of a kind; board may be the
// wildcard "+" for a subscription.
func Topic(board, kind string) string { return TopicRoot + "/" + board + "/" + kind }

// ParseTopic returns the board and kind of a topic gammond/<board>/<kind>.
func ParseTopic(topic string) (board, kind string, err error) {
	parts := strings.Split(topic, "/")
	if len(parts) != 3 || parts[0] != TopicRoot {
		return "", "", fmt.Errorf("topic %q: want %s/<board>/<kind>", topic, TopicRoot)
	}
	if err := CheckBoardID(parts[1]); err != nil {
		return "", "", fmt.Errorf("topic %q: %w", topic, err)
	}
	switch parts[2] {
	case KindState, KindEvent, KindMatch:
		return parts[1], parts[2], nil
	}
	return "", "", fmt.Errorf("topic %q: unknown kind %q", topic, parts[2])
}

// maxBoardID bounds a board ID: it names topics, files and table rows.
const maxBoardID = 64

// CheckBoardID says whether id can name a board: one topic level, neither
// empty nor a wildcard, at most 64 bytes, printable.
func CheckBoardID(id string) error {
	switch {
	case id == "":
		return errors.New("empty board ID")
	case len(id) > maxBoardID:
		return fmt.Errorf("board ID %.16q… is longer than %d bytes", id, maxBoardID)
	case strings.ContainsAny(id, "/+#"):
		return fmt.Errorf("board ID %q holds one of / + #", id)
	}
	for _, r := range id {
		if r < ' ' || r == 0x7f {
			return fmt.Errorf("board ID %q holds a control character", id)
		}
	}
	return nil
}

// ParseBroker checks a broker URL: mqtt:// or tcp:// (plain), mqtts://,
// tls:// or ssl:// (TLS), ws:// or wss:// (websocket), with a host. A URL
// without a port gets the scheme's usual one from autopaho.
func ParseBroker(s string) (*url.URL, error) {
	u, err := url.Parse(s)
	if err != nil {
		return nil, errors.New("broker URL: not a URL") // url's error quotes it, password and all
	}
	switch u.Scheme {
	case "mqtt", "tcp", "mqtts", "tls", "ssl", "ws", "wss":
	default:
		return nil, fmt.Errorf("broker URL %q: want mqtt://HOST:PORT (or tcp, mqtts, tls, ssl, ws, wss)", u.Redacted())
	}
	if u.Hostname() == "" {
		return nil, fmt.Errorf("broker URL %q: no host", u.Redacted())
	}
	return u, nil
}

// State is the payload of gammond/<board>/state: the referee's Status and
// what the desk shows beside it.
type State struct {
	Board string `json:"board"`
	// Instance names this run of the board's publisher, drawn at random as
	// it starts: the desk tells two boards publishing under one board ID by
	// their instances taking turns.
	Instance string    `json:"instance,omitempty"`
	Players  [2]string `json:"players"` // by engine.Side: White, Black
	Page     string    `json:"page,omitempty"`
	// Updated is when the board's status last changed, Sent when this
	// message was sent (its heartbeat, or again on a reconnection), both by
	// the board's clock: Sent-Updated is how long the clock has run since
	// Clocks, whatever the board's clock says the time is.
	Updated time.Time `json:"updated"`
	Sent    time.Time `json:"sent"`
	// Clocks is the match clock at Updated; nil for a match without one.
	Clocks *web.Clocks `json:"clocks,omitempty"`
	// Heartbeat is how often, in seconds, the board publishes its state
	// again when nothing happens: the desk shows a board silent for longer
	// as offline. 0: the board does not say.
	Heartbeat int `json:"heartbeat_s,omitempty"`
	// Session is a money session's ledger and a chouette's standings, as
	// the board's page shows them; nil in a match.
	Session *web.Session `json:"session,omitempty"`
	referee.Status
}

// Event is the payload of gammond/<board>/event.
type Event struct {
	Board string `json:"board"`
	referee.Summary
}

// Match is the payload of gammond/<board>/match: the match's .mat record so
// far. Finished says the match is over and Mat is its whole record.
type Match struct {
	Board    string    `json:"board"`
	Players  [2]string `json:"players"`
	Finished bool      `json:"finished"`
	Updated  time.Time `json:"updated"`
	Mat      string    `json:"mat"`
}
