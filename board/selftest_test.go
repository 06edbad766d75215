package board_test

import (
	"strings"
	"testing"

	"gammond/board"
)

func TestSelfTestPasses(t *testing.T) {
	var out strings.Builder
	if !board.SelfTest(&out) {
		t.Fatalf("self-test failed:\n%s", out.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines, want one per check (2):\n%s", len(lines), out.String())
	}
	for _, l := range lines {
		if !strings.HasSuffix(l, ": ok") {
			t.Errorf("%q does not end in \": ok\"", l)
		}
	}
}
