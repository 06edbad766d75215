package engine

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// decodeOracleRecord decodes one line of the oracle, which is always of
// one shape: {"position": S, "dice": [D, D], "plays": [{"move": S,
// "after": S}, ...], "board": [[25 counts], [25 counts]]}, keys in any
// order. encoding/json takes some 3 s over the file's 6,258 lines under
// -race (0.25 s without), a fifth of the package's tests; this scanner
// of that one shape takes a fraction. TestDecodeOracleRecordAsJSON checks
// it against encoding/json.
func decodeOracleRecord(line []byte) (oracleRecord, error) {
	var r oracleRecord
	c := &jsonCursor{s: line}
	c.object(func(key string) {
		switch key {
		case "position":
			r.Position = c.str()
		case "dice":
			c.array(2, func(i int) { r.Dice[i] = c.integer(0, 6) })
		case "board":
			c.array(2, func(side int) {
				c.array(len(r.Board[side]), func(p int) { r.Board[side][p] = uint8(c.integer(0, 255)) })
			})
		case "plays":
			r.Plays = []oraclePlay{} // [] is an empty list, not none, as encoding/json has it
			c.array(-1, func(int) {
				var move, after string
				c.object(func(key string) {
					switch key {
					case "move":
						move = c.str()
					case "after":
						after = c.str()
					default:
						c.fail("unknown key %q in a play", key)
					}
				})
				r.Plays = append(r.Plays, oraclePlay{move, after})
			})
		default:
			c.fail("unknown key %q", key)
		}
	})
	if c.space(); c.err == nil && c.i < len(c.s) {
		c.fail("text after the record")
	}
	return r, c.err
}

// jsonCursor reads the JSON of decodeOracleRecord: objects, arrays,
// strings without escapes and non-negative integers. The first error
// sticks and ends the reading.
type jsonCursor struct {
	s   []byte
	i   int
	err error
}

func (c *jsonCursor) fail(format string, args ...any) {
	if c.err == nil {
		c.err = fmt.Errorf("byte %d: %s", c.i+1, fmt.Sprintf(format, args...))
	}
}

func (c *jsonCursor) space() {
	for c.i < len(c.s) && (c.s[c.i] == ' ' || c.s[c.i] == '\t' || c.s[c.i] == '\r' || c.s[c.i] == '\n') {
		c.i++
	}
}

// take consumes b, after any space, and reports whether it was there.
func (c *jsonCursor) take(b byte) bool {
	c.space()
	if c.err == nil && c.i < len(c.s) && c.s[c.i] == b {
		c.i++
		return true
	}
	return false
}

func (c *jsonCursor) expect(b byte) {
	if !c.take(b) {
		c.fail("want %q", b)
	}
}

func (c *jsonCursor) str() string {
	c.expect('"')
	start := c.i
	for c.err == nil && c.i < len(c.s) && c.s[c.i] != '"' {
		if c.s[c.i] == '\\' || c.s[c.i] < ' ' {
			c.fail("an escape or control character in a string")
		}
		c.i++
	}
	s := string(c.s[start:min(c.i, len(c.s))])
	c.expect('"')
	return s
}

// integer reads a number from lo to hi.
func (c *jsonCursor) integer(lo, hi int) int {
	c.space()
	start, n := c.i, 0
	for c.i < len(c.s) && c.s[c.i] >= '0' && c.s[c.i] <= '9' && n <= hi {
		n = 10*n + int(c.s[c.i]-'0')
		c.i++
	}
	if c.i == start || n < lo || n > hi {
		c.fail("want a number from %d to %d", lo, hi)
	}
	return n
}

// array reads an array of n elements (any number if n < 0), each with
// elem.
func (c *jsonCursor) array(n int, elem func(i int)) {
	c.expect('[')
	i := 0
	if !c.take(']') {
		for c.err == nil {
			if i == n {
				c.fail("more than %d elements", n)
				return
			}
			elem(i)
			i++
			if !c.take(',') {
				c.expect(']')
				break
			}
		}
	}
	if c.err == nil && n >= 0 && i != n {
		c.fail("%d elements, want %d", i, n)
	}
}

// object reads an object, each member's value with value.
func (c *jsonCursor) object(value func(key string)) {
	c.expect('{')
	if c.take('}') {
		return
	}
	for c.err == nil {
		key := c.str()
		c.expect(':')
		if c.err != nil {
			return
		}
		value(key)
		if !c.take(',') {
			c.expect('}')
			return
		}
	}
}

// TestDecodeOracleRecordAsJSON: decodeOracleRecord reads every 50th line
// of the oracle as encoding/json does, and refuses what does not have the
// oracle's shape.
func TestDecodeOracleRecordAsJSON(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "testdata", "movegen.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		if n%50 != 1 {
			continue
		}
		var want oracleRecord
		if err := json.Unmarshal(sc.Bytes(), &want); err != nil {
			t.Fatal(err)
		}
		got, err := decodeOracleRecord(sc.Bytes())
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("line %d: %+v, %v; encoding/json reads %+v", n, got, err, want)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	good := `{"position": "4HPwATDgc/ABMA", "dice": [6, 5], "plays": [{"move": "24/13", "after": "x"}], "board": [[` +
		strings.Repeat("0, ", 24) + `0], [` + strings.Repeat("0, ", 24) + `15]]}`
	if _, err := decodeOracleRecord([]byte(good)); err != nil {
		t.Fatalf("a good record: %v", err)
	}
	for name, bad := range map[string]string{
		"truncated":      good[:len(good)-3],
		"trailing text":  good + " x",
		"unknown key":    strings.Replace(good, `"dice"`, `"dies"`, 1),
		"three dice":     strings.Replace(good, `[6, 5]`, `[6, 5, 4]`, 1),
		"die of 7":       strings.Replace(good, `[6, 5]`, `[7, 5]`, 1),
		"negative count": strings.Replace(good, `15]]`, `-1]]`, 1),
		"count of 300":   strings.Replace(good, `15]]`, `300]]`, 1),
		"short board":    strings.Replace(good, `0, 15]]`, `15]]`, 1),
		"escape":         strings.Replace(good, `24/13`, `24\/13`, 1),
		"a play's key":   strings.Replace(good, `"after"`, `"before"`, 1),
	} {
		if _, err := decodeOracleRecord([]byte(bad)); err == nil {
			t.Errorf("%s: decoded without an error", name)
		}
	}
}
