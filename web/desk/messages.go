package desk

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
	"slices"
	"time"

	"gammond/engine"
	"gammond/referee"
	"gammond/web/mqtt"
)

// Bounds on what a board may send: a long match's record is some 100 KB.
const (
	maxMatchPayload = 1 << 20
	maxPayload      = 256 << 10
	maxFlags        = 100 // per board: a game has fewer illegal plays
)

// maxPacket is the largest MQTT packet the desk takes: a record's payload
// and its topic and properties. The broker drops a larger one rather than
// send it.
const maxPacket = maxMatchPayload + 4<<10

// message is a decoded MQTT message: one of state, event and match is set,
// or forget for an empty retained state (an operator clearing a board).
// size is its payload's, what keeping it costs the desk's memory budget.
type message struct {
	board    string
	state    *mqtt.State
	event    *mqtt.Event
	match    *mqtt.Match
	forget   bool
	size     int
	retained bool // delivered from the broker's store, not as published
}

// decode checks a message from the broker and decodes its payload.
func decode(topic string, payload []byte) (message, error) {
	board, kind, err := mqtt.ParseTopic(topic)
	if err != nil {
		return message{}, err
	}
	m := message{board: board, size: len(payload)}
	limit := maxPayload
	if kind == mqtt.KindMatch {
		limit = maxMatchPayload
	}
	switch {
	case len(payload) > limit:
		return m, fmt.Errorf("%d-byte payload: more than %d", len(payload), limit)
	case len(payload) == 0 && kind == mqtt.KindState:
		m.forget = true
		return m, nil
	case len(payload) == 0:
		return m, errors.New("empty payload")
	}
	switch kind {
	case mqtt.KindState:
		m.state = new(mqtt.State)
		err = unmarshal(payload, m.state, board, func() string { return m.state.Board })
		if err == nil {
			err = checkState(m.state)
		}
	case mqtt.KindEvent:
		m.event = new(mqtt.Event)
		err = unmarshal(payload, m.event, board, func() string { return m.event.Board })
		if err == nil {
			err = checkEventContent(&m.event.Summary)
		}
	case mqtt.KindMatch:
		m.match = new(mqtt.Match)
		err = unmarshal(payload, m.match, board, func() string { return m.match.Board })
		if err == nil {
			err = checkMatch(m.match)
		}
	}
	if err != nil {
		return m, fmt.Errorf("%s: %w", kind, err)
	}
	return m, nil
}

// unmarshal decodes payload into v and checks that the board it names,
// payloadBoard(), is the topic's.
func unmarshal(payload []byte, v any, board string, payloadBoard func() string) error {
	if err := mqtt.CheckArrays(payload); err != nil {
		return err
	}
	if err := json.Unmarshal(payload, v); err != nil {
		return err
	}
	if b := payloadBoard(); b != board {
		return fmt.Errorf("from board %q on board %q's topic", b, board)
	}
	return nil
}

func checkState(s *mqtt.State) error {
	if err := mqtt.CheckPlayers(s.Players); err != nil {
		return err
	}
	if err := checkStateContent(s); err != nil {
		return err
	}
	switch {
	case s.Phase == "":
		return errors.New("no phase")
	case s.Length < 0 || s.Score[0] < 0 || s.Score[1] < 0 || s.Game < 0 || s.Turn < 0 || s.Cube < 0:
		return fmt.Errorf("negative length, score, game, turn or cube: %d %v %d %d %d", s.Length, s.Score, s.Game, s.Turn, s.Cube)
	case s.OnRoll > engine.Black:
		return fmt.Errorf("side %d on roll", s.OnRoll)
	}
	if !webURL(s.Page) {
		s.Page = "" // a bad link loses the link, not the board
	}
	return nil
}

func checkMatch(m *mqtt.Match) error {
	if m.Mat == "" {
		return errors.New("empty record")
	}
	return mqtt.CheckPlayers(m.Players)
}

// webURL says whether s is an absolute http(s) URL, a link the page can show.
func webURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// board is what the desk knows of one board. A board's backlog of events
// may come out of order, and any event twice (QoS 1): flags and outcomes are
// kept apart, by seq, and matched when shown.
type board struct {
	state    *mqtt.State
	flags    []Flag    // illegal plays of the state's game and later ones, by seq; Outcome unset
	outcomes []outcome // what became of them
	last     *mqtt.Event
	records  []string
	heard    time.Time // by the desk's clock: a board silent for long may be off
	live     bool      // heard from as it published, not only from the broker's store
	// instances are the publishers heard under this board ID (see
	// mqtt.State.Instance), when each was last heard; instance is the
	// latest. twoBoards is when an earlier instance was heard again after
	// a later one: two boards set to one ID, not one board restarted.
	instances map[string]time.Time
	instance  string
	twoBoards time.Time
	version   uint64 // the desk's change that last changed the board (Desk.touch)
	// stateSize and lastSize are the payload bytes of state and last:
	// with the flags, outcomes and instances, what the board costs the
	// desk's memory budget.
	stateSize, lastSize int
}

// Fixed costs of what a board keeps beside its state: upper bounds, the
// content of an event being bounded (checkEventContent).
const (
	flagCost     = 512
	outcomeCost  = 64
	instanceCost = 64
	recordCost   = 128
)

// cost is what b takes of the desk's memory budget.
func (b *board) cost() int {
	return b.stateSize + b.lastSize + len(b.flags)*flagCost + len(b.outcomes)*outcomeCost +
		len(b.instances)*instanceCost + len(b.records)*recordCost
}

// twoBoardsWindow is how long the desk remembers a board's publishers,
// and shows two boards claiming one ID after it last saw them take turns.
const twoBoardsWindow = 10 * time.Minute

// heardFrom notes the publisher of a state heard at now, and whether it
// takes turns with another under the same board ID.
func (b *board) heardFrom(instance string, now time.Time) {
	if instance == "" {
		return
	}
	for i, at := range b.instances {
		if now.Sub(at) > twoBoardsWindow {
			delete(b.instances, i)
		}
	}
	if _, back := b.instances[instance]; back && instance != b.instance {
		b.twoBoards = now
	}
	if b.instances == nil {
		b.instances = map[string]time.Time{}
	}
	if len(b.instances) < maxFlags {
		b.instances[instance] = now
	}
	b.instance = instance
}

// claimedTwice reports whether two boards have lately published under
// this board's ID.
func (b *board) claimedTwice(now time.Time) bool {
	return !b.twoBoards.IsZero() && now.Sub(b.twoBoards) <= twoBoardsWindow
}

// outcome is an event that settles the illegal play of its turn before it.
type outcome struct {
	seq        uint64
	game, turn int
	what       string // OutcomeCorrected or OutcomeAccepted
}

// apply adds what a decoded message says to the desk.
func (d *Desk) apply(m message) error {
	if m.match != nil {
		return d.applyMatch(m.board, m.match, !m.retained)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if m.forget {
		// An operator clears a board switched off; a live board's state
		// is not wiped by whoever can publish to its topic.
		if b := d.boards[m.board]; b != nil && !b.offline(d.opts.Now()) {
			return fmt.Errorf("board %q: an empty state while the board is online: ignored", m.board)
		}
		d.forget(m.board)
		return nil
	}
	need := m.size + flagCost + instanceCost
	if b := d.boards[m.board]; b != nil && m.state != nil {
		need -= b.stateSize // replaced
	}
	// Boards only heard in retained messages, or offline, make room
	// first, as they do past MaxBoards.
	for d.kept+need > d.opts.MemoryBudget {
		victim := d.evictable()
		if victim == "" || victim == m.board {
			break
		}
		d.forget(victim)
	}
	if d.kept+need > d.opts.MemoryBudget {
		d.note(fmt.Sprintf("The desk's memory budget (%s) is spent: messages from boards are refused.", sizeText(int64(d.opts.MemoryBudget))))
		return fmt.Errorf("board %q: the desk's memory budget of %d bytes is spent", m.board, d.opts.MemoryBudget)
	}
	b, err := d.board(m.board, !m.retained)
	if err != nil {
		return err
	}
	before := b.cost()
	defer func() {
		d.kept += b.cost() - before
		d.touch(b)
	}()
	b.heard = d.opts.Now()
	if m.state != nil {
		if b.heardFrom(m.state.Instance, b.heard); b.claimedTwice(b.heard) && b.twoBoards.Equal(b.heard) {
			d.log.Warn("desk: two boards publish under one board ID: give each its own board_id", "board", m.board)
		}
		b.setState(m.state)
		b.stateSize = m.size
	}
	if m.event != nil {
		if b.addEvent(m.event) {
			b.lastSize = m.size
		}
		d.analyst.noteEvent(m.board, m.event)
	}
	return nil
}

// forget drops a board and what it cost. The caller holds d.mu.
func (d *Desk) forget(id string) {
	if b := d.boards[id]; b != nil {
		d.kept -= b.cost()
		delete(d.boards, id)
		d.touch(nil)
	}
}

// note adds a line for the page saying a limit has bitten, once. The
// caller holds d.mu.
func (d *Desk) note(line string) {
	if !slices.Contains(d.notes, line) && len(d.notes) < maxNotes {
		d.notes = append(d.notes, line)
		d.touch(nil)
	}
}

// maxNotes bounds the page's lines on the limits that bit: one per limit,
// and one per board a record limit stopped.
const maxNotes = 50

// applyMatch collects a finished match's record, and keeps a match in
// progress's latest.
func (d *Desk) applyMatch(id string, m *mqtt.Match, live bool) error {
	// The board first: a record from one the desk refuses is not written.
	d.mu.Lock()
	_, err := d.board(id, live)
	d.mu.Unlock()
	if err != nil {
		return err
	}
	if !m.Finished {
		return d.keepUnfinished(id, m)
	}
	name, fresh, err := d.collect(id, m)
	if err != nil {
		return err
	}
	if fresh {
		d.log.Info("desk: match collected", "board", id, "file", name)
	}
	d.analyst.add(id, name, m.Mat, m.Players)
	d.mu.Lock()
	defer d.mu.Unlock()
	b := d.boards[id]
	if b == nil {
		return nil // forgotten meanwhile: the record is on disk
	}
	if !slices.Contains(b.records, name) {
		b.records = append(b.records, name)
		d.kept += recordCost
		d.touch(b)
	}
	return nil
}

// setState makes s the board's state. The state's game is the one whose
// illegal plays the desk shows: a game number going down is a new match.
func (b *board) setState(s *mqtt.State) {
	if b.state != nil && s.Game < b.state.Game {
		b.flags, b.outcomes = nil, nil
	}
	b.state = s
	b.flags = slices.DeleteFunc(b.flags, func(f Flag) bool { return f.Game < s.Game })
	b.outcomes = slices.DeleteFunc(b.outcomes, func(o outcome) bool { return o.game < s.Game })
}

// addEvent notes the latest event, the illegal plays and their outcomes;
// it reports whether e is now the latest.
func (b *board) addEvent(e *mqtt.Event) (latest bool) {
	if b.last == nil || e.At.After(b.last.At) || e.At.Equal(b.last.At) && e.Seq > b.last.Seq {
		b.last, latest = e, true
	}
	if b.state != nil && e.Game < b.state.Game {
		return latest // an earlier game's, late
	}
	switch e.Kind {
	case referee.IllegalPlay.String():
		f := Flag{Seq: e.Seq, Game: e.Game, Turn: e.Turn, Side: e.Side, Fault: e.Fault, Points: e.Points}
		if len(b.flags) < maxFlags && !slices.ContainsFunc(b.flags, func(g Flag) bool { return g.Seq == f.Seq && g.Game == f.Game && g.Turn == f.Turn }) {
			b.flags = append(b.flags, f)
			slices.SortStableFunc(b.flags, func(f, g Flag) int { return cmp.Compare(f.Seq, g.Seq) })
		}
	case referee.Corrected.String():
		b.addOutcome(outcome{seq: e.Seq, game: e.Game, turn: e.Turn, what: OutcomeCorrected})
	case referee.Withdrawn.String(): // the board read again shows a legal play: the flag never stood
		b.flags = slices.DeleteFunc(b.flags, func(f Flag) bool { return f.Game == e.Game && f.Turn == e.Turn && f.Seq < e.Seq })
	case referee.IllegalAccepted.String():
		b.addOutcome(outcome{seq: e.Seq, game: e.Game, turn: e.Turn, what: OutcomeAccepted})
	}
	return latest
}

func (b *board) addOutcome(o outcome) {
	if len(b.outcomes) < maxFlags && !slices.Contains(b.outcomes, o) {
		b.outcomes = append(b.outcomes, o)
	}
}

// outcome returns what became of the i-th flag: the first outcome of its
// turn after it and before the turn's next illegal play.
func (b *board) outcome(i int) string {
	f := b.flags[i]
	until := uint64(math.MaxUint64)
	for _, g := range b.flags[i+1:] {
		if g.Game == f.Game && g.Turn == f.Turn {
			until = g.Seq
			break
		}
	}
	what, at := "", until
	for _, o := range b.outcomes {
		if o.game == f.Game && o.turn == f.Turn && o.seq > f.Seq && o.seq < at {
			what, at = o.what, o.seq
		}
	}
	return what
}
