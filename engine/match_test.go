package engine

import (
	"errors"
	"testing"
)

// testMatch returns a match to length at score, before its next game.
func testMatch(t *testing.T, length int, score [2]int, opts MatchOpts) *Match {
	t.Helper()
	m, err := NewMatch(length, opts)
	if err != nil {
		t.Fatal(err)
	}
	m.score = score
	return m
}

// noErr fails the test on an error of a step that should succeed.
func noErr(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// toTurn starts a game with opener having played the opening roll, and
// passes the turn to side, before its roll.
func toTurn(t *testing.T, m *Match, opener, side Side) {
	t.Helper()
	noErr(t, m.StartGame(opener))
	noErr(t, m.EndTurn(opener))
	if side == opener {
		noErr(t, m.Roll(side.Other()))
		noErr(t, m.EndTurn(side.Other()))
	}
}

// cubeTo has side double and the opponent take, then side roll and play.
func cubeTo(t *testing.T, m *Match, side Side) {
	t.Helper()
	noErr(t, m.Double(side))
	noErr(t, m.Take(side.Other()))
	noErr(t, m.Roll(side))
	noErr(t, m.EndTurn(side))
}

func TestNewMatch(t *testing.T) {
	for _, tc := range []struct {
		name   string
		length int
		opts   MatchOpts
		want   error
	}{
		{"5-point match", 5, MatchOpts{}, nil},
		{"money play with Jacoby", 0, MatchOpts{Jacoby: true}, nil},
		{"negative length", -1, MatchOpts{}, ErrMatchLength},
		{"Jacoby in a match", 7, MatchOpts{Jacoby: true}, ErrJacobyInMatch},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := NewMatch(tc.length, tc.opts)
			if !errors.Is(err, tc.want) {
				t.Fatalf("NewMatch(%d, %+v) error = %v, want %v", tc.length, tc.opts, err, tc.want)
			}
			if err == nil && (m.Cube() != 1 || m.Score() != [2]int{} || m.Playing()) {
				t.Fatalf("NewMatch = %v, want 0-0 with the cube at 1 and no game", m)
			}
		})
	}
}

// TestCrawfordSequence plays a 5-point match through its Crawford game (US
// 5.5, Danish 4.4.4) into post-Crawford play and past the length.
func TestCrawfordSequence(t *testing.T) {
	m := testMatch(t, 5, [2]int{}, MatchOpts{})
	type game struct {
		name           string
		crawford, post bool
		play           func(t *testing.T) (Result, error)
		score          [2]int
		wantOver       bool
		wantWinner     Side
	}
	for _, g := range []game{
		{name: "game 1: cube 2, Black resigns a single", score: [2]int{2, 0}, play: func(t *testing.T) (Result, error) {
			toTurn(t, m, White, Black)
			cubeTo(t, m, Black)
			return m.Resign(Black, Single)
		}},
		{name: "game 2: White doubles, Black passes", score: [2]int{3, 0}, play: func(t *testing.T) (Result, error) {
			toTurn(t, m, Black, White)
			noErr(t, m.Double(White))
			return m.Drop(Black)
		}},
		{name: "game 3: White resigns a gammon", score: [2]int{3, 2}, play: func(t *testing.T) (Result, error) {
			toTurn(t, m, White, Black)
			return m.Resign(White, Gammon)
		}},
		{name: "game 4: Black resigns, White 1 away", score: [2]int{4, 2}, play: func(t *testing.T) (Result, error) {
			toTurn(t, m, White, White)
			return m.Resign(Black, Single)
		}},
		{name: "game 5: Crawford, no doubling", crawford: true, score: [2]int{4, 4}, play: func(t *testing.T) (Result, error) {
			toTurn(t, m, Black, White)
			for _, side := range [2]Side{White, Black} {
				if err := m.CanDouble(side); !errors.Is(err, ErrCrawfordDouble) {
					t.Fatalf("CanDouble(%v) = %v, want ErrCrawfordDouble", side, err)
				}
				noErr(t, m.Roll(side))
				noErr(t, m.EndTurn(side))
			}
			return m.Resign(White, Gammon)
		}},
		{name: "game 6: post-Crawford, the cube is back and dead", post: true, score: [2]int{6, 4}, wantOver: true, wantWinner: White,
			play: func(t *testing.T) (Result, error) {
				toTurn(t, m, Black, White)
				if !m.CubeDead() {
					t.Errorf("CubeDead() = false at 4-4 of 5, want true (US 5.6)")
				}
				cubeTo(t, m, White)
				return m.Resign(Black, Single)
			}},
	} {
		t.Run(g.name, func(t *testing.T) {
			if _, err := g.play(t); err != nil {
				t.Fatal(err)
			}
			if m.Crawford() != g.crawford || m.PostCrawford() != g.post {
				t.Errorf("Crawford, PostCrawford = %v, %v, want %v, %v", m.Crawford(), m.PostCrawford(), g.crawford, g.post)
			}
			if m.Score() != g.score {
				t.Errorf("Score() = %v, want %v", m.Score(), g.score)
			}
			if w, over := m.Winner(); over != g.wantOver || (over && w != g.wantWinner) {
				t.Errorf("Winner() = %v, %v, want %v, %v", w, over, g.wantWinner, g.wantOver)
			}
		})
	}
	if err := m.StartGame(White); !errors.Is(err, ErrMatchOver) {
		t.Fatalf("StartGame after the match = %v, want ErrMatchOver", err)
	}
}

func TestCanDouble(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T) *Match
		side  Side
		want  error
	}{
		{"US 5.4 centred cube, on turn before rolling", func(t *testing.T) *Match {
			m := testMatch(t, 7, [2]int{}, MatchOpts{})
			toTurn(t, m, White, Black)
			return m
		}, Black, nil},
		{"US 5.4 not on turn", func(t *testing.T) *Match {
			m := testMatch(t, 7, [2]int{}, MatchOpts{})
			toTurn(t, m, White, Black)
			return m
		}, White, ErrNotYourTurn},
		{"US 5.4 after rolling: the opening roll", func(t *testing.T) *Match {
			m := testMatch(t, 7, [2]int{}, MatchOpts{})
			noErr(t, m.StartGame(White))
			return m
		}, White, ErrRolled},
		{"US 5.4 after rolling", func(t *testing.T) *Match {
			m := testMatch(t, 7, [2]int{}, MatchOpts{})
			toTurn(t, m, White, Black)
			noErr(t, m.Roll(Black))
			return m
		}, Black, ErrRolled},
		{"double pending", func(t *testing.T) *Match {
			m := testMatch(t, 7, [2]int{}, MatchOpts{})
			toTurn(t, m, White, Black)
			noErr(t, m.Double(Black))
			return m
		}, Black, ErrDoublePending},
		{"redouble: the owner may", func(t *testing.T) *Match {
			m := testMatch(t, 7, [2]int{}, MatchOpts{})
			toTurn(t, m, White, Black)
			cubeTo(t, m, Black)
			return m
		}, White, nil},
		{"redouble: the doubler may not", func(t *testing.T) *Match {
			m := testMatch(t, 7, [2]int{}, MatchOpts{})
			toTurn(t, m, White, Black)
			cubeTo(t, m, Black)
			noErr(t, m.Roll(White))
			noErr(t, m.EndTurn(White))
			return m
		}, Black, ErrNotCubeOwner},
		{"US 5.5 Crawford game", func(t *testing.T) *Match {
			m := testMatch(t, 7, [2]int{6, 3}, MatchOpts{})
			toTurn(t, m, White, Black)
			return m
		}, Black, ErrCrawfordDouble},
		{"US 5.6 dead cube, frozen", func(t *testing.T) *Match {
			m := testMatch(t, 7, [2]int{5, 5}, MatchOpts{FreezeDeadCube: true})
			toTurn(t, m, White, Black)
			cubeTo(t, m, Black)
			return m
		}, White, ErrDeadCube},
		{"dead cube turned, as gnubg and the Danish rules allow", func(t *testing.T) *Match {
			m := testMatch(t, 7, [2]int{5, 5}, MatchOpts{})
			toTurn(t, m, White, Black)
			cubeTo(t, m, Black)
			return m
		}, White, nil},
		{"US 5.6 live cube, frozen dead cubes only", func(t *testing.T) *Match {
			m := testMatch(t, 7, [2]int{3, 5}, MatchOpts{FreezeDeadCube: true})
			toTurn(t, m, White, Black)
			cubeTo(t, m, Black)
			return m
		}, White, nil},
		{"cube at MaxCube", func(t *testing.T) *Match {
			m := testMatch(t, 0, [2]int{}, MatchOpts{})
			toTurn(t, m, White, Black)
			for side := Black; m.Cube() < MaxCube; side = side.Other() {
				cubeTo(t, m, side)
			}
			return m
		}, Black, ErrCubeMax},
		{"no game", func(t *testing.T) *Match {
			return testMatch(t, 7, [2]int{}, MatchOpts{})
		}, White, ErrNoGame},
		{"match over", func(t *testing.T) *Match {
			m := testMatch(t, 7, [2]int{}, MatchOpts{})
			noErr(t, m.AwardMatch(Black))
			return m
		}, White, ErrMatchOver},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := tc.setup(t)
			err := m.CanDouble(tc.side)
			if !errors.Is(err, tc.want) || (err == nil) != (tc.want == nil) {
				t.Fatalf("CanDouble(%v) = %v, want %v (%v)", tc.side, err, tc.want, m)
			}
			cube := m.Cube()
			if err := m.Double(tc.side); (err == nil) != (tc.want == nil) {
				t.Fatalf("Double(%v) = %v, want %v", tc.side, err, tc.want)
			}
			if m.Cube() != cube {
				t.Fatalf("Double changed the cube from %d to %d before the take", cube, m.Cube())
			}
		})
	}
}

// TestRedoublesAlternate: each take doubles the cube and gives it to the
// taker, who alone may redouble.
func TestRedoublesAlternate(t *testing.T) {
	m := testMatch(t, 0, [2]int{}, MatchOpts{})
	toTurn(t, m, White, Black)
	for i, side := range []Side{Black, White, Black, White} {
		cubeTo(t, m, side)
		owner, owned := m.CubeOwner()
		if want := 2 << i; m.Cube() != want || !owned || owner != side.Other() {
			t.Fatalf("after %v's double: cube %d owned by %v (%v), want %d owned by %v", side, m.Cube(), owner, owned, want, side.Other())
		}
	}
}

// TestDrop: a pass loses the cube's value before the double.
func TestDrop(t *testing.T) {
	m := testMatch(t, 0, [2]int{}, MatchOpts{})
	toTurn(t, m, White, Black)
	cubeTo(t, m, Black) // 2, White's
	cubeTo(t, m, White) // 4, Black's
	noErr(t, m.Double(Black))
	r, err := m.Drop(White)
	if err != nil {
		t.Fatal(err)
	}
	if want := (Result{Winner: Black, Kind: Single, Points: 4}); r != want {
		t.Fatalf("Drop = %v, want %v", r, want)
	}
	if m.Score() != [2]int{0, 4} || m.Playing() {
		t.Fatalf("after the drop: %v, want 0-4 and no game", m)
	}
}

// loserHalf returns the loser's half of a final position.
func loserHalf(borneOff int, points map[int]int) Half {
	var h Half
	left := CheckersPerSide - borneOff
	for p, n := range points {
		h[p-1] = uint8(n)
		left -= n
	}
	h[0] += uint8(left) // the rest on the loser's 1 point
	return h
}

func TestFinish(t *testing.T) {
	for _, tc := range []struct {
		name   string
		length int
		opts   MatchOpts
		cubed  bool // Black doubled, White took: cube 2
		loser  Half
		want   Result
	}{
		{"single", 7, MatchOpts{}, false, loserHalf(1, nil), Result{Black, Single, 1}},
		{"gammon: nothing borne off", 7, MatchOpts{}, false, loserHalf(0, map[int]int{6: 3}), Result{Black, Gammon, 2}},
		{"backgammon: a checker in the winner's home board", 7, MatchOpts{}, false, loserHalf(0, map[int]int{19: 1}), Result{Black, Backgammon, 3}},
		{"backgammon: a checker on the bar", 7, MatchOpts{}, false, loserHalf(0, map[int]int{Bar: 1}), Result{Black, Backgammon, 3}},
		{"gammon: the winner's outer board is no backgammon", 7, MatchOpts{}, false, loserHalf(0, map[int]int{18: 2}), Result{Black, Gammon, 2}},
		{"gammon times the cube", 7, MatchOpts{}, true, loserHalf(0, nil), Result{Black, Gammon, 4}},
		{"backgammon times the cube", 7, MatchOpts{}, true, loserHalf(0, map[int]int{24: 1}), Result{Black, Backgammon, 6}},
		{"Jacoby: centred cube, a gammon counts single", 0, MatchOpts{Jacoby: true}, false, loserHalf(0, nil), Result{Black, Gammon, 1}},
		{"Jacoby: turned cube, a gammon counts", 0, MatchOpts{Jacoby: true}, true, loserHalf(0, nil), Result{Black, Gammon, 4}},
		{"money without Jacoby", 0, MatchOpts{}, false, loserHalf(0, map[int]int{20: 1}), Result{Black, Backgammon, 3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := testMatch(t, tc.length, [2]int{}, tc.opts)
			toTurn(t, m, White, Black)
			if tc.cubed {
				noErr(t, m.Double(Black))
				noErr(t, m.Take(White))
			}
			noErr(t, m.Roll(Black))
			r, err := m.Finish(Board{Opponent: Half{}, Mover: tc.loser})
			if err != nil {
				t.Fatal(err)
			}
			if r != tc.want {
				t.Fatalf("Finish = %v, want %v", r, tc.want)
			}
			if m.Score()[Black] != tc.want.Points {
				t.Fatalf("Score() = %v, want Black %d", m.Score(), tc.want.Points)
			}
		})
	}
}

func TestResign(t *testing.T) {
	for _, tc := range []struct {
		name  string
		opts  MatchOpts
		cubed bool
		kind  ResultKind
		want  Result
		err   error
	}{
		{"US 11.1 single", MatchOpts{}, false, Single, Result{White, Single, 1}, nil},
		{"US 11.1 gammon at cube 2", MatchOpts{}, true, Gammon, Result{White, Gammon, 4}, nil},
		{"US 11.1 backgammon", MatchOpts{}, false, Backgammon, Result{White, Backgammon, 3}, nil},
		{"Jacoby: a conceded gammon counts single", MatchOpts{Jacoby: true}, false, Gammon, Result{White, Gammon, 1}, nil},
		{"not a kind of win", MatchOpts{}, false, 4, Result{}, ErrResultKind},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := testMatch(t, 0, [2]int{}, tc.opts)
			toTurn(t, m, White, Black)
			if tc.cubed {
				noErr(t, m.Double(Black))
				noErr(t, m.Take(White))
			}
			r, err := m.Resign(Black, tc.kind)
			if !errors.Is(err, tc.err) || r != tc.want {
				t.Fatalf("Resign(Black, %v) = %v, %v, want %v, %v", tc.kind, r, err, tc.want, tc.err)
			}
		})
	}
}

// TestTurnErrors: actions out of turn or out of order are refused and
// change nothing. Black is on turn before rolling, then prep runs.
func TestTurnErrors(t *testing.T) {
	roll := func(m *Match) { noErr(t, m.Roll(Black)) }
	double := func(m *Match) { noErr(t, m.Double(Black)) }
	gameOver := func(m *Match) { _, err := m.Resign(White, Single); noErr(t, err) }
	matchOver := func(m *Match) { noErr(t, m.AwardMatch(White)) }
	for _, tc := range []struct {
		name string
		prep func(m *Match)
		act  func(m *Match) error
		want error
	}{
		{"roll out of turn", nil, func(m *Match) error { return m.Roll(White) }, ErrNotYourTurn},
		{"roll twice", roll, func(m *Match) error { return m.Roll(Black) }, ErrRolled},
		{"roll with a double pending", double, func(m *Match) error { return m.Roll(Black) }, ErrDoublePending},
		{"end the turn before rolling", nil, func(m *Match) error { return m.EndTurn(Black) }, ErrNotRolled},
		{"end the opponent's turn", roll, func(m *Match) error { return m.EndTurn(White) }, ErrNotYourTurn},
		{"take with no double", nil, func(m *Match) error { return m.Take(White) }, ErrNoDouble},
		{"take one's own double", double, func(m *Match) error { return m.Take(Black) }, ErrNotYourTurn},
		{"pass one's own double", double, func(m *Match) error { _, err := m.Drop(Black); return err }, ErrNotYourTurn},
		{"finish before rolling", nil, func(m *Match) error { _, err := m.Finish(Board{}); return err }, ErrNotRolled},
		{"finish with checkers left", roll, func(m *Match) error { _, err := m.Finish(StartingBoard); return err }, ErrGameNotOver},
		{"start a game during one", nil, func(m *Match) error { return m.StartGame(White) }, ErrGameInProgress},
		{"resign after the game", gameOver, func(m *Match) error { _, err := m.Resign(White, Single); return err }, ErrNoGame},
		{"roll after the match", matchOver, func(m *Match) error { return m.Roll(Black) }, ErrMatchOver},
		{"award a match twice", matchOver, func(m *Match) error { return m.AwardMatch(Black) }, ErrMatchOver},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := testMatch(t, 0, [2]int{}, MatchOpts{})
			toTurn(t, m, White, Black)
			if tc.prep != nil {
				tc.prep(m)
			}
			before := *m
			if err := tc.act(m); !errors.Is(err, tc.want) {
				t.Fatalf("error = %v, want %v", err, tc.want)
			}
			if *m != before {
				t.Fatalf("the refused action changed the match to %v from %v", m, &before)
			}
		})
	}
}

// TestCubeDead: US 5.6, the cube is dead when the least win of either side,
// a single at the cube, wins the match.
func TestCubeDead(t *testing.T) {
	for _, tc := range []struct {
		name   string
		length int
		score  [2]int
		cube   int
		want   bool
	}{
		{"7 points at 0-0", 7, [2]int{0, 0}, 1, false},
		{"DMP: 6-6 of 7", 7, [2]int{6, 6}, 1, true},
		{"both 2 away, cube 2", 7, [2]int{5, 5}, 2, true},
		{"one side 3 away, cube 2", 7, [2]int{4, 5}, 2, false},
		{"4 away and 2 away, cube 4", 7, [2]int{3, 5}, 4, true},
		{"1-point match", 1, [2]int{0, 0}, 1, true},
		{"money play", 0, [2]int{30, 30}, 64, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := testMatch(t, tc.length, tc.score, MatchOpts{})
			m.cube = tc.cube
			if got := m.CubeDead(); got != tc.want {
				t.Fatalf("CubeDead() = %v, want %v (%v)", got, tc.want, m)
			}
		})
	}
}

// TestCrawfordOnce: the Crawford game is the first with a side one away;
// it is not played again when the trailer gets one away too, nor in a
// 1-point match (gnubg).
func TestCrawfordOnce(t *testing.T) {
	for _, tc := range []struct {
		name           string
		length         int
		score          [2]int
		played         bool
		crawford, post bool
	}{
		{"first game one away", 5, [2]int{4, 2}, false, true, false},
		{"the trailer one away too", 5, [2]int{4, 4}, true, false, true},
		{"the trailer two away after Crawford", 5, [2]int{4, 3}, true, false, true},
		{"nobody one away", 5, [2]int{3, 3}, false, false, false},
		{"1-point match", 1, [2]int{0, 0}, false, false, false},
		{"money play", 0, [2]int{4, 2}, false, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := testMatch(t, tc.length, tc.score, MatchOpts{})
			m.crawfordPlayed = tc.played
			noErr(t, m.StartGame(White))
			if m.Crawford() != tc.crawford || m.PostCrawford() != tc.post {
				t.Fatalf("Crawford, PostCrawford = %v, %v, want %v, %v", m.Crawford(), m.PostCrawford(), tc.crawford, tc.post)
			}
		})
	}
}

func TestMatchString(t *testing.T) {
	m := testMatch(t, 5, [2]int{4, 2}, MatchOpts{})
	noErr(t, m.StartGame(White))
	if got, want := m.String(), "5-point match, 4-2, Crawford, cube 1 centred"; got != want {
		t.Fatalf("String() = %q, want %q", got, want)
	}
}

// TestOutOfPlay: US 4.4 and 4.7, Danish 4.2.4, checkers missing from the
// game without having been borne off save no gammon.
func TestOutOfPlay(t *testing.T) {
	m := testMatch(t, 7, [2]int{}, MatchOpts{})
	toTurn(t, m, White, Black)
	if err := m.OutOfPlay(White, 16); !errors.Is(err, ErrOutOfPlay) {
		t.Fatalf("OutOfPlay(White, 16) = %v, want ErrOutOfPlay", err)
	}
	noErr(t, m.OutOfPlay(White, 2))
	noErr(t, m.Roll(Black))
	r, err := m.Finish(Board{Opponent: Half{}, Mover: halfWith(map[int]int{1: 13})})
	if err != nil || r.Kind != Gammon {
		t.Fatalf("Finish = %v, %v, want a gammon", r, err)
	}
	noErr(t, m.StartGame(White))
	if m.outOfPlay != [2]int{} {
		t.Fatalf("a new game starts with %v checkers out of play, want none", m.outOfPlay)
	}
	noErr(t, m.AwardMatch(White))
	if err := m.OutOfPlay(White, 1); !errors.Is(err, ErrMatchOver) {
		t.Fatalf("OutOfPlay after the match = %v, want ErrMatchOver", err)
	}
}

func TestSetScore(t *testing.T) {
	m, err := NewMatch(5, MatchOpts{})
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range [][2]int{{-1, 0}, {5, 0}, {0, 7}} {
		if err := m.SetScore(bad); !errors.Is(err, ErrScore) {
			t.Errorf("SetScore(%v) = %v, want ErrScore", bad, err)
		}
	}
	if err := m.SetScore([2]int{4, 2}); err != nil {
		t.Fatal(err)
	}
	if err := m.StartGame(White); err != nil {
		t.Fatal(err)
	}
	if m.Score() != [2]int{4, 2} || !m.Crawford() {
		t.Fatalf("after SetScore(4-2) the game is %v, Crawford %v; want 4-2 and the Crawford game", m.Score(), m.Crawford())
	}
}
