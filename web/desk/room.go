package desk

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"time"

	"gammond/web/mqtt"
)

// DefaultMaxBoards is how many boards a desk without a room list follows:
// a national championship's, and twice over.
const DefaultMaxBoards = 2000

// defaultOffline is how long a board that has not said its heartbeat may
// be silent before the desk shows it offline: four of the publisher's
// default heartbeats.
const defaultOffline = 2 * time.Minute

// ParseRoom reads a room's list of boards: board IDs separated by commas
// or lines, each optionally followed by "=HOST", the host (or host:port)
// its page is served from; blank lines and lines starting with # are
// skipped. It returns the hosts by board ID, "" where none is given.
func ParseRoom(list string) (map[string]string, error) {
	room := map[string]string{}
	for n, line := range strings.Split(list, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		for entry := range strings.SplitSeq(line, ",") {
			entry = strings.TrimSpace(entry)
			if entry == "" {
				continue
			}
			id, host, _ := strings.Cut(entry, "=")
			id, host = strings.TrimSpace(id), strings.TrimSpace(host)
			if err := mqtt.CheckBoardID(id); err != nil {
				return nil, fmt.Errorf("line %d: %w", n+1, err)
			}
			if strings.ContainsAny(host, "/ ") {
				return nil, fmt.Errorf("line %d: board %s: host %q: want a host name or address, with a port or not", n+1, id, host)
			}
			if _, twice := room[id]; twice {
				return nil, fmt.Errorf("line %d: board %s is listed twice", n+1, id)
			}
			room[id] = host
		}
	}
	if len(room) == 0 {
		return nil, errors.New("no board in the list")
	}
	return room, nil
}

// inRoom says whether the desk follows board id: any board without a room
// list, a listed one with it.
func (d *Desk) inRoom(id string) bool {
	if d.opts.Boards == nil {
		return true
	}
	_, ok := d.opts.Boards[id]
	return ok
}

// board returns the board with ID id, new if need be. Past MaxBoards a
// new board takes the place of one only ever heard from in retained
// messages (stale, or planted), else of one offline, the longest silent
// first; with neither it is refused. The caller holds d.mu.
func (d *Desk) board(id string, live bool) (*board, error) {
	if b := d.boards[id]; b != nil {
		b.live = b.live || live
		return b, nil
	}
	if len(d.boards) >= d.opts.MaxBoards {
		victim := d.evictable()
		if victim == "" {
			d.note(fmt.Sprintf("The desk follows %d boards, its most: a new board is shown once one goes offline.", d.opts.MaxBoards))
			return nil, fmt.Errorf("board %q: the desk follows %d boards already, none of them offline", id, d.opts.MaxBoards)
		}
		d.forget(victim)
	}
	b := &board{live: live}
	d.boards[id] = b
	return b, nil
}

// evictable returns the board to forget for a new one: "" for none. The
// caller holds d.mu.
func (d *Desk) evictable() string {
	now := d.opts.Now()
	var victim string
	var victimLive bool
	var victimHeard time.Time
	for id, b := range d.boards {
		if b.live && !b.offline(now) {
			continue
		}
		better := victim == "" || victimLive && !b.live || victimLive == b.live && b.heard.Before(victimHeard)
		if better {
			victim, victimLive, victimHeard = id, b.live, b.heard
		}
	}
	return victim
}

// offlineAfter is how long b may be silent before the desk shows it
// offline: two of its heartbeats, or defaultOffline if it has not said.
func (b *board) offlineAfter() time.Duration {
	if b.state != nil && b.state.Heartbeat > 0 {
		return 2 * time.Duration(b.state.Heartbeat) * time.Second
	}
	return defaultOffline
}

// offline says whether b has been silent for longer than it should be.
func (b *board) offline(now time.Time) bool { return now.Sub(b.heard) > b.offlineAfter() }

// pageVerified says whether a board's page link is on the host the room's
// list gives for it: a board's state can be published by anyone who can
// publish to the broker, and a fake page could collect a director's token.
func (d *Desk) pageVerified(id, page string) bool {
	host := d.opts.Boards[id]
	u, err := url.Parse(page)
	if host == "" || err != nil {
		return false
	}
	if _, _, err := net.SplitHostPort(host); err == nil {
		return strings.EqualFold(u.Host, host)
	}
	return strings.EqualFold(u.Hostname(), host)
}
