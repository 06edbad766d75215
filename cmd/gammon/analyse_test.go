package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gammond/internal/gnubgtest"
)

// TestAnalyseJSON: --json prints each player's rates under the names the
// issue gives them, and --sgf writes gnubg's SGF.
func TestAnalyseJSON(t *testing.T) {
	gnubgtest.Need(t)
	sgf := filepath.Join(t.TempDir(), "out.sgf")
	var stdout, stderr bytes.Buffer
	match := filepath.Join("..", "..", "record", "analysis", "testdata", "galaxy-2974214.mat")
	if code := run([]string{"analyse", "--json", "--sgf", sgf, match}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var got struct {
		Players []map[string]any
	}
	if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	if len(got.Players) != 2 || got.Players[0]["name"] != "lasse" || got.Players[1]["name"] != "lamine" {
		t.Fatalf("players %v", got.Players)
	}
	for _, key := range []string{"checker_error_rate", "cube_error_rate", "overall_error_rate", "luck_rate"} {
		if _, ok := got.Players[0][key].(float64); !ok {
			t.Errorf("no %s in %v", key, got.Players[0])
		}
	}
	if data, err := os.ReadFile(sgf); err != nil || !strings.HasPrefix(string(data), "(;FF[4]") {
		t.Errorf("--sgf wrote %q (%v)", data[:min(len(data), 20)], err)
	}
	stdout.Reset()
	if code := run([]string{"analyse", match}, &stdout, &stderr); code != exitOK || !strings.Contains(stdout.String(), "overall error rate mEMG") {
		t.Errorf("exit %d, text:\n%s", code, stdout.String())
	}
	if code := run([]string{"analyse", "missing.mat"}, &stdout, &stderr); code != exitUsage {
		t.Errorf("a missing file: exit %d, want %d", code, exitUsage)
	}
}
