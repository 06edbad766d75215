package record

import (
	"path/filepath"
	"strings"
	"testing"

	"gammond/record/mat"
)

// TestCheckBeaverSession: GNU Backgammon's money session with a beaver is
// clean but for its score line, which counts the beavered game at half.
func TestCheckBeaverSession(t *testing.T) {
	f := Check(readMatch(t, filepath.Join("..", "testdata", "mat", "gnubg-money-beaver.mat")))
	if len(f) != 1 || f[0].Kind != Warning || !strings.Contains(f[0].Reason, "the results before give 0-8") {
		t.Fatalf("findings %v, want one warning of the score line against the results' 0-8", f)
	}
}

// TestCheckBeavers judges beavers and raccoons: the cube each leaves, and
// who may make them.
func TestCheckBeavers(t *testing.T) {
	for _, tc := range []struct {
		name, length, lines, want string
	}{
		{"beaver and raccoon", "0", `
  1) 31: 8/5 6/5                  Doubles => 2
  2)  Beavers => 4                Beavers => 8
  3)                             64: 24/18 18/14 
  4) 21: 13/11 6/5                Doubles => 16
  5)  Drops                       Wins 8 points
`, ""},
		{"the raccoon's cube wrong", "0", `
  1) 31: 8/5 6/5                  Doubles => 2
  2)  Beavers => 4                Beavers => 16
  3)                             64: 24/18 18/14 
  4)  Drops                       Wins 4 points
`, "the cube goes to 8, not 16"},
		{"a beaver of the doubler's own double", "0", `
  1) 31: 8/5 6/5                  Doubles => 2
  2)                              Beavers => 4
`, "cannot raccoon"},
		{"a beaver in a match", "5", `
  1) 31: 8/5 6/5                  Doubles => 2
  2)  Beavers => 4               
`, "beavers are not allowed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := " " + tc.length + " point match\n\n Game 1\n White : 0                      Black : 0\n" + strings.TrimPrefix(tc.lines, "\n")
			m, err := mat.Read(strings.NewReader(text), tc.name)
			if err != nil {
				t.Fatal(err)
			}
			var breaches []string
			for _, f := range Check(m) {
				if f.Kind == Breach {
					breaches = append(breaches, f.Reason)
				}
			}
			got := strings.Join(breaches, "; ")
			if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
				t.Errorf("findings %q, want %q", got, tc.want)
			}
		})
	}
}
