package board

import "gammond/check"

// TraceConfig is the [trace] section of gammond's config file: the board's
// own trace of each match (what its sensors read, which buttons were
// pressed), kept beside the match's record (Options.TraceLimit).
type TraceConfig struct {
	// LimitMB bounds the disk every trace of the state directory takes,
	// in MiB; the oldest are removed first. 0 keeps none.
	LimitMB int64 `toml:"limit_mb"`
}

// DefaultTraceConfig keeps 1 GiB of traces: hundreds of matches.
func DefaultTraceConfig() TraceConfig { return TraceConfig{LimitMB: 1024} }

// Limit returns the limit in bytes, for Options.TraceLimit.
func (t *TraceConfig) Limit() int64 { return t.LimitMB << 20 }

// Check reports a limit out of range.
func (t *TraceConfig) Check(p *check.Problems) {
	p.Check("limit_mb", t.LimitMB >= 0 && t.LimitMB <= 1<<20, "%d: want 0 (keep no trace) to 1048576", t.LimitMB)
}
