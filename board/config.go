package board

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"gammond/check"
	"gammond/engine"
	"gammond/sensing/dice"
)

// MatchConfig is the [match] section of gammond's config file: what is
// played and under which rules.
type MatchConfig struct {
	Rules      engine.RuleSet   `toml:"rules"`
	Dice       dice.Mode        `toml:"dice"`
	Clock      engine.ClockName `toml:"clock"`
	ClockDelay time.Duration    `toml:"clock_delay"` // 0: the clock rules' delay.
	Length     int              `toml:"length"`      // Points; 0 is money play.
	White      string           `toml:"white"`
	Black      string           `toml:"black"`
}

// DefaultMatchConfig is a 5-point match under the US rules, electronic
// dice, no clock.
func DefaultMatchConfig() MatchConfig {
	return MatchConfig{Rules: engine.RulesUS, Dice: dice.Electronic, Clock: engine.ClockNone,
		Length: 5, White: "White", Black: "Black"}
}

// Check reports every setting the board cannot play, each with its key:
// the daemon refuses to start on any of them, and gammond -check-config
// reports the same.
func (m *MatchConfig) Check(p *check.Problems) {
	p.Error("rules", m.Rules.Validate())
	p.Error("dice", CheckDice(m.Dice))
	p.Error("clock", m.Clock.Validate())
	p.Error("clock", m.Clock.CheckLength(m.Length))
	p.DurationRange("clock_delay", m.ClockDelay, 0, time.Minute)
	p.Check("clock_delay", m.ClockDelay == 0 || m.Clock.Clocked(), "%v: set, but match.clock is %q", m.ClockDelay, m.Clock)
	p.IntRange("length", m.Length, 0, 64)
	checkName(p, "white", m.White)
	checkName(p, "black", m.Black)
}

func checkName(p *check.Problems, key, s string) {
	ok := s != "" && utf8.RuneCountInString(s) <= 32 && !strings.ContainsFunc(s, unicode.IsControl)
	p.Check(key, ok, "%q: want 1 to 32 characters, no control characters", s)
}
