//go:build !race

package testmain

import "os"

// exit is os.Exit: without -race there is no exit sleep to skip.
func exit(code int) { os.Exit(code) }
