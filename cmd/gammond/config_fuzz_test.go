package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzLoad feeds any file to Load: it must not panic; every line of an
// error starts with the file name, and a config it accepts passes
// Validate.
func FuzzLoad(f *testing.F) {
	example, err := os.ReadFile("../../systemd/gammond.toml")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(example))
	for _, s := range []string{
		"", "board_id = \"club-3\"\n[scan]\nsettle = \"200ms\"\nmux_lines = [\"GPIO5\", \"GPIO6\", 13, 26]\n[leds]\nkind = \"ws2812\"\n",
		"[scan]\nrat = 100\n", "[scan\nrate = 100\n", "[buttons.black]\nroll = 2.5\n", "[buttons.white]\ndone = 0x1_0000_0000\n",
		"[match]\nclock = \"us\"\nclock_delay = \"-1s\"\n", "[display]\ndigits = [0, 1, 1, 4]\n", "[scan]\nrate = 0\n[match]\nrules = \"uk\"\n",
	} {
		f.Add(s)
	}
	path := filepath.Join(f.TempDir(), "gammond.toml")
	f.Fuzz(func(t *testing.T, text string) {
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		c, err := Load(path)
		if err != nil {
			for _, l := range strings.Split(err.Error(), "\n") {
				if !strings.HasPrefix(l, path+":") {
					t.Fatalf("error line %q does not start with the file name", l)
				}
			}
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("Load accepted a config Validate refuses: %v", err)
		}
	})
}
