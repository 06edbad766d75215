package testmain

import "testing"

// Trimmed reports whether the suite's exhaustive loops (every oracle
// position, every race-table entry, every shared match at every seed) run
// on a sample only: under -short, and under the race detector, whose
// instrumentation makes such pure computation ten to fifty times slower
// and finds nothing in it that the sample does not reach. CI's `go test
// ./...` (no -race, no -short) runs every case.
func Trimmed() bool { return testing.Short() || raceEnabled }
