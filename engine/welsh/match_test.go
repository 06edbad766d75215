package welsh

import (
	"errors"
	"strings"
	"testing"
	"time"

	"gammond/engine"
)

var fullClocks = [2]time.Duration{ClockTime, ClockTime}

// gameAt returns a match whose first game stands at b, turn on roll.
func gameAt(t *testing.T, b engine.Board, turn engine.Side) *Match {
	t.Helper()
	m := NewMatch(0)
	if err := m.StartGame(turn, fullClocks); err != nil {
		t.Fatal(err)
	}
	m.game.board = b
	return m
}

// playWhere throws d for side and plays the first legal play whose
// position after (opponent on roll) want accepts; nil accepts any. A throw
// with no play is played as the board unchanged.
func playWhere(t *testing.T, m *Match, side engine.Side, d engine.Dice, want func(after engine.Board) bool) TurnEvents {
	t.Helper()
	if out, err := m.Throw(side, Throw{Dice: d}); err != nil || out == ThrowAgain || out == ThrowWashesSnake {
		t.Fatalf("%v throws %v: outcome %v, %v", side, d, out, err)
	}
	b, _, _ := m.Board()
	after := b.Swap()
	found := false
	for _, p := range LegalPlays(b, d) {
		if want == nil || want(p.After) {
			after, found = p.After, true
			break
		}
	}
	if !found && want != nil {
		t.Fatalf("%v %v: no legal play as wanted from %s", side, d, b.PositionID())
	}
	ev, err := m.Play(side, after)
	if err != nil {
		t.Fatalf("%v plays %v: %v", side, d, err)
	}
	return ev
}

// Rule 1: the first to reach (or pass) 25 games wins the match.
func TestRule1MatchTo25Games(t *testing.T) {
	opp := men{6: 5, 5: 5, 4: 4} // one checked out: a single game
	m := gameAt(t, board(men{1: 1}, opp), engine.White)
	m.score = [2]int{24, 20}
	m.game.cube = 4
	ev := playWhere(t, m, engine.White, engine.Dice{2, 1}, func(a engine.Board) bool { return a[engine.Opponent].Total() == 0 })
	over, winner, how := m.Over()
	if ev.Ending != CheckedOut || !over || winner != engine.White || how != CheckedOut {
		t.Errorf("24 + 4: over %v, winner %v, how %v; events %+v", over, winner, how, ev)
	}
	if got := m.Score(); got != [2]int{28, 20} {
		t.Errorf("score %v, want 28-20", got)
	}
	if err := m.StartGame(engine.Black, fullClocks); !errors.Is(err, ErrMatchOver) {
		t.Errorf("a game after the match: %v", err)
	}
}

// Rule 3: no take or pass; either player may double first, then the right
// passes to the other each time.
func TestRule3DoublingRightPasses(t *testing.T) {
	m := gameAt(t, engine.StartingBoard, engine.White)
	if err := m.Double(engine.White); err != nil {
		t.Fatal(err)
	}
	if v, centred, right := m.Cube(); v != 2 || centred || right != engine.Black {
		t.Errorf("after White's double: %d, centred %v, right %v", v, centred, right)
	}
	if err := m.Double(engine.White); !errors.Is(err, ErrNoRight) {
		t.Errorf("White doubles twice: %v", err)
	}
	playWhere(t, m, engine.White, engine.Dice{6, 4}, nil)
	if err := m.Double(engine.Black); err != nil {
		t.Fatal(err)
	}
	if v, _, right := m.Cube(); v != 4 || right != engine.White {
		t.Errorf("after Black's redouble: %d, right %v", v, right)
	}
	if _, err := m.Throw(engine.Black, Throw{Dice: engine.Dice{3, 1}}); err != nil {
		t.Fatal(err)
	}
	if err := m.Double(engine.Black); !errors.Is(err, ErrThrown) {
		t.Errorf("a double after the throw: %v", err)
	}
}

// Rules 4 and 5: a gammon (none checked out) counts three times, a
// backgammon (and a man outside the final quarter-board or on the roof)
// six times; a loser with a man out loses once.
func TestRules4And5GammonsAndBackgammons(t *testing.T) {
	for _, tc := range []struct {
		name  string
		loser men
		games int
	}{
		{"single", men{6: 5, 5: 5, 4: 4}, 2},
		{"gammon", men{6: 5, 5: 5, 4: 4, 3: 1}, 6},
		{"backgammon", men{6: 5, 5: 5, 4: 4, 20: 1}, 12},
		{"backgammon from the roof", men{6: 5, 5: 5, 4: 4, engine.Bar: 1}, 12},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := gameAt(t, board(men{1: 1}, tc.loser), engine.White)
			m.game.cube = 2
			playWhere(t, m, engine.White, engine.Dice{2, 1}, func(a engine.Board) bool { return a[engine.Opponent].Total() == 0 })
			r := m.Results()[0]
			if r.Games != tc.games || r.Winner != engine.White || r.Backgammon != (tc.games == 12) {
				t.Errorf("result %+v, want %d games", r, tc.games)
			}
		})
	}
}

// Rule 6: the doubling die stops at 64; so does the first dance's double.
func TestRule6CubeCap64(t *testing.T) {
	m := gameAt(t, engine.StartingBoard, engine.White)
	m.game.cube = 64
	if err := m.Double(engine.White); !errors.Is(err, ErrCubeMax) {
		t.Errorf("doubling 64: %v", err)
	}
	closed := men{1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3}
	m = gameAt(t, board(men{engine.Bar: 1, 6: 5}, closed), engine.White)
	m.game.cube = 64
	if ev := playWhere(t, m, engine.White, engine.Dice{3, 2}, nil); !ev.Dance || ev.CubeRaised {
		t.Errorf("a dance at 64: %+v", ev)
	}
	if v, _, _ := m.Cube(); v != 64 {
		t.Errorf("cube %d after a dance at 64", v)
	}
}

// Rule 7: the same throw three turns running is thrown again; odds and
// evens choose the first game's starter, the loser starts the next.
func TestRule7RepeatedThrowOddsEvensMugsAway(t *testing.T) {
	m := gameAt(t, engine.StartingBoard, engine.White)
	playWhere(t, m, engine.White, engine.Dice{6, 4}, nil)
	playWhere(t, m, engine.Black, engine.Dice{5, 3}, nil)
	playWhere(t, m, engine.White, engine.Dice{4, 6}, nil)
	playWhere(t, m, engine.Black, engine.Dice{6, 1}, nil)
	if out, err := m.Throw(engine.White, Throw{Dice: engine.Dice{6, 4}}); err != nil || out != ThrowAgain {
		t.Errorf("a third 6-4 running: %v, %v; want ThrowAgain", out, err)
	}
	if out, err := m.Throw(engine.White, Throw{Dice: engine.Dice{6, 3}}); err != nil || out != ThrowPlays {
		t.Errorf("then 6-3: %v, %v", out, err)
	}

	if got := OddsEvens(engine.White, true, engine.Dice{3, 5}); got != engine.Black {
		t.Errorf("Black calls evens on 3-5: chooser %v, want Black", got)
	}
	if got := OddsEvens(engine.White, false, engine.Dice{3, 5}); got != engine.White {
		t.Errorf("Black calls odds on 3-5: chooser %v, want White", got)
	}
	m = NewMatch(0)
	if _, ok := m.Starter(); ok {
		t.Errorf("first game: a starter without odds and evens")
	}
	m.endGame(Result{Ending: CheckedOut, Winner: engine.White, Games: 1})
	if first, ok := m.Starter(); !ok || first != engine.Black {
		t.Errorf("mugs away after White won: %v %v, want Black", first, ok)
	}
	if err := m.StartGame(engine.White, fullClocks); !errors.Is(err, ErrWrongStarter) {
		t.Errorf("the winner starts: %v", err)
	}
}

// Rule 12: 70 minutes each; a time-out loses the match; both clocks under
// ten minutes start a game with the doubling die at 2, centred.
func TestRule12ClocksTenForTwo(t *testing.T) {
	if got := NewClock().Remaining(engine.White, time.Time{}); got != 70*time.Minute {
		t.Errorf("clock: %v each, want 70m", got)
	}
	for _, tc := range []struct {
		left [2]time.Duration
		want bool
	}{
		{[2]time.Duration{9*time.Minute + 59*time.Second, time.Second}, true},
		{[2]time.Duration{10 * time.Minute, time.Minute}, false},
		{[2]time.Duration{time.Minute, 0}, false},
	} {
		if got := TenForTwo(tc.left); got != tc.want {
			t.Errorf("TenForTwo(%v) = %v", tc.left, got)
		}
	}
	m := NewMatch(0)
	if err := m.StartGame(engine.White, [2]time.Duration{5 * time.Minute, 9 * time.Minute}); err != nil {
		t.Fatal(err)
	}
	if v, centred, _ := m.Cube(); v != 2 || !centred {
		t.Errorf("ten for two: cube %d centred %v", v, centred)
	}
	m.score = [2]int{20, 3}
	if err := m.TimeOut(engine.White); err != nil {
		t.Fatal(err)
	}
	if over, winner, how := m.Over(); !over || winner != engine.Black || how != TimedOut {
		t.Errorf("White timed out: over %v winner %v how %v", over, winner, how)
	}
}

// Rule 13: a 2-1 may be thrown again; no other throw may.
func TestRule13AceyDeucey(t *testing.T) {
	m := gameAt(t, engine.StartingBoard, engine.White)
	if out, err := m.Throw(engine.White, Throw{Dice: engine.Dice{1, 2}}); err != nil || out != ThrowMayRethrow {
		t.Fatalf("1-2: %v %v", out, err)
	}
	if err := m.ThrowAgainAceyDeucey(engine.White); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Throw(engine.White, Throw{Dice: engine.Dice{6, 4}}); err != nil {
		t.Fatal(err)
	}
	if err := m.ThrowAgainAceyDeucey(engine.White); !errors.Is(err, ErrNotAceyDeucey) {
		t.Errorf("6-4 thrown again: %v", err)
	}
}

// Rule 14: three men on the roof lose the game, at the doubling die's
// value, no gammon counted.
func TestRule14ThreeOnTheRoof(t *testing.T) {
	black := men{engine.Bar: 2, 20: 1, 6: 5, 7: 6, 9: 1}
	m := gameAt(t, board(men{8: 2, 13: 5, 24: 6, 23: 2}, black), engine.White)
	m.game.cube = 4
	ev := playWhere(t, m, engine.White, engine.Dice{3, 1}, func(a engine.Board) bool { return a[engine.Mover].On(engine.Bar) == 3 })
	if ev.Ending != ThreeOnRoof {
		t.Fatalf("events %+v", ev)
	}
	if r := m.Results()[0]; r.Winner != engine.White || r.Games != 4 {
		t.Errorf("result %+v, want 4 games to White", r)
	}
}

// Rule 16: a turn ending with a man on the roof is a dance; the game's
// first dance doubles the die whoever holds it, the next ones do not.
func TestRule16FirstDanceDoubles(t *testing.T) {
	closed := men{1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3}
	b := board(men{engine.Bar: 2, 6: 5}, closed)
	m := gameAt(t, b, engine.White)
	m.game.centred, m.game.right = false, engine.Black
	if ev := playWhere(t, m, engine.White, engine.Dice{3, 2}, nil); !ev.Dance || !ev.CubeRaised {
		t.Errorf("first dance: %+v", ev)
	}
	if v, _, right := m.Cube(); v != 2 || right != engine.Black {
		t.Errorf("after the first dance: cube %d, right %v; want 2, Black's still", v, right)
	}
	m.game.board, m.game.turn = b, engine.White
	if ev := playWhere(t, m, engine.White, engine.Dice{5, 4}, nil); !ev.Dance || ev.CubeRaised {
		t.Errorf("second dance: %+v", ev)
	}
	if v, _, _ := m.Cube(); v != 2 {
		t.Errorf("cube %d after a second dance", v)
	}
}

// Rule 17a: a triangle (4-3-2-1) gives its owner turn after turn, and the
// doubling die cannot go up while it stands.
func TestRule17Triangle(t *testing.T) {
	black := men{6: 5, 13: 5, 8: 5}
	m := gameAt(t, board(men{5: 4, 4: 3, 3: 2, 8: 1, 24: 5}, black), engine.White)
	ev := playWhere(t, m, engine.White, engine.Dice{6, 1}, func(a engine.Board) bool { return HasTriangle(&a[engine.Opponent]) })
	if !ev.Triangle {
		t.Errorf("events %+v, want a triangle", ev)
	}
	if _, turn, _ := m.Board(); turn != engine.White {
		t.Errorf("%v on turn, want White again", turn)
	}
	if err := m.Double(engine.White); !errors.Is(err, ErrTriangle) {
		t.Errorf("doubling with a triangle: %v", err)
	}
}

// Rule 17b: a rectangle (3-3-3-3-3 in one quarter-board) wins the match.
func TestRule17Rectangle(t *testing.T) {
	black := men{24: 2, 23: 2, 22: 2, 21: 2, 20: 2, 19: 2, 18: 2, 1: 1}
	m := gameAt(t, board(men{12: 3, 11: 3, 10: 3, 9: 2, 8: 3, 16: 1}, black), engine.White)
	ev := playWhere(t, m, engine.White, engine.Dice{2, 1}, func(a engine.Board) bool { return HasRectangle(&a[engine.Opponent]) })
	if over, winner, how := m.Over(); ev.Ending != Rectangle || !over || winner != engine.White || how != Rectangle {
		t.Errorf("events %+v, over %v %v %v", ev, over, winner, how)
	}
	pay, err := m.Prizes()
	if err != nil || pay[0] != (Payment{engine.Black, engine.White, RectanglePrize, "rectangle"}) {
		t.Errorf("prizes %+v, %v", pay, err)
	}
}

// Rule 18: the first to check out throws again at once, and again while
// his bonus throws are doubles.
func TestRule18BonusThrow(t *testing.T) {
	black := men{1: 5, 2: 5, 3: 5}
	m := gameAt(t, board(men{6: 5, 5: 5, 4: 5}, black), engine.White)
	if ev := playWhere(t, m, engine.White, engine.Dice{6, 5}, nil); !ev.BonusThrow {
		t.Errorf("first check-out: %+v, want a bonus throw", ev)
	}
	if ev := playWhere(t, m, engine.White, engine.Dice{3, 3}, nil); !ev.BonusThrow {
		t.Errorf("a double on the bonus throw: %+v, want a bonus extra", ev)
	}
	if ev := playWhere(t, m, engine.White, engine.Dice{4, 2}, nil); ev.BonusThrow {
		t.Errorf("no double on the bonus extra: %+v", ev)
	}
	if _, turn, _ := m.Board(); turn != engine.Black {
		t.Errorf("%v on turn, want Black", turn)
	}
}

// Rule 18: on the first occasion one player alone has a one-throw win,
// the other may offer to concede for less; with a fiver, an offer lifting
// the winner to exactly 24 must be accepted.
func TestRule18OfferToConcede(t *testing.T) {
	black := men{1: 5, 2: 5, 3: 5}
	m := gameAt(t, board(men{6: 1, 3: 1, 1: 1}, black), engine.White)
	m.game.started = true
	m.score = [2]int{23, 0}
	ev := playWhere(t, m, engine.White, engine.Dice{6, 5}, nil) // six must: 6/off
	if !ev.OfferWindow {
		t.Fatalf("White left with 3 and 1: %+v, want the occasion", ev)
	}
	if _, err := m.OfferConcession(engine.White, 1, false); !errors.Is(err, ErrNoOffer) {
		t.Errorf("the winner offers: %v", err)
	}
	if _, err := m.OfferConcession(engine.Black, 3, false); !errors.Is(err, ErrNoOffer) {
		t.Errorf("an offer as big as the gammon: %v", err)
	}
	o, err := m.OfferConcession(engine.Black, 1, true)
	if err != nil || !o.Mandatory {
		t.Fatalf("offer %+v, %v; want mandatory", o, err)
	}
	if err := m.AnswerConcession(o, false); !errors.Is(err, ErrMandatory) {
		t.Errorf("rejecting a mandatory offer: %v", err)
	}
	if err := m.AnswerConcession(o, true); err != nil {
		t.Fatal(err)
	}
	if r := m.Results()[0]; r.Ending != Conceded || r.Games != 1 || m.Score() != [2]int{24, 0} {
		t.Errorf("result %+v, score %v", r, m.Score())
	}
}

// Rule 19 in a game: boxes out ends it.
func TestRule19BoxesOutEndsTheGame(t *testing.T) {
	m := gameAt(t, board(men{1: 1, 2: 1, 3: 1, 5: 1}, company), engine.White)
	if ev := playWhere(t, m, engine.White, engine.Dice{6, 6}, nil); ev.Ending != CheckedOut {
		t.Errorf("boxes out: %+v", ev)
	}
}

// Rule 21: one nominate a player a match; the throw is the one nominated;
// no match-winning throw for oneself.
func TestRule21Nominates(t *testing.T) {
	m := gameAt(t, engine.StartingBoard, engine.White)
	if err := m.Nominate(engine.White, Throw{Dice: engine.Dice{6, 4}}); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Throw(engine.White, Throw{Dice: engine.Dice{5, 3}}); !errors.Is(err, ErrNominated) {
		t.Errorf("another throw than nominated: %v", err)
	}
	playWhere(t, m, engine.White, engine.Dice{4, 6}, nil)
	playWhere(t, m, engine.Black, engine.Dice{5, 3}, nil)
	if err := m.Nominate(engine.White, Throw{Dice: engine.Dice{3, 3}}); !errors.Is(err, ErrNominate) {
		t.Errorf("a second nominate: %v", err)
	}

	m = gameAt(t, board(men{1: 1}, men{6: 5, 5: 5, 4: 5}), engine.White)
	m.score = [2]int{22, 0}
	if err := m.Nominate(engine.White, Throw{Dice: engine.Dice{1, 1}}); !errors.Is(err, ErrNominate) {
		t.Errorf("a match-winning nominate for oneself: %v", err)
	}
	if err := m.Nominate(engine.Black, Throw{Dice: engine.Dice{1, 1}}); err != nil {
		t.Errorf("the opponent nominates it: %v", err)
	}
}

// Rule 22: candlesticks (a full spike each after a turn) and snakes (1-1
// after the opponent's 1-1) wash the game: a game to each player.
func TestRule22Washes(t *testing.T) {
	black := men{6: 6, 13: 5, 8: 4}
	m := gameAt(t, board(men{8: 5, 9: 1, 24: 5, 23: 4}, black), engine.White)
	ev := playWhere(t, m, engine.White, engine.Dice{1, 2}, func(a engine.Board) bool { return FullSpikes(&a[engine.Opponent]) == 1 })
	if ev.Ending != WashBySticks || m.Score() != [2]int{1, 1} {
		t.Errorf("candlesticks: %+v, score %v", ev, m.Score())
	}

	m = gameAt(t, engine.StartingBoard, engine.White)
	playWhere(t, m, engine.White, engine.Dice{1, 1}, nil)
	if out, err := m.Throw(engine.Black, Throw{Dice: engine.Dice{1, 1}}); err != nil || out != ThrowWashesSnake {
		t.Fatalf("snakes: %v, %v", out, err)
	}
	if r := m.Results(); len(r) != 1 || r[0].Ending != WashBySnakes || m.Score() != [2]int{1, 1} {
		t.Errorf("snakes: results %+v, score %v", r, m.Score())
	}
	if _, ok := m.Starter(); ok {
		t.Errorf("after a wash: a starter without odds and evens")
	}
}

// Rule 23: £10 and 25p a game of the difference (28-12: £14), £25 more
// for a match to nil, and the BG scoop-pot's tally.
func TestRule23Prizes(t *testing.T) {
	m := NewMatch(0)
	if _, err := m.Prizes(); !errors.Is(err, ErrMatchNotOver) {
		t.Errorf("prizes before the end: %v", err)
	}
	m.score, m.won = [2]int{27, 12}, [2]int{9, 4}
	m.endGame(Result{Ending: CheckedOut, Winner: engine.White, Games: 1})
	pay, err := m.Prizes()
	if err != nil || len(pay) != 1 || pay[0] != (Payment{engine.Black, engine.White, 1400, "the match"}) {
		t.Errorf("28-12: %+v, %v; want Black pays £14", pay, err)
	}

	m = NewMatch(4)
	m.score = [2]int{19, 2} // two washes
	m.endGame(Result{Ending: CheckedOut, Winner: engine.White, Games: 6, Backgammon: true})
	pay, _ = m.Prizes()
	want := []Payment{
		{engine.Black, engine.White, 1000 + 25*23, "the match"},
		{engine.Black, engine.White, 2500, "a match to nil"},
		{engine.Black, engine.White, 500, "BG scoop-pot"},
	}
	if len(pay) != len(want) || pay[0] != want[0] || pay[1] != want[1] || pay[2] != want[2] {
		t.Errorf("prizes %+v, want %+v", pay, want)
	}
	if m.ScoopTally() != 0 {
		t.Errorf("scoop tally %d after a backgammon, want 0", m.ScoopTally())
	}
}

// An illegal play the opponent lets stand: the game goes on from it, and
// the record's check finds it.
func TestPlayStanding(t *testing.T) {
	r := NewRecorder("Ann", "Bob", 0)
	if err := r.StartGame(engine.White, fullClocks); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Throw(engine.White, Throw{Dice: engine.Dice{6, 4}}); err != nil {
		t.Fatal(err)
	}
	illegal := after(men{24: 2, 13: 3, 9: 1, 7: 1, 8: 3, 6: 5}, men{24: 2, 13: 5, 8: 3, 6: 5}) // 13/7 13/9
	if _, err := r.Match().Play(engine.White, illegal); !errors.Is(err, ErrIllegalPlay) {
		t.Fatalf("Play of 13/7 13/9: %v", err)
	}
	impossible := after(men{24: 2, 13: 5, 8: 3, 6: 5}, men{24: 2, 13: 5, 8: 3, 6: 4})
	if _, err := r.PlayStanding(engine.White, impossible); !errors.Is(err, ErrImpossiblePosition) {
		t.Errorf("a black man gone: %v", err)
	}
	if _, err := r.PlayStanding(engine.White, illegal); err != nil {
		t.Fatal(err)
	}
	if b, turn, _ := r.Match().Board(); turn != engine.Black || b != illegal {
		t.Errorf("after the play stood: %v on turn at %s", turn, b.PositionID())
	}
	f := Check(r.Record())
	if len(f) != 1 || !strings.Contains(f[0].What, "illegal play") {
		t.Errorf("findings %v, want the illegal play", f)
	}
}
