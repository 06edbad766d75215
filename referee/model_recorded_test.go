package referee

import (
	"fmt"
	"slices"
	"testing"

	"gammond/internal/testmain"
)

// TestModelJudgeRecordedExact: the recorded traces turned into the
// behaviours the sensor model once lost traces on that the classifier
// transcribes, judged by the model: checkers set down off-centre and
// left there (alone, with no calibration, with hovering, with DONE
// pressed early), dead sensors on a board with no calibration, a hand
// above the board at DONE. Every play, cube action, result and flag is
// the .expect.json's. Trimmed: seed 1 of the two traces with illegal
// plays.
func TestModelJudgeRecordedExact(t *testing.T) {
	t.Parallel()
	names, seeds := recordedNames, []uint64{1, 2, 3}
	if testmain.Trimmed() {
		names, seeds = []string{"match-010-illegal", "match-002-illegal"}, seeds[:1]
	}
	all := append(slices.Clone(recordedBehaviours), physicsRecorded...)
	for _, name := range []string{"off-centre", "off-centre+no calibration", "hover+off-centre", "late DONE+off-centre", "dead sensors+no calibration", "hand above at DONE"} {
		k := slices.IndexFunc(all, func(b recordedBehaviour) bool { return b.name == name })
		if k < 0 {
			t.Fatalf("no recorded behaviour %q", name)
		}
		for _, trace := range names {
			for _, seed := range seeds {
				t.Run(fmt.Sprintf("%s/%s/seed=%d", name, trace, seed), func(t *testing.T) {
					t.Parallel()
					want, tr, _ := transformRecorded(t, trace, seed, all[k].transforms)
					checkReplay(t, replayByModel(t, tr), want)
				})
			}
		}
	}
}
