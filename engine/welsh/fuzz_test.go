package welsh

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"
)

// FuzzReadRecord feeds any text to ReadRecord: it must not panic, must
// fail only with ErrRecord, and a record it reads must write text that
// reads back to a record writing the same text; Check must not panic on it.
func FuzzReadRecord(f *testing.F) {
	f.Add(opening)
	f.Add(strings.Replace(opening, "White play 13/12 12/8", "White play 13/7 13/9", 1))
	f.Add(opening + "end White checked-out 1 score 1-0\nmatch White\n")
	f.Add("welsh-match\ngame White 2\nWhite nominate 66\nWhite offer 2 fiver\nBlack reject\nWhite timeout\n")
	f.Add("welsh-match\ngame Black 1\nBlack throw 21\nBlack play bar/20* 2/3 3/off\n")
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := ReadRecord(strings.NewReader(text))
		if err != nil {
			if !errors.Is(err, ErrRecord) {
				t.Fatalf("error %v is not ErrRecord", err)
			}
			return
		}
		Check(rec)
		var first, second bytes.Buffer
		if _, err := rec.WriteTo(&first); err != nil {
			t.Fatalf("writing the record read: %v", err)
		}
		again, err := ReadRecord(bytes.NewReader(first.Bytes()))
		if err != nil {
			t.Fatalf("reading the written record: %v\n%s", err, first.Bytes())
		}
		if _, err := again.WriteTo(&second); err != nil {
			t.Fatalf("writing the record read back: %v", err)
		}
		if first.String() != second.String() {
			t.Fatalf("the record read back writes differently:\n%s\n---\n%s", first.String(), second.String())
		}
	})
}

// FuzzParseMoves: ParseMoves fails only with ErrNotation, and the moves it
// reads, written by FormatPlay, read back the same.
func FuzzParseMoves(f *testing.F) {
	for _, s := range []string{"13/12 12/8", "bar/20* 2/3 3/off", "", "25/3 4/0", "13/13", "off/3", "3/bar", "13/12/8", "x/3", "24/18*"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		moves, err := ParseMoves(s)
		if err != nil {
			if !errors.Is(err, ErrNotation) {
				t.Fatalf("ParseMoves(%q) error %v is not ErrNotation", s, err)
			}
			return
		}
		again, err := ParseMoves(FormatPlay(moves))
		if err != nil || !slices.Equal(again, moves) {
			t.Fatalf("ParseMoves(%q) = %v, written %q, reads back %v, %v", s, moves, FormatPlay(moves), again, err)
		}
	})
}
