package main

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// startSimDaemon runs gammond -sim with the config given, on a free port
// of this machine, until the test ends; it returns the page's base URL
// once the page answers.
func startSimDaemon(t *testing.T, config string) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	dir := t.TempDir()
	cfg := filepath.Join(dir, "gammond.toml")
	if err := os.WriteFile(cfg, []byte(config), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := daemonCmd(t, "-sim", "-config", cfg, "-listen", addr, "-state", filepath.Join(dir, "state"))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	base := "http://" + addr
	deadline := time.Now().Add(20 * time.Second)
	for {
		res, err := http.Get(base + "/api/status")
		if err == nil {
			res.Body.Close()
			return base
		}
		if time.Now().After(deadline) {
			t.Fatalf("gammond -sim's page: %v after 20 s", err)
		}
		time.Sleep(20 * time.Millisecond) // another process's port: no event to wait on
	}
}

// clubStatus is what the test reads of the page's status.
type clubStatus struct {
	Phase     string    `json:"phase"`
	Game      int       `json:"game"`
	Length    int       `json:"length"`
	OnRoll    int       `json:"on_roll"`
	Players   [2]string `json:"players"`
	Situation string    `json:"situation"`
}

// postAction posts an action to the page's API without a token, and
// returns the answer's code and the status it carries.
func postAction(t *testing.T, base, path, body string) (int, clubStatus) {
	t.Helper()
	res, err := http.Post(base+path, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var st clubStatus
	json.NewDecoder(res.Body).Decode(&st) // an error's body is no status: st stays zero
	return res.StatusCode, st
}

// mustPostAction is postAction that fails the test unless the action is taken.
func mustPostAction(t *testing.T, base, path, body string) clubStatus {
	t.Helper()
	code, st := postAction(t, base, path, body)
	if code != http.StatusOK {
		t.Fatalf("%s %s: %d, want 200", path, body, code)
	}
	return st
}

// TestSimPlaysMatchAfterMatch runs gammond -sim as a new user does: its
// 1-point match is played to its end from the page's API, then the next
// match starts from the page without a token. The same daemon with a
// director's token refuses that request without it (403).
func TestSimPlaysMatchAfterMatch(t *testing.T) {
	t.Parallel()
	const players = "[match]\nlength = 1\nwhite = \"Ann\"\nblack = \"Bob\"\n"
	next := `{"white":"Cy","black":"Dee","length":3,"rules":"us","clock":"none"}`
	base := startSimDaemon(t, players)
	st := mustPostAction(t, base, "/api/sim/button", `{"side":0,"button":"roll"}`)
	if st.Game != 1 {
		t.Fatalf("after the opening ROLL: game %d, %s; want game 1", st.Game, st.Phase)
	}
	mustPostAction(t, base, "/api/sim/resign", fmt.Sprintf(`{"side":%d,"points":1}`, st.OnRoll))
	st = mustPostAction(t, base, "/api/sim/resignation", fmt.Sprintf(`{"side":%d,"accept":true}`, 1-st.OnRoll))
	if st.Phase != "match-over" {
		t.Fatalf("after the resignation: %s, want match-over", st.Phase)
	}
	st = mustPostAction(t, base, "/api/td/match", next)
	if st.Phase != "setting-up" || st.Game != 0 || st.Length != 3 || st.Players != [2]string{"Cy", "Dee"} {
		t.Fatalf("after New match: %+v, want Cy and Dee's 3-point match setting up", st)
	}

	directed := startSimDaemon(t, players+"[web]\ndirector_token = \"5f0c8a7e2b94d1c36a8e0f7b2d4c6e19\"\n")
	if code, _ := postAction(t, directed, "/api/td/match", next); code != http.StatusForbidden {
		t.Fatalf("with a director's token, New match without it: %d, want 403", code)
	}
}
