package board

import (
	"testing"

	"gammond/web"
)

// TestSetupDeadlinePerRuleSet: a short set-up may be put right before the
// fifth roll (US 4.7) or the starter's second turn (Danish 4.2.4).
func TestSetupDeadlinePerRuleSet(t *testing.T) {
	if us, danish := setupDeadline(web.RulesUS), setupDeadline(web.RulesDanish); us != 5 || danish != 3 {
		t.Fatalf("deadlines: US roll %d, Danish roll %d; want 5 and 3", us, danish)
	}
}

// TestMatchOptsPerRuleSet: the US rules freeze a dead cube (US 5.6); the
// Danish rules do not.
func TestMatchOptsPerRuleSet(t *testing.T) {
	if !matchOpts(web.RulesUS).FreezeDeadCube || matchOpts(web.RulesDanish).FreezeDeadCube {
		t.Fatalf("us %+v, danish %+v: want the dead cube frozen under the US rules only",
			matchOpts(web.RulesUS), matchOpts(web.RulesDanish))
	}
}
