package panel

import (
	"image"
	"testing"

	"periph.io/x/devices/v3/ssd1306/image1bit"

	"gammond/display/oled"
	"gammond/engine"
	"gammond/referee"
)

// TestChouetteOnTheOLED: the box (White) has doubled; the captain has
// taken, Cy has passed, Dan is yet to answer, and Eve joins from the next
// game. The screen shows each member's mark and score by rank.
func TestChouetteOnTheOLED(t *testing.T) {
	in := Input{
		Status: referee.Status{Phase: referee.PhaseDoubled, OnRoll: engine.White, Cube: 1},
		Names:  [2]string{"Ann", "Bob"},
		Chouette: []ChouetteMember{
			{Name: "Ann", Post: "box", Score: 3},
			{Name: "Bob", Post: "captain", Score: -1},
			{Name: "Cy", Post: "partner", Score: -1, Out: true},
			{Name: "Dan", Post: "partner", Score: -1, Pending: true},
			{Name: "Eve", Post: "joining"},
		},
	}
	want := [oled.Lines]string{
		"Ann         0        ",
		"-Bob        0        ",
		"CHOUETTE",
		"BAnn     3 CBob    -1",
		"XCy     -1 ?Dan    -1",
		"NEve     0",
	}
	s := Compute(&in, &DefaultLook).Screen
	if got := s.Text(); got != want {
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("line %d: got %q, want %q", i, got[i], want[i])
			}
		}
	}
	// What the OLED draws is the standings, not the match's lines 3 to 6.
	match := s
	match.Members = 0
	if img, bare := render(&s), render(&match); img.Pix[3*oled.Width] == 0 || bare.Pix[3*oled.Width+1] != 0 {
		t.Error("the standings' first cell is not drawn on line 3, or a screen without them draws there")
	}
}

// TestChouetteMarks: the call to act wins over the post, then the pass.
func TestChouetteMarks(t *testing.T) {
	for _, tc := range []struct {
		m    ChouetteMember
		want rune
	}{
		{ChouetteMember{Post: "box"}, 'B'},
		{ChouetteMember{Post: "box", Pending: true}, '?'},
		{ChouetteMember{Post: "captain"}, 'C'},
		{ChouetteMember{Post: "captain", Out: true}, 'X'},
		{ChouetteMember{Post: "box's partner"}, 'P'},
		{ChouetteMember{Post: "joining"}, 'N'},
		{ChouetteMember{Post: "partner"}, ' '},
	} {
		if got := mark(&tc.m); got != tc.want {
			t.Errorf("%+v: mark %q, want %q", tc.m, got, tc.want)
		}
	}
}

// TestChouetteOfTen: two members past the screen's eight are counted in
// the last cell; a State with the standings compares with ==.
func TestChouetteOfTen(t *testing.T) {
	in := Input{Status: referee.Status{Phase: referee.PhaseSettingUp}}
	for _, name := range []string{"A", "B", "C", "D", "E", "F", "G", "H", "I", "J"} {
		in.Chouette = append(in.Chouette, ChouetteMember{Name: name, Post: "partner"})
	}
	s := Compute(&in, &DefaultLook)
	if got := s.Screen.Text()[6]; got != " G       0 3 MORE" {
		t.Errorf("line 6: %q", got)
	}
	if s != Compute(&in, &DefaultLook) {
		t.Error("the same input computes two States")
	}
}

func render(s *oled.Screen) *image1bit.VerticalLSB {
	img := image1bit.NewVerticalLSB(image.Rect(0, 0, oled.Width, oled.Height))
	oled.Render(img, s)
	return img
}
