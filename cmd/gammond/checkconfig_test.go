package main

import (
	"io"
	"strings"
	"testing"
)

// gammond -check-config runs the validation the daemon runs: a config the
// daemon refuses fails the check with the same message, before the daemon
// touches any hardware or state.
func TestCheckConfigRefusesWhatTheDaemonRefuses(t *testing.T) {
	path := writeConfig(t, "state_dir = \""+t.TempDir()+"\"\n[match]\ndice = \"loaded\"\n")
	var check, daemon strings.Builder
	if code := run([]string{"-check-config", "-config", path}, io.Discard, &check); code != 1 {
		t.Errorf("-check-config exits %d, want 1", code)
	}
	if code := run([]string{"-config", path}, io.Discard, &daemon); code != 1 {
		t.Errorf("the daemon exits %d, want 1", code)
	}
	want := "gammond: " + path + `:3: match.dice: "loaded": want one of ["electronic" "entered" "inferred"]` + "\n"
	if check.String() != want {
		t.Errorf("-check-config says %q, want %q", check.String(), want)
	}
	if daemon.String() != check.String() {
		t.Errorf("the daemon says %q, -check-config %q", daemon.String(), check.String())
	}
}

func TestCheckConfigAcceptsTheShippedConfig(t *testing.T) {
	var out strings.Builder
	if code := run([]string{"-check-config", "-config", "../../systemd/gammond.toml"}, io.Discard, &out); code != 0 || out.Len() > 0 {
		t.Errorf("-check-config systemd/gammond.toml exits %d, saying %q", code, out.String())
	}
}
