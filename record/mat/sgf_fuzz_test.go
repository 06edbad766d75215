package mat

import (
	"bytes"
	"fmt"
	"os"
	"testing"
)

// FuzzWriteSGF writes every record Read takes as SGF, with a note of any
// text on its first game: WriteSGF must not panic and, unless a move is one
// no board allows, must write a well-formed SGF collection, every value of
// it (names, tags, comments, notes) escaped.
func FuzzWriteSGF(f *testing.F) {
	for _, file := range allRecords(f) {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		if len(data) <= 1024 { // small seeds: the fuzzer minimizes each new input
			f.Add(data, "a note")
		}
	}
	f.Add([]byte(head+"  1) 31: 8/5 6/5   42: 8/4 6/4\n  2)  Doubles => 2  Drops\n      Wins 1 point\n"), `a \ note] with ]] brackets [`)
	f.Fuzz(func(t *testing.T, data []byte, note string) {
		m, err := Read(bytes.NewReader(data), "fuzz.mat")
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := m.WriteSGF(&out, []Note{{Game: 0, Turn: -1, Text: note}, {Game: 0, Turn: 0, Text: note}}); err != nil {
			return // a move no board allows
		}
		if err := checkSGF(out.Bytes()); err != nil {
			t.Fatalf("%v in:\n%s", err, out.Bytes())
		}
	})
}

// checkSGF checks the syntax of an SGF collection: game trees in
// parentheses, nodes of properties, each an upper-case identifier and one
// or more bracketed values in which '\' escapes the next byte.
func checkSGF(s []byte) error {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '(':
			depth++
		case c == ')':
			if depth--; depth < 0 {
				return fmt.Errorf("byte %d: ')' closes no game tree", i)
			}
		case c == ';' || c == '\n' || c == ' ':
			if depth == 0 && c == ';' {
				return fmt.Errorf("byte %d: a node outside a game tree", i)
			}
		case c >= 'A' && c <= 'Z':
			for i+1 < len(s) && s[i+1] >= 'A' && s[i+1] <= 'Z' {
				i++
			}
			if i+1 >= len(s) || s[i+1] != '[' {
				return fmt.Errorf("byte %d: a property without a value", i)
			}
			for i+1 < len(s) && s[i+1] == '[' {
				end, err := valueEnd(s, i+2)
				if err != nil {
					return err
				}
				i = end
			}
		default:
			return fmt.Errorf("byte %d: %q outside a value", i, c)
		}
	}
	if depth != 0 {
		return fmt.Errorf("%d game trees left open", depth)
	}
	return nil
}

// valueEnd returns the index of the ']' that closes the value starting at
// from.
func valueEnd(s []byte, from int) (int, error) {
	for i := from; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case ']':
			return i, nil
		}
	}
	return 0, fmt.Errorf("byte %d: a value never closed", from-1)
}
