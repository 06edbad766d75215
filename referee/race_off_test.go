//go:build !race

package referee

// raceDetector: see race_on_test.go.
const raceDetector = false
