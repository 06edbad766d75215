package board_test

import (
	"errors"
	"strings"
	"testing"

	"gammond/engine"
	"gammond/sensing"
	"gammond/sensing/sim"
	"gammond/web"
)

// TestCrawfordAnnulmentFollowsTheRuleSet (Danish 4.4.4): the board tells
// its referee the match's rule set. Under the Danish rules the referee
// refuses an annulment before any game for want of a game to annul (not
// for the rule set); under the US rules, for the rule set.
func TestCrawfordAnnulmentFollowsTheRuleSet(t *testing.T) {
	for _, rules := range []engine.RuleSet{engine.RulesUS, engine.RulesDanish} {
		t.Run(string(rules), func(t *testing.T) {
			simulated := sim.NewBoard(7)
			src := sensing.NewLive(simulated.Calibration().Board.Sensors())
			o := options(t, simulated, src, engine.ClockNone)
			o.Match.Rules = rules
			b := run(t, o)
			err := b.Act(web.AnnulCrawford{})
			if rules == engine.RulesUS {
				if !errors.Is(err, web.ErrConflict) {
					t.Fatalf("Act = %v under the US rules, want web.ErrConflict", err)
				}
				return
			}
			if !errors.Is(err, web.ErrConflict) || !strings.Contains(err.Error(), "none ended since the last one started") {
				t.Fatalf("Act = %v: want the referee's refusal for want of a game", err)
			}
		})
	}
}
