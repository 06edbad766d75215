package referee

import (
	"testing"
	"time"

	"gammond/engine"
	"gammond/sensing"
)

// TestMaskedPlayAmbiguous: White opens 6-5 with 24/13. A dead sensor on
// the 13-point's sixth slot leaves its count 5 or 6, but the checker could
// have gone nowhere else unseen: the play is certain. With the slot above
// the 6-point's five dead too, the board fits as well an illegal 24/6
// (one checker fewer on the 13-point, one more on the 6-point): the play
// is reported ambiguous, never certain.
func TestMaskedPlayAmbiguous(t *testing.T) {
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
		name      string
		masked    []int // board points whose top slot is masked
		ambiguous bool
	}{
		{"no sensor dead", nil, false},
		{"13-point's sixth slot dead", []int{13}, false},
		{"and the 6-point's sixth", []int{13, 6}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := engine.NewMatch(0, engine.MatchOpts{})
			if err != nil {
				t.Fatal(err)
			}
			var made []Event
			r := New(m, sensing.NewVirtualClock(time.Unix(0, 0)), func(e Event) {
				if e.Kind == PlayMade {
					made = append(made, e)
				}
			})
			start := engine.OccupancyOf(&engine.StartingBoard, engine.White, 6, 4)
			r.Settled(&start)
			r.Roll(engine.White, engine.Dice{6, 5})
			o := engine.OccupancyOf(&play.After, engine.Black, 6, 4) // Black to roll next

			for _, p := range tc.masked {
				if o.Points[p-1][engine.White] == 6 {
					o.Points[p-1][engine.White] = 5
				}
				o.Masked[p-1] = 1
			}
			r.Settled(&o)
			r.Done(engine.White)
			if len(made) != 1 || made[0].Ambiguous != tc.ambiguous || made[0].Board != play.After {
				t.Fatalf("plays %+v, want 24/13 with Ambiguous %v", made, tc.ambiguous)
			}
		})
	}
}
