package desk

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"time"
)

// The page's event stream: each board's row as it changes, not every
// board every few seconds.
const (
	// streamBatch is the shortest time between two batches of rows: a
	// burst of messages from many boards goes out as one.
	streamBatch = 100 * time.Millisecond
	// streamRecheck is how often a stream with nothing new checks for
	// boards gone offline.
	streamRecheck = time.Second
	// streamKeepAlive is how often an idle stream sends a comment, so
	// that a proxy does not close it.
	streamKeepAlive = 15 * time.Second
)

// touch notes that board b changed, for the event streams. The caller
// holds d.mu.
func (d *Desk) touch(b *board) {
	d.seq++
	if b != nil {
		b.version = d.seq
	}
	if d.changed != nil {
		close(d.changed)
		d.changed = nil
	}
}

// changes returns a channel closed at the next change. The caller holds
// d.mu.
func (d *Desk) changes() <-chan struct{} {
	if d.changed == nil {
		d.changed = make(chan struct{})
	}
	return d.changed
}

// sentRow is what a stream last sent of a board.
type sentRow struct {
	version uint64
	offline bool
}

// streamState is what one stream has sent.
type streamState struct {
	rows  map[string]sentRow
	order []string // offline boards, "", online boards
	notes string
	// notesSent says notes went: the first batch sends them even empty.
	notesSent bool
}

// serveEvents streams the page's changes as server-sent events: "row"
// with a board's row in HTML, "order" with the boards' IDs in the page's
// order (offline first; a row not in it is gone), "notes" with the
// limits that bit. A new stream gets everything first.
func (d *Desk) serveEvents(w http.ResponseWriter, r *http.Request) {
	st := &streamState{rows: map[string]sentRow{}}
	serveStream(w, r, func(buf *bytes.Buffer) <-chan struct{} { return d.batch(st, buf) })
}

// serveStream serves server-sent events until the client leaves: next
// writes into buf the events that bring the client up to date, and
// returns a channel closed at the next change; next runs again then, or
// streamRecheck later, at most once in streamBatch.
func serveStream(w http.ResponseWriter, r *http.Request, next func(buf *bytes.Buffer) <-chan struct{}) {
	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	recheck := time.NewTicker(streamRecheck)
	defer recheck.Stop()
	var lastSent time.Time
	for {
		var buf bytes.Buffer
		changed := next(&buf)
		if buf.Len() == 0 && time.Since(lastSent) >= streamKeepAlive {
			buf.WriteString(": keep-alive\n\n")
		}
		if buf.Len() > 0 {
			rc.SetWriteDeadline(time.Now().Add(10 * time.Second)) // a client that stopped reading is dropped
			if _, err := w.Write(buf.Bytes()); err != nil {
				return
			}
			if err := rc.Flush(); err != nil {
				return
			}
			lastSent = time.Now()
		}
		select {
		case <-r.Context().Done():
			return
		case <-changed:
		case <-recheck.C:
		}
		select {
		case <-r.Context().Done():
			return
		case <-time.After(streamBatch):
		}
	}
}

// batch writes into buf the events that bring a stream up to date, and
// returns a channel closed at the desk's next change.
func (d *Desk) batch(st *streamState, buf *bytes.Buffer) <-chan struct{} {
	now := d.opts.Now()
	d.mu.Lock()
	changed := d.changes()
	var views []Board
	offline, online := []string{}, []string{}
	for id, b := range d.boards {
		off := b.offline(now)
		if off {
			offline = append(offline, id)
		} else {
			online = append(online, id)
		}
		if s, ok := st.rows[id]; !ok || s.version != b.version || s.offline != off {
			st.rows[id] = sentRow{version: b.version, offline: off}
			views = append(views, d.view(id, b, now))
		}
	}
	for id := range st.rows {
		if d.boards[id] == nil {
			delete(st.rows, id)
		}
	}
	d.mu.Unlock()
	notes := d.Notes()

	for _, v := range views {
		var html bytes.Buffer
		if err := page.ExecuteTemplate(&html, "row", newRow(v)); err != nil {
			d.log.Error("desk: rendering a row", "board", v.ID, "err", err)
			continue
		}
		writeEvent(buf, "row", struct {
			ID   string `json:"id"`
			HTML string `json:"html"`
		}{v.ID, html.String()})
	}
	slices.SortFunc(offline, naturalCompare)
	slices.SortFunc(online, naturalCompare)
	if order := append(append(slices.Clip(offline), ""), online...); !slices.Equal(order, st.order) {
		st.order = order
		writeEvent(buf, "order", struct {
			Offline []string `json:"offline"`
			Online  []string `json:"online"`
		}{offline, online})
	}
	var html bytes.Buffer
	page.ExecuteTemplate(&html, "notes", notes)
	if html.String() != st.notes || !st.notesSent {
		st.notes, st.notesSent = html.String(), true
		writeEvent(buf, "notes", struct {
			HTML string `json:"html"`
		}{st.notes})
	}
	return changed
}

// writeEvent writes one server-sent event of JSON data.
func writeEvent(buf *bytes.Buffer, name string, data any) {
	b, err := json.Marshal(data)
	if err != nil {
		return // plain structs of strings
	}
	fmt.Fprintf(buf, "event: %s\ndata: %s\n\n", name, b)
}
