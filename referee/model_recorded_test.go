package referee

import (
	"fmt"
	"slices"
	"testing"

	"gammond/internal/testmain"
)

// TestModelJudgeRecordedExact: the recorded traces turned into the
// behaviours the sensor model once lost traces on, judged by the model:
// checkers set down off-centre and left there (alone, with no
// calibration, with hovering, with DONE pressed early), dead sensors on a
// board with no calibration, a hand above the board at DONE. Every play, cube action, result and flag is
// the .expect.json's. Trimmed: seed 1 of the trace each of three
// behaviours was lost on.
func TestModelJudgeRecordedExact(t *testing.T) {
	t.Parallel()
	all := append(slices.Clone(recordedBehaviours), physicsRecorded...)
	for _, c := range []struct{ behaviour, trimmed string }{
		{"off-centre", "match-010-illegal"},
		{"off-centre+no calibration", ""},
		{"hover+off-centre", ""},
		{"late DONE+off-centre", ""},
		{"dead sensors+no calibration", "match-002-illegal"},
		{"hand above at DONE", "match-002-illegal"},
	} {
		k := slices.IndexFunc(all, func(b recordedBehaviour) bool { return b.name == c.behaviour })
		if k < 0 {
			t.Fatalf("no recorded behaviour %q", c.behaviour)
		}
		names, seeds := recordedNames, []uint64{1, 2, 3}
		if testmain.Trimmed() {
			if c.trimmed == "" {
				continue
			}
			names, seeds = []string{c.trimmed}, seeds[:1]
		}
		for _, name := range names {
			for _, seed := range seeds {
				t.Run(fmt.Sprintf("%s/%s/seed=%d", c.behaviour, name, seed), func(t *testing.T) {
					t.Parallel()
					want, trace, _ := transformRecorded(t, name, seed, all[k].transforms)
					checkReplay(t, replayByModel(t, trace), want)
				})
			}
		}
	}
}
