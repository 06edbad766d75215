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
