package main

import (
	"bytes"
	"strings"
	"testing"
)

// commandFlags are the flags each command defines, as its code does.
var commandFlags = map[string][]string{
	"analyse":   {"ply", "json", "sgf"},
	"calibrate": {"config", "sim", "frames", "out", "listen", "fault"},
	"check":     {"json", "rules"},
	"chouette":  {"json"},
	"export":    {"sgf", "mat"},
	"journal":   nil,
	"moves":     {"json", "rules"},
	"replay":    {"report", "done-grace", "rules"},
	"simulate": {"seed", "illegal", "expect", "early-roll", "drift", "drift-minutes",
		"off-centre", "hover", "late-done", "dead", "calibration", "rules", "games",
		"magnet-spread", "hover-share", "hover-seconds", "hover-astray", "stall", "glitches"},
	"td": {"broker", "dir", "boards", "boards-file", "listen", "analyse-ply", "analyse-workers",
		"analysis-dir", "client-id", "username", "password-file", "ca-file", "cert-file", "key-file"},
}

// Every command explains itself on stdout, exit 0, as "gammon help CMD",
// "gammon CMD -h" and "gammon CMD --help": its synopsis, what it does, and
// every flag, each with a description.
func TestHelpDescribesEveryFlag(t *testing.T) {
	if len(commandFlags) != len(commands) {
		t.Fatalf("commandFlags lists %d commands, gammon has %d", len(commandFlags), len(commands))
	}
	for name, cmd := range commands {
		synopsis, what := splitUsage(cmd.usage)
		for _, args := range [][]string{{"help", name}, {name, "-h"}, {name, "--help"}} {
			t.Run(strings.Join(args, " "), func(t *testing.T) {
				var stdout, stderr bytes.Buffer
				if code := run(args, &stdout, &stderr); code != exitOK || stderr.Len() > 0 {
					t.Fatalf("exit %d, stderr %q; want 0 and nothing", code, stderr.String())
				}
				out := stdout.String()
				if !strings.HasPrefix(out, "usage: gammon "+synopsis+"\n") || what == "" || !strings.Contains(out, "\n"+what+"\n") {
					t.Errorf("help does not start with the synopsis and say what the command does:\n%s", out)
				}
				for _, f := range commandFlags[name] {
					if d := flagDescription(out, f); len(d) < 10 {
						t.Errorf("help describes --%s as %q:\n%s", f, d, out)
					}
				}
			})
		}
	}
}

// flagDescription returns the description help gives flag name: the
// indented line after "  --name".
func flagDescription(help, name string) string {
	lines := strings.Split(help, "\n")
	for i, line := range lines[:len(lines)-1] {
		if line == "  --"+name || strings.HasPrefix(line, "  --"+name+" ") {
			return strings.TrimSpace(lines[i+1])
		}
	}
	return ""
}

// "gammon help" lists the commands on stdout, exit 0; a bare "gammon" is
// a usage error on stderr; "gammon help nosuch" is refused.
func TestHelpListsCommands(t *testing.T) {
	for _, tc := range []struct {
		args     []string
		code     int
		onStdout bool
	}{
		{[]string{"help"}, exitOK, true},
		{[]string{"-h"}, exitOK, true},
		{nil, exitUsage, false},
		{[]string{"help", "nosuch"}, exitUsage, false},
	} {
		var stdout, stderr bytes.Buffer
		code := run(tc.args, &stdout, &stderr)
		out := stderr.String()
		if tc.onStdout {
			out = stdout.String()
		}
		if code != tc.code || !strings.Contains(out, "\n  replay ") || !strings.Contains(out, "gammon help COMMAND") {
			t.Errorf("gammon %q: exit %d, stdout %q, stderr %q; want %d and the list", tc.args, code, stdout.String(), stderr.String(), tc.code)
		}
	}
}

// A wrong argument names the problem and the synopsis on stderr, exit 2,
// and says where the flags are described.
func TestArgsErrorPointsToHelp(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run([]string{"check", "--nosuch", "x.mat"}, &stdout, &stderr)
	msg := stderr.String()
	if code != exitUsage || stdout.Len() > 0 || !strings.HasPrefix(msg, "gammon check: flag provided but not defined: -nosuch\nusage: gammon check ") ||
		!strings.Contains(msg, `"gammon check -h"`) {
		t.Errorf("exit %d, stderr %q", code, msg)
	}
}
