//go:build !race

package testmain

import "os"

// raceEnabled says the binary was built with -race.
const raceEnabled = false

// exit is os.Exit: without -race there is no exit sleep to skip.
func exit(code int) { os.Exit(code) }
