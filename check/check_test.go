package check

import (
	"errors"
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
