package engine

import (
	"errors"
	"testing"
)

// TestBeaverTaken: a take followed by the taker's beaver before the
// doubler rolls is a beaver; after the roll, or without Beavers, it is
// refused and changes nothing.
func TestBeaverTaken(t *testing.T) {
	m, err := NewMatch(0, MatchOpts{Beavers: true, Raccoons: true})
	if err != nil {
		t.Fatal(err)
	}
	must(t, m.StartGame(White))
	must(t, m.EndTurn(White))
	must(t, m.Double(Black))
	must(t, m.Take(White))
	if err := m.CanBeaverTaken(Black); !errors.Is(err, ErrNotTaken) {
		t.Errorf("the doubler beavers its own double: %v, want ErrNotTaken", err)
	}
	must(t, m.BeaverTaken(White))
	if owner, owned := m.CubeOwner(); m.Cube() != 4 || !owned || owner != White || !m.Beavered() {
		t.Fatalf("after the beaver: cube %d owner %v %v beavered %v, want 4 White's, beavered", m.Cube(), owner, owned, m.Beavered())
	}
	if err := m.BeaverTaken(White); !errors.Is(err, ErrNotTaken) {
		t.Errorf("a second beaver: %v, want ErrNotTaken", err)
	}
	must(t, m.Raccoon(Black))
	if m.Cube() != 8 {
		t.Errorf("after the raccoon the cube is %d, want 8", m.Cube())
	}

	plain, _ := NewMatch(0, MatchOpts{})
	must(t, plain.StartGame(White))
	must(t, plain.EndTurn(White))
	must(t, plain.Double(Black))
	must(t, plain.Take(White))
	if err := plain.BeaverTaken(White); !errors.Is(err, ErrNoBeavers) || plain.Cube() != 2 {
		t.Errorf("beaver without Beavers: %v, cube %d; want ErrNoBeavers, cube 2", err, plain.Cube())
	}
	must(t, plain.Roll(Black))
}

// TestBeaverTakenAfterRoll: once the doubler has rolled the take stands.
func TestBeaverTakenAfterRoll(t *testing.T) {
	m, _ := NewMatch(0, MatchOpts{Beavers: true})
	must(t, m.StartGame(White))
	must(t, m.EndTurn(White))
	must(t, m.Double(Black))
	must(t, m.Take(White))
	must(t, m.Roll(Black))
	if err := m.BeaverTaken(White); !errors.Is(err, ErrNotTaken) {
		t.Errorf("beaver after the doubler's roll: %v, want ErrNotTaken", err)
	}
}

// TestNextCube: the cube the next game starts with follows the opening
// ties, capped by AutomaticDoubles.
func TestNextCube(t *testing.T) {
	m, _ := NewMatch(0, MatchOpts{AutomaticDoubles: 2})
	for i, want := range []int{1, 2, 4, 4} {
		if got := m.NextCube(); got != want {
			t.Errorf("after %d ties the next cube is %d, want %d", i, got, want)
		}
		if _, err := m.OpeningTie(); err != nil {
			t.Fatal(err)
		}
	}
}

// must fails the test on an error of the match state.
func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
