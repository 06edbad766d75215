package sensing

import (
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"

	"gammond/calib"
	"gammond/engine"
)

// headerFor is the header of a trace of a board of geometry g whose
// sensors all read 2000 empty, 2600 White and 1400 Black.
func headerFor(g calib.Geometry) string {
	n := g.Sensors()
	levels := func(r int) string { return strings.TrimSuffix(strings.Repeat(fmt.Sprint(r, ","), n), ",") }
	return fmt.Sprintf(`{"trace": 1, "board": {"points": %d, "slots": %d, "bar_slots": %d, "adc_bits": %d}, `+
		`"calibration": {"baseline": [%s], "white": [%s], "black": [%s]}, `+
		`"match": {"length": 5, "white": "Alice", "black": "Bob"}}`,
		g.Points, g.Slots, g.BarSlots, g.ADCBits, levels(2000), levels(2600), levels(1400))
}

// testHeader is the header of a trace of the reference board.
var testHeader = headerFor(calib.ReferenceBoard)

// frameLine is a reference board's frame line at t whose sensor i reads
// 2000+i, or as set.
func frameLine(t int, set map[int]int) string { return frameLineFor(calib.ReferenceBoard, t, set) }

func frameLineFor(g calib.Geometry, t int, set map[int]int) string {
	rs := make([]string, g.Sensors())
	for i := range rs {
		r, ok := set[i]
		if !ok {
			r = 2000 + i
		}
		rs[i] = fmt.Sprint(r)
	}
	return fmt.Sprintf(`{"t":%d,"frame":[%s]}`, t, strings.Join(rs, ","))
}

// trace joins a header and body lines into a trace.
func trace(lines ...string) string { return strings.Join(lines, "\n") + "\n" }

func TestTraceReader(t *testing.T) {
	epoch := time.Date(2025, 3, 1, 14, 0, 0, 0, time.UTC)
	clock := NewVirtualClock(epoch)
	input := trace(testHeader,
		frameLine(0, nil),
		``,
		`{"t":10, "set":[[3,2600],[151,1400]]}`+"\r",
		`{"t":10,"set":[]}`,
		`  {"event":"roll","side":0,"dice":[6,3],"t":900}  `,
		`{"t":4100,"event":"\u0064one","side":0}`,
		`{"t":5000,"event":"double","side":1}`,
		`{"t":7000,"event":"take","side":0}`,
		`{"t":7000,"event":"drop","side":1}`,
		frameLine(7010, map[int]int{0: 0, 151: 4095}),
		`{"t":9000,"event":"resign","side":1,"points":2}`,
		`{"t":9500,"event":"reject","side":0}`,
		`{"t":9600, "points":3,"event":"resign","side":1}`,
		`{"t":9700,"event":"accept","side":0}`,
		`{"t":9800,"event":"nominate","side":1,"dice":[5,5]}`,
		`{"t":9900,"event":"offer","side":0,"points":7}`,
	)
	tr, err := NewTraceReader(strings.NewReader(input), &TraceOpts{Epoch: epoch, Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	h := tr.Header()
	if h.Version != 1 || h.Board != calib.ReferenceBoard || h.Match != (Match{Length: 5, White: "Alice", Black: "Bob"}) {
		t.Errorf("header %+v", h)
	}
	if h.Calibration.Board != calib.ReferenceBoard || h.Calibration.White[151] != 2600 || h.Calibration.Validate() != nil {
		t.Errorf("header calibration %+v", h.Calibration)
	}
	first := frameOf(nil)
	held := frameOf(map[int]uint16{3: 2600, 151: 1400})
	for _, want := range []struct {
		line  int
		t     int // ms
		frame []uint16
		event Event
	}{
		{2, 0, first, Event{}},
		{4, 10, held, Event{}},
		{5, 10, held, Event{}},
		{6, 900, nil, Event{Kind: Roll, Side: engine.White, Dice: engine.Dice{6, 3}}},
		{7, 4100, nil, Event{Kind: Done, Side: engine.White}},
		{8, 5000, nil, Event{Kind: Double, Side: engine.Black}},
		{9, 7000, nil, Event{Kind: Take, Side: engine.White}},
		{10, 7000, nil, Event{Kind: Drop, Side: engine.Black}},
		{11, 7010, frameOf(map[int]uint16{0: 0, 151: 4095}), Event{}},
		{12, 9000, nil, Event{Kind: Resign, Side: engine.Black, Points: 2}},
		{13, 9500, nil, Event{Kind: Reject, Side: engine.White}},
		{14, 9600, nil, Event{Kind: Resign, Side: engine.Black, Points: 3}},
		{15, 9700, nil, Event{Kind: Accept, Side: engine.White}},
		{16, 9800, nil, Event{Kind: Nominate, Side: engine.Black, Dice: engine.Dice{5, 5}}},
		{17, 9900, nil, Event{Kind: Offer, Side: engine.White, Points: 7}},
	} {
		it, err := tr.Next()
		if err != nil {
			t.Fatalf("line %d: %v", want.line, err)
		}
		at := epoch.Add(time.Duration(want.t) * time.Millisecond)
		if tr.Line() != want.line || !it.At.Equal(at) || !clock.Now().Equal(at) {
			t.Errorf("item at line %d, %v, clock %v; want line %d, %v", tr.Line(), it.At, clock.Now(), want.line, at)
		}
		if want.frame != nil {
			if it.Kind != FrameItem || !reflect.DeepEqual(it.Frame, want.frame) {
				t.Errorf("line %d: item %v, want the frame", want.line, it.Kind)
			}
			continue
		}
		if it.Kind != EventItem || it.Event != want.event || it.Frame != nil {
			t.Errorf("line %d: item %+v, want event %v", want.line, it, want.event)
		}
	}
	for range 2 {
		if _, err := tr.Next(); err != io.EOF {
			t.Fatalf("after the last line: %v, want io.EOF", err)
		}
	}
}

// frameOf is frameLine's frame as read.
func frameOf(set map[int]uint16) []uint16 {
	f := make([]uint16, calib.ReferenceBoard.Sensors())
	for i := range f {
		f[i] = uint16(2000 + i)
		if r, ok := set[i]; ok {
			f[i] = r
		}
	}
	return f
}

func TestTraceEpoch(t *testing.T) {
	tr, err := NewTraceReader(strings.NewReader(trace(testHeader, `{"t":1500,"event":"done","side":1}`)), nil)
	if err != nil {
		t.Fatal(err)
	}
	it, err := tr.Next()
	if err != nil {
		t.Fatal(err)
	}
	if got := it.At.Sub(time.Unix(0, 0)); got != 1500*time.Millisecond {
		t.Errorf("At is %v after the Unix epoch, want t = 1.5s", got)
	}
}

// TestTracePartialCalibration reads headers whose calibration is partial
// (baselines alone) or absent, as TRACE.md allows: the board calibrates
// itself.
func TestTracePartialCalibration(t *testing.T) {
	n := calib.ReferenceBoard.Sensors()
	full := testHeader
	cut := func(from, to string) string {
		i, j := strings.Index(full, from), strings.Index(full, to)
		return full[:i] + full[j:]
	}
	for _, tc := range []struct {
		name      string
		header    string
		baselines int
		err       string
	}{
		{"baselines alone", cut(`, "white"`, `}, "match"`), n, ""},
		{"no calibration", cut(`"calibration"`, `"match"`), 0, ""},
		{"empty calibration", cut(`"baseline"`, `}, "match"`), 0, ""},
		{"White and Black without baselines", cut(`"baseline"`, `"white"`), 0, "checker levels without baselines"},
		{"White without Black", cut(`, "black"`, `}, "match"`), 0, "White levels without Black"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr, err := NewTraceReader(strings.NewReader(trace(tc.header, frameLine(0, nil))), nil)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("NewTraceReader = %v, want an error with %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			c := &tr.Header().Calibration
			if len(c.Baseline) != tc.baselines || len(c.White) != 0 || c.Complete() || c.Board != calib.ReferenceBoard {
				t.Errorf("calibration %d baselines, %d White levels, complete %v, board %+v", len(c.Baseline), len(c.White), c.Complete(), c.Board)
			}
			if _, err := calib.NewModel(c); err != nil {
				t.Errorf("NewModel: %v", err)
			}
		})
	}
}

func TestTraceErrors(t *testing.T) {
	frame := frameLine(0, nil)
	header := func(from, to string) string { return strings.Replace(testHeader, from, to, 1) }
	for _, tc := range []struct {
		name  string
		input string
		line  int
		want  string
	}{
		{"empty", "", 1, "empty trace: no header"},
		{"only blank lines", "\n \n\t\n", 3, "empty trace: no header"},
		{"header not JSON", trace("trace 1"), 1, "invalid character"},
		{"header missing", trace(frame), 1, "no header"},
		{"header of a later version", trace(`{"trace": 2, "board": {}, "frames": 3}`), 1, "trace version 2, want 1"},
		{"header version not a number", trace(`{"trace": "1"}`), 1, "cannot unmarshal"},
		{"header unknown field", trace(header(`"match"`, `"clock": 3, "match"`)), 1, `unknown field "clock"`},
		{"header without calibration", trace(header(`"calibration"`, `"x": 1, "y"`)), 1, "unknown field"},
		{"header without match", trace(`{"trace": 1, "board": {"points": 24, "slots": 6, "bar_slots": 4, "adc_bits": 12}, "calibration": {}}`), 1, `no "match"`},
		{"header without board", trace(`{"trace": 1}`), 1, `no "board"`},
		{"header bad geometry", trace(header(`"points": 24`, `"points": 26`)), 1, "26 points"},
		{"header calibration short", trace(header(`"baseline": [2000,`, `"baseline": [`)), 1, "151 baseline levels, want one per sensor: 152"},
		{"header White levels without Black", trace(header(`, "black": [`, `, "blue": [`)), 1, `unknown field "blue"`},
		{"header checker levels without baselines", trace(header(`"baseline": [2000,`, `"base": [2000,`)), 1, `unknown field "base"`},
		{"header calibration inverted", trace(header(`"white": [2600`, `"white": [1600`)), 1, "sensor 0 (point 1 slot 0): White level 1600"},
		{"header negative match length", trace(header(`"length": 5`, `"length": -1`)), 1, "match length -1"},
		{"header match of a million points", trace(header(`"length": 5`, `"length": 1000000`)), 1, "match length 1000000: want 0 (money play) to 64"},
		{"header name with a newline", trace(header(`"Alice"`, `"Alice\nWins 1 point"`)), 1, "does not print"},
		{"header name with a NUL", trace(header(`"Bob"`, `"B\u0000b"`)), 1, "does not print"},
		{"header empty name", trace(header(`"Bob"`, `""`)), 1, "bad player name: empty"},
		{"header name of 5000 characters", trace(header(`"Bob"`, `"`+strings.Repeat("b", 5000)+`"`)), 1, "5000 characters, more than 32"},
		{"header trailing data", trace(testHeader + " {}"), 1, "invalid character"},
		{"line not JSON", trace(testHeader, `{"t":0,`), 2, "not a trace line"},
		{"line not an object", trace(testHeader, `[0, 1]`), 2, "not a trace line"},
		{"line trailing data", trace(testHeader, `{"t":0,"event":"done","side":0} {}`), 2, "data after the JSON object"},
		{"unknown field", trace(testHeader, `{"t":0,"event":"done","side":0,"note":"x"}`), 2, `unknown field "note"`},
		{"no t", trace(testHeader, `{"event":"done","side":0}`), 2, `no "t"`},
		{"t negative", trace(testHeader, `{"t":-1,"event":"done","side":0}`), 2, "t -1 is negative"},
		{"t fraction", trace(testHeader, `{"t":1.5,"event":"done","side":0}`), 2, "cannot unmarshal number 1.5"},
		{"t too large", trace(testHeader, `{"t":9999999999999999,"event":"done","side":0}`), 2, "too large"},
		{"t decreasing", trace(testHeader, frame, `{"t":50,"event":"done","side":0}`, `{"t":49,"event":"done","side":1}`), 4, "t 49 is before the previous line's 50"},
		{"nothing", trace(testHeader, `{"t":0}`), 2, `no "frame", "set" or "event"`},
		{"frame and event", trace(testHeader, `{"t":0,"event":"done","side":0,"frame":[]}`), 2, "more than one"},
		{"side without event", trace(testHeader, `{"t":0,"set":[],"side":0}`), 2, `"side", "dice" or "points" without an "event"`},
		{"points without event", trace(testHeader, `{"t":0,"set":[],"points":1}`), 2, `"side", "dice" or "points" without an "event"`},
		{"unknown event", trace(testHeader, `{"t":0,"event":"concede","side":0}`), 2, `unknown event "concede"`},
		{"resign without points", trace(testHeader, `{"t":0,"event":"resign","side":0}`), 2, "resign without points"},
		{"resign of 4", trace(testHeader, `{"t":0,"event":"resign","side":1,"points":4}`), 2, "resign of 4 points, want 1 (single), 2 (gammon), 3 (backgammon) or 0"},
		{"resign of -1", trace(testHeader, `{"t":0,"event":"resign","side":1,"points":-1}`), 2, "resign of -1 points"},
		{"nominate without dice", trace(testHeader, `{"t":0,"event":"nominate","side":0}`), 2, "nominate without dice"},
		{"nominate of 0-3", trace(testHeader, `{"t":0,"event":"nominate","side":0,"dice":[0,3]}`), 2, "nominate [0 3]: die 0 out of 1..6"},
		{"nominate with points", trace(testHeader, `{"t":0,"event":"nominate","side":0,"dice":[1,3],"points":1}`), 2, "nominate event with points"},
		{"offer without points", trace(testHeader, `{"t":0,"event":"offer","side":1}`), 2, "offer without points"},
		{"offer of 0", trace(testHeader, `{"t":0,"event":"offer","side":1,"points":0}`), 2, "offer of 0 games, want 1 to 384"},
		{"offer of 385", trace(testHeader, `{"t":0,"event":"offer","side":1,"points":385}`), 2, "offer of 385 games"},
		{"offer with dice", trace(testHeader, `{"t":0,"event":"offer","side":1,"points":2,"dice":[1,2]}`), 2, "offer event with dice"},
		{"accept with points", trace(testHeader, `{"t":0,"event":"accept","side":1,"points":2}`), 2, "accept event with points"},
		{"event not a string", trace(testHeader, `{"t":0,"event":3,"side":0}`), 2, "cannot unmarshal number"},
		{"event without side", trace(testHeader, `{"t":0,"event":"done"}`), 2, "done event without a side"},
		{"side 2", trace(testHeader, `{"t":0,"event":"take","side":2}`), 2, "take event for side 2"},
		{"roll without dice", trace(testHeader, `{"t":0,"event":"roll","side":0}`), 2, "roll without dice"},
		{"roll with one die", trace(testHeader, `{"t":0,"event":"roll","side":0,"dice":[4]}`), 2, "roll with 1 dice, want 2"},
		{"die of 7", trace(testHeader, `{"t":0,"event":"roll","side":0,"dice":[7,1]}`), 2, "roll [7 1]: die 7 out of 1..6"},
		{"die of 0", trace(testHeader, `{"t":0,"event":"roll","side":1,"dice":[3,0]}`), 2, "die 0 out of 1..6"},
		{"done with dice", trace(testHeader, `{"t":0,"event":"done","side":1,"dice":[3,1]}`), 2, "done event with dice"},
		{"frame too short", trace(testHeader, `{"t":0,"frame":[1,2,3]}`), 2, "frame has 3 readings, want 152"},
		{"frame reading beyond the ADC", trace(testHeader, frameLine(0, map[int]int{3: 4096})), 2, "sensor 3 (point 1 slot 3): reading 4096 beyond the 12-bit ADC's 0..4095"},
		{"frame reading negative", trace(testHeader, frameLine(0, map[int]int{150: -1})), 2, "sensor 150 (bar Black's half slot 2): reading -1"},
		{"set before any frame", trace(testHeader, `{"t":0,"set":[[1,2000]]}`), 2, `"set" before the first "frame"`},
		{"set sensor out of range", trace(testHeader, frame, `{"t":0,"set":[[1,2000],[152,2000]]}`), 3, "set: sensor 152, want 0..151"},
		{"set sensor negative", trace(testHeader, frame, `{"t":0,"set":[[-1,2000]]}`), 3, "set: sensor -1"},
		{"set reading beyond the ADC", trace(testHeader, frame, `{"t":0,"set":[[7,5000]]}`), 3, "sensor 7 (point 2 slot 1): reading 5000"},
		{"set entry of three numbers", trace(testHeader, frame, `{"t":0,"set":[[7,2000,1]]}`), 3, "set entry 0 has 3 numbers"},
		{"blank lines count", trace(testHeader, "", frame, "  ", `{"t":0}`), 5, `no "frame"`},
		{"line too long", trace(testHeader, frame, `{"t":0,"set":[`+strings.Repeat("[1,2000],", MaxTraceLine/9)+`[1,2000]]}`), 3, "line longer than"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := readAll(tc.input)
			var te *TraceError
			if !errors.As(err, &te) {
				t.Fatalf("error %v, want a *TraceError", err)
			}
			if te.Line != tc.line || !strings.Contains(te.Err.Error(), tc.want) {
				t.Errorf("error %q, want line %d: %q", err, tc.line, tc.want)
			}
			if !strings.HasPrefix(err.Error(), fmt.Sprintf("trace line %d: ", tc.line)) {
				t.Errorf("error %q does not start with the line", err)
			}
		})
	}
}

// TestTraceCutMidLine: a trace whose last line stops without its newline
// and does not read was cut while it was written: every line before it is
// read, then io.EOF, and Cut names the line. A last line without its
// newline that reads whole is no cut, and a bad line before the last is
// an error as ever.
func TestTraceCutMidLine(t *testing.T) {
	frame := frameLine(0, nil)
	done := `{"t":5,"event":"done","side":0}`
	for _, tc := range []struct {
		name    string
		input   string
		items   int
		cutLine int // 0: no cut
		errLine int // 0: no error
	}{
		{"whole", trace(testHeader, frame, done), 2, 0, 0},
		{"cut in the last line", trace(testHeader, frame) + done[:12], 1, 3, 0},
		{"cut in a frame", trace(testHeader, frame, done) + frame[:len(frame)/2], 2, 4, 0},
		{"last line whole without its newline", trace(testHeader, frame) + done, 2, 0, 0},
		{"bad line before the last", trace(testHeader, done[:12], frame), 0, 0, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr, err := NewTraceReader(strings.NewReader(tc.input), nil)
			if err != nil {
				t.Fatal(err)
			}
			items := 0
			for ; ; items++ {
				if _, err = tr.Next(); err != nil {
					break
				}
			}
			var te *TraceError
			switch {
			case tc.errLine > 0:
				if !errors.As(err, &te) || te.Line != tc.errLine || tr.Cut() != nil {
					t.Errorf("error %v, cut %v; want an error at line %d, no cut", err, tr.Cut(), tc.errLine)
				}
			case err != io.EOF || items != tc.items:
				t.Errorf("%d items then %v, want %d then io.EOF", items, err, tc.items)
			case tc.cutLine == 0 && tr.Cut() != nil:
				t.Errorf("Cut() = %v, want nil", tr.Cut())
			case tc.cutLine > 0 && (!errors.As(tr.Cut(), &te) || !errors.Is(te, ErrCut) || te.Line != tc.cutLine):
				t.Errorf("Cut() = %v, want ErrCut at line %d", tr.Cut(), tc.cutLine)
			}
		})
	}
}

// readAll reads a whole trace and returns the error that ended it, nil at
// io.EOF.
func readAll(input string) error {
	tr, err := NewTraceReader(strings.NewReader(input), nil)
	if err != nil {
		return err
	}
	for {
		if _, err := tr.Next(); err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
	}
}

func TestTraceErrorSticks(t *testing.T) {
	tr, err := NewTraceReader(strings.NewReader(trace(testHeader, `{"t":0,"event":"concede","side":0}`, frameLine(1, nil))), nil)
	if err != nil {
		t.Fatal(err)
	}
	_, first := tr.Next()
	_, again := tr.Next()
	if first == nil || again != first {
		t.Errorf("after %v, Next returned %v, want the same error", first, again)
	}
}

func TestTraceErrorLeavesFrame(t *testing.T) {
	// A line refused half-way must not have changed the readings held.
	tr, err := NewTraceReader(strings.NewReader(trace(testHeader, frameLine(0, nil), `{"t":1,"set":[[0,100],[999,5]]}`)), nil)
	if err != nil {
		t.Fatal(err)
	}
	it, _ := tr.Next()
	if _, err := tr.Next(); err == nil {
		t.Fatal("no error for the bad set")
	}
	if it.Frame[0] != 2000 {
		t.Errorf("sensor 0 reads %d after a refused set, want 2000", it.Frame[0])
	}
}

// TestParseFastMatchesJSON checks the fast path against encoding/json on
// the lines it takes, and that it leaves the rest to encoding/json.
func TestParseFastMatchesJSON(t *testing.T) {
	for _, tc := range []struct {
		line string
		fast bool
	}{
		{`{"t":0,"frame":[1,2,3]}`, true},
		{` { "t" : 10 , "set" : [ [ 1 , 2 ] , [3,4] ] } `, true},
		{"{\"t\":1,\r\n\t\"event\":\"roll\",\"side\":0,\"dice\":[6,3]}", true},
		{`{}`, true},
		{`{"t":-0,"frame":[]}`, true},
		{`{"t":1,"t":2,"event":"done","side":0}`, true},
		{`{"t":1,"frame":[1],"frame":[2,3]}`, true},
		{`{"t":123456789012345678,"set":[]}`, true},
		{`{"t":1234567890123456789,"set":[]}`, false},
		{`{"t":1e3,"set":[]}`, false},
		{`{"t":1.0,"set":[]}`, false},
		{`{"t":01,"set":[]}`, false},
		{`{"T":1,"set":[]}`, false},
		{`{"t":1,"event":"d\u006fne","side":0}`, false},
		{`{"t":1,"event":"dône","side":0}`, false},
		{`{"t":1,"frame":null}`, false},
		{`{"t":1,"set":[[1,2,3]]}`, false},
		{`{"t":1,"set":[[1]]}`, false},
		{`{"t":1,}`, false},
		{`{"t":1} x`, false},
		{`{"t":1`, false},
		{`{"t":- 1}`, false},
		{`{"t":1,"frame":[1 2]}`, false},
	} {
		t.Run(tc.line, func(t *testing.T) {
			var fast, slow line
			if got := fast.parseFast([]byte(tc.line)); got != tc.fast {
				t.Fatalf("parseFast = %v, want %v", got, tc.fast)
			}
			err := slow.parseJSON([]byte(tc.line))
			if tc.fast {
				if err != nil {
					t.Fatalf("parseJSON: %v", err)
				}
				if !sameLine(&fast, &slow) {
					t.Errorf("fast path %+v, encoding/json %+v", fast, slow)
				}
			}
		})
	}
}

// sameLine reports whether two parsed lines say the same thing.
func sameLine(a, b *line) bool {
	return a.hasT == b.hasT && a.hasFrame == b.hasFrame && a.hasSet == b.hasSet &&
		a.hasEvent == b.hasEvent && a.hasSide == b.hasSide && a.hasDice == b.hasDice &&
		a.t == b.t && a.side == b.side && string(a.event) == string(b.event) &&
		slicesEqual(a.frame, b.frame) && slicesEqual(a.set, b.set) && slicesEqual(a.dice, b.dice)
}

func slicesEqual[T comparable](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// FuzzParseLine checks that the fast path takes only lines encoding/json
// reads the same way.
func FuzzParseLine(f *testing.F) {
	for _, s := range []string{
		frameLine(0, nil), `{"t":10,"set":[[23,2135],[32,2049]]}`, `{"t":900,"event":"roll","side":0,"dice":[6,3]}`,
		`{"t":1e3}`, `{"t":-0,"event":"\u0064one"}`, `{}`, `{"t":1,"t":2}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var fast, slow line
		if !fast.parseFast(b) {
			return
		}
		if err := slow.parseJSON(b); err != nil {
			t.Fatalf("fast path took %q, encoding/json refused it: %v", b, err)
		}
		if !sameLine(&fast, &slow) {
			t.Fatalf("%q: fast path %+v, encoding/json %+v", b, fast, slow)
		}
	})
}

// fuzzBoard is a small board, so that the fuzzer spends its time on the
// body rather than on the header: 24 sensors.
var fuzzBoard = calib.Geometry{Points: 24, Slots: 1, BarSlots: 0, ADCBits: 12}

// FuzzTraceReader reads any body after a good header: it must end, with
// io.EOF or a *TraceError, without a panic, yielding only items that make
// sense.
func FuzzTraceReader(f *testing.F) {
	frame := frameLineFor(fuzzBoard, 0, nil)
	for _, s := range []string{
		trace(frame, `{"t":10,"set":[[3,2600]]}`, `{"t":900,"event":"roll","side":0,"dice":[6,3]}`, `{"t":900,"event":"done","side":1}`),
		trace(`{"t":0,"set":[[1,2]]}`), trace(`{"t":5,"event":"done","side":1}`, `{"t":4,"event":"done","side":1}`),
		trace(frame, `{"t":1,"set":[[24,1]]}`), "\n\n{\"t\":1}\r\n", `{"t":1,"frame":[1,2,3]}`,
	} {
		f.Add(s)
	}
	header := headerFor(fuzzBoard)
	f.Fuzz(func(t *testing.T, body string) {
		tr, err := NewTraceReader(strings.NewReader(header+"\n"+body), nil)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Count(body, "\n") + 1
		var last time.Time
		for items := 0; ; items++ {
			if items > lines {
				t.Fatalf("%d items from %d lines", items, lines)
			}
			it, err := tr.Next()
			if err == io.EOF {
				return
			}
			var te *TraceError
			if errors.As(err, &te) {
				if te.Line < 2 || te.Line > lines+1 {
					t.Fatalf("error on line %d of %d: %v", te.Line, lines+1, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("error %v, want a *TraceError", err)
			}
			if it.At.Before(last) {
				t.Fatalf("item at %v after one at %v", it.At, last)
			}
			last = it.At
			switch it.Kind {
			case FrameItem:
				for i, r := range it.Frame {
					if len(it.Frame) != fuzzBoard.Sensors() || int(r) > fuzzBoard.MaxReading() {
						t.Fatalf("frame of %d readings, sensor %d reads %d", len(it.Frame), i, r)
					}
				}
			case EventItem:
				if e := it.Event; e.Kind < Roll || e.Kind > Drop || e.Side > engine.Black || (e.Kind == Roll) != e.Dice.Valid() {
					t.Fatalf("event %+v", e)
				}
			default:
				t.Fatalf("item kind %d", it.Kind)
			}
		}
	})
}

func TestEventString(t *testing.T) {
	for _, tc := range []struct {
		e    Event
		want string
	}{
		{Event{Kind: Roll, Side: engine.Black, Dice: engine.Dice{4, 1}}, "Black roll 41"},
		{Event{Kind: Done, Side: engine.White}, "White done"},
		{Event{Kind: Drop, Side: engine.White}, "White drop"},
		{Event{Kind: Resign, Side: engine.Black, Points: 2}, "Black resign 2"},
		{Event{Kind: Reject, Side: engine.White}, "White reject"},
		{Event{Kind: Nominate, Side: engine.White, Dice: engine.Dice{6, 6}}, "White nominate 66"},
		{Event{Kind: Offer, Side: engine.Black, Points: 4}, "Black offer 4"},
		{Event{Kind: 99}, "White EventKind(99)"},
	} {
		t.Run(tc.want, func(t *testing.T) {
			if got := tc.e.String(); got != tc.want {
				t.Errorf("String() = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestTraceHeaderRules: the header's "rules" names the rule set the match
// is judged under; a header without it (a trace written before it named
// the tournament rules) is the US rules.
func TestTraceHeaderRules(t *testing.T) {
	for _, tc := range []struct {
		field string
		want  engine.RuleSet
	}{
		{"", engine.RulesUS},
		{`, "rules": "us"`, engine.RulesUS},
		{`, "rules": "danish"`, engine.RulesDanish},
		{`, "rules": "welsh"`, engine.RulesWelsh},
	} {
		header := strings.Replace(testHeader, `"black": "Bob"`, `"black": "Bob"`+tc.field, 1)
		tr, err := NewTraceReader(strings.NewReader(trace(header)), nil)
		if err != nil {
			t.Fatalf("rules field %q: %v", tc.field, err)
		}
		if got := tr.Header().Match.RuleSet(); got != tc.want {
			t.Errorf("rules field %q: RuleSet() = %q, want %q", tc.field, got, tc.want)
		}
	}
	bad := strings.Replace(testHeader, `"black": "Bob"`, `"black": "Bob", "rules": "dutch"`, 1)
	if _, err := NewTraceReader(strings.NewReader(trace(bad)), nil); err == nil || !strings.Contains(err.Error(), "dutch") {
		t.Errorf("rules \"dutch\": error %v, want it named", err)
	}
}
