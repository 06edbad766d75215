package board

import (
	"testing"

	"gammond/web"
)

// TestMatchOptsPerRuleSet: the US rules freeze a dead cube (US 5.6); the
// Danish rules do not.
func TestMatchOptsPerRuleSet(t *testing.T) {
	if !matchOpts(web.RulesUS).FreezeDeadCube || matchOpts(web.RulesDanish).FreezeDeadCube {
		t.Fatalf("us %+v, danish %+v: want the dead cube frozen under the US rules only",
			matchOpts(web.RulesUS), matchOpts(web.RulesDanish))
	}
}
