package check

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestProblems(t *testing.T) {
	p := New()
	p.AbsPath("state_dir", "var/lib")
	scan := p.Section("scan")
	scan.IntRange("rate", 0, 1, 1000)
	scan.IntRange("adc_hz", 1000, 10, 2000)
	scan.Section("mux").DurationRange("settle", -time.Second, 0, time.Second)
	p.Section("leds").OneOf("kind", "neopixel", "apa102", "ws2812")
	p.Section("match").Error("dice", errors.New(`"inferred": not supported yet`))
	p.Section("match").Error("rules", nil)
	want := `state_dir: "var/lib": want an absolute path
scan.rate: 0: want 1 to 1000
scan.mux.settle: -1s: want 0s to 1s
leds.kind: "neopixel": want one of ["apa102" "ws2812"]
match.dice: "inferred": not supported yet`
	if err := p.Err(); err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
	if err := New().Err(); err != nil {
		t.Errorf("no problems: %v", err)
	}
}

// TestDecodeFileSections: a tool reading some of a program's sections
// takes its keys and leaves the others, but a key of the wrong type is
// still an error naming the file and line.
func TestDecodeFileSections(t *testing.T) {
	dir := t.TempDir()
	var v struct {
		Scan struct {
			Rate int `toml:"rate"`
		} `toml:"scan"`
	}
	good := filepath.Join(dir, "good.toml")
	if err := os.WriteFile(good, []byte("board_id = \"b1\"\n[scan]\nrate = 50\n[web]\nlisten = \":80\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := DecodeFileSections(good, &v); err != nil || v.Scan.Rate != 50 {
		t.Errorf("DecodeFileSections = %v, rate %d; want nil, 50", err, v.Scan.Rate)
	}
	bad := filepath.Join(dir, "bad.toml")
	if err := os.WriteFile(bad, []byte("[scan]\nrate = \"fast\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := DecodeFileSections(bad, &v); err == nil || !strings.HasPrefix(err.Error(), bad+":2:") {
		t.Errorf("a rate of the wrong type: %v, want an error at %s:2", err, bad)
	}
}

// retiring is a config that no longer reads scan.settle.
type retiring struct {
	Scan struct {
		Rate int `toml:"rate"`
	} `toml:"scan"`
}

func (retiring) RetiredKeys() map[string]string {
	return map[string]string{"scan.settle": "the model settles"}
}

// A retired key is refused with why it is no longer read, on its line,
// and not offered as the nearest key to a typo; other unknown keys are
// reported as ever.
func TestRetiredKeys(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.toml")
	if err := os.WriteFile(path, []byte("[scan]\nrate = 50\nsettle = \"150ms\"\nrat = 5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var v retiring
	err := DecodeFile(path, &v)
	want := path + ":3: scan.settle: no longer read: the model settles; remove it\n" + path + ":4: scan.rat: unknown key; did you mean scan.rate?"
	if err == nil || err.Error() != want {
		t.Errorf("DecodeFile = %v, want\n%s", err, want)
	}
}

// A typo'd key gets the known key one or two letters off, or the same
// name in another section; a key like none gets nothing.
func TestNearest(t *testing.T) {
	known := []string{"scan", "scan.rate", "scan.settle", "referee", "referee.done_grace", "match.length"}
	for _, tc := range []struct{ key, want string }{
		{"scan.rat", "scan.rate"},
		{"scan.setle", "scan.settle"},
		{"scna.rate", "scan.rate"},
		{"match.done_grace", "referee.done_grace"},
		{"colour", ""},
		{"scan.volume", ""},
	} {
		if got := nearest(tc.key, known); got != tc.want {
			t.Errorf("nearest(%q) = %q, want %q", tc.key, got, tc.want)
		}
	}
}

// InFile puts the file and the line that sets each problem's key in front
// of it; a key the file does not set gets the file alone.
func TestInFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.toml")
	if err := os.WriteFile(path, []byte("[scan]\n  rate = 0 # too slow\n[scan.mux]\nlines = [1,\n 2]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := New()
	p.Section("scan").IntRange("rate", 0, 1, 1000)
	p.Section("scan").Section("mux").Add("lines[1]", "twice")
	p.Section("match").Add("length", "odd")
	want := path + ":2: scan.rate: 0: want 1 to 1000\n" + path + ":4: scan.mux.lines[1]: twice\n" + path + ": match.length: odd"
	if got := InFile(path, p.Err()); got == nil || got.Error() != want {
		t.Errorf("InFile = %v\nwant %s", got, want)
	}
}
