package engine

import (
	"errors"
	"testing"
)

// doubledGame returns a 5-point match in its first game, Black having
// doubled to 2 and White taken, Black on turn to roll.
func doubledGame(t *testing.T) *Match {
	t.Helper()
	m, err := NewMatch(5, MatchOpts{})
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range []func() error{
		func() error { return m.StartGame(White) },
		func() error { return m.EndTurn(White) },
		func() error { return m.Double(Black) },
		func() error { return m.Take(White) },
	} {
		if err := step(); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// TestAnnulCrawfordCubeDanish4_4_4: the score corrected during a doubled
// game to 4-0 makes it the Crawford game; annulled (Danish 4.4.4, case 1),
// it goes on at cube 1 in the centre, and a double is refused.
func TestAnnulCrawfordCubeDanish4_4_4(t *testing.T) {
	m := doubledGame(t)
	if err := m.AnnulCrawfordCube(); !errors.Is(err, ErrNotCrawford) {
		t.Fatalf("at 0-0: %v, want ErrNotCrawford", err)
	}
	if err := m.SetScore([2]int{4, 0}); err != nil {
		t.Fatal(err)
	}
	if err := m.AnnulCrawfordCube(); err != nil {
		t.Fatal(err)
	}
	if _, owned := m.CubeOwner(); m.Cube() != 1 || owned || !m.Crawford() {
		t.Fatalf("cube %d, owned %v, Crawford %v: want 1 in the centre, the Crawford game", m.Cube(), owned, m.Crawford())
	}
	if err := m.AnnulCrawfordCube(); err == nil {
		t.Fatal("a second annulment accepted")
	}
	if err := m.Roll(Black); err != nil {
		t.Fatal(err)
	}
	if err := m.EndTurn(Black); err != nil {
		t.Fatal(err)
	}
	if err := m.Double(White); !errors.Is(err, ErrCrawfordDouble) {
		t.Fatalf("a double after the annulment: %v, want ErrCrawfordDouble", err)
	}
}

// TestAnnulCrawfordCubeUnused: with the cube never turned there is nothing
// to annul, and nothing changes.
func TestAnnulCrawfordCubeUnused(t *testing.T) {
	m, err := NewMatch(5, MatchOpts{})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.StartGame(White); err != nil {
		t.Fatal(err)
	}
	if err := m.SetScore([2]int{0, 4}); err != nil {
		t.Fatal(err)
	}
	if err := m.AnnulCrawfordCube(); !errors.Is(err, ErrCubeUnused) {
		t.Fatalf("%v, want ErrCubeUnused", err)
	}
	if m.Crawford() {
		t.Error("a refused annulment made the game the Crawford game")
	}
}

// TestAnnulCrawfordResultDanish4_4_4: a doubled game won after the score
// was corrected to 3-4 ends the match 5-4; annulled after it (Danish
// 4.4.4, cases 2 and 3), White's 2 points become 1, the score 4-4, and the
// match is resumed, its Crawford game played.
func TestAnnulCrawfordResultDanish4_4_4(t *testing.T) {
	m := doubledGame(t)
	if err := m.SetScore([2]int{3, 4}); err != nil {
		t.Fatal(err)
	}
	res, err := m.Resign(Black, Single)
	if err != nil {
		t.Fatal(err)
	}
	if _, over := m.Winner(); !over || res.Points != 2 {
		t.Fatalf("%v, over %v: want White's 2 points to end the match", res, over)
	}
	if _, err := m.AnnulCrawfordResult(res, 1); !errors.Is(err, ErrCubeUnused) {
		t.Fatalf("at cube 1: %v, want ErrCubeUnused", err)
	}
	got, err := m.AnnulCrawfordResult(res, 2)
	if err != nil {
		t.Fatal(err)
	}
	if _, over := m.Winner(); got.Points != 1 || m.Score() != [2]int{4, 4} || over {
		t.Fatalf("%v, score %v, over %v: want White 1 point, 4-4, the match resumed", got, m.Score(), over)
	}
	if err := m.StartGame(White); err != nil {
		t.Fatal(err)
	}
	if m.Crawford() || !m.PostCrawford() {
		t.Error("the game after the annulled Crawford game is not post-Crawford")
	}
}

// TestAnnulCrawfordResultNotCrawford: a doubled game started at a score
// with no side one point from the match was no Crawford game.
func TestAnnulCrawfordResultNotCrawford(t *testing.T) {
	m := doubledGame(t)
	res, err := m.Resign(Black, Single)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.AnnulCrawfordResult(res, 2); !errors.Is(err, ErrNotCrawford) {
		t.Fatalf("%v, want ErrNotCrawford", err)
	}
	if m.Score() != [2]int{2, 0} {
		t.Errorf("score %v after a refused annulment, want 2-0", m.Score())
	}
}
