package welsh

import (
	"math/rand/v2"
	"slices"
	"testing"

	"gammond/engine"
)

// TestPartials: the opening 5-1's partials are the board before, each legal
// play's position and the positions after one of its moves; the opening
// 6-4's crossing (13/12 12/8) has no partial with the man left on the
// opponent's five on 12, and every partial of random positions is a Welsh
// position on the way from b.
func TestPartials(t *testing.T) {
	start := engine.StartingBoard
	th := Throw{Dice: engine.Dice{5, 1}}
	partials := Partials(start, th)
	half, err := Apply(start, []engine.Move{{From: 8, To: 3}})
	if err != nil {
		t.Fatal(err)
	}
	if partials[0] != start || !slices.Contains(partials, half) {
		t.Fatalf("the opening 5-1's partials lack the start or 8/3 alone")
	}
	for _, p := range Plays(start, th) {
		if !slices.Contains(partials, p.After.Swap()) {
			t.Fatalf("the partials lack the play %s", FormatPlay(p.Steps()))
		}
	}
	crossing := Partials(start, Throw{Dice: engine.Dice{6, 4}})
	for _, p := range crossing {
		if p[engine.Mover].On(12) > 0 {
			t.Fatalf("a 6-4 partial leaves a man on the opponent's covered spike 12: %s", p.PositionID())
		}
	}
	r := rand.New(rand.NewPCG(14, 14))
	for range 200 {
		b := randomBoard(r)
		th := randomThrow(r)
		for _, p := range Partials(b, th) {
			if err := Validate(&p); err != nil {
				t.Fatalf("%s %v: partial %s: %v", b.PositionID(), th, p.PositionID(), err)
			}
			if p[engine.Opponent].Total() != b[engine.Opponent].Total() {
				t.Fatalf("%s %v: partial %s changes the opponent's count", b.PositionID(), th, p.PositionID())
			}
		}
	}
}

func BenchmarkPartials(b *testing.B) {
	th := Throw{Dice: engine.Dice{2, 2}}
	for b.Loop() {
		Partials(engine.StartingBoard, th)
	}
}
