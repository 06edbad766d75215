package journal

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestLockHolderProcess is not a test on its own: TestLockBetweenProcesses
// runs the test binary again with it, as a second process that takes the
// lock on a directory and reports what happened.
func TestLockHolderProcess(t *testing.T) {
	dir := os.Getenv("GAMMOND_LOCK_DIR")
	if dir == "" {
		return
	}
	_, err := Lock(dir)
	fmt.Printf("lock: %v\n", err)
}

func TestLockBetweenProcesses(t *testing.T) {
	dir := t.TempDir()
	l, err := Lock(dir)
	if err != nil {
		t.Fatal(err)
	}
	second := func() string {
		cmd := exec.Command(os.Args[0], "-test.run=^TestLockHolderProcess$", "-test.count=1")
		cmd.Env = append(os.Environ(), "GAMMOND_LOCK_DIR="+dir)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("second process: %v\n%s", err, out)
		}
		return string(out)
	}
	out := second()
	want := fmt.Sprintf("in use by another process (pid %d)", os.Getpid())
	if !strings.Contains(out, want) || !strings.Contains(out, dir) {
		t.Fatalf("a second process took the lock: %q, want it refused naming %s and %q", out, dir, want)
	}
	if err := l.Unlock(); err != nil {
		t.Fatal(err)
	}
	if out := second(); !strings.Contains(out, "lock: <nil>") {
		t.Fatalf("after Unlock, a second process: %q", out)
	}
}

func TestLockInOneProcess(t *testing.T) {
	dir := t.TempDir()
	l, err := Lock(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Unlock()
	if _, err := Lock(dir); !errors.Is(err, ErrLocked) {
		t.Errorf("a second Lock: %v, want ErrLocked", err)
	}
	if _, err := Lock(dir + "/missing"); err == nil || errors.Is(err, ErrLocked) {
		t.Errorf("Lock of a missing directory: %v", err)
	}
}
