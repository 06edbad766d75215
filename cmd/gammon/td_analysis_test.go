package main

import (
	"strings"
	"testing"
)

// TestTDAnalysisFlags: the desk's analysis flags, their defaults and their
// bounds.
func TestTDAnalysisFlags(t *testing.T) {
	base := []string{"--broker", "mqtt://127.0.0.1:1883", "--dir", "m"}
	a, _, err := parseTDArgs(base)
	if err != nil || a.analysePly != 0 || a.analyseWorkers != 1 || a.analysisDir != "" {
		t.Fatalf("defaults: %+v, %v", a, err)
	}
	a, _, err = parseTDArgs(append(base, "--analyse-ply", "2", "--analyse-workers", "3", "--analysis-dir", "x"))
	if err != nil || a.analysePly != 2 || a.analyseWorkers != 3 || a.analysisDir != "x" {
		t.Fatalf("set: %+v, %v", a, err)
	}
	for _, bad := range [][]string{{"--analyse-ply", "8"}, {"--analyse-ply", "-1"}, {"--analyse-workers", "0"}} {
		if _, _, err := parseTDArgs(append(base, bad...)); err == nil || !strings.Contains(err.Error(), bad[0]) {
			t.Errorf("%v: error %v", bad, err)
		}
	}
}
