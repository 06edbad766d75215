package referee

import (
	"bytes"
	"os"
	"testing"

	"gammond/sensing/sim"
)

func TestZZDebug(t *testing.T) {
	if os.Getenv("ZZ") == "" {
		t.Skip()
	}
	files := sharedMatches(t)
	script, err := readScript(files[10])
	if err != nil {
		t.Fatal(err)
	}
	opts := sim.DefaultOpts
	opts.Seed, opts.IllegalRate = 11, 0
	magnets.set(&opts)
	var trace bytes.Buffer
	want, err := sim.Simulate(&trace, script, &opts)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile("/tmp/w21wire/zz.jsonl", trace.Bytes(), 0o644)
	events := replayJudged(t, bytes.NewReader(trace.Bytes()), Judging(os.Getenv("ZZ")))
	for _, e := range events {
		t.Logf("%v", e.Summary())
	}
	checkReplay(t, events, want)
}
