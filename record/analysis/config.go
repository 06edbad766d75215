package analysis

import "gammond/check"

// Config is the [analysis] section of gammond.toml: the board's own GNU
// Backgammon analysing each match it finishes, for its page.
type Config struct {
	// Enabled turns the board's own analysis on; off by default, as a
	// board in a room with a desk gets the desk's.
	Enabled bool `toml:"enabled"`
	// Ply is gnubg's evaluation depth: a Raspberry Pi 4 or 5 analyses a
	// match at 0-ply in seconds, at 2-ply in minutes.
	Ply int `toml:"ply"`
}

// DefaultConfig leaves the board's analysis off, at 0-ply when turned on.
func DefaultConfig() Config { return Config{} }

// Check reports a ply gnubg does not offer.
func (c *Config) Check(p *check.Problems) {
	p.IntRange("ply", c.Ply, 0, MaxPlies)
}
