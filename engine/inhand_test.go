package engine

import "testing"

// TestInHand covers the boards DONE can find with the last checker on its
// way, and boards it must not take for one.
func TestInHand(t *testing.T) {
	start := StartingBoard
	// White 31 from the start, then Black's roll of 21 from there.
	var m Matcher
	m.Start(start, White, Dice{3, 1})
	var made Board // 8/5 6/5
	for _, p := range m.Plays() {
		if FormatPlay(start, p.Steps()) == "8/5 6/5" {
			made = p.After.Swap()
		}
	}
	shown := func(b Board) *Occupancy {
		o := OccupancyOf(&b, White, 6, 4)
		return &o
	}
	short := made
	short[Mover][4]-- // the checker for the 5 point still in the hand
	wrong := made
	wrong[Mover][4]--
	wrong[Mover][3]++ // 8/4 6/5: every checker down, one in the wrong place

	// Black, on roll with 21, hits a White blot on White's 4 point (Black's
	// 21): 24/21*.
	blotted := StartingBoard
	blotted[Opponent][5]-- // White: one off its 6 point...
	blotted[Opponent][3]++ // ...onto its 4 point
	var black Matcher
	black.Start(blotted, Black, Dice{2, 1})
	var hit Board
	for _, p := range black.Plays() {
		if FormatPlay(blotted, p.Steps()) == "24/21*" {
			hit = p.After.Swap()
		}
	}
	if hit == (Board{}) {
		t.Fatal("no 24/21* among Black's plays of 21")
	}
	blotLeft := hit
	blotLeft[Opponent][Bar-1]--
	blotLeft[Opponent][3]++ // White's blot still on its 4 point, the hitter beside it
	blackShown := func(b Board) *Occupancy {
		o := OccupancyOf(&b, Black, 6, 4)
		return &o
	}

	for _, tc := range []struct {
		name string
		m    *Matcher
		o    *Occupancy
		want bool
	}{
		{"a legal result", &m, shown(made), false},
		{"one checker in the hand", &m, shown(short), true},
		{"every checker down, one wrong", &m, shown(wrong), false},
		{"the position before the turn", &m, shown(start), false},
		{"the blot hit not yet lifted", &black, blackShown(blotLeft), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.m.InHand(tc.o); got != tc.want {
				t.Fatalf("InHand = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestOneShortMasked: with a masked slot anywhere on the board, InHand
// judges the board as seen (a checker missing may sit on the masked slot)
// while OneShort still sees a legal result but for one checker.
func TestOneShortMasked(t *testing.T) {
	var m Matcher
	m.Start(StartingBoard, White, Dice{3, 1})
	var short Board // 8/5 6/5 with the checker for the 5 point in the hand
	for _, p := range m.Plays() {
		if FormatPlay(StartingBoard, p.Steps()) == "8/5 6/5" {
			short = p.After.Swap()
		}
	}
	short[Mover][4]--
	o := OccupancyOf(&short, White, 6, 4)
	o.Points[13-1][White]-- // the midpoint's fifth checker on a dead sensor
	o.Masked[13-1] = 1
	if m.InHand(&o) {
		t.Error("InHand with a masked slot = true, want false")
	}
	if !m.OneShort(&o) {
		t.Error("OneShort with a masked slot = false, want true")
	}
	full := OccupancyOf(&StartingBoard, White, 6, 4)
	if m.OneShort(&full) {
		t.Error("OneShort of the position before the turn = true, want false")
	}
}

// TestShortOf: the legal play whose result the board shows but for the
// checker still in the hand is the one ShortOf names; none when the
// board is the result itself, or two checkers short.
func TestShortOf(t *testing.T) {
	var m Matcher
	m.Start(StartingBoard, White, Dice{3, 1})
	want := -1
	for i, p := range m.Plays() {
		if FormatPlay(StartingBoard, p.Steps()) == "8/5 6/5" {
			want = i
		}
	}
	legal := m.Plays()[want].After
	short := legal
	short[Opponent][4]-- // White's 5 point, one checker still in the hand
	o := OccupancyOf(&short, Black, 6, 4)
	if got := m.ShortOf(&o); got != want {
		t.Errorf("ShortOf = %d, want %d (8/5 6/5)", got, want)
	}
	whole := OccupancyOf(&legal, Black, 6, 4)
	if got := m.ShortOf(&whole); got != -1 {
		t.Errorf("ShortOf of a legal result itself = %d, want -1", got)
	}
	short[Opponent][4]--
	two := OccupancyOf(&short, Black, 6, 4)
	if got := m.ShortOf(&two); got != -1 {
		t.Errorf("ShortOf two checkers short = %d, want -1", got)
	}
}
