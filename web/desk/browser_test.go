package desk

import (
	"bytes"
	"context"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"gammond/engine"
	"gammond/internal/testmain"
	"gammond/referee"
	"gammond/web"
	"gammond/web/mqtt"
)

// TestPageInChromium: headless Chromium loads the desk's pages, the boards
// and the analyses, under their security policy and runs their scripts,
// which mark the pages live, without a script error or a policy violation
// in the console.
func TestPageInChromium(t *testing.T) {
	chromium := os.Getenv("CHROMIUM")
	if chromium == "" {
		var err error
		chromium, err = exec.LookPath("chromium")
		testmain.NeedPeer(t, "Chromium (apt-get install chromium, or set CHROMIUM)", err)
	}
	d := offlineDesk(t, Opts{Analysis: AnalysisOpts{Off: "GNU Backgammon is not installed"}})
	s := state("t1", 1, referee.PhaseRolling)
	s.Clocks = &web.Clocks{Remaining: [2]time.Duration{9 * time.Minute, 8 * time.Minute}, Turn: engine.White, Running: true, Bronstein: true}
	d.handle("gammond/t1/state", payload(t, s), false)
	players := [2]string{"Ann", "Bob"}
	rec := loadedMatch(t, rand.New(rand.NewPCG(1, 1)), players)
	d.handle("gammond/t1/match", payload(t, mqtt.Match{Board: "t1", Players: players, Mat: string(rec), Finished: true}), false)
	srv := httptest.NewServer(d.Handler())
	t.Cleanup(srv.Close)

	for _, page := range []struct{ path, content string }{
		{"/", `<tbody id="online"><tr id="board-t1"`},
		{"/analysis", `<tr id="dice-t1" class="flagged">`},
	} {
		out := inChromium(t, chromium, srv.URL+page.path)
		if !regexp.MustCompile(`<html lang="en" class="live">`).Match(out) {
			t.Errorf("%s: its script did not run:\n%s", page.path, out)
		}
		if !strings.Contains(string(out), page.content) {
			t.Errorf("%s: %s not on the page:\n%s", page.path, page.content, out)
		}
	}
}

// inChromium loads url in headless Chromium and returns the page as it
// stands once loaded; a line of Chromium's console (a script error, a
// policy violation) fails the test.
func inChromium(t *testing.T, chromium, url string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, chromium, "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir="+t.TempDir(),
		"--enable-logging=stderr", "--v=0", "--dump-dom", url)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.String())
	}
	for line := range strings.SplitSeq(stderr.String(), "\n") {
		if strings.Contains(line, "CONSOLE") || strings.Contains(line, "Content Security Policy") || strings.Contains(line, "Uncaught") {
			t.Errorf("Chromium at %s: %s", url, line)
		}
	}
	return out
}
