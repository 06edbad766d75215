package check

import (
	"encoding"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/BurntSushi/toml"
)

// DecodeFile decodes the TOML file at path into v, over the values v
// holds (the defaults). Every error is one line, "FILE:LINE: key: what is
// wrong", in plain words: a key v has no place for (with the nearest key
// it has, when one is near, or why it is no longer read when v is a
// Retirer that names it), a value of the wrong type, a duration without
// a unit.
func DecodeFile(path string, v any) error {
	return decodeFile(path, v, true)
}

// DecodeFileSections is DecodeFile for a tool that reads only some of a
// program's sections (gammon calibrate, gammond's [board] and [scan]): the
// keys v has no place for are left to the program that owns them.
func DecodeFileSections(path string, v any) error {
	return decodeFile(path, v, false)
}

// Retirer is a config with keys it no longer reads: a file that still
// sets one is told why, not only that the key is unknown.
type Retirer interface {
	// RetiredKeys maps each dotted key ("scan.settle") to why it is no
	// longer read.
	RetiredKeys() map[string]string
}

func decodeFile(path string, v any, allKeys bool) error {
	raw, err := os.ReadFile(path)
	if err != nil {
		return fileError(path, err)
	}
	src := newSource(path, raw)
	for _, key := range durationKeys(reflect.TypeOf(v)) {
		src.durations[key] = true
	}
	md, err := toml.Decode(string(raw), v)
	if err != nil {
		return src.decodeError(err)
	}
	var found problems
	if allKeys {
		var retired map[string]string
		if r, ok := v.(Retirer); ok {
			retired = r.RetiredKeys()
		}
		src.unknownKeys(md, knownKeys(reflect.TypeOf(v)), retired, &found)
	}
	src.unitlessDurations(md, &found)
	return found.err()
}

// InFile puts the file and, where the file sets the key, the line in front
// of each line of err, a Problems list of the settings path holds: the
// style of the decoder's errors, "FILE:LINE: key: what is wrong".
func InFile(path string, err error) error {
	if err == nil {
		return nil
	}
	raw, readErr := os.ReadFile(path)
	if readErr != nil {
		raw = nil // every line then names the file alone
	}
	src := newSource(path, raw)
	lines := strings.Split(err.Error(), "\n")
	for i, l := range lines {
		key, _, _ := strings.Cut(l, ": ")
		lines[i] = src.at(key) + l
	}
	return errors.New(strings.Join(lines, "\n"))
}

// fileError is a file that cannot be read, as "FILE: what".
func fileError(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("%s: %w", path, err)
}

// source is a config file's text: which line sets each key, and to what.
type source struct {
	path      string
	lines     map[string]int    // dotted key (or section) → line number
	values    map[string]string // dotted key → its value as written
	durations map[string]bool   // the keys that take a time.Duration
}

// newSource indexes the keys and sections of a TOML text, line by line:
// enough to say where a key is set (a value over several lines counts
// from its first).
func newSource(path string, raw []byte) *source {
	s := &source{path: path, lines: make(map[string]int), values: make(map[string]string), durations: make(map[string]bool)}
	section := ""
	for n, line := range strings.Split(string(raw), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "["):
			name := strings.Trim(strings.TrimSpace(stripComment(line)), "[]")
			section = dottedKey(name)
			s.lines[section] = n + 1
		case strings.Contains(line, "=") && !strings.HasPrefix(line, "#"):
			k, val, _ := strings.Cut(line, "=")
			key := dottedKey(k)
			if section != "" {
				key = section + "." + key
			}
			if _, seen := s.lines[key]; !seen {
				s.lines[key], s.values[key] = n+1, strings.TrimSpace(stripComment(val))
			}
		}
	}
	return s
}

// dottedKey is a TOML key as the decoder names it: its parts, unquoted,
// joined by dots.
func dottedKey(k string) string {
	parts := strings.Split(k, ".")
	for i, p := range parts {
		parts[i] = strings.Trim(strings.TrimSpace(p), `"'`)
	}
	return strings.Join(parts, ".")
}

// stripComment cuts a comment after a value (not a # inside a string).
func stripComment(s string) string {
	inString := false
	for i, r := range s {
		switch {
		case r == '"':
			inString = !inString
		case r == '#' && !inString:
			return s[:i]
		}
	}
	return s
}

// at is the prefix of a problem with key: "FILE:LINE: ", or "FILE: " when
// the file does not set it. A list's element (key[2]) is on its key's line.
func (s *source) at(key string) string {
	key, _, _ = strings.Cut(key, "[")
	if n, ok := s.lines[key]; ok {
		return fmt.Sprintf("%s:%d: ", s.path, n)
	}
	return s.path + ": "
}

// keyError is a problem with key, at its line.
func (s *source) keyError(key, format string, a ...any) error {
	return fmt.Errorf("%s%s: "+format, append([]any{s.at(key), key}, a...)...)
}

// decodeError rewrites the TOML decoder's error: the file, the line, the
// key, and what is wrong in plain words.
func (s *source) decodeError(err error) error {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		if pe.LastKey != "" {
			return fmt.Errorf("%s:%d: %s: %s", s.path, pe.Position.Line, oneLine(pe.LastKey), s.plainWords(pe.LastKey, oneLine(pe.Message)))
		}
		return fmt.Errorf("%s:%d: %s", s.path, pe.Position.Line, oneLine(pe.Message))
	}
	if m := decoderError.FindStringSubmatch(err.Error()); m != nil {
		return fmt.Errorf("%s:%s: %s: %s", s.path, m[1], oneLine(m[2]), s.plainWords(m[2], oneLine(m[3])))
	}
	return fmt.Errorf("%s: %w", s.path, err)
}

// decoderError is the form of the decoder's type errors.
var decoderError = regexp.MustCompile(`(?s)^toml: line (\d+) \(last key "([^"]*)"\): (.*)$`)

// The decoder's type jargon: a value of the wrong type, and a section
// given a value.
var (
	wrongType   = regexp.MustCompile(`^incompatible types: TOML value has type \w+; destination has type (\w+)$`)
	notASection = regexp.MustCompile(`^type mismatch for [\w.]+: expected table but found \w+$`)
	badDuration = regexp.MustCompile(`^invalid duration: (".*")$`)
)

// wanted says in words what a Go type of the decoder's message takes.
var wanted = map[string]string{
	"integer": "a whole number, e.g. 5",
	"float":   "a number, e.g. 2.5",
	"boolean": "true or false",
	"string":  `text in double quotes, e.g. "text"`,
	"slice":   "a list in brackets, e.g. [1, 2]",
	"array":   "a list in brackets, e.g. [1, 2]",
}

// plainWords rewrites the decoder's message about key in plain words,
// quoting the value as the file writes it.
func (s *source) plainWords(key, msg string) string {
	value := s.values[key]
	if s.durations[key] && wrongType.MatchString(msg) {
		return fmt.Sprintf(`%s: want a duration with its unit, e.g. "%ss"`, value, strings.Trim(value, `"`))
	}
	if m := wrongType.FindStringSubmatch(msg); m != nil {
		if want, ok := wanted[m[1]]; ok {
			if value == "" {
				return "want " + want
			}
			return fmt.Sprintf("%s: want %s", value, want)
		}
	}
	if notASection.MatchString(msg) {
		return fmt.Sprintf("is a section: write [%s] and its keys under it", key)
	}
	if m := badDuration.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("%s: not a duration: give a number and a unit, e.g. \"2s\" or \"150ms\"", m[1])
	}
	return msg
}

// problem is one problem of a file, on the line of its key (0: none).
type problem struct {
	line int
	err  error
}

// problems are a file's problems found after decoding it.
type problems []problem

func (p *problems) add(line int, err error) { *p = append(*p, problem{line, err}) }

// err returns the problems one a line, in the file's order.
func (p problems) err() error {
	slices.SortStableFunc(p, func(a, b problem) int { return a.line - b.line })
	errs := make([]error, len(p))
	for i, e := range p {
		errs[i] = e.err
	}
	return errors.Join(errs...)
}

// unknownKeys reports each key of the file that v has no place for, with
// why it is no longer read when retired says, else the nearest known key
// when one is near; a section unknown with all its keys is reported once.
func (s *source) unknownKeys(md toml.MetaData, known []string, retired map[string]string, found *problems) {
	undecoded := make(map[string]bool)
	for _, k := range md.Undecoded() {
		undecoded[k.String()] = true
	}
	for _, k := range md.Undecoded() {
		key := k.String()
		if parent := key[:max(0, strings.LastIndex(key, "."))]; undecoded[parent] {
			continue
		}
		if why, ok := retired[key]; ok {
			found.add(s.lines[key], s.keyError(key, "no longer read: %s; remove it", why))
			continue
		}
		what := "unknown key"
		if md.Type(k...) == "Hash" {
			what = "unknown section"
		}
		if near := nearest(key, known); near != "" {
			what += "; did you mean " + near + "?"
		}
		found.add(s.lines[key], s.keyError(key, "%s", what))
	}
}

// unitlessDurations reports each duration the file gives as a bare
// number, which the decoder would take as nanoseconds: "2" meant 2 s.
// Zero is zero in any unit.
func (s *source) unitlessDurations(md toml.MetaData, found *problems) {
	for key := range s.durations {
		parts := strings.Split(key, ".")
		if md.Type(parts...) != "Integer" || s.values[key] == "0" {
			continue
		}
		value := s.values[key]
		found.add(s.lines[key], fmt.Errorf(`%s%s = %s: give a unit, e.g. "%ss"`, s.at(key), key, value, value))
	}
}

var (
	durationType = reflect.TypeFor[time.Duration]()
	tomlDecoder  = reflect.TypeFor[toml.Unmarshaler]()
	textDecoder  = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// knownKeys lists the dotted keys (and sections) of the struct t points
// to, as its toml tags name them.
func knownKeys(t reflect.Type) []string {
	var keys []string
	walkKeys(t, "", func(key string, _ reflect.Type) { keys = append(keys, key) })
	return keys
}

// durationKeys lists the keys of t that hold a time.Duration.
func durationKeys(t reflect.Type) []string {
	var keys []string
	walkKeys(t, "", func(key string, ft reflect.Type) {
		if ft == durationType {
			keys = append(keys, key)
		}
	})
	return keys
}

// walkKeys calls f with every key of the struct t (or a pointer to one)
// and its type, sections before their keys.
func walkKeys(t reflect.Type, prefix string, f func(key string, t reflect.Type)) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return
	}
	for i := range t.NumField() {
		field := t.Field(i)
		name, _, _ := strings.Cut(field.Tag.Get("toml"), ",")
		if name == "-" || !field.IsExported() {
			continue
		}
		if name == "" {
			name = field.Name
		}
		key := prefix + name
		f(key, field.Type)
		ft := reflect.PointerTo(field.Type)
		if field.Type.Kind() == reflect.Struct && !ft.Implements(tomlDecoder) && !ft.Implements(textDecoder) {
			walkKeys(field.Type, key+".", f)
		}
	}
}

// nearest returns the known key a typo most likely meant: one or two
// letters off (a third of a long key's), or the same name in another
// section; "" when none is near.
func nearest(key string, known []string) string {
	best, bestDist := "", max(2, len(key)/4)+1
	name := key[strings.LastIndex(key, ".")+1:]
	for _, k := range known {
		d := editDistance(key, k)
		if d < bestDist {
			best, bestDist = k, d
		}
	}
	if best != "" {
		return best
	}
	for _, k := range known {
		if k[strings.LastIndex(k, ".")+1:] == name {
			return k
		}
	}
	return ""
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// oneLine escapes the control characters of a decoder's message, which
// quotes the file's text (a newline included): each problem stays one line
// starting with the file name.
func oneLine(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsControl(r) {
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
