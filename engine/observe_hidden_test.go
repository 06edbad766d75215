package engine

import "testing"

// TestHidesAnother masks the top checker's slot of White's 6-point in the
// starting position: alone it hides nothing (the checker could go nowhere
// unseen), with the slot above the 13-point's five masked too a checker
// could stand on either, and on a full stack it could hide beneath the
// top as well.
func TestHidesAnother(t *testing.T) {
	b := StartingBoard
	o := OccupancyOf(&b, White, 6, 4)
	if o.HidesAnother(&b, White) {
		t.Error("no masked slot: HidesAnother")
	}
	six := o
	six.Points[5][White], six.Masked[5] = 4, 1 // the 5th checker's slot, dead
	if !six.Fits(&b, White) || six.HidesAnother(&b, White) {
		t.Errorf("6-point's top slot masked: fits %v, hides another %v; want fits, hides nothing", six.Fits(&b, White), six.HidesAnother(&b, White))
	}
	both := six
	both.Masked[12] = 1 // the slot above the 13-point's five, dead
	if !both.HidesAnother(&b, White) {
		t.Error("6-point's top and the 13-point's next slot masked: a checker moved from one to the other hides, HidesAnother false")
	}
	stack := b
	stack[Mover][6-1], stack[Mover][8-1] = 6, 2 // the 6-point full, the 8-point one short
	o = OccupancyOf(&stack, White, 6, 4)
	o.Points[7][White], o.Masked[7] = 1, 1 // the 8-point's top slot dead
	if !o.Fits(&stack, White) || !o.HidesAnother(&stack, White) {
		t.Error("a full 6-point and the 8-point's top slot masked: a checker under the 6-point's stack instead hides, HidesAnother false")
	}
}
