// Package racy is testmain's subject: tests that pass, fail or race as
// the environment asks, built by testmain's own test as its suite is.
package racy

import (
	"fmt"
	"os"
	"testing"

	"gammond/internal/testmain"
)

func TestMain(m *testing.M) {
	if os.Getenv("RACY_CHILD") != "" {
		// A child process as cmd/gammond's tests start one: it races,
		// then exits cleanly with os.Exit(0).
		race()
		os.Exit(0)
	}
	testmain.Run(m)
}

// race writes one variable from two goroutines without synchronisation.
func race() {
	n := 0
	done := make(chan bool)
	go func() {
		n++
		done <- true
	}()
	n++
	<-done
}

func TestMaybeRace(t *testing.T) {
	if os.Getenv("RACY_TEST") != "" {
		race()
	}
}

func TestMaybeFail(t *testing.T) {
	if os.Getenv("RACY_FAIL") != "" {
		t.Fatal("failing as RACY_FAIL asks")
	}
}

func TestTempDir(t *testing.T) {
	if os.Getenv("RACY_TEMPDIR") != "" {
		fmt.Println("tempdir:", os.TempDir())
	}
}
