package panel

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"gammond/calib"
	"gammond/display/leds"
	"gammond/display/oled"
	"gammond/display/segment"
	"gammond/engine"
	"gammond/referee"
	"gammond/sensing/health"
)

// describeLEDs names the lit LEDs of s in strip order, by what their colour
// means in DefaultLook: "8 illegal*, black bar to-act"; * marks blinking.
func describeLEDs(s State) string {
	names := map[any]string{
		DefaultLook.Fault: "fault", DefaultLook.Illegal: "illegal", DefaultLook.SetupWrong: "set-up",
		DefaultLook.Hint: "hint", DefaultLook.LastPlay: "last", DefaultLook.ToAct: "to-act",
	}
	var parts []string
	for i, led := range s.LEDs {
		if led == (LED{}) {
			continue
		}
		where := fmt.Sprint(i + 1)
		switch i {
		case leds.WhiteBar:
			where = "white bar"
		case leds.BlackBar:
			where = "black bar"
		}
		what, ok := names[led.Color]
		if !ok {
			what = fmt.Sprint(led.Color)
		}
		if led.Blink {
			what += "*"
		}
		parts = append(parts, where+" "+what)
	}
	return strings.Join(parts, ", ")
}

// cells draws a cube display picture: characters of segment's font, a '.'
// lighting the decimal point of the character before it.
func cells(t *testing.T, s string) segment.Cells {
	t.Helper()
	var c segment.Cells
	i := -1
	for _, r := range s {
		if r == '.' {
			c[i] |= segment.SegDP
			continue
		}
		i++
		g, ok := segment.Glyph(r)
		if !ok || i >= segment.NumDigits {
			t.Fatalf("cells %q: bad picture", s)
		}
		c[i] = g
	}
	return c
}

// played returns the board after side plays moves (gnubg notation, side's
// numbering) from before (side in Board[Mover]), the opponent on roll: the
// Board of a PlayMade event.
func played(t *testing.T, before engine.Board, moves string) engine.Board {
	t.Helper()
	ms, err := engine.ParseMoves(moves)
	if err != nil {
		t.Fatal(err)
	}
	after, err := before.Apply(ms)
	if err != nil {
		t.Fatal(err)
	}
	return after.Swap()
}

func playEvent(t *testing.T, side engine.Side, before engine.Board, moves string) referee.Event {
	return referee.Event{Kind: referee.PlayMade, Side: side, Dice: engine.Dice{6, 3},
		Before: before, Board: played(t, before, moves), OnRoll: side.Other()}
}

// recent returns a Recent that has observed events.
func recent(events ...referee.Event) *Recent {
	var r Recent
	for _, e := range events {
		r.Observe(e)
	}
	return &r
}

func side(s engine.Side) *engine.Side { return &s }

func TestCompute(t *testing.T) {
	// Black's 6/4* 8/7 hits White's blot on board point 21 (Black's 4).
	hitBefore := engine.StartingBoard
	hitBefore[engine.Opponent][24-1], hitBefore[engine.Opponent][21-1] = 1, 1
	onBar := engine.Board{engine.StartingBoard[engine.Opponent], half(map[int]int{engine.Bar: 1, 24: 1, 13: 5, 8: 3, 6: 5})}
	whiteRight := DefaultLook
	whiteRight.WhiteEnd = segment.Right

	tests := []struct {
		name string
		in   Input
		look *Look
		leds string
		cube string
		// blink says the cube display blinks.
		blink bool
	}{
		{name: "set-up wrong", in: Input{Status: referee.Status{Phase: referee.PhaseSettingUp, SetupWrong: []int{1, 12, engine.BarPoint}}},
			leds: "1 set-up, 12 set-up, white bar set-up, black bar set-up", cube: "SET"},
		{name: "set up right", in: Input{Status: referee.Status{Phase: referee.PhaseSettingUp, SetupWrong: []int{}}},
			cube: "  1"},
		{name: "set-up errors shown only before the game", in: Input{Status: referee.Status{Phase: referee.PhaseRolling, OnRoll: engine.White, Cube: 1, SetupWrong: []int{12}}},
			leds: "white bar to-act", cube: "  1"},
		{name: "centred cube, Black to roll", in: Input{Status: referee.Status{Phase: referee.PhaseRolling, OnRoll: engine.Black, Cube: 1}},
			leds: "black bar to-act", cube: "  1"},
		{name: "Black owns 4: point on the right end", in: Input{Status: referee.Status{Phase: referee.PhaseRolling, Cube: 4, CubeOwner: side(engine.Black)}},
			leds: "white bar to-act", cube: "  4 ."},
		{name: "White owns 2: point on the left end", in: Input{Status: referee.Status{Phase: referee.PhaseRolling, Cube: 2, CubeOwner: side(engine.White)}},
			leds: "white bar to-act", cube: " . 2"},
		{name: "White owns 64, White at the right end", look: &whiteRight,
			in:   Input{Status: referee.Status{Phase: referee.PhaseRolling, Cube: 64, CubeOwner: side(engine.White)}},
			leds: "white bar to-act", cube: " 64 ."},
		{name: "dead cube", in: Input{Status: referee.Status{Phase: referee.PhaseRolling, Length: 5, Score: [2]int{3, 3},
			Cube: 2, CubeOwner: side(engine.White), CubeDead: true}},
			leds: "white bar to-act", cube: "-.-2-"},
		{name: "Crawford shows CRAW", in: Input{Status: referee.Status{Phase: referee.PhaseRolling, Length: 5, Score: [2]int{4, 2}, Crawford: true, Cube: 1}},
			leds: "white bar to-act", cube: "CRAW"},
		{name: "Crawford game: the dice while moving", in: Input{Status: referee.Status{Phase: referee.PhaseMoving, Crawford: true, Cube: 1, Dice: engine.Dice{6, 3}}},
			leds: "white bar to-act", cube: " 6-3"},
		{name: "double offered: Black to answer, 4 blinks", in: Input{Status: referee.Status{Phase: referee.PhaseDoubled, OnRoll: engine.White, Cube: 2, CubeOwner: side(engine.Black)}},
			leds: "black bar to-act", cube: "  4", blink: true},
		{name: "moving: dice and hints", in: Input{Status: referee.Status{Phase: referee.PhaseMoving, OnRoll: engine.Black, Cube: 1, Dice: engine.Dice{5, 2}}, Hints: []int{7, 10}},
			leds: "7 hint, 10 hint, black bar to-act", cube: " 5-2"},
		{name: "no hints before the roll", in: Input{Status: referee.Status{Phase: referee.PhaseRolling, Cube: 1}, Hints: []int{7}},
			leds: "white bar to-act", cube: "  1"},
		{name: "illegal play blinks exactly the flagged points", in: Input{Status: referee.Status{Phase: referee.PhaseFlagged, OnRoll: engine.Black, Cube: 1, Dice: engine.Dice{6, 3}, Flagged: []int{8, 13}}, Hints: []int{13, 20}},
			leds: "8 illegal*, 13 illegal*, 20 hint, black bar to-act", cube: "ILL", blink: true},
		{name: "illegal play on the bar", in: Input{Status: referee.Status{Phase: referee.PhaseFlagged, OnRoll: engine.White, Cube: 1, Flagged: []int{engine.BarPoint}}},
			leds: "white bar illegal*, black bar illegal*", cube: "ILL", blink: true},
		{name: "flagged play corrected, DONE to press", in: Input{Status: referee.Status{Phase: referee.PhaseFlagged, OnRoll: engine.White, Cube: 1, Flagged: []int{}}},
			leds: "white bar to-act", cube: "DONE"},
		{name: "last play", in: Input{Status: referee.Status{Phase: referee.PhaseRolling, OnRoll: engine.Black, Cube: 1},
			Recent: recent(playEvent(t, engine.White, engine.StartingBoard, "24/18 13/10"))},
			leds: "10 last, 13 last, 18 last, 24 last, black bar to-act", cube: "  1"},
		{name: "last play by Black with a hit", in: Input{Status: referee.Status{Phase: referee.PhaseRolling, OnRoll: engine.White, Cube: 1},
			Recent: recent(playEvent(t, engine.Black, hitBefore, "6/4* 8/7"))},
			leds: "17 last, 18 last, 19 last, 21 last, white bar last", cube: "  1"},
		{name: "last play entering from the bar", in: Input{Status: referee.Status{Phase: referee.PhaseRolling, OnRoll: engine.Black, Cube: 1},
			Recent: recent(playEvent(t, engine.White, onBar, "bar/22 13/10"))},
			leds: "10 last, 13 last, 22 last, white bar last, black bar to-act", cube: "  1"},
		{name: "last play gone at the next roll", in: Input{Status: referee.Status{Phase: referee.PhaseMoving, OnRoll: engine.Black, Cube: 1, Dice: engine.Dice{2, 1}},
			Recent: recent(playEvent(t, engine.White, engine.StartingBoard, "24/18 13/10"), referee.Event{Kind: referee.Rolled, Side: engine.Black, Dice: engine.Dice{2, 1}})},
			leds: "black bar to-act", cube: " 2-1"},
		{name: "sensor faults win", in: Input{Status: referee.Status{Phase: referee.PhaseFlagged, OnRoll: engine.White, Cube: 1, Flagged: []int{8, 13}},
			Findings: []health.Finding{{Place: calib.Place{Point: 13, Slot: 2}, Problem: health.Stuck}, {Place: calib.Place{Half: engine.White, Slot: 0}, Problem: health.OutOfRange}}},
			leds: "8 illegal*, 13 fault, white bar fault", cube: "ILL", blink: true},
		{name: "after GameOver", in: Input{Status: referee.Status{Phase: referee.PhaseSettingUp, Score: [2]int{2, 0}, Cube: 2, CubeOwner: side(engine.Black), SetupWrong: []int{}},
			Recent: recent(playEvent(t, engine.White, engine.StartingBoard, "24/18 13/10"), referee.Event{Kind: referee.GameOver, Side: engine.White, Score: [2]int{2, 0}})},
			cube: "  1"},
		{name: "match over", in: Input{Status: referee.Status{Phase: referee.PhaseMatchOver, Score: [2]int{5, 3}, Length: 5, Cube: 2}},
			cube: "END"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			look := tt.look
			if look == nil {
				look = &DefaultLook
			}
			s := Compute(&tt.in, look)
			if got := describeLEDs(s); got != tt.leds {
				t.Errorf("LEDs:\ngot  %s\nwant %s", got, tt.leds)
			}
			if want := cells(t, tt.cube); s.Cube != want || s.CubeBlink != tt.blink {
				t.Errorf("cube display %x blinking %v, want %x (%q) blinking %v", s.Cube, s.CubeBlink, want, tt.cube, tt.blink)
			}
		})
	}
}

// withBlackOnBar is the starting position with one of Black's checkers
// from its 24-point (the board's 1) on the bar.
func withBlackOnBar() engine.Layout {
	start := engine.StartingBoard
	l := engine.LayoutOf(&start, engine.White)
	l[engine.Black][1]--
	l[engine.Black][engine.Bar]++
	return l
}

func TestComputeScreen(t *testing.T) {
	illegal := referee.Event{Kind: referee.IllegalPlay, Side: engine.White, Dice: engine.Dice{5, 2}, Points: []int{13, 8}}
	tests := []struct {
		name string
		in   Input
		want oled.Screen
	}{
		{"before the match", Input{Status: referee.Status{Phase: referee.PhaseSettingUp, Length: 5}},
			oled.Screen{White: "White", Black: "Black", Length: 5}},
		{"names, turn, clocks to the second, Crawford", Input{
			Status:  referee.Status{Phase: referee.PhaseMoving, OnRoll: engine.Black, Length: 5, Score: [2]int{4, 1}, Crawford: true},
			Clocked: true, Remaining: [2]time.Duration{90*time.Second + 999*time.Millisecond, -3 * time.Second},
			Names: [2]string{"Alice", "Bob"},
		}, oled.Screen{White: "Alice", Black: "-Bob", WhiteScore: 4, BlackScore: 1, Length: 5, Crawford: true,
			Clocked: true, WhiteClock: 90 * time.Second}},
		{"illegal play", Input{Status: referee.Status{Phase: referee.PhaseFlagged, OnRoll: engine.White, Flagged: []int{8, 13}},
			Recent: recent(illegal)},
			oled.Screen{White: "-White", Black: "Black", Message: "ILLEGAL 13 8"}},
		{"Black's illegal play in Black's numbering, the pip counts", Input{
			Status: referee.Status{Phase: referee.PhaseFlagged, OnRoll: engine.Black, Flagged: []int{16, 17}, Checkers: withBlackOnBar()},
			Recent: recent(referee.Event{Kind: referee.IllegalPlay, Side: engine.Black, Dice: engine.Dice{3, 6}, Points: []int{16, 17}}),
			Names:  [2]string{"Ann", "Bob"}},
			oled.Screen{White: "Ann", Black: "-Bob", Message: "ILLEGAL 9 8", Pips: [2]int{167, 167 - 24 + 25}}},
		{"set-up", Input{Status: referee.Status{Phase: referee.PhaseSettingUp},
			Recent: recent(referee.Event{Kind: referee.SetupWrong, Points: []int{12, engine.BarPoint}})},
			oled.Screen{White: "White", Black: "Black", Message: "SET UP BAR 12"}},
		{"a double: Black to answer, no clocks when unclocked", Input{Status: referee.Status{Phase: referee.PhaseDoubled, OnRoll: engine.White},
			Remaining: [2]time.Duration{time.Minute, time.Minute},
			Recent:    recent(referee.Event{Kind: referee.Doubled, Side: engine.White, Cube: 2})},
			oled.Screen{White: "White", Black: "-Black", Message: "White doubles to 2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Compute(&tt.in, &DefaultLook).Screen; got != tt.want {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

// TestRecentSaysAFlagIsWithdrawn: when the checker in hand lands on a
// legal play, the screen says the flag is withdrawn, not ILLEGAL.
func TestRecentSaysAFlagIsWithdrawn(t *testing.T) {
	var r Recent
	r.Observe(referee.Event{Kind: referee.IllegalPlay, Points: []int{13, 8}})
	r.Observe(referee.Event{Kind: referee.Withdrawn})
	if got := message(referee.Event{Kind: referee.Withdrawn}); got != "FLAG WITHDRAWN" || r.message != got {
		t.Fatalf("message %q, screen %q: want FLAG WITHDRAWN", got, r.message)
	}
}
