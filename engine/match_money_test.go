package engine

import (
	"errors"
	"testing"
)

// moneyMatch returns a money session with opts, Black on turn before its
// roll in the first game, which White opened.
func moneyMatch(t *testing.T, opts MatchOpts) *Match {
	t.Helper()
	m := testMatch(t, 0, [2]int{}, opts)
	toTurn(t, m, White, Black)
	return m
}

// wantCube fails the test unless the cube is worth cube, held as said.
func wantCube(t *testing.T, m *Match, cube int, owner Side, owned bool) {
	t.Helper()
	gotOwner, gotOwned := m.CubeOwner()
	if m.Cube() != cube || gotOwned != owned || (owned && gotOwner != owner) {
		t.Fatalf("%v: want cube %d, owned %v by %v", m, cube, owned, owner)
	}
}

func TestMoneyOptionsRefused(t *testing.T) {
	for _, tc := range []struct {
		name   string
		length int
		opts   MatchOpts
		want   error
	}{
		{"beavers in a match", 5, MatchOpts{Beavers: true}, ErrMoneyOption},
		{"raccoons in a match", 5, MatchOpts{Beavers: true, Raccoons: true}, ErrMoneyOption},
		{"automatic doubles in a match", 5, MatchOpts{AutomaticDoubles: 1}, ErrMoneyOption},
		{"raccoons without beavers", 0, MatchOpts{Raccoons: true}, ErrRaccoonOption},
		{"automatic doubles below 0", 0, MatchOpts{AutomaticDoubles: -1}, ErrAutoDoubles},
		{"cube limit not a power of two", 0, MatchOpts{CubeLimit: 48}, ErrCubeLimit},
		{"cube limit past MaxCube", 0, MatchOpts{CubeLimit: 2 * MaxCube}, ErrCubeLimit},
		{"cube limit below 0", 0, MatchOpts{CubeLimit: -64}, ErrCubeLimit},
		{"every money option", 0, MatchOpts{Jacoby: true, Beavers: true, Raccoons: true, AutomaticDoubles: 2, CubeLimit: 64}, nil},
		{"a cube limit in a match", 7, MatchOpts{CubeLimit: 16}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := NewMatch(tc.length, tc.opts); !errors.Is(err, tc.want) {
				t.Fatalf("NewMatch(%d, %+v) error = %v, want %v", tc.length, tc.opts, err, tc.want)
			}
		})
	}
}

// TestBeaver: the side doubled takes and at once redoubles, keeping the
// cube, and the doubler may not refuse; a gammon then scores twice the
// beavered cube.
func TestBeaver(t *testing.T) {
	m := moneyMatch(t, MatchOpts{Beavers: true})
	noErr(t, m.Double(Black))
	noErr(t, m.Beaver(White))
	wantCube(t, m, 4, White, true)
	if _, err := m.Drop(Black); !errors.Is(err, ErrNoDouble) {
		t.Fatalf("Drop of a beaver = %v, want ErrNoDouble: a beaver cannot be refused", err)
	}
	if err := m.Double(Black); !errors.Is(err, ErrNotCubeOwner) {
		t.Fatalf("Black's redouble after the beaver = %v, want ErrNotCubeOwner", err)
	}
	noErr(t, m.Roll(Black))
	noErr(t, m.EndTurn(Black))
	noErr(t, m.Double(White)) // the beaverer owns the cube: 8
	noErr(t, m.Take(Black))
	r, err := m.Resign(White, Gammon)
	noErr(t, err)
	if r != (Result{Black, Gammon, 16}) || m.Score() != [2]int{0, 16} {
		t.Fatalf("gammon at 8 = %v, score %v; want Black 16", r, m.Score())
	}
}

// TestBeaverWho: only the side answering a double may beaver, only while
// beavers are allowed and the cube stays within the limit.
func TestBeaverWho(t *testing.T) {
	for _, tc := range []struct {
		name   string
		opts   MatchOpts
		double bool
		side   Side
		want   error
	}{
		{"the side doubled", MatchOpts{Beavers: true}, true, White, nil},
		{"the doubler", MatchOpts{Beavers: true}, true, Black, ErrNotYourTurn},
		{"no double to beaver", MatchOpts{Beavers: true}, false, White, ErrNoDouble},
		{"beavers not allowed", MatchOpts{}, true, White, ErrNoBeavers},
		{"past the cube limit", MatchOpts{Beavers: true, CubeLimit: 2}, true, White, ErrCubeMax},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := moneyMatch(t, tc.opts)
			if tc.double {
				noErr(t, m.Double(Black))
			}
			err := m.Beaver(tc.side)
			if !errors.Is(err, tc.want) {
				t.Fatalf("Beaver(%v) = %v, want %v", tc.side, err, tc.want)
			}
			if err != nil && m.Cube() != 1 {
				t.Fatalf("refused beaver changed the cube: %v", m)
			}
		})
	}
}

// TestRaccoon: the beavered doubler redoubles once more before rolling and
// owns the cube; the beaverer may not refuse.
func TestRaccoon(t *testing.T) {
	m := moneyMatch(t, MatchOpts{Beavers: true, Raccoons: true})
	noErr(t, m.Double(Black))
	noErr(t, m.Beaver(White))
	if !m.Beavered() {
		t.Fatal("Beavered() = false after a beaver")
	}
	noErr(t, m.Raccoon(Black))
	wantCube(t, m, 8, Black, true)
	if err := m.Raccoon(Black); !errors.Is(err, ErrNoBeaver) {
		t.Fatalf("second raccoon = %v, want ErrNoBeaver", err)
	}
	noErr(t, m.Roll(Black))
	r, err := m.Resign(White, Single)
	noErr(t, err)
	if r.Points != 8 {
		t.Fatalf("single at the raccooned cube = %v, want 8 points", r)
	}
}

func TestRaccoonRefused(t *testing.T) {
	for _, tc := range []struct {
		name  string
		opts  MatchOpts
		setup func(t *testing.T, m *Match)
		side  Side
		want  error
	}{
		{"by the beaverer", MatchOpts{Beavers: true, Raccoons: true}, func(t *testing.T, m *Match) {
			noErr(t, m.Double(Black))
			noErr(t, m.Beaver(White))
		}, White, ErrNotYourTurn},
		{"raccoons not allowed", MatchOpts{Beavers: true}, func(t *testing.T, m *Match) {
			noErr(t, m.Double(Black))
			noErr(t, m.Beaver(White))
		}, Black, ErrNoRaccoons},
		{"after a take", MatchOpts{Beavers: true, Raccoons: true}, func(t *testing.T, m *Match) {
			noErr(t, m.Double(Black))
			noErr(t, m.Take(White))
		}, Black, ErrNoBeaver},
		{"after rolling", MatchOpts{Beavers: true, Raccoons: true}, func(t *testing.T, m *Match) {
			noErr(t, m.Double(Black))
			noErr(t, m.Beaver(White))
			noErr(t, m.Roll(Black))
		}, Black, ErrNoBeaver},
		{"past the cube limit", MatchOpts{Beavers: true, Raccoons: true, CubeLimit: 4}, func(t *testing.T, m *Match) {
			noErr(t, m.Double(Black))
			noErr(t, m.Beaver(White))
		}, Black, ErrCubeMax},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := moneyMatch(t, tc.opts)
			tc.setup(t, m)
			before := m.Cube()
			if err := m.Raccoon(tc.side); !errors.Is(err, tc.want) {
				t.Fatalf("Raccoon(%v) = %v, want %v", tc.side, err, tc.want)
			}
			if m.Cube() != before {
				t.Fatalf("refused raccoon changed the cube: %v", m)
			}
		})
	}
}

// TestAutomaticDoubles: each tie of the opening throw doubles the centred
// cube, up to the cap and the cube limit; the next game starts afresh.
func TestAutomaticDoubles(t *testing.T) {
	for _, tc := range []struct {
		name  string
		opts  MatchOpts
		ties  int
		want  int
		cubes []int // OpeningTie's answers
	}{
		{"off", MatchOpts{}, 2, 1, []int{1, 1}},
		{"one tie", MatchOpts{AutomaticDoubles: 3}, 1, 2, []int{2}},
		{"capped at 2", MatchOpts{AutomaticDoubles: 2}, 3, 4, []int{2, 4, 4}},
		{"stopped by the cube limit", MatchOpts{AutomaticDoubles: 5, CubeLimit: 4}, 4, 4, []int{2, 4, 4, 4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := testMatch(t, 0, [2]int{}, tc.opts)
			for i := range tc.ties {
				cube, err := m.OpeningTie()
				noErr(t, err)
				if cube != tc.cubes[i] {
					t.Fatalf("tie %d: OpeningTie = %d, want %d", i+1, cube, tc.cubes[i])
				}
			}
			noErr(t, m.StartGame(White))
			wantCube(t, m, tc.want, 0, false)
			noErr(t, m.EndTurn(White))
			if tc.want*2 <= m.CubeLimit() {
				noErr(t, m.CanDouble(Black)) // centred: either side may double
			}
			if _, err := m.OpeningTie(); !errors.Is(err, ErrGameInProgress) {
				t.Fatalf("OpeningTie during a game = %v, want ErrGameInProgress", err)
			}
			_, err := m.Resign(Black, Single)
			noErr(t, err)
			noErr(t, m.StartGame(Black))
			wantCube(t, m, 1, 0, false)
		})
	}
}

// TestJacobyAutomaticDouble: an automatic double leaves the cube centred, so
// the Jacoby rule still counts a gammon single, at the doubled cube, as gnubg
// does.
func TestJacobyAutomaticDouble(t *testing.T) {
	m := testMatch(t, 0, [2]int{}, MatchOpts{Jacoby: true, AutomaticDoubles: 1})
	_, err := m.OpeningTie()
	noErr(t, err)
	noErr(t, m.StartGame(White))
	r, err := m.Resign(Black, Gammon)
	noErr(t, err)
	if r != (Result{White, Gammon, 2}) {
		t.Fatalf("Jacoby gammon at an automatic 2 = %v, want White 2", r)
	}
}

// TestCubeLimit: no double takes the cube past the limit; at the limit the
// owner may not redouble.
func TestCubeLimit(t *testing.T) {
	m := moneyMatch(t, MatchOpts{CubeLimit: 4})
	cubeTo(t, m, Black) // 2, White's
	cubeTo(t, m, White) // 4, Black's
	wantCube(t, m, 4, Black, true)
	noErr(t, m.Roll(Black))
	noErr(t, m.EndTurn(Black))
	noErr(t, m.Roll(White))
	noErr(t, m.EndTurn(White))
	if err := m.Double(Black); !errors.Is(err, ErrCubeMax) {
		t.Fatalf("double past a limit of 4 = %v, want ErrCubeMax", err)
	}
	if m.CubeLimit() != 4 {
		t.Fatalf("CubeLimit() = %d, want 4", m.CubeLimit())
	}
}

// TestXGIDMatchOpts: an XGID's rules are options NewMatch accepts.
func TestXGIDMatchOpts(t *testing.T) {
	for _, tc := range []struct {
		name, xgid string
		want       MatchOpts
	}{
		{"money, Jacoby and beavers, cube to 1024", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10",
			MatchOpts{Jacoby: true, Beavers: true, Raccoons: true, CubeLimit: 1024}},
		{"money, no rules, cube past MaxCube", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:15",
			MatchOpts{CubeLimit: MaxCube}},
		{"a 7-point match, Crawford", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:6:3:1:7:6",
			MatchOpts{CubeLimit: 64}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x, err := ParseXGID(tc.xgid)
			noErr(t, err)
			if got := x.MatchOpts(); got != tc.want {
				t.Fatalf("MatchOpts() = %+v, want %+v", got, tc.want)
			}
			if _, err := NewMatch(x.MatchLength, x.MatchOpts()); err != nil {
				t.Fatalf("NewMatch refuses the XGID's rules: %v", err)
			}
		})
	}
}
