//go:build race

package referee

// raceDetector: the race detector's instrumentation allocates where the
// program does not, so allocation counts are measured without it.
const raceDetector = true
