package brokerconf

import (
	"testing"

	"gammond/internal/testmain"
)

// TestMain ends the tests without the race detector's exit sleep (package
// testmain).
func TestMain(m *testing.M) { testmain.Run(m) }
