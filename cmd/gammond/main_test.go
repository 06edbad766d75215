package main

import (
	"os"
	"testing"

	"gammond/internal/testmain"
)

// TestMain lets a test run this test binary as gammond itself: with
// GAMMOND_RUN_MAIN set, the binary is the daemon, with the arguments after
// "--". Otherwise it runs the tests, ending without the race detector's
// exit sleep (package testmain).
func TestMain(m *testing.M) {
	if os.Getenv("GAMMOND_RUN_MAIN") != "" {
		args := os.Args[1:]
		for i, a := range args {
			if a == "--" {
				args = args[i+1:]
				break
			}
		}
		os.Exit(run(args, os.Stdout, os.Stderr))
	}
	testmain.Run(m)
}
