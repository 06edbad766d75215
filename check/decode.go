package check

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/BurntSushi/toml"
)

// DecodeFile decodes the TOML file at path into v, over the values v
// holds (the defaults). Every error starts with the file name (and the
// line, where the decoder says it), one line each; a key v has no place
// for is an error that names it.
func DecodeFile(path string, v any) error {
	md, err := toml.DecodeFile(path, v)
	if err != nil {
		return decodeError(path, err)
	}
	if keys := md.Undecoded(); len(keys) > 0 {
		names := make([]string, len(keys))
		for i, k := range keys {
			names[i] = k.String()
		}
		return fmt.Errorf("%s: unknown keys: %s", path, strings.Join(names, ", "))
	}
	return nil
}

// DecodeFileSections is DecodeFile for a tool that reads only some of a
// program's sections (gammon calibrate, gammond's [board] and [scan]): the
// keys v has no place for are left to the program that owns them.
func DecodeFileSections(path string, v any) error {
	if _, err := toml.DecodeFile(path, v); err != nil {
		return decodeError(path, err)
	}
	return nil
}

// decodeError puts the file name in front of the TOML decoder's error.
func decodeError(path string, err error) error {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		if pe.LastKey != "" {
			return fmt.Errorf("%s:%d: %s: %s", path, pe.Position.Line, oneLine(pe.LastKey), oneLine(pe.Message))
		}
		return fmt.Errorf("%s:%d: %s", path, pe.Position.Line, oneLine(pe.Message))
	}
	if m := decoderError.FindStringSubmatch(err.Error()); m != nil {
		return fmt.Errorf("%s:%s: %s: %s", path, m[1], oneLine(m[2]), oneLine(m[3]))
	}
	return fmt.Errorf("%s: %w", path, err)
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

// decoderError is the form of the decoder's type errors.
var decoderError = regexp.MustCompile(`(?s)^toml: line (\d+) \(last key "([^"]*)"\): (.*)$`)
