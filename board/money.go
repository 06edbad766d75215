package board

import (
	"gammond/check"
	"gammond/engine"
	"gammond/referee"
)

// MoneyRules are the rules of money play a board's session is played
// under ([match] length = 0): the config's keys, and the journal's match
// header, which a restart plays on with.
type MoneyRules struct {
	// Jacoby counts a gammon or backgammon as a single game while the
	// cube is centred.
	Jacoby bool `toml:"jacoby" json:"jacoby,omitempty"`
	// Beavers lets the side doubled take and at once redouble, keeping
	// the cube: on the board, a second CUBE press after the take.
	Beavers bool `toml:"beavers" json:"beavers,omitempty"`
	// Raccoons lets the beavered doubler redouble once more before
	// rolling (CUBE). It needs Beavers.
	Raccoons bool `toml:"raccoons" json:"raccoons,omitempty"`
	// AutomaticDoubles is how many times at most ties of a game's opening
	// throw double its cube (0 to 12; 0 turns them off).
	AutomaticDoubles int `toml:"automatic_doubles" json:"automatic_doubles,omitempty"`
	// CubeLimit is the highest value the cube may reach: a power of two
	// up to 4096, 0 for no limit below gnubg's 4096. Matches too.
	CubeLimit int `toml:"cube_limit" json:"cube_limit,omitempty"`
	// Chouette plays the session as a chouette (docs/CHOUETTE.md): the
	// board waits for its members, entered on the page, before the first
	// opening roll.
	Chouette bool `toml:"chouette" json:"chouette,omitempty"`
}

// maxAutomaticDoubles bounds the cap: twelve doubles reach gnubg's 4096.
const maxAutomaticDoubles = 12

// Check reports every money rule that cannot be played with a match of
// length points, each with its key.
func (r *MoneyRules) Check(p *check.Problems, length int) {
	money := "%v: money play only, and match.length is %d"
	p.Check("jacoby", !r.Jacoby || length == 0, money, r.Jacoby, length)
	p.Check("beavers", !r.Beavers || length == 0, money, r.Beavers, length)
	p.Check("raccoons", !r.Raccoons || length == 0, money, r.Raccoons, length)
	p.Check("raccoons", !r.Raccoons || r.Beavers, "%v: raccoons need match.beavers = true", r.Raccoons)
	p.IntRange("automatic_doubles", r.AutomaticDoubles, 0, maxAutomaticDoubles)
	p.Check("automatic_doubles", r.AutomaticDoubles == 0 || length == 0, "%d: money play only, and match.length is %d", r.AutomaticDoubles, length)
	p.Check("chouette", !r.Chouette || length == 0, money, r.Chouette, length)
	c := r.CubeLimit
	p.Check("cube_limit", c >= 0 && c <= engine.MaxCube && c&(c-1) == 0, "%d: want 0 (no limit) or a power of two up to %d", c, engine.MaxCube)
}

// opts adds these rules to the engine's options of the tournament rules.
func (r *MoneyRules) opts(o engine.MatchOpts) engine.MatchOpts {
	o.Jacoby, o.Beavers, o.Raccoons = r.Jacoby, r.Beavers, r.Raccoons
	o.AutomaticDoubles, o.CubeLimit = r.AutomaticDoubles, r.CubeLimit
	return o
}

// moneyRules are the config's money rules for a match the page starts of
// length points: all of them for a money session, the cube limit alone
// for a match.
func (b *Board) moneyRules(length int) MoneyRules {
	r := b.opts.Match.MoneyRules
	if length > 0 {
		return MoneyRules{CubeLimit: r.CubeLimit}
	}
	return r
}

// openingTies tells the referee of the ties the electronic dice threw
// before an opening roll, with automatic doubles on: each doubles the
// game's cube. They are journalled before the roll, as the page's inputs
// are (a board trace keeps the roll alone).
func (b *Board) openingTies(ties int) error {
	if b.header.AutomaticDoubles == 0 {
		return nil
	}
	for range ties {
		if err := b.input(referee.Input{At: b.clock.Now(), Kind: referee.InputOpeningTie}); err != nil {
			return err
		}
	}
	return nil
}

// awaitsMembers reports whether the session is to be a chouette whose
// members are not entered yet: no game may start.
func (b *Board) awaitsMembers() bool {
	return b.header.Chouette && !b.session.chouettePlayed()
}
