package board

import (
	"testing"

	"gammond/engine"
)

// TestMatchOptsPerRuleSet: the US rules freeze a dead cube (US 5.6); the
// Danish rules do not.
func TestMatchOptsPerRuleSet(t *testing.T) {
	if !matchOpts(engine.RulesUS).FreezeDeadCube || matchOpts(engine.RulesDanish).FreezeDeadCube {
		t.Fatalf("us %+v, danish %+v: want the dead cube frozen under the US rules only",
			matchOpts(engine.RulesUS), matchOpts(engine.RulesDanish))
	}
}
