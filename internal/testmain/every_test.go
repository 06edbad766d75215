package testmain_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryPackageRunsIt: every directory of the module with tests has a
// TestMain that calls testmain.Run, so that no test binary idles at its
// exit under -race (a new package's tests add testmain_test.go).
func TestEveryPackageRunsIt(t *testing.T) {
	root := filepath.Join("..", "..")
	withTests, without := 0, []string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if name := d.Name(); path != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		tests, _ := filepath.Glob(filepath.Join(path, "*_test.go"))
		if len(tests) == 0 {
			return nil
		}
		withTests++
		for _, f := range tests {
			src, err := os.ReadFile(f)
			if err != nil {
				return err
			}
			if bytes.Contains(src, []byte("testmain.Run(m)")) {
				return nil
			}
		}
		rel, _ := filepath.Rel(root, path)
		without = append(without, rel)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if withTests < 20 {
		t.Fatalf("%d directories with tests under %s: not the module's root", withTests, root)
	}
	for _, dir := range without {
		t.Errorf("%s: no TestMain calling testmain.Run(m); add testmain_test.go as the other packages have", dir)
	}
}

// TestNoPeerIsSkippedSilently: no Go file of the module skips a test for a
// missing real peer itself; each goes through testmain.NeedPeer, which
// fails the test when CI runs.
func TestNoPeerIsSkippedSilently(t *testing.T) {
	root := filepath.Join("..", "..")
	peers := []string{"gnubg", "GNU Backgammon", "Chromium", "chromium", "mosquitto", "qemu", "systemd"}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for n, line := range strings.Split(string(src), "\n") {
			if !strings.Contains(line, ".Skip") {
				continue
			}
			for _, p := range peers {
				if strings.Contains(line, p) {
					t.Errorf("%s:%d: skips for %s: call testmain.NeedPeer, which fails on CI", path, n+1, p)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
