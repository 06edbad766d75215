package referee

import (
	"slices"
	"testing"

	"gammond/calib"
	"gammond/engine"
	"gammond/sensing"
)

// deadTopOfSix is a sensor dead from the start under White's fifth
// checker on its 6 point, the top of that pile: with the sensor model
// judging, a checker of it may be in the hand unseen, so a play that
// leaves the point as it was reads as well with a checker still held.
var deadTopOfSix = calib.ReferenceBoard.Sensor(calib.Place{Point: 6, Slot: 4})

// modelPipeline returns a pipeline for a 1-point match reading src, the
// sensor model started from the test board's levels, the sensor dead
// reading its baseline in every frame, and the kinds of the events it
// emits.
func modelPipeline(t *testing.T, src items, dead int) (*Pipeline, *[]Kind) {
	t.Helper()
	for _, it := range src {
		if it.Kind == sensing.FrameItem {
			it.Frame[dead] = testBase
		}
	}
	p, kinds := testPipeline(t, &src)
	cal := calib.Calibration{Board: calib.ReferenceBoard}
	for range calib.ReferenceBoard.Sensors() {
		cal.Baseline, cal.White, cal.Black = append(cal.Baseline, testBase), append(cal.White, testWhite), append(cal.Black, testBlack)
	}
	if err := p.Referee.SetCalibration(&cal); err != nil {
		t.Fatal(err)
	}
	return p, kinds
}

// runningBack returns White's 24/21 24/23 of 3-1 from the start, which
// leaves its 6 point as it was, and the board after it with one of
// Black's checkers lifted from its 6 point.
func runningBack(t *testing.T) (after, lifted engine.Board) {
	t.Helper()
	after = openingPlay(t, engine.Dice{3, 1}, "24/21 24/23")
	lifted = after
	lifted[engine.Mover][6]-- // Black on roll: its 6 point
	return after, lifted
}

// TestModelJudgeRollBeforeTheBoardSettles: White presses DONE as its
// last checker comes to rest, and Black rolls before the board has
// settled. Black's roll says White's hand is empty: once the board
// settles the play is judged as it stands, not held for a checker that
// a dead sensor may hide, and Black's checker lifted soon after is no
// evidence for White's turn.
func TestModelJudgeRollBeforeTheBoardSettles(t *testing.T) {
	after, lifted := runningBack(t)
	start := frameOf(engine.StartingBoard, engine.White)
	src := items{frameAt(0, start), frameAt(1000, start), pressAt(1500, sensing.Roll, engine.White, engine.Dice{3, 1}),
		frameAt(2000, frameOf(after, engine.Black)), pressAt(2005, sensing.Done, engine.White, engine.Dice{}),
		pressAt(2100, sensing.Roll, engine.Black, engine.Dice{6, 5}),
		frameAt(2400, frameOf(lifted, engine.Black)), frameAt(2700, frameOf(lifted, engine.Black))}
	p, kinds := modelPipeline(t, src, deadTopOfSix)
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	if slices.Contains(*kinds, IllegalPlay) || !slices.Contains(*kinds, PlayMade) {
		t.Errorf("events %v: want White's play made, no flag", *kinds)
	}
	if n := len(slices.DeleteFunc(slices.Clone(*kinds), func(k Kind) bool { return k != Rolled })); n != 2 {
		t.Errorf("events %v: %d rolls, want White's and Black's", *kinds, n)
	}
}

// TestModelJudgeFlagWithdrawnAtTheRoll: White's DONE comes with a
// checker read on its empty 4 point (a hand set it down for a moment):
// flagged. The checker taken away, the board shows the legal play, and
// Black's roll withdraws the flag: the play is judged with White's hand
// empty, not held for a checker a dead sensor may hide, and Black's roll
// stands.
func TestModelJudgeFlagWithdrawnAtTheRoll(t *testing.T) {
	after, _ := runningBack(t)
	start := frameOf(engine.StartingBoard, engine.White)
	extra := frameOf(after, engine.Black)
	extra[calib.ReferenceBoard.Sensor(calib.Place{Point: 4})] = testWhite
	src := items{frameAt(0, start), frameAt(1000, start), pressAt(1500, sensing.Roll, engine.White, engine.Dice{3, 1}),
		frameAt(2000, extra), pressAt(2500, sensing.Done, engine.White, engine.Dice{}), frameAt(3000, extra),
		frameAt(3500, frameOf(after, engine.Black)), frameAt(4000, frameOf(after, engine.Black)),
		pressAt(4500, sensing.Roll, engine.Black, engine.Dice{6, 5}), frameAt(5000, frameOf(after, engine.Black))}
	p, kinds := modelPipeline(t, src, deadTopOfSix)
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	i := slices.Index(*kinds, IllegalPlay)
	if want := []Kind{IllegalPlay, Withdrawn, PlayMade, Rolled}; i < 0 || !slices.Equal((*kinds)[i:], want) {
		t.Errorf("events %v: want %v from the flag on", *kinds, want)
	}
}

// TestModelJudgeDoubleBeforeTheBoardSettles: White presses DONE as its
// last checker comes to rest, and Black doubles 200 ms later, before the
// board has settled and the scan can no longer be stalled on White's
// last motion. The double is held, not refused: once the board settles
// White's play is judged, then Black's cube is offered.
func TestModelJudgeDoubleBeforeTheBoardSettles(t *testing.T) {
	after := openingPlay(t, engine.Dice{3, 1}, "8/5 6/5")
	start := frameOf(engine.StartingBoard, engine.White)
	passing := frameOf(after, engine.Black) // White's hand still leaving the board
	passing[calib.ReferenceBoard.Sensor(calib.Place{Point: 4, Slot: 0})] += 40
	src := items{frameAt(0, start), frameAt(1000, start), pressAt(1500, sensing.Roll, engine.White, engine.Dice{3, 1}),
		frameAt(2000, frameOf(after, engine.Black)), pressAt(2005, sensing.Done, engine.White, engine.Dice{}),
		frameAt(2100, passing), pressAt(2200, sensing.Double, engine.Black, engine.Dice{}),
		frameAt(2400, frameOf(after, engine.Black)), frameAt(2700, frameOf(after, engine.Black))}
	p, kinds := modelPipeline(t, src, calib.ReferenceBoard.Sensor(calib.Place{Point: 9, Slot: 5})) // an empty slot: no sensor dead
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	played, doubled := slices.Index(*kinds, PlayMade), slices.Index(*kinds, Doubled)
	if played < 0 || doubled < played || slices.Contains(*kinds, CubeRefused) || slices.Contains(*kinds, IllegalPlay) {
		t.Errorf("events %v: want White's play made, then Black's double", *kinds)
	}
}
