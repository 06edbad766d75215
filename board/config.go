package board

import (
	"fmt"
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
	// Site, Event and Round fill the record's header: the club or venue,
	// the tournament or club night, the round ("Final"). Empty: left out.
	Site  string `toml:"site"`
	Event string `toml:"event"`
	Round string `toml:"round"`
	// MoneyRules are money play's keys: jacoby, beavers, raccoons,
	// automatic_doubles, cube_limit.
	MoneyRules
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
	p.Check("dice", m.Rules != engine.RulesWelsh || m.Dice != dice.Inferred, "%q: a Welsh throw is not inferred from the play (it may be thrown again, nominated or one die)", m.Dice)
	p.Error("clock", m.Clock.Validate())
	p.Error("clock", m.Clock.CheckLength(m.Length))
	p.DurationRange("clock_delay", m.ClockDelay, 0, time.Minute)
	p.Check("clock_delay", m.ClockDelay == 0 || m.Clock.Clocked(), "%v: set, but match.clock is %q", m.ClockDelay, m.Clock)
	p.IntRange("length", m.Length, 0, 64)
	m.MoneyRules.Check(p, m.Length)
	p.Error("white", engine.CheckName(m.White))
	p.Error("black", engine.CheckName(m.Black))
	for _, f := range []struct{ key, value string }{{"site", m.Site}, {"event", m.Event}, {"round", m.Round}} {
		p.Error(f.key, CheckHeaderText(f.value))
	}
}

// maxHeaderText bounds a header line's value: a club's name, a tournament's.
const maxHeaderText = 64

// CheckHeaderText reports a value the record's header cannot carry: more
// than 64 characters, a character that does not print, or a double quote,
// which ends the header's quoted value. Empty is fine: the line is left out.
func CheckHeaderText(s string) error {
	switch {
	case utf8.RuneCountInString(s) > maxHeaderText:
		return fmt.Errorf("%.20q…: more than %d characters", s, maxHeaderText)
	case !utf8.ValidString(s) || strings.ContainsFunc(s, func(r rune) bool { return r == '"' || !unicode.IsPrint(r) && r != ' ' }):
		return fmt.Errorf("%q: a double quote or a character that does not print", s)
	}
	return nil
}
