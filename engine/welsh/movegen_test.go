package welsh

import (
	"testing"

	"gammond/engine"
)

// company is an opponent's pair of men in the mover's near-outer board, so
// a lone man there is no rover (rule 20).
var company = men{25 - 11: 2}

// Rule 7: when only one die can be played, the larger.
func TestRule7LargerDie(t *testing.T) {
	b := board(men{9: 1}, company) // 9/3 or 9/4; then a bust either way
	wantAfters(t, LegalPlays(b, engine.Dice{5, 6}), after(men{3: 1}, company))
}

// Rule 7: doubles play four times, or as many times as they can.
func TestRule7DoublesAsManyAsPossible(t *testing.T) {
	b := board(men{9: 1}, company)
	wantAfters(t, LegalPlays(b, engine.Dice{4, 4}), after(men{1: 1}, company)) // 9/5 5/1, then a bust
	b = board(men{24: 2}, men{2: 2})                                           // no rover: two men
	plays := LegalPlays(b, engine.Dice{3, 3})
	for _, p := range plays {
		if got := pipsMoved(&p); got != 12 {
			t.Errorf("%s moves %d pips, want all four 3s", FormatPlay(p.Steps()), got)
		}
	}
}

// pipsMoved returns how far a forward-only play carried its men.
func pipsMoved(p *engine.Play) int {
	n := 0
	for _, m := range p.Steps() {
		n += int(m.From) - int(m.To)
		if m.From >= farOuterLow && m.From < backLow && m.To < farOuterLow {
			n = n - (int(m.From) - int(m.To)) + (backLow - int(m.From)) // a crossing moves the spike's number
		}
	}
	return n
}

// Rule 7: a forward move cannot be waived; the throw is forfeited only
// when nothing can move.
func TestRule7ForfeitOnlyWhenNothingMoves(t *testing.T) {
	b := board(men{9: 1}, men{25 - 3: 2, 25 - 4: 2, 25 - 11: 2}) // 3, 4 covered: 9 busts
	if plays := LegalPlays(b, engine.Dice{5, 6}); len(plays) != 0 {
		t.Errorf("forfeited throw: got %v, want no play", notations(plays))
	}
	for _, p := range LegalPlays(engine.StartingBoard, engine.Dice{2, 1}) {
		if p.N == 0 {
			t.Errorf("moving nothing listed at the start with 2-1")
		}
	}
}

// Rule 8: opposing men never share a spike: no play ends on a covered spike.
func TestRule8NoMixedSpikes(t *testing.T) {
	for _, d := range allDice() {
		for _, p := range LegalPlays(engine.StartingBoard, d) {
			if err := p.After.Validate(); err != nil {
				t.Errorf("%v %s: %v", d, FormatPlay(p.Steps()), err)
			}
		}
	}
}

// Rule 9: a 4-5 is one man 4 and another 5, or one man 9 that settles
// only at the end: past covered spikes 4 and 5 ahead.
func TestRule9CombinedMoveSettlesPastCoveredSpikes(t *testing.T) {
	covered := men{25 - 18: 2, 25 - 17: 2}
	b := board(men{22: 2}, covered)
	wantAfters(t, LegalPlays(b, engine.Dice{4, 5}), after(men{22: 1, 13: 1}, covered))

	open := men{1: 2}
	b = board(men{22: 2}, open)
	wantAfters(t, LegalPlays(b, engine.Dice{4, 5}),
		after(men{18: 1, 17: 1}, open), after(men{22: 1, 13: 1}, open))
}

// Rule 9: a man cannot hit a blot 4 ahead and go on to 9: a 9 passes the
// blot, a 4 hits it.
func TestRule9NoHitOnTheWay(t *testing.T) {
	blot := men{25 - 18: 1, 1: 2}
	hit := men{engine.Bar: 1, 1: 2}
	b := board(men{22: 2}, blot)
	wantAfters(t, LegalPlays(b, engine.Dice{4, 5}),
		after(men{18: 1, 17: 1}, hit), after(men{22: 1, 13: 1}, blot))
}

// Rule 9: skinny sevens don't jump: a 5-2 takes no man over the central
// bar, neither into the home board nor out of the back board; a turn it
// leaves nothing to move is forfeited.
func TestRule9SkinnySevenDoesNotJump(t *testing.T) {
	b := board(men{8: 2, 20: 2}, men{25 - 11: 2, 25 - 22: 2})
	for _, d := range []engine.Dice{{5, 2}, {2, 5}} {
		if plays := LegalPlays(b, d); len(plays) != 0 {
			t.Errorf("%v: got %v, want the turn forfeited", d, notations(plays))
		}
	}
	if plays := LegalPlays(b, engine.Dice{4, 2}); !hasMove(plays, 8, 4) || !hasMove(plays, 20, 18) {
		t.Errorf("4-2 crosses the central bar: got %v", notations(plays))
	}
	b = board(men{22: 2}, men{1: 2}) // the 2 within the back board; the 5 would jump
	wantAfters(t, LegalPlays(b, engine.Dice{5, 2}), after(men{22: 1, 20: 1}, men{1: 2}))
}

// Rule 10: no spike holds more than six men, and no turn ends with two full
// spikes: the move that would make one is forfeited. A man passing a full
// spike does not stand on it.
func TestRule10FullSpikes(t *testing.T) {
	b := board(men{10: 1, 8: 6, 6: 5, 5: 3}, company)
	plays := LegalPlays(b, engine.Dice{2, 1})
	for _, p := range plays {
		mover := p.After[engine.Opponent]
		if mover.On(8) > FullSpike {
			t.Errorf("%s leaves %d men on point 8", FormatPlay(p.Steps()), mover.On(8))
		}
		if FullSpikes(&mover) > 1 {
			t.Errorf("%s leaves two full spikes", FormatPlay(p.Steps()))
		}
	}
	if !hasAfter(plays, after(men{7: 1, 8: 6, 6: 5, 5: 3}, company)) {
		t.Errorf("10/8/7 passing the full spike: not among %v", notations(plays))
	}
	one := Throw{Dice: engine.Dice{1}, OneDie: true}
	b = board(men{7: 1, 8: 6, 6: 5}, men{25 - 5: 2, 25 - 11: 2})
	wantAfters(t, Plays(b, one), after(men{7: 2, 8: 5, 6: 5}, men{25 - 5: 2, 25 - 11: 2})) // not 7/6
}

// Rule 11: a full spread's blots cannot be hit, and its owner may throw
// one die.
func TestRule11FullSpread(t *testing.T) {
	spread := men{7: 1, 8: 1, 9: 1, 10: 1, 11: 1, 12: 1, 1: 2}
	b := board(men{20: 2}, spread) // the opponent's 7..12 are the mover's 18..13
	plays := LegalPlays(b, engine.Dice{2, 1})
	if len(plays) == 0 {
		t.Fatalf("2-1 by the spread: no play")
	}
	for _, p := range plays {
		if p.After[engine.Mover].On(engine.Bar) != 0 {
			t.Errorf("%s hits a man of a full spread", FormatPlay(p.Steps()))
		}
	}
	if !HasFullSpread(&b[engine.Opponent]) || HasFullSpread(&b[engine.Mover]) {
		t.Errorf("HasFullSpread: the opponent's far-outer board is a full spread, the mover has none")
	}
	open := men{2: 2}
	single := Plays(board(men{24: 2}, open), Throw{Dice: engine.Dice{3}, OneDie: true})
	wantAfters(t, single, after(men{24: 1, 21: 1}, open))
}

// allDice returns the 36 throws of two dice.
func allDice() []engine.Dice {
	var all []engine.Dice
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			all = append(all, engine.Dice{a, b})
		}
	}
	return all
}

// Rule 15: the opening 6-4 sends a man across the stream from the 6-spike
// (13/12, passing the opponent's five) and on 4 to join the three on 8.
func TestRule15Opening64AcrossTheStream(t *testing.T) {
	plays := LegalPlays(engine.StartingBoard, engine.Dice{6, 4})
	want := after(men{24: 2, 13: 4, 8: 4, 6: 5}, men{24: 2, 13: 5, 8: 3, 6: 5})
	if !hasAfter(plays, want) {
		t.Errorf("13/12 12/8 not among %v", notations(plays))
	}
	for _, p := range plays {
		if p.After[engine.Opponent].On(9) > 0 || p.After[engine.Opponent].On(7) > 0 {
			t.Errorf("%s leaves the far-outer board without crossing the stream", FormatPlay(p.Steps()))
		}
	}
}

// Rule 15: 1-1 gets a man across from far-outer spike 1, 2, 3 or 4; 2-2
// from spike 2, 4 or 6 (2+2+2, with a 2 to go). Far-outer spike k is point
// 19-k, and it crosses to point 6+k.
func TestRule15CrossingsOnDoubles(t *testing.T) {
	for _, tc := range []struct {
		dice    engine.Dice
		crosses []int // the far-outer spikes a man crosses from
	}{
		{engine.Dice{1, 1}, []int{1, 2, 3, 4}},
		{engine.Dice{2, 2}, []int{2, 4, 6}},
	} {
		for spike := 1; spike <= 6; spike++ {
			from := backLow - spike
			b := board(men{from: 2}, men{1: 2, 2: 2}) // two men: no rover
			plays := LegalPlays(b, tc.dice)
			want := false
			for _, k := range tc.crosses {
				want = want || k == spike
			}
			if got := hasMove(plays, from, nearOuterLow-1+spike); got != want {
				t.Errorf("%v from spike %d (point %d): crosses %v, want %v; plays %v", tc.dice, spike, from, got, want, notations(plays))
			}
		}
	}
}

// Rule 15: a man leaves the far-outer board only by the exact number, and
// nothing jumps the stream from the back board.
func TestRule15NoWayOutButTheExactNumber(t *testing.T) {
	b := board(men{16: 2}, men{1: 2}) // spike 3
	if plays := LegalPlays(b, engine.Dice{5, 4}); len(plays) != 0 {
		t.Errorf("5-4 from far-outer spike 3: got %v, want none", notations(plays))
	}
	b = board(men{20: 2}, men{1: 2})
	for _, d := range allDice() {
		for _, p := range LegalPlays(b, d) {
			for _, m := range p.Steps() {
				if m.From >= backLow && m.To < farOuterLow {
					t.Errorf("%v: %s jumps the stream", d, FormatPlay(p.Steps()))
				}
			}
		}
	}
}

// Rule 16: men on the roof enter through the back board before any other
// man moves; a 3-2 with back spikes 3, 2 and 5 covered is a dance.
func TestRule16RoofFirst(t *testing.T) {
	opp := men{3: 2, 2: 2, 5: 2} // the mover's 22, 23, 20
	b := board(men{engine.Bar: 1, 13: 5, 6: 5}, opp)
	if plays := LegalPlays(b, engine.Dice{3, 2}); len(plays) != 0 {
		t.Errorf("3-2 with 3, 2, 5 covered: got %v, want a dance", notations(plays))
	}
	for _, p := range LegalPlays(b, engine.Dice{6, 4}) {
		if p.Moves[0].From != engine.Bar {
			t.Errorf("%s moves before entering", FormatPlay(p.Steps()))
		}
	}
	// Two on the roof, 4-1: one enters with the 4 (the 1 and 5 covered),
	// the other cannot, so nothing else moves: one in, a dance.
	opp = men{1: 2, 5: 2}
	b = board(men{engine.Bar: 2, 13: 5}, opp)
	wantAfters(t, LegalPlays(b, engine.Dice{4, 1}), after(men{engine.Bar: 1, 21: 1, 13: 5}, opp))
}

// Rule 18: a man checks out with its exact spike number, die or combined;
// too big a number busts; checking out waits until every man is home.
func TestRule18CheckingOutExactly(t *testing.T) {
	b := board(men{2: 1, 3: 1, 4: 1}, company)
	if plays := LegalPlays(b, engine.Dice{6, 5}); len(plays) != 0 {
		t.Errorf("6-5 busts: got %v", notations(plays))
	}
	b = board(men{5: 1, 2: 1}, company)
	wantAfters(t, LegalPlays(b, engine.Dice{3, 2}), after(men{2: 1}, company)) // 5 off, combined or not
	b = board(men{7: 1, 3: 1}, company)
	for _, p := range LegalPlays(b, engine.Dice{3, 1}) {
		if p.After[engine.Opponent].Total() < 2 && p.Moves[0].To == engine.Off {
			t.Errorf("%s checks out before all men are home", FormatPlay(p.Steps()))
		}
	}
	if !hasAfter(LegalPlays(b, engine.Dice{3, 1}), after(men{6: 1}, company)) {
		t.Errorf("7/6 then 3/off: missing")
	}
}

// Rule 18, "six must": a throw with a 6 that can check a man out must.
func TestRule18SixMust(t *testing.T) {
	b := board(men{5: 1, 4: 1, 1: 1}, company)
	wantAfters(t, LegalPlays(b, engine.Dice{6, 1}), after(men{5: 1, 4: 1}, company))
	checksOutAlways := true
	for _, p := range LegalPlays(b, engine.Dice{2, 1}) {
		checksOutAlways = checksOutAlways && p.After[engine.Opponent].Total() < 3
	}
	if checksOutAlways {
		t.Errorf("2-1, no 6: every play checks out, want a choice")
	}
}

// Rule 19, boxes out: four men left, all home, double 6 checks them all
// out; with five left it does not.
func TestRule19BoxesOut(t *testing.T) {
	b := board(men{1: 1, 2: 1, 3: 1, 5: 1}, company)
	wantAfters(t, LegalPlays(b, engine.Dice{6, 6}), after(men{}, company))
	b = board(men{1: 1, 2: 1, 3: 2, 5: 1}, company)
	if plays := LegalPlays(b, engine.Dice{6, 6}); len(plays) != 0 {
		t.Errorf("five men left, 6-6: got %v, want a bust", notations(plays))
	}
}

// Rule 20: a man alone in its quarter-board is a rover: each die may take it
// back or forward, back across the stream too; never on doubles; a
// backward move is optional.
func TestRule20Rovers(t *testing.T) {
	opp := men{2: 2}                  // the mover's 23: company in the back board
	b := board(men{9: 1, 24: 2}, opp) // 9 is alone in the near-outer board
	plays := LegalPlays(b, engine.Dice{3, 1})
	if !hasMove(plays, 9, 12) || !hasMove(plays, 9, 10) {
		t.Errorf("the rover on 9 does not move back: %v", notations(plays))
	}
	if !hasMove(plays, 9, 16) { // near-outer spike 3 back across to far-outer spike 3
		t.Errorf("the rover on 9 does not cross back with the 3: %v", notations(plays))
	}
	if hasMove(plays, 24, 25) || hasMove(plays, 24, 27) {
		t.Errorf("a man with company moves back: %v", notations(plays))
	}
	for _, p := range LegalPlays(b, engine.Dice{2, 2}) {
		for _, m := range p.Steps() {
			if m.To > m.From {
				t.Errorf("2-2: %s moves back on doubles", FormatPlay(p.Steps()))
			}
		}
	}
	if Rovers(&b)[0] != 9 || len(Rovers(&b)) != 1 {
		t.Errorf("Rovers = %v, want [9]", Rovers(&b))
	}
}

// Rule 20, "Last Man Roving": the last man, on home spike 2, checks out with
// 2, 1-1, 1-3 (1 back, 3 off), 3-5 and 4-6.
func TestRule20LastManRoving(t *testing.T) {
	opp := men{24: 2} // the mover's 1: company, yet the last man roves
	b := board(men{2: 1}, opp)
	for _, d := range []engine.Dice{{1, 1}, {1, 3}, {3, 5}, {4, 6}, {2, 5}} {
		if plays := LegalPlays(b, d); !hasAfter(plays, after(men{}, opp)) {
			t.Errorf("%v: the last man on 2 does not check out: %v", d, notations(plays))
		}
	}
	if plays := LegalPlays(b, engine.Dice{3, 3}); hasAfter(plays, after(men{}, opp)) {
		t.Errorf("3-3: the last man checks out moving back on doubles")
	}
}

func TestIsLegal(t *testing.T) {
	start := engine.StartingBoard
	cross := after(men{24: 2, 13: 4, 8: 4, 6: 5}, men{24: 2, 13: 5, 8: 3, 6: 5})
	if !IsLegal(start, Throw{Dice: engine.Dice{6, 4}}, cross) {
		t.Errorf("13/12 12/8 with 6-4: not legal")
	}
	if IsLegal(start, Throw{Dice: engine.Dice{5, 3}}, cross) {
		t.Errorf("13/12 12/8 with 5-3: legal")
	}
	if IsLegal(start, Throw{Dice: engine.Dice{6, 4}}, start.Swap()) {
		t.Errorf("moving nothing with 6-4 from the start: legal")
	}
	closed := board(men{engine.Bar: 1, 6: 5}, men{1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2})
	if !IsLegal(closed, Throw{Dice: engine.Dice{3, 2}}, closed.Swap()) {
		t.Errorf("a dance: moving nothing not legal")
	}
}

// BenchmarkPlays finds the plays of every throw from a middle-game
// position and from the start (72 calls an op). Allocation budget: the
// search's map, its candidates and the plays returned, about 25 a call.
func BenchmarkPlays(b *testing.B) {
	middle := board(men{24: 1, 20: 2, 16: 2, 13: 3, 10: 2, 8: 2, 6: 3}, men{23: 2, 18: 1, 13: 4, 11: 2, 7: 3, 6: 3})
	for b.Loop() {
		for _, d := range allDice() {
			LegalPlays(engine.StartingBoard, d)
			LegalPlays(middle, d)
		}
	}
}

// Rule 16 (choice): an entering man steps into the back board, and settles
// where the turn leaves it: through covered back spikes 6 and 5 to point 14
// with a 6-5.
func TestRule16EnterThroughTheBackBoard(t *testing.T) {
	opp := men{6: 2, 5: 2, 13: 2} // the mover's 19, 20; 12
	b := board(men{engine.Bar: 1, 8: 2}, opp)
	wantAfters(t, LegalPlays(b, engine.Dice{6, 5}), after(men{14: 1, 8: 2}, opp))
}

// Rule 15 (choice): with the spike's own number a man may cross or, with
// room, move on within the far-outer board.
func TestRule15ExactNumberMayStayWithin(t *testing.T) {
	opp := men{1: 2}
	b := board(men{17: 2}, opp) // far-outer spike 2
	plays := Plays(b, Throw{Dice: engine.Dice{2}, OneDie: true})
	wantAfters(t, plays, after(men{17: 1, 8: 1}, opp), after(men{17: 1, 15: 1}, opp))
}
