package mux

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/warthog618/go-gpiocdev"
)

// fakeLines records every SetValues call.
type fakeLines struct {
	chip    string
	offsets []int
	sets    [][]int
	err     error
	closed  bool
}

func (f *fakeLines) SetValues(v []int) error {
	if f.err != nil {
		return f.err
	}
	f.sets = append(f.sets, slices.Clone(v))
	return nil
}

func (f *fakeLines) Close() error   { f.closed = true; return nil }
func (f *fakeLines) Chip() string   { return f.chip }
func (f *fakeLines) Offsets() []int { return f.offsets }

func r1Lines() *fakeLines {
	return &fakeLines{chip: "gpiochip0", offsets: []int{5, 6, 13, 26}}
}

// The CD74HC4067 truth table: channel = S3·8 + S2·4 + S1·2 + S0.
func TestSelect(t *testing.T) {
	for _, tc := range []struct {
		ch   int
		want []int // S0, S1, S2, S3
	}{
		{0, []int{0, 0, 0, 0}},
		{1, []int{1, 0, 0, 0}},
		{2, []int{0, 1, 0, 0}},
		{5, []int{1, 0, 1, 0}},
		{8, []int{0, 0, 0, 1}},
		{10, []int{0, 1, 0, 1}},
		{15, []int{1, 1, 1, 1}},
	} {
		t.Run(fmt.Sprint("channel ", tc.ch), func(t *testing.T) {
			l := r1Lines()
			d, err := New(l)
			if err != nil {
				t.Fatal(err)
			}
			if err := d.Select(tc.ch); err != nil {
				t.Fatal(err)
			}
			if len(l.sets) != 1 {
				t.Fatalf("%d SetValues calls, want 1", len(l.sets))
			}
			if !slices.Equal(l.sets[0], tc.want) {
				t.Errorf("S0..S3 = %v, want %v", l.sets[0], tc.want)
			}
		})
	}
}

var errIoctl = errors.New("ioctl failed")

func TestSelectErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		ch   int
		err  error
		is   error
		msg  string
	}{
		{"channel 16", 16, nil, ErrChannel, "CD74HC4067{gpiochip0[5 6 13 26]}: select 16: no such channel"},
		{"channel -1", -1, nil, ErrChannel, "select -1"},
		{"ioctl", 3, errIoctl, errIoctl, "CD74HC4067{gpiochip0[5 6 13 26]}: select 3: ioctl failed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := r1Lines()
			l.err = tc.err
			d, err := New(l)
			if err != nil {
				t.Fatal(err)
			}
			err = d.Select(tc.ch)
			if !errors.Is(err, tc.is) || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("Select(%d) = %v, want %q wrapping %v", tc.ch, err, tc.msg, tc.is)
			}
			if len(l.sets) != 0 {
				t.Errorf("lines set on a failed select: %v", l.sets)
			}
		})
	}
}

func TestNewWrongLineCount(t *testing.T) {
	_, err := New(&fakeLines{chip: "gpiochip0", offsets: []int{5, 6, 13}})
	if want := "CD74HC4067{gpiochip0[5 6 13]}: 3 select lines, want 4"; err == nil || err.Error() != want {
		t.Errorf("New = %v, want %q", err, want)
	}
}

func TestStringClose(t *testing.T) {
	l := r1Lines()
	d, err := New(l)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := d.String(), "CD74HC4067{gpiochip0[5 6 13 26]}"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if err := d.Close(); err != nil || !l.closed {
		t.Errorf("Close() = %v, closed %t", err, l.closed)
	}
}

func TestSelectAllocs(t *testing.T) {
	d, err := New(nopLines{})
	if err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() { _ = d.Select(9) }); n != 0 {
		t.Errorf("Select: %v allocations, want 0", n)
	}
}

// nopLines accepts every call without recording it.
type nopLines struct{}

func (nopLines) SetValues([]int) error { return nil }
func (nopLines) Close() error          { return nil }
func (nopLines) Chip() string          { return "nop" }
func (nopLines) Offsets() []int        { return []int{0, 1, 2, 3} }

// headerLines names n lines GPIO0.. as the Pi's device trees do.
func headerLines(n int) []string {
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprint("GPIO", i)
	}
	return names
}

// gpiodetect output of the Pis the board may run on.
var (
	pi4 = []ChipInfo{
		{"gpiochip0", "pinctrl-bcm2711", headerLines(58)},
		{"gpiochip1", "raspberrypi-exp-gpio", []string{"BT_ON", "WL_ON", "PWR_LED_OFF", "GLOBAL_RESET", "VDD_SD_IO_SEL", "CAM_GPIO", "SD_PWR_ON", ""}},
	}
	pi5Old = []ChipInfo{
		{"gpiochip0", "gpio-brcmstb@107d508500", make([]string, 32)},
		{"gpiochip1", "gpio-brcmstb@107d508520", make([]string, 4)},
		{"gpiochip4", "pinctrl-rp1", headerLines(54)},
	}
	pi5New = []ChipInfo{
		{"gpiochip0", "pinctrl-rp1", headerLines(54)},
		{"gpiochip10", "gpio-brcmstb@107d508500", make([]string, 32)},
	}
	unnamed = []ChipInfo{
		{"gpiochip0", "pinctrl-sunxi", make([]string, 64)},
		{"gpiochip2", "custom", make([]string, 32)},
	}
)

func TestResolve(t *testing.T) {
	r1 := DefaultOpts.Pins
	swapped := []string{"GPIO6", "GPIO5", "GPIO13", "GPIO26"}
	for _, tc := range []struct {
		name    string
		pins    Pins
		chips   []ChipInfo
		chip    string
		offsets []int
		err     string
	}{
		{"Pi 4", r1, pi4, "gpiochip0", []int{5, 6, 13, 26}, ""},
		{"Pi 5 before 6.6.45: label, not gpiochip0", r1, pi5Old, "gpiochip4", []int{5, 6, 13, 26}, ""},
		{"Pi 5", r1, pi5New, "gpiochip0", []int{5, 6, 13, 26}, ""},
		{"names win over offsets", Pins{Chips: PiChips, Names: swapped, Offsets: []int{5, 6, 13, 26}}, pi4, "gpiochip0", []int{6, 5, 13, 26}, ""},
		{"unnamed lines: offsets", r1, unnamed, "gpiochip0", []int{5, 6, 13, 26}, ""},
		{"device path", Pins{Chips: []string{"/dev/gpiochip2"}, Offsets: []int{1, 2}}, unnamed, "gpiochip2", []int{1, 2}, ""},
		{"names only", Pins{Chips: []string{"pinctrl-rp1"}, Names: []string{"GPIO17"}}, pi5New, "gpiochip0", []int{17}, ""},
		{"no chip", r1, nil, "", nil, `gpio: none of ["pinctrl-rp1" "pinctrl-bcm2711" "pinctrl-bcm2835" "gpiochip0"] among []: no such GPIO chip`},
		{"no candidate", Pins{Chips: []string{"pinctrl-rp1"}, Offsets: []int{5}}, unnamed, "", nil, `gpio: none of ["pinctrl-rp1"] among [gpiochip0 (pinctrl-sunxi), gpiochip2 (custom)]: no such GPIO chip`},
		{"name missing", Pins{Chips: []string{"custom"}, Names: []string{"GPIO5"}}, unnamed, "", nil, `gpio chip gpiochip2 (custom): no line named "GPIO5"`},
		{"offset out of range", Pins{Chips: []string{"custom"}, Offsets: []int{32}}, unnamed, "", nil, "gpio chip gpiochip2 (custom): no line 32 (32 lines)"},
		{"lengths differ", Pins{Chips: PiChips, Names: []string{"GPIO5"}, Offsets: []int{5, 6}}, pi4, "", nil, `gpio pins: 1 names ["GPIO5"] but 2 offsets [5 6]`},
		{"empty name: offset", Pins{Chips: PiChips, Names: []string{"", "GPIO6"}, Offsets: []int{4, 0}}, pi4, "gpiochip0", []int{4, 6}, ""},
		{"name missing, no offset", Pins{Chips: PiChips, Names: []string{"GPIO5", "GPIO99"}, Offsets: []int{-1, -1}}, pi4, "", nil, `gpio chip gpiochip0 (pinctrl-bcm2711): no line named "GPIO99"`},
		{"name or offset per line", Pins{Chips: PiChips, Names: []string{"GPIO5", ""}, Offsets: []int{-1, 7}}, pi4, "gpiochip0", []int{5, 7}, ""},
		{"empty name, no offset", Pins{Chips: PiChips, Names: []string{""}}, pi4, "", nil, "gpio pins: line 0 has neither name nor offset"},
		{"nothing", Pins{Chips: PiChips}, pi4, "", nil, "gpio pins: neither names nor offsets"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			chip, offsets, err := tc.pins.Resolve(tc.chips)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("Resolve error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if chip != tc.chip || !slices.Equal(offsets, tc.offsets) {
				t.Errorf("Resolve = %s %v, want %s %v", chip, offsets, tc.chip, tc.offsets)
			}
		})
	}
}

// Without GPIO chips (CI, a laptop) Open fails and says what it looked for.
func TestOpenWithoutChips(t *testing.T) {
	if len(gpiocdev.Chips()) != 0 {
		t.Skip("this machine has GPIO chips")
	}
	_, err := Open(&DefaultOpts)
	if !errors.Is(err, ErrNoChip) || !strings.Contains(err.Error(), "CD74HC4067 select lines: gpio: none of") {
		t.Errorf("Open = %v, want ErrNoChip", err)
	}
}

func BenchmarkSelect(b *testing.B) {
	d, err := New(nopLines{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	ch := 0
	for b.Loop() {
		if err := d.Select(ch); err != nil {
			b.Fatal(err)
		}
		ch = (ch + 1) % Channels
	}
}
