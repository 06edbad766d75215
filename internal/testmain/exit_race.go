//go:build race

package testmain

import "syscall"

// raceEnabled says the binary was built with -race.
const raceEnabled = true

// exit ends the process at once: syscall.Exit, unlike os.Exit(0), does not
// run the race runtime's finaliser and its atexit_sleep_ms wait.
func exit(code int) { syscall.Exit(code) }
