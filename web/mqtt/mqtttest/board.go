package mqtttest

import (
	"bytes"
	"os"
	"testing"

	"gammond/record"
	"gammond/referee"
	"gammond/web/mqtt"
)

// ReplayBoard plays a recorded trace (shared/design/TRACE.md) through the
// board's pipeline on virtual time and publishes to sink as the daemon does:
// each event numbered from 1, then the state after it, and the .mat record
// at each game's end (finished at the match's). It returns the record.
func ReplayBoard(t testing.TB, trace string, players [2]string, sink mqtt.Sink) []byte {
	t.Helper()
	f, err := os.Open(trace)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var (
		p     *referee.Pipeline
		tr    *record.Transcript
		seq   uint64
		pubOK = true
	)
	check := func(err error) {
		if err != nil && pubOK {
			pubOK = false
			t.Errorf("%s: publishing: %v", trace, err)
		}
	}
	p, h, err := referee.OpenTrace(f, func(e referee.Event) {
		tr.Event(e)
		seq++
		s := e.Summary()
		s.Seq = seq
		check(sink.Event(s))
		check(sink.State(p.Referee.Status()))
		if e.Kind == referee.GameOver || e.Kind == referee.MatchOver {
			check(sink.Match(players, matBytes(t, tr), e.Kind == referee.MatchOver))
		}
	})
	if err != nil {
		t.Fatalf("%s: %v", trace, err)
	}
	tr = record.NewTranscript(h.Match.Length, players)
	if err := p.Run(); err != nil {
		t.Fatalf("%s: %v", trace, err)
	}
	return matBytes(t, tr)
}

func matBytes(t testing.TB, tr *record.Transcript) []byte {
	var b bytes.Buffer
	if _, err := tr.Match().WriteTo(&b); err != nil {
		t.Fatalf("writing the .mat: %v", err)
	}
	return b.Bytes()
}
