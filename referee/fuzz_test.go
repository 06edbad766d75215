package referee

import (
	"bytes"
	"encoding/json"
	"testing"
)

// FuzzParseInput: ParseInput does not panic, and an input it accepts,
// journalled again, reads back to the same journal record.
func FuzzParseInput(f *testing.F) {
	for _, s := range []string{
		`{"at":"1970-01-01T00:00:01Z","kind":"roll","side":1,"dice":[6,3]}`, `{"kind":"settled","board":{"points":[0,2]}}`,
		`{"kind":"score","score":[3,-1]}`, `{"kind":"cube","side":1,"long":true}`, `{"kind":"pause","paused":true}`,
		`{"kind":"jump"}`, `{"kind":"done","side":2}`, `{"kind":"roll","dice":[7,1]}`, `{"kind":`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		in, err := ParseInput(b)
		if err != nil {
			return
		}
		first, err := json.Marshal(in)
		if err != nil {
			t.Fatalf("journalling %+v: %v", in, err)
		}
		again, err := ParseInput(first)
		if err != nil {
			t.Fatalf("reading back %s: %v", first, err)
		}
		if second, _ := json.Marshal(again); !bytes.Equal(first, second) {
			t.Fatalf("journalled %s, read back and journalled again %s", first, second)
		}
	})
}
