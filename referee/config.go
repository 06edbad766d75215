package referee

import (
	"time"

	"gammond/check"
)

// Config is the [referee] section of gammond's config file: how the
// referee judges.
type Config struct {
	// DoneGrace is how long a DONE that finds a checker still in the hand
	// waits for it to land before the play is judged (Pipeline.DoneGrace).
	DoneGrace time.Duration `toml:"done_grace"`
}

// DefaultConfig waits DefaultDoneGrace for a checker in hand.
func DefaultConfig() Config {
	return Config{DoneGrace: DefaultDoneGrace}
}

// Check reports a grace period too short for a hand to set a checker down,
// or so long that a flag would come too late to be of use.
func (c *Config) Check(p *check.Problems) {
	p.DurationRange("done_grace", c.DoneGrace, 100*time.Millisecond, 10*time.Second)
}
