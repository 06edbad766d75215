package engine

import (
	"errors"
	"strings"
	"testing"
)

// matchIDCases are match IDs gnubg 1.07 wrote (gnubg.matchid() of the
// state; the last is the example of gnubg's manual, from before the Jacoby
// bit).
var matchIDCases = []struct {
	name, id string
	key      MatchKey
}{
	{"7-point match starts", "MAHgAAAAAAAE", MatchKey{Cube: 1, State: GamePlaying, MatchLength: 7}},
	{"first roll", "cInmAAAAAAAE", MatchKey{Cube: 1, OnRoll: Black, State: GamePlaying, Turn: Black, Dice: Dice{5, 1}, MatchLength: 7}},
	{"Black owns a 2", "UYnlACAAIAAE", MatchKey{Cube: 2, CubeOwner: CubeBlack, OnRoll: Black, State: GamePlaying, Turn: Black,
		Dice: Dice{3, 1}, MatchLength: 7, Score: [2]int{2, 4}}},
	{"White redoubles to 8", "AhkgAYAAGAAE", MatchKey{Cube: 4, CubeOwner: CubeWhite, State: GamePlaying, Turn: Black,
		Doubled: true, MatchLength: 9, Score: [2]int{8, 3}}},
	{"Crawford", "8Am7AEAAEAAE", MatchKey{Cube: 1, OnRoll: Black, Crawford: true, State: GamePlaying, Turn: Black,
		Dice: Dice{6, 6}, MatchLength: 5, Score: [2]int{4, 2}}},
	{"White offers a gammon", "E0lgAVAAUAAE", MatchKey{Cube: 8, CubeOwner: CubeBlack, State: GamePlaying, Turn: Black,
		Resigned: ResignGammon, MatchLength: 11, Score: [2]int{5, 10}}},
	{"money, resigned backgammon", "QWMAAAAAAAAA", MatchKey{Cube: 2, CubeOwner: CubeWhite, OnRoll: Black, State: GameResigned,
		Resigned: ResignBackgammon, Jacoby: true}},
	{"64-point match over", "BoIKCPAD8AEE", MatchKey{Cube: 64, CubeOwner: CubeWhite, State: GameOver, Dice: Dice{5, 2},
		MatchLength: 64, Score: [2]int{63, 62}}},
	{"money, no game", "MAAAAAAAAAAA", MatchKey{Cube: 1, Jacoby: true}},
	{"dropped", "VCQlA4ABAAAE", MatchKey{Cube: 16, CubeOwner: CubeBlack, OnRoll: Black, State: GameDropped,
		Resigned: ResignSingle, Dice: Dice{2, 1}, MatchLength: 25, Score: [2]int{24, 0}}},
	{"largest cube", "f4kSAAAAAAAA", MatchKey{Cube: 32768, OnRoll: Black, State: GamePlaying, Turn: Black, Dice: Dice{5, 4}, Jacoby: true}},
	{"gnubg manual", "QYkqASAAIAAA", MatchKey{Cube: 2, CubeOwner: CubeWhite, OnRoll: Black, State: GamePlaying, Turn: Black,
		Dice: Dice{5, 2}, MatchLength: 9, Score: [2]int{2, 4}, Jacoby: true}},
}

func TestMatchID(t *testing.T) {
	for _, tc := range matchIDCases {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.key.MatchID(); got != tc.id {
				t.Errorf("MatchID() = %q, want %q", got, tc.id)
			}
			got, err := ParseMatchID(tc.id)
			if err != nil || got != tc.key {
				t.Errorf("ParseMatchID(%q) = %+v, %v; want %+v", tc.id, got, err, tc.key)
			}
		})
	}
}

func TestMatchIDDiceOrder(t *testing.T) {
	const gnubgID = "cYkqASAAIAAE" // 52: gnubg 1.07 writes the higher die first
	k := MatchKey{Cube: 2, OnRoll: Black, State: GamePlaying, Turn: Black, Dice: Dice{2, 5}, MatchLength: 9, Score: [2]int{2, 4}}
	if got := k.MatchID(); got != gnubgID {
		t.Errorf("MatchID() of 25 = %q, want %q", got, gnubgID)
	}
	got, err := ParseMatchID("cQk1ASAAIAAE") // the same with 25, in the order rolled
	if err != nil || got.Dice != (Dice{5, 2}) {
		t.Errorf("ParseMatchID of 25 = %v, %v; want dice 52", got.Dice, err)
	}
}

func TestMatchIDRoundsCube(t *testing.T) {
	for _, tc := range []struct{ cube, want int }{{0, 1}, {1, 1}, {3, 4}, {64, 64}, {65, 128}, {1 << 20, 32768}} {
		id := MatchKey{Cube: tc.cube}.MatchID()
		if k, err := ParseMatchID(id); err != nil || k.Cube != tc.want {
			t.Errorf("cube %d: MatchID %q reads as %d, %v; want %d", tc.cube, id, k.Cube, err, tc.want)
		}
	}
}

func TestParseMatchIDErrors(t *testing.T) {
	for _, tc := range []struct{ name, id, want string }{
		{"short", "QYkqASAAIAA", "11 characters"},
		{"long", "QYkqASAAIAAAA", "13 characters"},
		{"not base64", "QYkqASAAIA!A", "not base64"},
		{"position ID", "4HPwATDgc/ABMA", "14 characters"},
		{"cube owner 10", "YYkqASAAIAAE", "cube owner"},
		{"game state 5", "cY0qASAAIAAE", "game state 5"},
		{"die 7", "cYkrASAAIAAE", "dice 7 and 2"},
		{"one die", "cYkhASAAIAAE", "dice 3 and 0"},
		{"65-point match", "cYkqCAAAAAAE", "65-point match"},
		{"score over the length", "cYkqAaAAIAAE", "score 10-4"},
		{"Crawford money game", "8YkKAAAAAAAE", "Crawford"},
		{"bit 68 set", "cYkqASAAIAAM", "bits set"},
		{"bit 72 set", "cYkqASAAIACE", "bits set"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k, err := ParseMatchID(tc.id)
			if !errors.Is(err, ErrMatchID) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("ParseMatchID(%q) = %+v, %v; want ErrMatchID saying %q", tc.id, k, err, tc.want)
			}
		})
	}
}

func FuzzParseMatchID(f *testing.F) {
	for _, tc := range matchIDCases {
		f.Add(tc.id)
	}
	f.Add("cQk1ASAAIAAE")
	f.Add("YYkqASAAIAAE")
	f.Fuzz(func(t *testing.T, id string) {
		k, err := ParseMatchID(id)
		if err != nil {
			if !errors.Is(err, ErrMatchID) {
				t.Fatalf("ParseMatchID(%q) error %v is not ErrMatchID", id, err)
			}
			return
		}
		// An ID with the lower die first (older gnubg) comes back with the
		// higher first, so the key round-trips, not always the string.
		again, err := ParseMatchID(k.MatchID())
		if err != nil || again != k {
			t.Fatalf("ParseMatchID(%q) = %+v, whose MatchID %q reads %+v, %v", id, k, k.MatchID(), again, err)
		}
	})
}
