package referee

import (
	"testing"
	"time"

	"gammond/calib"
	"gammond/engine"
	"gammond/sensing"
	"gammond/sensing/sim"
)

// TestDeadTopSlotPlayNotMistaken: White opens 6-5 with 24/13, its sixth
// checker on the 13 point landing on a sensor dead from the start (and
// with it the 6 point's sixth slot), which no field has read on. The
// sensor model never records another play: the play is recorded, or
// flagged and withdrawn at Black's roll (the turn's last word: a checker
// missing on a sensor never seen to read is likelier a dead sensor than
// a checker off the board).
func TestDeadTopSlotPlayNotMistaken(t *testing.T) {
	var play *engine.Play
	for _, p := range engine.LegalPlays(engine.StartingBoard, engine.Dice{6, 5}) {
		if p.After[engine.Opponent].On(24) == 1 && p.After[engine.Opponent].On(13) == 6 {
			play = &p
		}
	}
	if play == nil {
		t.Fatal("no 24/13 among the legal plays of 6-5")
	}
	for _, tc := range []struct {
		name string
		dead []int // board points whose sixth slot's sensor is dead
	}{
		{"no sensor dead", nil},
		{"13-point's sixth slot dead", []int{13}},
		{"and the 6-point's sixth", []int{13, 6}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := engine.NewMatch(0, engine.MatchOpts{})
			if err != nil {
				t.Fatal(err)
			}
			var events []Event
			r := New(m, sensing.NewVirtualClock(time.Unix(0, 0)), func(e Event) { events = append(events, e) })
			board := newSensorBoard(t, r)
			for _, p := range tc.dead {
				if err := board.board.SetFault(calib.ReferenceBoard.Sensor(calib.Place{Point: p, Slot: 5}), sim.Dead); err != nil {
					t.Fatal(err)
				}
			}
			board.show(engine.StartingBoard, engine.White)
			r.Roll(engine.White, engine.Dice{6, 5})
			board.show(play.After, engine.Black)
			r.Done(engine.White)
			r.Apply(Input{Kind: InputDoneGrace})
			r.Roll(engine.Black, engine.Dice{3, 1})
			made := eventsOf(events, PlayMade)
			if len(made) != 1 || made[0].Board != play.After || len(eventsOf(events, IllegalAccepted)) > 0 {
				t.Fatalf("events %v: want 24/13 made", kinds(events))
			}
			if tc.dead == nil && (made[0].Ambiguous || len(eventsOf(events, IllegalPlay)) > 0) {
				t.Errorf("no sensor dead: %v, ambiguous %v: want 24/13 made, certain, no flag", kinds(events), made[0].Ambiguous)
			}
		})
	}
}
