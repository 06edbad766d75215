package board

import (
	"bytes"
	"fmt"
	"io"
	"reflect"
	"time"

	"gammond/display/panel"
	"gammond/engine"
	"gammond/record/journal"
	"gammond/referee"
	"gammond/web"
)

// Output is one of the ways the world sees the match: the .mat file, the
// page's event log, the panel of LEDs and displays, the director's desk.
// The board calls its outputs on Run's goroutine (or Open's, replaying the
// journal), in the order registered; an error is logged, and the match
// goes on.
type Output interface {
	// Begin says which match is on the board: a new one, or one taken up
	// again (a restart, an output registered during the match).
	Begin(m *Begin) error
	// Event is one of the referee's events, in order.
	Event(e *Event) error
	// Show is the match as it stands, whenever that changes, and each
	// second while a clock runs.
	Show(s *Shown) error
}

// Begin is what Output.Begin is told.
type Begin struct {
	Match Match
	// Path is the match's .mat file.
	Path string
	// Taken says the match is taken up where it stands rather than begun;
	// Record is then its record so far (nil before a game has ended), and
	// Over whether the match is over.
	Taken  bool
	Record []byte
	Over   bool
}

// Event is what Output.Event is told.
type Event struct {
	referee.Event
	// Summary is the event as the page, the log and the desk tell it,
	// numbered from 1 in the match (Summary.Seq).
	Summary referee.Summary
	// Record is the match record (.mat) after an event that ended a game
	// (GameOver, MatchOver); nil after the others. Over says the match is
	// over.
	Record []byte
	Over   bool
}

// Shown is what Output.Show is told.
type Shown struct {
	Status referee.Status
	// Changed says Status differs from the last shown; Tick that only the
	// running clock's times moved.
	Changed, Tick bool
	// Clocks is the match clock at Now; nil for a match without one.
	Clocks *web.Clocks
	// Panel is what the LEDs and displays show.
	Panel panel.State
	// Session is a money session's ledger and a chouette's standings; nil
	// in a match. Changed says it differs too.
	Session *web.Session
}

// emit receives the referee's events, in order, and hands them to the
// outputs.
func (b *Board) emit(re referee.Event) {
	re.Names = b.names()
	if b.welsh == nil { // the Welsh referee keeps its own record
		stopped := b.tr.Err() != nil
		b.tr.Event(re)
		if err := b.tr.Err(); err != nil && !stopped {
			b.log.Error("the match record stops before this turn: the director must write it by hand", "err", err)
		}
	}
	b.recent.Observe(re)
	e := Event{Event: re, Summary: re.Summary()}
	e.Summary.Seq = uint64(b.page.count() + 1)
	if re.Kind == referee.GameOver || re.Kind == referee.MatchOver {
		e.Record = b.record()
		e.Over = b.matchOver()
	}
	if !b.replaying && re.Kind != referee.Rolled {
		b.log.Info(e.Summary.Text, "event", e.Summary.Kind, "game", e.Summary.Game, "turn", e.Summary.Turn)
	}
	for _, o := range b.outputs {
		b.report(o, o.Event(&e))
	}
}

// names are the players the match is told with: the chouette's box and
// captain, or the match's two players.
func (b *Board) names() [2]string {
	if p, ok := chouettePlayers(b.session.status()); ok {
		return p
	}
	return b.header.players()
}

// record is the match record as it stands, the game in progress included.
func (b *Board) record() []byte {
	var buf bytes.Buffer
	var w io.WriterTo = b.tr.Match()
	if b.welsh != nil {
		w = b.welsh.Record()
	}
	if _, err := w.WriteTo(&buf); err != nil {
		b.log.Error("match record", "err", err)
		return nil
	}
	return buf.Bytes()
}

// report logs an output's error.
func (b *Board) report(o Output, err error) {
	if err != nil {
		b.log.Warn("output", "to", fmt.Sprint(o), "err", err)
	}
}

// begin is the match on the board, for Output.Begin.
func (b *Board) begin(taken bool) *Begin {
	bg := &Begin{Match: b.header, Path: b.matPath, Taken: taken}
	if taken {
		bg.Record = b.page.record()
		bg.Over = b.matchOver()
	}
	return bg
}

// beginOutputs tells the outputs which match is on the board.
func (b *Board) beginOutputs(taken bool) {
	bg := b.begin(taken)
	for _, o := range b.outputs {
		b.report(o, o.Begin(bg))
	}
}

// showStatus shows the referee's status.
func (b *Board) showStatus() {
	b.delivered = false
	s := b.shownNow(false)
	s.Changed = !reflect.DeepEqual(b.shown, s.Status) || !reflect.DeepEqual(b.shownSession, s.Session)
	b.shown, b.shownSession = s.Status, s.Session
	b.show(s)
}

// shownNow is the match as it stands; changed says it is new to whoever
// is told.
func (b *Board) shownNow(changed bool) *Shown {
	s := &Shown{Status: b.ref.Status(), Changed: changed, Session: b.session.status()}
	if c := b.ref.Clock(); c != nil {
		s.Clocks = web.ClocksOf(c, b.clock.Now())
	}
	s.Panel = b.indicators(s.Status, s.Session)
	return s
}

// show hands s to the outputs; while the journal is replayed the status is
// only kept, and shown when the replay is done.
func (b *Board) show(s *Shown) {
	if b.replaying {
		return
	}
	for _, o := range b.outputs {
		b.report(o, o.Show(s))
	}
}

// tickClocks shows a running clock's times anew each second: between
// events nothing else would.
func (b *Board) tickClocks() {
	c := b.ref.Clock()
	if c == nil {
		return
	}
	now := b.clock.Now()
	if _, running := c.Running(); !running || now.Sub(b.lastTick) < time.Second {
		return
	}
	b.lastTick = now
	b.show(&Shown{Status: b.shown, Tick: true, Clocks: web.ClocksOf(c, now), Panel: b.indicators(b.shown, b.shownSession),
		Session: b.shownSession})
}

// indicators computes what the LEDs and displays show for the status,
// the session and the last events.
func (b *Board) indicators(s referee.Status, sess *web.Session) panel.State {
	in := panel.Input{Status: s, Recent: &b.recent, Names: b.header.players()}
	if p, ok := chouettePlayers(sess); ok {
		in.Names, in.Chouette = p, chouetteStandings(sess.Chouette)
	}
	if c := b.ref.Clock(); c != nil {
		now := b.clock.Now()
		in.Clocked, in.Remaining = true, [2]time.Duration{c.Remaining(engine.White, now), c.Remaining(engine.Black, now)}
	}
	if b.pipe.Health != nil {
		in.Findings = b.pipe.Health.Findings()
	}
	if b.opts.Hints && s.Phase == referee.PhaseMoving {
		in.Hints = b.hints(s)
	}
	return panel.Compute(&in, &b.look)
}

// matFile writes the match record to the match's .mat file at each game's
// end, atomically: a crash leaves the last complete one.
type matFile struct{ path string }

var _ Output = (*matFile)(nil)

func (f *matFile) String() string { return "the match record " + f.path }

// Begin implements Output.
func (f *matFile) Begin(m *Begin) error {
	f.path = m.Path
	return nil
}

// Event implements Output.
func (f *matFile) Event(e *Event) error {
	if e.Record == nil {
		return nil
	}
	return journal.WriteFileAtomic(f.path, e.Record, journal.FilePerm)
}

// Show implements Output.
func (*matFile) Show(*Shown) error { return nil }
