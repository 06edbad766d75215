package chouette

import (
	"errors"
	"slices"
	"testing"

	"gammond/engine"
)

// fourMembers returns a chouette of Ann (box), Bob (captain), Cy and Dan in
// its first game.
func fourMembers(t *testing.T) *Chouette {
	t.Helper()
	c, err := New([]string{"Ann", "Bob", "Cy", "Dan"})
	noErr(t, err)
	noErr(t, c.StartGame())
	return c
}

// TestRefusals: what the laws do not allow is refused and changes nothing.
func TestRefusals(t *testing.T) {
	for _, tc := range []struct {
		name string
		act  func(c *Chouette) error
		want error
	}{
		{"a game in progress", func(c *Chouette) error { return c.StartGame() }, ErrGameInProgress},
		{"winning during a double", func(c *Chouette) error {
			noErr(t, c.Double(Box))
			return c.Win(Team, engine.Single)
		}, ErrDoublePending},
		{"doubling during a double", func(c *Chouette) error {
			noErr(t, c.Double(Box))
			return c.Double(Box)
		}, ErrDoublePending},
		{"answering twice", func(c *Chouette) error {
			noErr(t, c.Double(Box))
			noErr(t, c.Take("Cy"))
			return c.Pass("Cy")
		}, ErrAnswered},
		{"answering no double", func(c *Chouette) error { return c.Take("Bob") }, ErrNoDouble},
		{"not a kind of win", func(c *Chouette) error { return c.Win(Box, engine.ResultKind(4)) }, ErrResultKind},
		{"a box partner with four", func(c *Chouette) error { return c.ChooseBoxPartner("Dan") }, ErrBoxPartner},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := fourMembers(t)
			if err := tc.act(c); !errors.Is(err, tc.want) {
				t.Fatalf("error %v, want %v", err, tc.want)
			}
			if s, _ := c.Score("Ann"); s != 0 || c.Games() != 1 {
				t.Fatalf("a refusal changed the books: Ann %v, %d games", s, c.Games())
			}
		})
	}
	c, err := New([]string{"Ann", "Bob", "Cy"})
	noErr(t, err)
	if err := c.Double(Box); !errors.Is(err, ErrNoGame) {
		t.Fatalf("Double between games = %v, want ErrNoGame", err)
	}
	if err := c.Win(Box, engine.Single); !errors.Is(err, ErrNoGame) {
		t.Fatalf("Win between games = %v, want ErrNoGame", err)
	}
}

// TestCubeFollowsTheTake: the side that takes holds the cube, at twice its
// value, and only it may redouble.
func TestCubeFollowsTheTake(t *testing.T) {
	c := fourMembers(t)
	if _, owned := c.CubeOwner(); owned || c.Cube() != 1 {
		t.Fatalf("cube %d, owned %v at the start; want 1 centred", c.Cube(), owned)
	}
	noErr(t, c.Double(Box))
	for _, m := range c.Pending() {
		noErr(t, c.Take(m))
	}
	if owner, owned := c.CubeOwner(); !owned || owner != Team || c.Cube() != 2 {
		t.Fatalf("cube %d held by %v (%v), want 2 by the team", c.Cube(), owner, owned)
	}
	if err := c.Double(Box); !errors.Is(err, ErrNotCubeOwner) {
		t.Fatalf("the box redoubling = %v, want ErrNotCubeOwner", err)
	}
	noErr(t, c.Double(Team))
	noErr(t, c.Take("Ann"))
	if owner, _ := c.CubeOwner(); owner != Box || c.Cube() != 4 || owner.String() != "box" {
		t.Fatalf("cube %d held by %v, want 4 by the box", c.Cube(), owner)
	}
}

func TestBoxPartnerShown(t *testing.T) {
	c, err := New([]string{"A", "B", "C", "D", "E", "F"})
	noErr(t, err)
	noErr(t, c.StartGame())
	noErr(t, c.ChooseBoxPartner("F"))
	if c.BoxPartner() != "F" || len(c.InGame()) != 4 {
		t.Fatalf("box partner %q, team %v; want F and four", c.BoxPartner(), c.InGame())
	}
	if err := c.ChooseBoxPartner("E"); !errors.Is(err, ErrBoxPartner) {
		t.Fatalf("a second partner = %v, want ErrBoxPartner", err)
	}
	noErr(t, c.Win(Team, engine.Single))
	if c.BoxPartner() != "" {
		t.Fatalf("BoxPartner() = %q between games, want none", c.BoxPartner())
	}
}

func TestNames(t *testing.T) {
	for _, tc := range []struct {
		name string
		want error
	}{
		{"", engine.ErrName},
		{"Ann\nBob", engine.ErrName},
		{"  ", ErrName},
		{"Captain", ErrName},
		{"Ann", ErrMember},
	} {
		if _, err := New([]string{"Ann", "Bob", tc.name}); !errors.Is(err, tc.want) {
			t.Errorf("New with a member %q = %v, want %v", tc.name, err, tc.want)
		}
	}
}

// TestPassedAsAnswered: a partner's pass of the box's double counts as
// soon as he gives it, before the last answer settles the double, and
// stays once he is out; a newcomer waiting for the next game and the
// box's partner never pass; between games no one has passed.
func TestPassedAsAnswered(t *testing.T) {
	c, err := New([]string{"A", "B", "C", "D", "E", "F"})
	noErr(t, err)
	noErr(t, c.StartGame())
	noErr(t, c.ChooseBoxPartner("F"))
	noErr(t, c.Join("G"))
	noErr(t, c.Double(Box))
	noErr(t, c.Pass("D"))
	if got := c.Passed(); !slices.Equal(got, []string{"D"}) {
		t.Fatalf("Passed() = %v after D's pass with answers awaited, want [D]", got)
	}
	noErr(t, c.Take("B"))
	noErr(t, c.Pass("C"))
	noErr(t, c.Take("E"))
	if got := c.Passed(); !slices.Equal(got, []string{"C", "D"}) {
		t.Fatalf("Passed() = %v once the double is settled, want [C D] by rank", got)
	}
	noErr(t, c.Double(Team))
	if got := c.Passed(); !slices.Equal(got, []string{"C", "D"}) {
		t.Fatalf("Passed() = %v during the captain's double, want [C D]", got)
	}
	noErr(t, c.Take("A"))
	noErr(t, c.Win(Box, engine.Single))
	if got := c.Passed(); got != nil {
		t.Fatalf("Passed() = %v between games, want none", got)
	}
}
