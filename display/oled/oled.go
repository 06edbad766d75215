// Package oled shows the match on the optional screen: a 128x64 monochrome
// OLED on a Solomon Systech SSD1306 controller, over I2C (address 0x3C, or
// 0x3D with SA0 high), through periph.io/x/devices/v3/ssd1306.
//
// Datasheet: https://cdn-shop.adafruit.com/datasheets/SSD1306.pdf
//
// The screen is 8 text lines of 21 characters in a built-in 5x7 font:
//
//	ALICE       3   11:58     White: name, score, clock
//	BOB         1    9:02     Black
//	MATCH TO 5    CRAWFORD
//	                          (lines 3 to 6 blank)
//	ILLEGAL 13 8              the message line
//
// In a chouette, line 2 says CHOUETTE and lines 3 to 6 hold the members'
// standings by rank, two a line: a mark the caller chooses (B box, C
// captain, ...), the name, the score.
//
//	ANN         3         the box, on White
//	-BOB        0         the captain, on Black
//	CHOUETTE
//	BANN     3 CBOB     0
//	?CY     -2 XDAN    -1
package oled

import (
	"fmt"
	"image"
	"strconv"
	"strings"
	"time"

	"periph.io/x/conn/v3/i2c"
	"periph.io/x/devices/v3/ssd1306"
	"periph.io/x/devices/v3/ssd1306/image1bit"
)

// Screen geometry.
const (
	Width   = 128
	Height  = 64
	Columns = Width / advance // 21 characters a line.
	Lines   = Height / lineH  // 8 lines.
)

// Screen is what the OLED shows.
type Screen struct {
	White, Black           string // Players' names; the first 10 characters show.
	WhiteScore, BlackScore int
	Length                 int  // Match length in points; 0 is money play.
	Crawford               bool // This is the Crawford game.
	Clocked                bool // Show the clocks.
	WhiteClock, BlackClock time.Duration
	Message                string // Last line, such as "ILLEGAL 13 8".
	// Pips are the players' pip counts, White's first; shown under the
	// match on line 3 when not both zero (no chouette's standings there).
	Pips [2]int
	// Chouette holds a chouette's first members by rank, the box first;
	// Members counts them all. With more than MaxMembers, the last cell
	// says how many more there are. Members 0 is no chouette.
	Chouette [MaxMembers]Member
	Members  int
}

// MaxMembers is how many chouette members the screen shows: two a line on
// lines 3 to 6.
const MaxMembers = 8

// Member is a chouette member as the screen shows him: a one-character
// mark, his name's first characters, his score (whole points or halves).
type Member struct {
	Mark  rune
	Name  string
	Score float64
}

// Text returns the screen's lines, each at most Columns characters.
func (s *Screen) Text() [Lines]string {
	var t [Lines]string
	t[0] = player(s.White, s.WhiteScore, s.Clocked, s.WhiteClock)
	t[1] = player(s.Black, s.BlackScore, s.Clocked, s.BlackClock)
	t[2] = "MONEY"
	if s.Length > 0 {
		t[2] = fmt.Sprintf("MATCH TO %d", s.Length)
	}
	if s.Crawford {
		t[2] = fmt.Sprintf("%-13s%8s", t[2], "CRAWFORD")
	}
	if s.Members > 0 {
		t[2] = "CHOUETTE"
		s.standings(t[3 : Lines-1])
	} else if s.Pips != [2]int{} {
		t[3] = fmt.Sprintf("PIPS %d-%d", s.Pips[0], s.Pips[1])
	}
	t[Lines-1] = truncate(s.Message, Columns)
	return t
}

// player is a name, a score and maybe a clock: 10 + 3 + 1 + 7 characters.
func player(name string, score int, clocked bool, left time.Duration) string {
	clock := ""
	if clocked {
		clock = formatClock(left)
	}
	return fmt.Sprintf("%-10s%3d %7s", truncate(name, 10), score, clock)
}

// memberCell is the width of a member's standing: a mark, then the name
// and the score, which takes what it needs (9 columns for both).
const memberCell = (Columns - 1) / 2

// standings writes the chouette's members into lines, two a line.
func (s *Screen) standings(lines []string) {
	var cells [MaxMembers]string
	for i := range min(s.Members, MaxMembers) {
		m := s.Chouette[i]
		score := strconv.FormatFloat(m.Score, 'f', -1, 64)
		name := truncate(m.Name, max(memberCell-1-len(score)-1, 1))
		cells[i] = truncate(fmt.Sprintf("%c%-*s%s", m.Mark, memberCell-1-len(score), name, score), memberCell)
	}
	if s.Members > MaxMembers {
		cells[MaxMembers-1] = fmt.Sprintf("%d MORE", s.Members-MaxMembers+1)
	}
	for i := range lines {
		lines[i] = strings.TrimRight(fmt.Sprintf("%-*s %s", memberCell, cells[2*i], cells[2*i+1]), " ")
	}
}

// formatClock shows m:ss, or h:mm:ss from an hour on; time never shows
// below zero.
func formatClock(d time.Duration) string {
	s := int(max(d, 0) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

// Render draws the screen's text into img, which is Width x Height at the
// origin. Text lines sit on the SSD1306's 8-pixel pages, so each glyph
// column is one byte of img.Pix.
func Render(img *image1bit.VerticalLSB, s *Screen) {
	clear(img.Pix)
	for i, line := range s.Text() {
		x := 0
		for _, r := range line {
			if x+glyphW > Width {
				break
			}
			g := glyph(r)
			copy(img.Pix[i*Width+x:], g[:])
			x += advance
		}
	}
}

// Opts configures the OLED.
type Opts struct {
	// Addr is the I2C address: 0x3C, or 0x3D with SA0 high.
	Addr uint16
}

// DefaultOpts is the usual 0.96" module's address.
var DefaultOpts = Opts{Addr: 0x3C}

// Dev is the OLED.
type Dev struct {
	bus  i2c.Bus
	addr uint16
	dev  *ssd1306.Dev
	img  *image1bit.VerticalLSB // Cached to reduce heap fragmentation.
}

// New initialises the SSD1306 (periph's sequence: charge pump on, 128x64,
// horizontal addressing, display on).
func New(bus i2c.Bus, o *Opts) (*Dev, error) {
	if o.Addr != 0x3C && o.Addr != 0x3D {
		return nil, fmt.Errorf("oled: SSD1306 on %s: address %#x: want 0x3c or 0x3d", bus, o.Addr)
	}
	d := &Dev{bus: bus, addr: o.Addr, img: image1bit.NewVerticalLSB(image.Rect(0, 0, Width, Height))}
	so := ssd1306.DefaultOpts
	so.W, so.H = Width, Height
	dev, err := ssd1306.NewI2C(&addrBus{Bus: bus, addr: o.Addr}, &so)
	if err != nil {
		return nil, fmt.Errorf("oled: %s: %w", d, err)
	}
	d.dev = dev
	return d, nil
}

// String names the chip, bus and address.
func (d *Dev) String() string {
	return fmt.Sprintf("SSD1306{%s, %#x}", d.bus, d.addr)
}

// Show draws s; periph sends only the part of the screen that changed.
func (d *Dev) Show(s *Screen) error {
	Render(d.img, s)
	if err := d.dev.Draw(d.img.Bounds(), d.img, image.Point{}); err != nil {
		return fmt.Errorf("oled: %s: %w", d, err)
	}
	return nil
}

// Halt turns the display off; the next Show turns it on.
func (d *Dev) Halt() error {
	if err := d.dev.Halt(); err != nil {
		return fmt.Errorf("oled: %s: %w", d, err)
	}
	return nil
}

// addrBus sends every transfer to addr: periph's ssd1306.NewI2C always
// uses 0x3C.
type addrBus struct {
	i2c.Bus
	addr uint16
}

func (b *addrBus) Tx(_ uint16, w, r []byte) error { return b.Bus.Tx(b.addr, w, r) }
