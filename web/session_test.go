package web

import (
	"errors"
	"testing"

	"gammond/engine"
	"gammond/referee"
)

// TestMoneyAndChouetteActionsCheck: the page's money and chouette actions
// are refused, with the right error, where they do not fit the match.
func TestMoneyAndChouetteActionsCheck(t *testing.T) {
	match := playing()
	money := playing()
	money.Length, money.Phase, money.OnRoll = 0, referee.PhaseDoubled, engine.Black
	setUp := playing()
	setUp.Length, setUp.Phase = 0, referee.PhaseSettingUp
	chouette := setUp
	chouette.Session = &Session{Chouette: &Chouette{}}
	for _, tc := range []struct {
		name   string
		a      Action
		s      Status
		wantIs error
	}{
		{"a beaver of the doubled side", Beaver{Side: engine.White}, money, nil},
		{"a beaver by no side", Beaver{Side: 2}, money, ErrInvalid},
		{"a chouette of two", ChouetteStart{Members: []string{"Ann", "Bob"}}, setUp, ErrInvalid},
		{"a chouette in a match", ChouetteStart{Members: []string{"Ann", "Bob", "Cy"}}, match, ErrConflict},
		{"a chouette between games", ChouetteStart{Members: []string{"Ann", "Bob", "Cy"}}, setUp, nil},
		{"an answer without a chouette", ChouetteAnswer{Member: "Ann"}, setUp, ErrConflict},
		{"an answer with no double", ChouetteAnswer{Member: "Ann"}, chouette, ErrConflict},
		{"a newcomer", ChouetteJoin{Name: "Eve"}, chouette, nil},
		{"a newcomer without a chouette", ChouetteJoin{Name: "Eve"}, setUp, ErrConflict},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.a.Check(&tc.s)
			if tc.wantIs == nil && err != nil || tc.wantIs != nil && !errors.Is(err, tc.wantIs) {
				t.Errorf("Check = %v, want %v", err, tc.wantIs)
			}
		})
	}
}

// TestChouetteActionsDecode: the chouette's actions are decoded by their
// exact fields, from the page's paths.
func TestChouetteActionsDecode(t *testing.T) {
	a, err := simActions["chouette"]([]byte(`{"members": ["Ann", "Bob", "Cy"]}`))
	if err != nil {
		t.Fatal(err)
	}
	if s, ok := a.(ChouetteStart); !ok || len(s.Members) != 3 {
		t.Errorf("decoded %#v, want the three members", a)
	}
	if _, err := simActions["chouette-answer"]([]byte(`{"member": "Ann"}`)); !errors.Is(err, ErrInvalid) {
		t.Errorf("an answer without take: %v, want ErrInvalid", err)
	}
	if _, err := directorActions["beaver"]([]byte(`{"side": 1}`)); err != nil {
		t.Errorf("the director's beaver: %v", err)
	}
}
