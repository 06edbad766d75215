package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"gammond/referee"
)

// streamWriteTimeout bounds one batch of writes to a stream: a client that reads
// nothing for that long is dropped, and its browser reconnects.
const streamWriteTimeout = 10 * time.Second

// events serves the event stream: the backlog or the events since the
// client's last, then every event as it happens, each batch followed by
// the status.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	since, err := resumePoint(r)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	release, refused := s.streams.take(r.RemoteAddr)
	switch refused {
	case slotsFull:
		w.Header().Set("Retry-After", "10")
		writeError(w, http.StatusServiceUnavailable, "too many open event streams")
		return
	case clientAtLimit:
		w.Header().Set("Retry-After", "10")
		writeError(w, http.StatusTooManyRequests, fmt.Sprintf("this client has %d event streams open already: close one of its pages of this board", s.opts.MaxStreamsPerClient))
		return
	}
	defer release()
	select {
	case <-s.done:
		writeError(w, http.StatusServiceUnavailable, "shutting down")
		return
	default:
	}
	live, cancel := s.board.Subscribe()
	defer cancel()

	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no") // a proxy in front must not hold events back
	w.WriteHeader(http.StatusOK)
	st := &stream{w: w, rc: http.NewResponseController(w), last: since}
	st.field("retry", strconv.FormatInt(s.opts.Retry.Milliseconds(), 10))
	st.end()
	changed := s.changes()
	s.catchUp(st)
	if st.status(s.status()) != nil {
		return
	}
	heartbeat := time.NewTicker(s.opts.Heartbeat)
	defer heartbeat.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.done:
			return
		case e, ok := <-live:
			if !ok || !s.drain(st, e, live) {
				st.flush()
				return // the board dropped us: the browser reconnects and catches up
			}
		case <-changed:
		case <-heartbeat.C:
		}
		changed = s.changes()
		if st.status(s.status()) != nil {
			return
		}
	}
}

// resumePoint returns the number of the last event the client has: from
// Last-Event-ID, which a browser sends when it reconnects, or from the
// query's since, which the page sends when it opens a new stream itself.
// 0 means none.
func resumePoint(r *http.Request) (uint64, error) {
	id := r.Header.Get("Last-Event-ID")
	if id == "" {
		id = r.URL.Query().Get("since")
	}
	if id == "" {
		return 0, nil
	}
	n, err := strconv.ParseUint(id, 10, 64)
	if err != nil {
		return 0, errors.New("the last event id is not a number")
	}
	return n, nil
}

// catchUp sends what the client missed: every event after its last, or,
// to a new client, the latest Options.Backlog. A client whose last event
// is beyond the journal is told to reset and starts anew.
func (s *Server) catchUp(st *stream) {
	if st.last > s.board.Status().Seq {
		st.field("event", "reset")
		st.field("data", "{}")
		st.end()
		st.last = 0
	}
	events := s.board.Events(st.last)
	if st.last == 0 && len(events) > s.opts.Backlog {
		events = events[len(events)-s.opts.Backlog:]
	}
	for _, e := range events {
		st.event(e)
	}
}

// drain sends e and whatever else the channel holds now, filling any gap
// from the journal. It returns false when the channel is closed.
func (s *Server) drain(st *stream, e referee.Summary, live <-chan referee.Summary) bool {
	for {
		if e.Seq > st.last+1 {
			for _, missed := range s.board.Events(st.last) {
				st.event(missed)
			}
		}
		st.event(e)
		var ok bool
		select {
		case e, ok = <-live:
			if !ok {
				return false
			}
		default:
			return true
		}
	}
}

// stream is one client's event stream. Writes gather in buf until a flush.
type stream struct {
	w    http.ResponseWriter
	rc   *http.ResponseController
	buf  bytes.Buffer
	last uint64 // the number of the last event sent
}

func (st *stream) field(name, value string) {
	st.buf.WriteString(name)
	st.buf.WriteString(": ")
	st.buf.WriteString(value)
	st.buf.WriteByte('\n')
}

func (st *stream) end() { st.buf.WriteByte('\n') }

// event sends e unless the client has it already.
func (st *stream) event(e referee.Summary) {
	if e.Seq <= st.last {
		return
	}
	data, err := json.Marshal(e)
	if err != nil {
		return // a Summary always marshals
	}
	st.field("id", strconv.FormatUint(e.Seq, 10))
	st.field("event", e.Kind)
	st.field("data", string(data))
	st.end()
	st.last = e.Seq
}

// status sends the status, with no id: a browser keeps the last event's
// number for its reconnection. It flushes everything gathered.
func (st *stream) status(s revStatus) error {
	data, err := json.Marshal(s)
	if err == nil {
		st.field("event", "status")
		st.field("data", string(data))
		st.end()
	}
	return st.flush()
}

// flush writes what was gathered and pushes it to the client.
func (st *stream) flush() error {
	if err := st.rc.SetWriteDeadline(time.Now().Add(streamWriteTimeout)); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return err
	}
	_, err := st.w.Write(st.buf.Bytes())
	st.buf.Reset()
	if err != nil {
		return err
	}
	return st.rc.Flush()
}
