package chouette

import (
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"

	"gammond/engine"
)

// books is what a session should leave, scored by hand in each test.
type books struct {
	scores  map[string]float64
	box     string
	captain string
	order   []string
}

// replay plays a session file's JSON.
func replay(t *testing.T, session string) *Chouette {
	t.Helper()
	s, err := ParseSession([]byte(session))
	if err != nil {
		t.Fatal(err)
	}
	c, err := Replay(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// wantBooks fails the test unless c's books are want.
func wantBooks(t *testing.T, c *Chouette, want books) {
	t.Helper()
	if got := c.Scores(); !maps.Equal(got, want.scores) {
		t.Errorf("scores %v, want %v", got, want.scores)
	}
	if c.Box() != want.box || c.Captain() != want.captain {
		t.Errorf("box %s, captain %s; want %s, %s", c.Box(), c.Captain(), want.box, want.captain)
	}
	if got := c.Order(); !slices.Equal(got, want.order) {
		t.Errorf("order %v, want %v", got, want.order)
	}
	var sum float64
	for _, s := range c.Scores() {
		sum += s
	}
	if sum != 0 {
		t.Errorf("scores %v add up to %v, not 0", c.Scores(), sum)
	}
}

// noErr fails the test on an error of a step that should succeed.
func noErr(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestLaw01ThreeOrMoreMembers(t *testing.T) {
	if _, err := New([]string{"Ann", "Bob"}); !errors.Is(err, ErrTooFew) {
		t.Fatalf("New with two members = %v, want ErrTooFew", err)
	}
	if _, err := New([]string{"Ann", "Bob", "Cy"}); err != nil {
		t.Fatalf("New with three members: %v", err)
	}
	s, err := ParseSession([]byte(`{"players": ["Ann", "Bob"], "opening": {"Ann": 3, "Bob": 4}, "games": []}`))
	noErr(t, err)
	if _, err := Replay(s); !errors.Is(err, ErrTooFew) {
		t.Fatalf("a session of two = %v, want ErrTooFew", err)
	}
}

// TestLaw02OpeningThrowRanks: the highest throw is the box, the next the
// captain, the rest rank by their throws.
func TestLaw02OpeningThrowRanks(t *testing.T) {
	c := replay(t, `{"players": ["Ann", "Bob", "Cy", "Dan"], "opening": {"Ann": 2, "Bob": 6, "Cy": 4, "Dan": 5}, "games": []}`)
	wantBooks(t, c, books{
		scores: map[string]float64{"Ann": 0, "Bob": 0, "Cy": 0, "Dan": 0},
		box:    "Bob", captain: "Dan", order: []string{"Bob", "Dan", "Cy", "Ann"},
	})
}

// TestLaw03TiesThrowAgain: only those tying throw again, for their places;
// the same throws may be written three ways.
func TestLaw03TiesThrowAgain(t *testing.T) {
	want := []string{"Cy", "Bob", "Ann", "Dan", "Eve"}
	for _, tc := range []struct{ name, opening string }{
		{"nested rethrow", `"opening": {"Ann": 5, "Bob": 5, "Cy": 6, "Dan": 2, "Eve": 2,
			"rethrow": {"Ann": 1, "Bob": 3, "Dan": 4, "Eve": 4, "rethrow": {"Dan": 6, "Eve": 1}}}`},
		{"lists of throws", `"opening": {"Ann": [5, 1], "Bob": [5, 3], "Cy": 6, "Dan": [2, 4, 6], "Eve": [2, 4, 1]}`},
		{"rounds beside the opening", `"opening": {"Ann": 5, "Bob": 5, "Cy": 6, "Dan": 2, "Eve": 2},
			"rethrow": [{"Ann": 1, "Bob": 3, "Dan": 4, "Eve": 4}, {"Dan": 6, "Eve": 1}]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := replay(t, `{"players": ["Ann", "Bob", "Cy", "Dan", "Eve"], `+tc.opening+`, "games": []}`)
			if got := c.Order(); !slices.Equal(got, want) {
				t.Fatalf("order %v, want %v", got, want)
			}
		})
	}
}

func TestLaw03TieErrors(t *testing.T) {
	for _, tc := range []struct{ name, opening, want string }{
		{"tie not broken", `{"Ann": 5, "Bob": 5, "Cy": 6}`, "Ann tied with Bob and has no rethrow 1"},
		{"tie again, not broken", `{"Ann": [5, 2], "Bob": [5, 2], "Cy": 6}`, "Ann tied with Bob and has no rethrow 2"},
		{"a member who did not tie throws again", `{"Ann": 5, "Bob": 4, "Cy": [6, 1]}`, "Cy threw 1 without a tie to break (law 3"},
		{"not a die's face", `{"Ann": 5, "Bob": 7, "Cy": 6}`, "Bob's opening throw is 7, not a die's face"},
		{"a member without a throw", `{"Ann": 5, "Bob": 4}`, "Cy has no opening throw"},
		{"an unknown member", `{"Ann": 5, "Bob": 4, "Cy": 3, "Zed": 1}`, "Zed: not a member"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantSessionError(t, `{"players": ["Ann", "Bob", "Cy"], "opening": `+tc.opening+`, "games": []}`, tc.want)
		})
	}
}

// wantSessionError fails the test unless the session is refused with an
// error saying want.
func wantSessionError(t *testing.T, session, want string) {
	t.Helper()
	s, err := ParseSession([]byte(session))
	if err == nil {
		_, err = Replay(s)
	}
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("error %v, want one saying %q", err, want)
	}
}

// TestLaw04NewcomerRanksLast: a newcomer ranks last in his first game, and
// behind the box or captain defeated in the game before (laws 6, 7: "unless
// there be an added member").
func TestLaw04NewcomerRanksLast(t *testing.T) {
	c := replay(t, `{"players": ["A", "B", "C"], "opening": {"A": 6, "B": 5, "C": 4}, "games": [
		{"winner": "box", "points": 1},
		{"join": ["Dan"], "winner": "team", "points": 1},
		{"join": ["Eve"], "winner": "box", "points": 2}
	]}`)
	// Game 1, [A B C]: A +2, B -1, C -1; B last: [A C B].
	// Game 2, [A C B Dan]: A -3, C +1, B +1, Dan +1; A last: [C B Dan A].
	// Game 3, [C B Dan A Eve]: C +8, the others -2; B last: [C Dan A Eve B].
	wantBooks(t, c, books{
		scores: map[string]float64{"A": -3, "B": -2, "C": 8, "Dan": -1, "Eve": -2},
		box:    "C", captain: "Dan", order: []string{"C", "Dan", "A", "Eve", "B"},
	})
}

func TestLaw04JoinErrors(t *testing.T) {
	c, err := New([]string{"Ann", "Bob", "Cy"})
	noErr(t, err)
	if err := c.Join("Bob"); !errors.Is(err, ErrMember) {
		t.Fatalf("Join of a member = %v, want ErrMember", err)
	}
	noErr(t, c.Join("Dan"))
	if err := c.Join("Dan"); !errors.Is(err, ErrMember) {
		t.Fatalf("second Join = %v, want ErrMember", err)
	}
	if err := c.Join("box"); !errors.Is(err, ErrName) {
		t.Fatalf("Join(box) = %v, want ErrName", err)
	}
}

// TestLaw05BoxPlaysTheCaptainAndPartners: every member but the box is on
// the captain's side; only the captain doubles for it, and the box answers.
func TestLaw05BoxPlaysTheCaptainAndPartners(t *testing.T) {
	c, err := New([]string{"Ann", "Bob", "Cy", "Dan"})
	noErr(t, err)
	noErr(t, c.StartGame())
	if got := c.InGame(); c.Box() != "Ann" || c.Captain() != "Bob" || !slices.Equal(got, []string{"Bob", "Cy", "Dan"}) {
		t.Fatalf("box %s, captain %s, team %v; want Ann, Bob, [Bob Cy Dan]", c.Box(), c.Captain(), got)
	}
	noErr(t, c.Double(Team))
	if got := c.Pending(); !slices.Equal(got, []string{"Ann"}) {
		t.Fatalf("Pending() after the captain's double = %v, want [Ann]", got)
	}
	if err := c.Take("Cy"); !errors.Is(err, ErrWrongSide) {
		t.Fatalf("a partner answering the captain's double = %v, want ErrWrongSide", err)
	}
	wantSessionError(t, `{"players": ["Ann", "Bob", "Cy", "Dan"], "games": [
		{"cube": [{"by": "Cy", "to": 2}], "winner": "team", "points": 1}]}`,
		"game 1: double 1 (Cy to 2): Cy is a partner: only the captain doubles for the team (law 7)")
}

// TestLaw06BoxScoresWithEachAdversary: the box wins or loses against each
// team member separately, at the cube each holds; defeated, he retires last
// and the captain takes the box.
func TestLaw06BoxScoresWithEachAdversary(t *testing.T) {
	c := replay(t, `{"players": ["Ann", "Bob", "Cy", "Dan"], "opening": {"Ann": 6, "Bob": 5, "Cy": 4, "Dan": 3}, "games": [
		{"cube": [{"by": "box", "to": 2, "drops": ["Dan"]}], "winner": "box", "points": 2},
		{"cube": [{"by": "captain", "to": 2}, {"by": "box", "to": 4, "drops": ["Dan"]}], "winner": "team", "points": 1}
	]}`)
	// Game 1, [Ann Bob Cy Dan]: Dan passes 2 (-1); Ann's gammon at 2 wins 4
	// from Bob and Cy: Ann +9, Bob -4, Cy -4, Dan -1; [Ann Cy Dan Bob].
	// Game 2: Cy doubles to 2, Ann takes and redoubles to 4; Dan passes
	// (-2), Cy and Bob take and win 4 each: Ann +2 -8, Cy +4, Bob +4;
	// Ann retires: [Cy Dan Bob Ann].
	wantBooks(t, c, books{
		scores: map[string]float64{"Ann": 3, "Bob": 0, "Cy": 0, "Dan": -3},
		box:    "Cy", captain: "Dan", order: []string{"Cy", "Dan", "Bob", "Ann"},
	})
}

// TestLaw07CaptainBindsHisSide: the captain's double is the whole side's,
// and a defeated captain goes last, the highest-ranking partner succeeding
// him.
func TestLaw07CaptainBindsHisSide(t *testing.T) {
	c := replay(t, `{"players": ["A", "B", "C", "D", "E"], "opening": {"A": 6, "B": 5, "C": 4, "D": 3, "E": 2}, "games": [
		{"cube": [{"by": "captain", "to": 2, "drops": ["A"]}]},
		{"winner": "box", "points": 1}
	]}`)
	// Game 1: the box A passes B's double and pays 1 to each of B, C, D,
	// E, and retires: [B C D E A]. Game 2: B wins 1 from each of C, D, E,
	// A; C, the captain, goes last: [B D E A C].
	wantBooks(t, c, books{
		scores: map[string]float64{"A": -5, "B": 5, "C": 0, "D": 0, "E": 0},
		box:    "B", captain: "D", order: []string{"B", "D", "E", "A", "C"},
	})
}

// TestLaw08PartnersAnswerForThemselves: each partner who passes the box's
// double forfeits his count before it; the others play on at the new cube.
func TestLaw08PartnersAnswerForThemselves(t *testing.T) {
	c := replay(t, `{"players": ["Ann", "Bob", "Cy", "Dan"], "opening": {"Ann": 6, "Bob": 5, "Cy": 4, "Dan": 3}, "games": [
		{"cube": [
			{"by": "box", "to": 2, "drops": ["Cy"]},
			{"by": "captain", "to": 4},
			{"by": "box", "to": 8, "drops": ["Dan"]}
		], "winner": "team", "points": 1}
	]}`)
	// Cy passes at 1 (-1); Bob redoubles to 4, Ann takes and redoubles to
	// 8; Dan passes at 4 (-4); Bob wins 8. Ann +1 +4 -8 retires.
	wantBooks(t, c, books{
		scores: map[string]float64{"Ann": -3, "Bob": 8, "Cy": -1, "Dan": -4},
		box:    "Bob", captain: "Cy", order: []string{"Bob", "Cy", "Dan", "Ann"},
	})
}

func TestLaw08WrongAnswers(t *testing.T) {
	players := `"players": ["Ann", "Bob", "Cy", "Dan"], "opening": {"Ann": 6, "Bob": 5, "Cy": 4, "Dan": 3}`
	for _, tc := range []struct{ name, cube, want string }{
		{"the box passes its own double", `[{"by": "box", "to": 2, "drops": ["Ann"]}]`,
			"game 1: double 1 (box to 2): drops: Ann: on the wrong side to answer"},
		{"a partner passes the captain's double", `[{"by": "captain", "to": 2, "drops": ["Cy"]}]`,
			"game 1: double 1 (captain to 2): drops: Cy: on the wrong side to answer"},
		{"an unknown member passes", `[{"by": "box", "to": 2, "drops": ["Zed"]}]`,
			"game 1: double 1 (box to 2): drops: Zed: not a member"},
		{"a member out of the game passes", `[{"by": "box", "to": 2, "drops": ["Cy"]}, {"by": "captain", "to": 4}, {"by": "box", "to": 8, "drops": ["Cy"]}]`,
			"game 1: double 3 (box to 8): drops: Cy: out of this game"},
		{"a partner passes twice", `[{"by": "box", "to": 2, "drops": ["Cy", "Cy"]}]`,
			"game 1: double 1 (box to 2): drops: Cy is listed twice"},
		{"not the next double", `[{"by": "box", "to": 4}]`,
			"game 1: double 1 (box to 4): 4 is not the next double: the cube is at 1, the next double is 2"},
		{"the box redoubles its own double", `[{"by": "box", "to": 2}, {"by": "box", "to": 4}]`,
			"game 1: double 2 (box to 4): the box cannot double: the other side holds the cube"},
		{"an unknown doubler", `[{"by": "Zed", "to": 2}]`, "game 1: double 1 (Zed to 2): by: Zed: not a member"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantSessionError(t, `{`+players+`, "games": [{"cube": `+tc.cube+`, "winner": "box", "points": 1}]}`, tc.want)
		})
	}
}

// TestLaw09CaptainWhoPassesLosesHisPost: he forfeits his count before the
// double and goes last; if his side then loses, the acting captain goes
// after him.
func TestLaw09CaptainWhoPassesLosesHisPost(t *testing.T) {
	c := replay(t, `{"players": ["Ann", "Bob", "Cy", "Dan"], "opening": {"Ann": 6, "Bob": 5, "Cy": 4, "Dan": 3}, "games": [
		{"cube": [{"by": "box", "to": 2, "drops": ["Bob"]}], "winner": "box", "points": 1}
	]}`)
	// Bob passes (-1); Cy captains and loses 2 with Dan: Ann +1 +4.
	wantBooks(t, c, books{
		scores: map[string]float64{"Ann": 5, "Bob": -1, "Cy": -2, "Dan": -2},
		box:    "Ann", captain: "Dan", order: []string{"Ann", "Dan", "Bob", "Cy"},
	})
}

// TestLaw10HighestRankingTakerCaptains: after the captain passes, the
// highest-ranking member who took captains the rest of the game, doubles
// for the side, and takes the box if it wins.
func TestLaw10HighestRankingTakerCaptains(t *testing.T) {
	c, err := New([]string{"Ann", "Bob", "Cy", "Dan", "Eve"})
	noErr(t, err)
	noErr(t, c.StartGame())
	noErr(t, c.Double(Box))
	noErr(t, c.Pass("Bob"))
	noErr(t, c.Pass("Cy"))
	noErr(t, c.Take("Eve"))
	if c.Captain() != "Bob" {
		t.Fatalf("Captain() = %s before every answer, want Bob", c.Captain())
	}
	noErr(t, c.Take("Dan"))
	if c.Captain() != "Dan" || !slices.Equal(c.InGame(), []string{"Dan", "Eve"}) {
		t.Fatalf("captain %s, in game %v; want Dan, [Dan Eve]", c.Captain(), c.InGame())
	}
	noErr(t, c.Double(Team))
	noErr(t, c.Take("Ann"))
	noErr(t, c.Win(Team, engine.Single))
	// Bob and Cy pay 1 each; Dan and Eve win 4 each from Ann. Dan takes
	// the box; Bob, who passed as captain, and Ann, defeated, go last.
	wantBooks(t, c, books{
		scores: map[string]float64{"Ann": -6, "Bob": -1, "Cy": -1, "Dan": 4, "Eve": 4},
		box:    "Dan", captain: "Cy", order: []string{"Dan", "Cy", "Eve", "Bob", "Ann"},
	})
}

// TestLaw11AnswersKeepRank: a partner who passes keeps his rank; a captain
// who passes loses his post even when his side goes on to win.
func TestLaw11AnswersKeepRank(t *testing.T) {
	c := replay(t, `{"players": ["Ann", "Bob", "Cy", "Dan"], "opening": {"Ann": 6, "Bob": 5, "Cy": 4, "Dan": 3}, "games": [
		{"cube": [{"by": "box", "to": 2, "drops": ["Cy"]}], "winner": "box", "points": 1},
		{"cube": [{"by": "box", "to": 2, "drops": ["Cy"]}], "winner": "team", "points": 1}
	]}`)
	// Game 1: Cy passes (-1) and keeps his rank; Bob and Dan lose 2 each;
	// Bob goes last: [Ann Cy Dan Bob]; Ann +5. Game 2: Cy, captain,
	// passes (-1); Dan captains, and wins 2 with Bob: Ann +1 -4 retires
	// after Cy.
	wantBooks(t, c, books{
		scores: map[string]float64{"Ann": 2, "Bob": 0, "Cy": -2, "Dan": 0},
		box:    "Dan", captain: "Bob", order: []string{"Dan", "Bob", "Cy", "Ann"},
	})
}

// TestLaw12BoxPartner: with six or more, the box may take a partner, here
// the captain he has just defeated, who shares his result with each team
// member half and half.
func TestLaw12BoxPartner(t *testing.T) {
	c := replay(t, `{"players": ["A", "B", "C", "D", "E", "F"], "opening": {"A": 6, "B": 5, "C": 4, "D": 3, "E": 2, "F": 1}, "games": [
		{"winner": "box", "points": 1},
		{"box_partner": "B", "cube": [{"by": "box", "to": 2, "drops": ["F"]}], "winner": "team", "points": 2}
	]}`)
	// Game 1: A +5, the others -1; [A C D E F B]. Game 2: F passes (-1,
	// A and B +0.5 each); C, D, E win a gammon at 2, 4 each, the box's
	// side paying 12, 6 each. A retires: [C D E F B A].
	wantBooks(t, c, books{
		scores: map[string]float64{"A": -0.5, "B": -6.5, "C": 3, "D": 3, "E": 3, "F": -2},
		box:    "C", captain: "D", order: []string{"C", "D", "E", "F", "B", "A"},
	})
}

func TestLaw12BoxPartnerRefused(t *testing.T) {
	five := `"players": ["A", "B", "C", "D", "E"]`
	six := `"players": ["A", "B", "C", "D", "E", "F"]`
	for _, tc := range []struct{ name, players, game, want string }{
		{"fewer than six", five, `{"box_partner": "E", "winner": "box", "points": 1}`, "game 1: box_partner: no partner for the box with 5 members: it takes 6 (law 12)"},
		{"the captain", six, `{"box_partner": "B", "winner": "box", "points": 1}`, "game 1: box_partner: no partner for the box: B is the captain"},
		{"an unknown member", six, `{"box_partner": "Zed", "winner": "box", "points": 1}`, "game 1: box_partner: Zed: not a member"},
		{"answering the box's double", six, `{"box_partner": "F", "cube": [{"by": "box", "to": 2, "drops": ["F"]}], "winner": "box", "points": 1}`,
			"game 1: double 1 (box to 2): drops: F: on the wrong side to answer: F is the box's partner (law 12)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantSessionError(t, `{`+tc.players+`, "games": [`+tc.game+`]}`, tc.want)
		})
	}
}

// TestLaw04NewcomerWaitsForTheNextGame: who joins during a game has no part
// in it.
func TestLaw04NewcomerWaitsForTheNextGame(t *testing.T) {
	c, err := New([]string{"A", "B", "C", "D", "E", "F"})
	noErr(t, err)
	noErr(t, c.StartGame())
	noErr(t, c.Join("Gus"))
	if err := c.ChooseBoxPartner("Gus"); !errors.Is(err, ErrBoxPartner) {
		t.Fatalf("a newcomer as the box's partner = %v, want ErrBoxPartner", err)
	}
	noErr(t, c.Double(Box))
	if err := c.Pass("Gus"); !errors.Is(err, ErrOutOfGame) {
		t.Fatalf("a newcomer passing = %v, want ErrOutOfGame", err)
	}
	for _, m := range c.Pending() {
		noErr(t, c.Take(m))
	}
	noErr(t, c.Win(Box, engine.Single))
	if s, _ := c.Score("Gus"); s != 0 || slices.Contains(c.Order(), "Gus") {
		t.Fatalf("Gus scored %v in a game he joined during, order %v", s, c.Order())
	}
	noErr(t, c.StartGame())
	if got := c.Order(); got[len(got)-1] != "Gus" || got[len(got)-2] != "B" {
		t.Fatalf("order %v, want the defeated captain B, then Gus, last", got)
	}
}
