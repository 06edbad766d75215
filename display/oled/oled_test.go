package oled

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"strings"
	"testing"
	"time"

	"periph.io/x/conn/v3/i2c/i2ctest"
	"periph.io/x/devices/v3/ssd1306/image1bit"
)

func TestText(t *testing.T) {
	tests := []struct {
		name   string
		screen Screen
		want   [Lines]string
	}{
		{"money, no clock", Screen{White: "White", Black: "Black"}, [Lines]string{
			"White       0        ",
			"Black       0        ",
			"MONEY",
		}},
		{"match, clocks, message", Screen{
			White: "Alice", Black: "Bob", WhiteScore: 3, BlackScore: 1, Length: 5,
			Clocked: true, WhiteClock: 11*time.Minute + 58*time.Second + 900*time.Millisecond, BlackClock: 9*time.Minute + 2*time.Second,
			Message: "ILLEGAL 13 8",
		}, [Lines]string{
			"Alice       3   11:58",
			"Bob         1    9:02",
			"MATCH TO 5",
			7: "ILLEGAL 13 8",
		}},
		{"pip counts", Screen{White: "Ann", Black: "Bob", Length: 3, Pips: [2]int{167, 142}}, [Lines]string{
			"Ann         0        ",
			"Bob         0        ",
			"MATCH TO 3",
			"PIPS 167-142",
		}},
		{"Crawford, long names, hour clock, time out", Screen{
			White: "Bartholomew Jones", Black: "Åsa Ørsted-Lindqvist", WhiteScore: 10, BlackScore: 10, Length: 11,
			Crawford: true, Clocked: true, WhiteClock: time.Hour + 2*time.Minute + 3*time.Second, BlackClock: -time.Second,
			Message: "A MESSAGE LONGER THAN THE SCREEN",
		}, [Lines]string{
			"Bartholome 10 1:02:03",
			"Åsa Ørsted 10    0:00",
			"MATCH TO 11  CRAWFORD",
			7: "A MESSAGE LONGER THAN",
		}},
		{"a chouette of four", Screen{
			White: "Ann", Black: "-Bob", WhiteScore: 3, Members: 4,
			Chouette: [MaxMembers]Member{{'B', "Ann", 3}, {'C', "Bob", 0}, {'?', "Cy", -2}, {'X', "Dan", -1}},
		}, [Lines]string{
			"Ann         3        ",
			"-Bob        0        ",
			"CHOUETTE",
			"BAnn     3 CBob     0",
			"?Cy     -2 XDan    -1",
		}},
		{"a chouette of ten, halves and long names", Screen{
			White: "Bartholomew", Black: "Cy", Members: 10,
			Chouette: [MaxMembers]Member{{'B', "Bartholomew", 10.5}, {'C', "Cy", -10.5}, {'P', "Dan", 0},
				{' ', "Eve", 1.5}, {' ', "Fay", 0}, {' ', "Gus", 0}, {' ', "Hal", 0}, {' ', "Ivy", 0}},
		}, [Lines]string{
			"Bartholome  0        ",
			"Cy          0        ",
			"CHOUETTE",
			"BBart 10.5 CCy  -10.5",
			"PDan     0  Eve   1.5",
			" Fay     0  Gus     0",
			" Hal     0 3 MORE",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.screen.Text()
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("line %d: got %q, want %q", i, got[i], tt.want[i])
				}
			}
		})
	}
}

func TestRenderGlyphPixels(t *testing.T) {
	img := image1bit.NewVerticalLSB(image.Rect(0, 0, Width, Height))
	Render(img, &Screen{Message: "1-"})
	// '1' on the last line: columns 0x00 0x42 0x7F 0x40 0x00, then a blank
	// column, then '-' (0x08 × 5).
	want := []byte{0x00, 0x42, 0x7F, 0x40, 0x00, 0x00, 0x08, 0x08, 0x08, 0x08, 0x08, 0x00}
	got := img.Pix[7*Width : 7*Width+len(want)]
	if !bytes.Equal(got, want) {
		t.Errorf("page 7: got % x, want % x", got, want)
	}
	// Pixel (2, 57): row 1 of the '1' column 0x42.
	if !img.BitAt(1, 57) || img.BitAt(1, 56) {
		t.Error("pixel (1, 57) should be lit and (1, 56) dark")
	}
}

// TestRenderStandings: a chouette member's cell is drawn on its line's
// page, the second cell of a line from column 11.
func TestRenderStandings(t *testing.T) {
	img := rendered(&Screen{Members: 3, Chouette: [MaxMembers]Member{{'B', "Ann", 1}, {'C', "Bob", -1}, {'?', "Cy", 0}}})
	for _, c := range []struct {
		line, column int
		r            rune
	}{{2, 0, 'C'}, {3, 0, 'B'}, {3, 1, 'A'}, {3, 9, '1'}, {3, 11, 'C'}, {3, 19, '-'}, {3, 20, '1'}, {4, 0, '?'}, {4, 9, '0'}, {5, 0, ' '}} {
		g := glyph(c.r)
		at := c.line*Width + c.column*advance
		if got := img.Pix[at : at+glyphW]; !bytes.Equal(got, g[:]) {
			t.Errorf("line %d column %d: got % x, want %q's % x", c.line, c.column, got, c.r, g[:])
		}
	}
}

func TestUnknownRuneShowsQuestionMark(t *testing.T) {
	if glyph('~') != font5x7['?'] || glyph('a') != font5x7['A'] {
		t.Error("'~' should draw as '?' and 'a' as 'A'")
	}
}

// initCmd is periph's SSD1306 init sequence for 128x64 over I2C (control
// byte 0x00: commands follow), as in the datasheet's command table.
var initCmd = []byte{
	0x00,       // Co=0, D/C#=0: a command stream.
	0xAE,       // Display off.
	0xD3, 0x00, // Display offset 0.
	0x40,       // Start line 0.
	0xA1,       // Segment remap: column 127 is SEG0.
	0xC8,       // COM scan direction: remapped.
	0xDA, 0x12, // COM pins: alternative, no left/right remap.
	0x81, 0xFF, // Contrast 255.
	0xA4,       // Display follows RAM.
	0xA6,       // Normal, not inverted.
	0xD5, 0xF0, // Oscillator frequency max, divide ratio 1.
	0x8D, 0x14, // Charge pump on.
	0xD9, 0xF1, // Pre-charge period.
	0xDB, 0x40, // VCOMH deselect level.
	0x2E,       // Scroll off.
	0xA8, 0x3F, // Multiplex ratio 64.
	0x20, 0x00, // Horizontal addressing.
	0x21, 0x00, 0x7F, // Columns 0-127.
	0x22, 0x00, 0x07, // Pages 0-7.
	0xAF, // Display on.
}

// frame is a full frame: per page, the page and column 0 commands, then the
// page's 128 bytes after control byte 0x40 (data).
func frame(addr uint16, img *image1bit.VerticalLSB) []i2ctest.IO {
	var ops []i2ctest.IO
	for p := range Lines {
		ops = append(ops,
			i2ctest.IO{Addr: addr, W: []byte{0x00, 0xB0 | byte(p), 0x00, 0x10}},
			i2ctest.IO{Addr: addr, W: append([]byte{0x40}, img.Pix[p*Width:(p+1)*Width]...)})
	}
	return ops
}

func rendered(s *Screen) *image1bit.VerticalLSB {
	img := image1bit.NewVerticalLSB(image.Rect(0, 0, Width, Height))
	Render(img, s)
	return img
}

func TestShow(t *testing.T) {
	for _, addr := range []uint16{0x3C, 0x3D} {
		s := &Screen{White: "Alice", Black: "Bob", WhiteScore: 3, BlackScore: 1, Length: 5, Message: "ILLEGAL 13 8"}
		t.Run(fmt.Sprintf("%#x", addr), func(t *testing.T) {
			ops := []i2ctest.IO{{Addr: addr, W: initCmd}}
			ops = append(ops, frame(addr, rendered(s))...)
			// The next message differs in characters 8 and 9 of page 7
			// ("13 8" → "24 8"): periph sends just those columns.
			next := *s
			next.Message = "ILLEGAL 24 8"
			img := rendered(&next)
			first, last := 8*advance, 9*advance+glyphW-1
			ops = append(ops,
				i2ctest.IO{Addr: addr, W: []byte{0x00, 0xB7, byte(first & 0x0F), 0x10 | byte(first>>4)}},
				i2ctest.IO{Addr: addr, W: append([]byte{0x40}, img.Pix[7*Width+first:7*Width+last+1]...)})
			p := &i2ctest.Playback{Ops: ops, DontPanic: true}
			d, err := New(p, &Opts{Addr: addr})
			if err != nil {
				t.Fatal(err)
			}
			if err := d.Show(s); err != nil {
				t.Fatal(err)
			}
			if err := d.Show(&next); err != nil {
				t.Fatal(err)
			}
			if err := p.Close(); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestErrors(t *testing.T) {
	if _, err := New(&i2ctest.Playback{DontPanic: true}, &Opts{Addr: 0x70}); err == nil || !strings.Contains(err.Error(), "address 0x70") {
		t.Errorf("address 0x70: error %v", err)
	}
	if _, err := New(&i2ctest.Playback{DontPanic: true}, &DefaultOpts); err == nil || !strings.HasPrefix(err.Error(), "oled: SSD1306{playback, 0x3c}") {
		t.Errorf("no chip: error %v, want one naming the SSD1306", err)
	}
	p := &i2ctest.Playback{Ops: []i2ctest.IO{{Addr: 0x3C, W: initCmd}}, DontPanic: true}
	d, err := New(p, &DefaultOpts)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Show(&Screen{}); err == nil || !strings.HasPrefix(err.Error(), "oled: SSD1306{playback, 0x3c}") {
		t.Errorf("Show: error %v, want one naming the SSD1306", err)
	}
	if err := d.Halt(); err == nil || !strings.HasPrefix(err.Error(), "oled: SSD1306{playback, 0x3c}") {
		t.Errorf("Halt: error %v, want one naming the SSD1306", err)
	}
}

// TestWritePNG writes the example screen as a picture to look at:
// OLED_PNG=/tmp/oled.png go test -run WritePNG ./display/oled
func TestWritePNG(t *testing.T) {
	path := os.Getenv("OLED_PNG")
	if path == "" {
		t.Skip("OLED_PNG not set")
	}
	img := rendered(&Screen{
		White: "Alice", Black: "Bob", WhiteScore: 3, BlackScore: 1, Length: 5, Crawford: true,
		Clocked: true, WhiteClock: 11*time.Minute + 58*time.Second, BlackClock: 9*time.Minute + 2*time.Second,
		Message: "ILLEGAL 13 8",
	})
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}
