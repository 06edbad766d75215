package sensing

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// line is one trace line after the header, parsed but not checked: what it
// holds, as the JSON said it. Its slices are reused from line to line.
type line struct {
	hasT, hasFrame, hasSet, hasEvent, hasSide, hasDice, hasPoints bool

	t      int64
	frame  []int64
	set    [][2]int64
	event  []byte
	side   int64
	dice   []int64
	points int64
}

// reset empties l, keeping its buffers.
func (l *line) reset() {
	*l = line{frame: l.frame[:0], set: l.set[:0], dice: l.dice[:0]}
}

// parse reads one JSON object into l: the fast path for the lines a board
// writes, and encoding/json for anything else it does not handle (escapes,
// exponents, odd keys), so both accept and refuse the same lines.
func (l *line) parse(b []byte) error {
	if l.parseFast(b) {
		return nil
	}
	return l.parseJSON(b)
}

// lineJSON is a trace line as encoding/json sees it. Pointers tell a
// missing field from a zero one.
type lineJSON struct {
	T      *int64     `json:"t"`
	Frame  *[]int64   `json:"frame"`
	Set    *[][]int64 `json:"set"`
	Event  *string    `json:"event"`
	Side   *int64     `json:"side"`
	Dice   *[]int64   `json:"dice"`
	Points *int64     `json:"points"`
}

// parseJSON is the slow path: encoding/json, strict about unknown fields
// and data after the object.
func (l *line) parseJSON(b []byte) error {
	l.reset()
	var js lineJSON
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&js); err != nil {
		return fmt.Errorf("not a trace line: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("not a trace line: data after the JSON object")
	}
	if js.T != nil {
		l.hasT, l.t = true, *js.T
	}
	if js.Frame != nil {
		l.hasFrame, l.frame = true, append(l.frame, *js.Frame...)
	}
	if js.Set != nil {
		l.hasSet = true
		for k, pair := range *js.Set {
			if len(pair) != 2 {
				return fmt.Errorf("set entry %d has %d numbers, want [sensor, reading]", k, len(pair))
			}
			l.set = append(l.set, [2]int64{pair[0], pair[1]})
		}
	}
	if js.Event != nil {
		l.hasEvent, l.event = true, append(l.event[:0], *js.Event...)
	}
	if js.Side != nil {
		l.hasSide, l.side = true, *js.Side
	}
	if js.Dice != nil {
		l.hasDice, l.dice = true, append(l.dice, *js.Dice...)
	}
	if js.Points != nil {
		l.hasPoints, l.points = true, *js.Points
	}
	return nil
}

// parseFast reads the lines a board writes: an object of the known keys,
// integers, strings without escapes. It reports false for anything else,
// valid or not, leaving it to parseJSON. It allocates only to grow l's
// buffers.
func (l *line) parseFast(b []byte) bool {
	l.reset()
	s := scanner{b: b}
	if !s.eat('{') {
		return false
	}
	if !s.eat('}') {
		for {
			if !l.field(&s) {
				return false
			}
			if s.eat('}') {
				break
			}
			if !s.eat(',') {
				return false
			}
		}
	}
	s.space()
	return s.i == len(s.b)
}

// field reads one key and its value. A repeated key replaces the earlier
// value, as in encoding/json.
func (l *line) field(s *scanner) bool {
	key, ok := s.str()
	if !ok || !s.eat(':') {
		return false
	}
	switch string(key) {
	case "t":
		l.t, ok = s.integer()
		l.hasT = true
	case "frame":
		l.frame, ok = s.ints(l.frame[:0])
		l.hasFrame = true
	case "set":
		l.set, ok = s.pairs(l.set[:0])
		l.hasSet = true
	case "event":
		l.event, ok = s.str()
		l.hasEvent = true
	case "side":
		l.side, ok = s.integer()
		l.hasSide = true
	case "dice":
		l.dice, ok = s.ints(l.dice[:0])
		l.hasDice = true
	case "points":
		l.points, ok = s.integer()
		l.hasPoints = true
	default:
		return false
	}
	return ok
}

// scanner reads JSON tokens from b, from i on.
type scanner struct {
	b []byte
	i int
}

// space skips JSON white space.
func (s *scanner) space() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// eat skips white space and then c, and reports whether c was there.
func (s *scanner) eat(c byte) bool {
	s.space()
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

// str reads a string of printable ASCII without escapes, and returns its
// content, a slice of b.
func (s *scanner) str() ([]byte, bool) {
	if !s.eat('"') {
		return nil, false
	}
	start := s.i
	for ; s.i < len(s.b); s.i++ {
		switch c := s.b[s.i]; {
		case c == '"':
			s.i++
			return s.b[start : s.i-1], true
		case c == '\\' || c < 0x20 || c >= 0x7f:
			return nil, false
		}
	}
	return nil, false
}

// maxDigits keeps integer's value within an int64.
const maxDigits = 18

// integer reads an integer as JSON writes it: no leading zero, no fraction, no
// exponent, at most maxDigits digits.
func (s *scanner) integer() (int64, bool) {
	s.space()
	neg := s.i < len(s.b) && s.b[s.i] == '-'
	if neg {
		s.i++
	}
	start := s.i
	var n int64
	for ; s.i < len(s.b) && '0' <= s.b[s.i] && s.b[s.i] <= '9'; s.i++ {
		n = n*10 + int64(s.b[s.i]-'0')
	}
	digits := s.i - start
	if digits == 0 || digits > maxDigits || (digits > 1 && s.b[start] == '0') {
		return 0, false
	}
	if s.i < len(s.b) {
		if c := s.b[s.i]; c == '.' || c == 'e' || c == 'E' {
			return 0, false
		}
	}
	if neg {
		n = -n
	}
	return n, true
}

// ints reads an array of integers, appending them to dst.
func (s *scanner) ints(dst []int64) ([]int64, bool) {
	if !s.eat('[') {
		return dst, false
	}
	if s.eat(']') {
		return dst, true
	}
	for {
		n, ok := s.integer()
		if !ok {
			return dst, false
		}
		dst = append(dst, n)
		if s.eat(']') {
			return dst, true
		}
		if !s.eat(',') {
			return dst, false
		}
	}
}

// pairs reads an array of two-integer arrays, appending them to dst.
func (s *scanner) pairs(dst [][2]int64) ([][2]int64, bool) {
	if !s.eat('[') {
		return dst, false
	}
	if s.eat(']') {
		return dst, true
	}
	for {
		var p [2]int64
		var ok bool
		if !s.eat('[') {
			return dst, false
		}
		if p[0], ok = s.integer(); !ok || !s.eat(',') {
			return dst, false
		}
		if p[1], ok = s.integer(); !ok || !s.eat(']') {
			return dst, false
		}
		dst = append(dst, p)
		if s.eat(']') {
			return dst, true
		}
		if !s.eat(',') {
			return dst, false
		}
	}
}
