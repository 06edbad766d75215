package testmain

import (
	"os"
	"testing"
)

// NeedPeer ends a test whose real peer (GNU Backgammon, Chromium,
// mosquitto) is missing or will not start, err saying why: skipped on a
// developer's machine, failed when CI runs (CI=true), where a skip would
// count as a pass that tested nothing. It returns when err is nil.
func NeedPeer(t testing.TB, peer string, err error) {
	t.Helper()
	if err == nil {
		return
	}
	if OnCI() {
		t.Fatalf("%s is needed on CI: %v", peer, err)
	}
	t.Skipf("%s not tested against: %v", peer, err)
}

// OnCI reports whether the tests run on CI (the environment's CI=true,
// as CI services and .ci/run set it).
func OnCI() bool { return os.Getenv("CI") == "true" }
