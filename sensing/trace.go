package sensing

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"time"

	"gammond/calib"
	"gammond/engine"
)

// TraceVersion is the version of the trace format TraceReader reads.
const TraceVersion = 1

// MaxTraceLine is the longest line, in bytes, a trace may have: a header
// for a board far larger than the reference board fits.
const MaxTraceLine = 1 << 20

// Header is a trace's first line: the board it was recorded on and the
// match.
type Header struct {
	// Version is the trace format's version: TraceVersion.
	Version int
	// Board is the geometry; a frame has Board.Sensors() readings.
	Board calib.Geometry
	// Calibration is what the board used; its Board is Board. It may be
	// partial (calib.Calibration.ValidatePartial): baselines alone, or no
	// levels at all when the header has no "calibration"; the board then
	// calibrates itself (calib.NewModel).
	Calibration calib.Calibration
	// Match is the match played.
	Match Match
}

// Match is the match a trace records.
type Match struct {
	// Length is the match length in points, 0 for money play.
	Length int `json:"length"`
	// White and Black are the players' names; White is side 0.
	White string `json:"white"`
	Black string `json:"black"`
	// Rules is the rule set the match is played under: engine.RulesUS or
	// engine.RulesDanish (which judge set-up deadlines and the Crawford
	// game differently), or engine.RulesWelsh for Welsh backgammon; ""
	// (left out, as in traces written before the field named the
	// tournament rules) is the US rules: see RuleSet.
	Rules engine.RuleSet `json:"rules,omitempty"`
}

// RuleSet returns the rule set the match is played under: Rules, or
// engine.RulesUS when the header names none.
func (m *Match) RuleSet() engine.RuleSet {
	if m.Rules == "" {
		return engine.RulesUS
	}
	return m.Rules
}

// Validate reports a match a board cannot play or record: a length out of
// range, a player's name engine.CheckName refuses, or rules not known.
func (m *Match) Validate() error {
	if err := engine.CheckMatchLength(m.Length); err != nil {
		return err
	}
	if m.Rules != "" {
		if err := m.Rules.Validate(); err != nil {
			return fmt.Errorf("rules %w", err)
		}
	}
	for _, name := range []string{m.White, m.Black} {
		if err := engine.CheckName(name); err != nil {
			return err
		}
	}
	return nil
}

// TraceError is the error for a trace that cannot be read: the line and
// what is wrong with it.
type TraceError struct {
	Line int // 1 for the header
	Err  error
}

// Error returns "trace line N: what is wrong".
func (e *TraceError) Error() string { return fmt.Sprintf("trace line %d: %v", e.Line, e.Err) }

// Unwrap returns what is wrong.
func (e *TraceError) Unwrap() error { return e.Err }

// TraceOpts tune a TraceReader; the zero value is ready to use.
type TraceOpts struct {
	// Epoch is the time of the trace's t = 0; the zero value means the
	// Unix epoch, so that an item's At.Sub(time.Unix(0, 0)) is its t.
	Epoch time.Time
	// Clock, when not nil, is set to each item's time as Next returns it,
	// so whatever else reads the clock sees the trace's time.
	Clock *VirtualClock
}

// TraceReader is a Source reading a board trace (shared/design/TRACE.md):
// it yields a FrameItem for each "frame" and "set" line (the whole frame,
// sample and hold) and an EventItem for each "event" line, timed by the
// trace, with no waiting: it replays as fast as it reads. A trace it cannot
// read ends with a *TraceError naming the line; no input makes it panic.
type TraceReader struct {
	sc     *bufio.Scanner
	opts   TraceOpts
	header Header
	lineNo int
	// What the trace says so far: the time of the last line (ms), the
	// readings held, whether a frame has set them, and the error that
	// ended the trace.
	t      int64
	frame  []uint16
	primed bool
	err    error
	// Scratch for parsing and checking a line.
	line  line
	fresh []uint16
	// How the trace ended: its gzip stream, if it is one (it knows whether
	// it was cut), whether the last line read had no newline, and the
	// cut Cut reports.
	gz           *cutShort
	unterminated bool
	cut          error
}

// ErrCut is the error of a trace that stops short of its end, as a power
// cut leaves a board's trace (or a copy taken while it is written).
var ErrCut = errors.New("the trace is cut short")

var _ Source = (*TraceReader)(nil)

// NewTraceReader reads the trace's header from r; opts may be nil. Its
// error is a *TraceError for a trace whose header is missing or wrong.
func NewTraceReader(r io.Reader, opts *TraceOpts) (*TraceReader, error) {
	r, gz, err := decompress(r)
	if err != nil {
		return nil, &TraceError{Line: 1, Err: err}
	}
	tr := &TraceReader{sc: bufio.NewScanner(r), gz: gz}
	tr.sc.Buffer(make([]byte, 0, 64<<10), MaxTraceLine)
	tr.sc.Split(tr.splitLines)
	if opts != nil {
		tr.opts = *opts
	}
	if tr.opts.Epoch.IsZero() {
		tr.opts.Epoch = time.Unix(0, 0).UTC()
	}
	b, err := tr.nextLine()
	if errors.Is(err, io.EOF) {
		err = errors.New("empty trace: no header")
	}
	if err == nil {
		tr.header, err = parseHeader(b)
	}
	if err != nil {
		return nil, &TraceError{Line: max(tr.lineNo, 1), Err: err}
	}
	n := tr.header.Board.Sensors()
	tr.frame, tr.fresh = make([]uint16, n), make([]uint16, n)
	return tr, nil
}

// Header returns the trace's header.
func (tr *TraceReader) Header() *Header { return &tr.header }

// Line returns the number of the line the last item came from (1 is the
// header).
func (tr *TraceReader) Line() int { return tr.lineNo }

// Next returns the trace's next item, io.EOF at its end, or a *TraceError;
// after an error it returns the same error. A FrameItem's Frame is the
// reader's own buffer: it holds until the next call to Next.
func (tr *TraceReader) Next() (Item, error) {
	if tr.err != nil {
		return Item{}, tr.err
	}
	it, err := tr.next()
	switch {
	case err != nil && err != io.EOF && tr.unterminated:
		// The last line, without its newline, does not read: the trace
		// was cut in the middle of writing it. What came before stands.
		tr.cut = &TraceError{Line: tr.lineNo, Err: fmt.Errorf("%w in the middle of this line: read up to line %d", ErrCut, tr.lineNo-1)}
		err = io.EOF
	case err == io.EOF && tr.gz != nil && tr.gz.cut:
		tr.cut = &TraceError{Line: tr.lineNo, Err: fmt.Errorf("%w: its gzip stream stops without its end after this line", ErrCut)}
	}
	if err != nil {
		if err != io.EOF {
			err = &TraceError{Line: tr.lineNo, Err: err}
		}
		tr.err = err
		return Item{}, err
	}
	if tr.opts.Clock != nil {
		tr.opts.Clock.Set(it.At)
	}
	return it, nil
}

func (tr *TraceReader) next() (Item, error) {
	b, err := tr.nextLine()
	if err != nil {
		return Item{}, err
	}
	l := &tr.line
	if err := l.parse(b); err != nil {
		return Item{}, err
	}
	if err := tr.check(l); err != nil {
		return Item{}, err
	}
	it := Item{At: tr.opts.Epoch.Add(time.Duration(l.t) * time.Millisecond)}
	switch {
	case l.hasFrame:
		it.Kind, err = FrameItem, tr.readFrame(l.frame)
	case l.hasSet:
		it.Kind, err = FrameItem, tr.readSet(l.set)
	default:
		it.Kind = EventItem
		it.Event, err = readEvent(l)
	}
	if err != nil {
		return Item{}, err
	}
	tr.t = l.t
	if it.Kind == FrameItem {
		it.Frame = tr.frame
	}
	return it, nil
}

// Cut returns, once Next has returned io.EOF, nil when the trace ended
// whole, or a *TraceError wrapping ErrCut when it stops short: its last
// line unfinished, or its gzip stream without its end. Every item before
// the cut was read.
func (tr *TraceReader) Cut() error { return tr.cut }

// splitLines splits lines as bufio.ScanLines does, noting a last line
// that has no newline: a line cut while it was written.
func (tr *TraceReader) splitLines(data []byte, atEOF bool) (advance int, token []byte, err error) {
	advance, token, err = bufio.ScanLines(data, atEOF)
	if atEOF && token != nil && advance == len(data) && data[len(data)-1] != '\n' {
		tr.unterminated = true
	}
	return advance, token, err
}

// nextLine returns the next line that is not blank, counting lines.
func (tr *TraceReader) nextLine() ([]byte, error) {
	for tr.sc.Scan() {
		tr.lineNo++
		if b := tr.sc.Bytes(); !blank(b) {
			return b, nil
		}
	}
	if err := tr.sc.Err(); err != nil {
		tr.lineNo++ // the line that could not be read
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("line longer than %d bytes", MaxTraceLine)
		}
		return nil, err
	}
	return nil, io.EOF
}

func blank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\r' {
			return false
		}
	}
	return true
}

// maxT is the latest t, in ms, a time.Duration holds.
const maxT = math.MaxInt64 / int64(time.Millisecond)

// check checks the line's t, and that it says one thing.
func (tr *TraceReader) check(l *line) error {
	switch {
	case !l.hasT:
		return errors.New(`no "t"`)
	case l.t < 0:
		return fmt.Errorf("t %d is negative", l.t)
	case l.t > maxT:
		return fmt.Errorf("t %d is too large", l.t)
	case l.t < tr.t:
		return fmt.Errorf("t %d is before the previous line's %d", l.t, tr.t)
	}
	switch kinds := b2i(l.hasFrame) + b2i(l.hasSet) + b2i(l.hasEvent); {
	case kinds == 0:
		return errors.New(`no "frame", "set" or "event"`)
	case kinds > 1:
		return errors.New(`more than one of "frame", "set" and "event"`)
	case !l.hasEvent && (l.hasSide || l.hasDice || l.hasPoints):
		return errors.New(`"side", "dice" or "points" without an "event"`)
	}
	return nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// readFrame replaces every reading.
func (tr *TraceReader) readFrame(frame []int64) error {
	if len(frame) != len(tr.frame) {
		return fmt.Errorf("frame has %d readings, want %d, one per sensor", len(frame), len(tr.frame))
	}
	for i, r := range frame {
		if err := tr.checkReading(i, r); err != nil {
			return err
		}
		tr.fresh[i] = uint16(r)
	}
	copy(tr.frame, tr.fresh)
	tr.primed = true
	return nil
}

// readSet replaces the readings of the sensors set, once all are checked.
func (tr *TraceReader) readSet(set [][2]int64) error {
	if !tr.primed {
		return errors.New(`"set" before the first "frame": no readings to hold`)
	}
	for _, p := range set {
		if p[0] < 0 || p[0] >= int64(len(tr.frame)) {
			return fmt.Errorf("set: sensor %d, want 0..%d", p[0], len(tr.frame)-1)
		}
		if err := tr.checkReading(int(p[0]), p[1]); err != nil {
			return err
		}
	}
	for _, p := range set {
		tr.frame[p[0]] = uint16(p[1])
	}
	return nil
}

func (tr *TraceReader) checkReading(i int, r int64) error {
	g := &tr.header.Board
	if r < 0 || r > int64(g.MaxReading()) {
		return fmt.Errorf("sensor %d (%s): reading %d beyond the %d-bit ADC's 0..%d", i, g.Place(i), r, g.ADCBits, g.MaxReading())
	}
	return nil
}

// readEvent reads an "event" line.
func readEvent(l *line) (Event, error) {
	var e Event
	for k, name := range eventNames {
		if name != "" && string(l.event) == name {
			e.Kind = EventKind(k)
		}
	}
	switch {
	case e.Kind == 0:
		return e, fmt.Errorf("unknown event %q, want roll, done, double, take, drop, cube, pass, resign, accept, reject, nominate or offer", l.event)
	case !l.hasSide:
		return e, fmt.Errorf("%s event without a side", e.Kind)
	case l.side != int64(engine.White) && l.side != int64(engine.Black):
		return e, fmt.Errorf("%s event for side %d, want 0 (White) or 1 (Black)", e.Kind, l.side)
	}
	if err := checkEventFields(e.Kind, l); err != nil {
		return e, err
	}
	e.Points = int(l.points)
	e.Side = engine.Side(l.side)
	if l.hasDice {
		for k, d := range l.dice {
			if d < 1 || d > 6 {
				return e, fmt.Errorf("%s %v: die %d out of 1..6", e.Kind, l.dice, d)
			}
			e.Dice[k] = int(d)
		}
	}
	return e, nil
}

// checkEventFields reports dice or points on an event that takes none, or
// missing or out of range on one that needs them: dice on roll and
// nominate, points on resign and offer.
func checkEventFields(k EventKind, l *line) error {
	withDice, withPoints := k == Roll || k == Nominate, k == Resign || k == Offer
	switch {
	case !withDice && l.hasDice:
		return fmt.Errorf("%s event with dice", k)
	case withDice && !l.hasDice:
		return fmt.Errorf("%s without dice", k)
	case withDice && len(l.dice) != 2:
		return fmt.Errorf("%s with %d dice, want 2", k, len(l.dice))
	case !withPoints && l.hasPoints:
		return fmt.Errorf("%s event with points", k)
	case withPoints && !l.hasPoints:
		return fmt.Errorf("%s without points", k)
	case k == Resign && (l.points < ResignNext || l.points > ResignBackgammon):
		return fmt.Errorf("resign of %d points, want 1 (single), 2 (gammon), 3 (backgammon) or 0 (the level above the side's own offer)", l.points)
	case k == Offer && (l.points < 1 || l.points > MaxOfferGames):
		return fmt.Errorf("offer of %d games, want 1 to %d", l.points, MaxOfferGames)
	}
	return nil
}

// headerJSON is the header as encoding/json sees it; pointers tell a
// missing field.
type headerJSON struct {
	Trace       *int            `json:"trace"`
	Board       *calib.Geometry `json:"board"`
	Calibration *struct {
		Baseline []uint16 `json:"baseline"`
		White    []uint16 `json:"white"`
		Black    []uint16 `json:"black"`
	} `json:"calibration"`
	Match *Match `json:"match"`
}

// parseHeader reads and checks the header line: the version first, so that
// a later version is refused as such rather than for its new fields.
func parseHeader(b []byte) (Header, error) {
	var v struct {
		Trace *int `json:"trace"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return Header{}, fmt.Errorf("header: %w", err)
	}
	if v.Trace == nil {
		return Header{}, fmt.Errorf(`no header: a trace starts with {"trace": %d, "board": ...}`, TraceVersion)
	}
	if *v.Trace != TraceVersion {
		return Header{}, fmt.Errorf("trace version %d, want %d", *v.Trace, TraceVersion)
	}
	var hj headerJSON
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&hj); err != nil {
		return Header{}, fmt.Errorf("header: %w", err)
	}
	switch {
	case hj.Board == nil:
		return Header{}, errors.New(`header: no "board"`)
	case hj.Match == nil:
		return Header{}, errors.New(`header: no "match"`)
	}
	if err := hj.Match.Validate(); err != nil {
		return Header{}, fmt.Errorf("header: %w", err)
	}
	h := Header{Version: *hj.Trace, Board: *hj.Board, Match: *hj.Match}
	if err := h.Board.Validate(); err != nil {
		return Header{}, fmt.Errorf("header: %w", err)
	}
	h.Calibration = calib.Calibration{Board: h.Board}
	if c := hj.Calibration; c != nil {
		h.Calibration.Baseline, h.Calibration.White, h.Calibration.Black = c.Baseline, c.White, c.Black
	}
	if err := h.Calibration.ValidatePartial(); err != nil {
		return Header{}, fmt.Errorf("header: %w", err)
	}
	return h, nil
}

// decompress returns r, read through gzip when it starts as a gzip stream
// does (a board's own trace, .trace.jsonl.gz), and then the gzip reader.
func decompress(r io.Reader) (io.Reader, *cutShort, error) {
	br := bufio.NewReader(r)
	magic, _ := br.Peek(2)
	if len(magic) < 2 || magic[0] != 0x1f || magic[1] != 0x8b {
		return br, nil, nil
	}
	zr, err := gzip.NewReader(br)
	if err != nil {
		return nil, nil, fmt.Errorf("gzip: %w", err)
	}
	gz := &cutShort{r: zr}
	return gz, gz, nil
}

// cutShort reads a gzip stream that may end without its trailer: a board's
// trace while it is still written, or cut by a crash. What was written is
// read; the end of the file ends it, and cut says it came too soon.
type cutShort struct {
	r   io.Reader
	cut bool
}

func (c *cutShort) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	if errors.Is(err, io.ErrUnexpectedEOF) {
		c.cut, err = true, io.EOF
	}
	return n, err
}
