package engine

import (
	"fmt"
	"slices"
)

// RuleSet names the tournament rules a match is played under (see
// docs/RULES.md). The config file, the journal, the page and the director's
// API all spell it this way. Decoding takes any name, so that a config file
// reports every problem at once; Validate says whether the name is known.
type RuleSet string

// The rule sets a board referees.
const (
	RulesUS     RuleSet = "us"     // US Backgammon Federation tournament rules
	RulesDanish RuleSet = "danish" // Danish Backgammon Federation rules
	RulesWelsh  RuleSet = "welsh"  // Welsh backgammon (package welsh, docs/WELSH.md): another game, not a tournament's rules
)

// RuleSets are the known rule sets, in the order error messages list them.
var RuleSets = []RuleSet{RulesUS, RulesDanish, RulesWelsh}

// Validate reports a rule set that is not one of RuleSets.
func (r RuleSet) Validate() error { return oneOf(r, RuleSets) }

// ClockName names the clock rules of a match: ClockNone, or rules
// ClockRulesNamed knows. Like RuleSet, it is validated by Validate, not
// when decoded.
type ClockName string

// The clock names.
const (
	ClockNone          ClockName = "none"            // no clock
	ClockUS            ClockName = "us"              // USClock
	ClockUSDoubles     ClockName = "us-doubles"      // USDoublesClock, the 2013 clock rules' 18-second delay
	ClockUSDoubles2009 ClockName = "us-doubles-2009" // USDoublesClock with the 2009 rules' 15 seconds
	ClockDanish        ClockName = "danish"          // DanishClock
)

// ClockNames are the known clock names, in the order error messages list
// them.
var ClockNames = []ClockName{ClockNone, ClockUS, ClockUSDoubles, ClockUSDoubles2009, ClockDanish}

// Validate reports a clock name that is not one of ClockNames.
func (c ClockName) Validate() error { return oneOf(c, ClockNames) }

// Clocked says whether the name is of clock rules: not ClockNone, and not
// empty, which journals written before clocks existed hold.
func (c ClockName) Clocked() bool { return c != "" && c != ClockNone }

// CheckLength reports a clock for a match of length points that no reserve
// is set for: money play (length 0) has no clock.
func (c ClockName) CheckLength(length int) error {
	if c.Clocked() && length == 0 {
		return fmt.Errorf("%q: money play has no clock", c)
	}
	return nil
}

// oneOf reports a name not among the allowed ones, in the words the config
// file's checks use: `"uk": want one of ["us" "danish"]`.
func oneOf[T ~string](name T, allowed []T) error {
	if slices.Contains(allowed, name) {
		return nil
	}
	return fmt.Errorf("%q: want one of %q", name, allowed)
}
