package desk

import (
	"bytes"
	"context"
	"gammond/internal/testmain"
	"net/http/httptest"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"gammond/engine"
	"gammond/referee"
	"gammond/web"
)

// TestPageInChromium: headless Chromium loads the desk's page under its
// security policy and runs desk.js, which marks the page live, without a
// script error or a policy violation in the console.
func TestPageInChromium(t *testing.T) {
	chromium := os.Getenv("CHROMIUM")
	if chromium == "" {
		var err error
		chromium, err = exec.LookPath("chromium")
		testmain.NeedPeer(t, "Chromium (apt-get install chromium, or set CHROMIUM)", err)
	}
	d := offlineDesk(t, Opts{})
	s := state("t1", 1, referee.PhaseRolling)
	s.Clocks = &web.Clocks{Remaining: [2]time.Duration{9 * time.Minute, 8 * time.Minute}, Turn: engine.White, Running: true, Bronstein: true}
	d.handle("gammond/t1/state", payload(t, s), false)
	srv := httptest.NewServer(d.Handler())
	t.Cleanup(srv.Close)

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, chromium, "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir="+t.TempDir(),
		"--enable-logging=stderr", "--v=0", "--dump-dom", srv.URL+"/")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.String())
	}
	if !regexp.MustCompile(`<html lang="en" class="live">`).Match(out) {
		t.Errorf("desk.js did not run:\n%s", out)
	}
	if !strings.Contains(string(out), `<tbody id="online"><tr id="board-t1"`) {
		t.Errorf("t1's row not in the online boards:\n%s", out)
	}
	for line := range strings.SplitSeq(stderr.String(), "\n") {
		if strings.Contains(line, "CONSOLE") || strings.Contains(line, "Content Security Policy") || strings.Contains(line, "Uncaught") {
			t.Errorf("Chromium: %s", line)
		}
	}
}
