package engine

import (
	"errors"
	"testing"
)

// Races for the outlook and concession tests, as Board{Opponent, Mover}.
var (
	// The side on roll has fifteen checkers on its 12 point, the other one
	// checker home: the side on roll is gammoned whatever happens.
	sureGammon = Board{halfWith(map[int]int{1: 1}), halfWith(map[int]int{12: 15})}
	// The side not on roll is stuck with a checker in the winner's home
	// board, and the winner bears off now.
	sureBackgammon = Board{halfWith(map[int]int{23: 1, 12: 14}), halfWith(map[int]int{1: 1})}
	// The side on roll has fifteen checkers just outside its home board,
	// the other fifteen spread over its home board: anything but a
	// backgammon.
	openRace = Board{halfWith(map[int]int{6: 3, 5: 3, 4: 3, 3: 3, 2: 3}), halfWith(map[int]int{7: 15})}
	// The side on roll has borne off one checker and is far behind.
	behindOneOff = Board{halfWith(map[int]int{1: 2}), halfWith(map[int]int{6: 14})}
)

func TestOutlook(t *testing.T) {
	for _, tc := range []struct {
		name      string
		b         Board
		side      int
		dice      Dice
		outOfPlay int
		want      Outlook
	}{
		{"contact: anything can happen", StartingBoard, Mover, Dice{}, 0,
			Outlook{MayWin: true, MayLose: true, Least: Single, Most: Backgammon}},
		{"contact, a checker off: no gammon", Board{halfWith(map[int]int{6: 15}), halfWith(map[int]int{Bar: 1, 6: 13})}, Mover, Dice{}, 0,
			Outlook{MayWin: true, MayLose: true, Least: Single, Most: Single}},
		{"race: sure to win", behindOneOff, Opponent, Dice{}, 0,
			Outlook{MayWin: true, MayLose: false, Least: Single, Most: Single}},
		{"race: sure to lose a single", behindOneOff, Mover, Dice{}, 0,
			Outlook{MayWin: false, MayLose: true, Least: Single, Most: Single}},
		{"race: sure to lose a gammon", sureGammon, Mover, Dice{}, 0,
			Outlook{MayWin: false, MayLose: true, Least: Gammon, Most: Gammon}},
		{"race: sure to lose a backgammon", sureBackgammon, Opponent, Dice{}, 0,
			Outlook{MayWin: false, MayLose: true, Least: Backgammon, Most: Backgammon}},
		{"race: the checker in the zone rolls first, a backgammon may be saved", sureBackgammon.Swap(), Mover, Dice{}, 0,
			Outlook{MayWin: false, MayLose: true, Least: Gammon, Most: Backgammon}},
		{"race: a checker off, but out of play, not borne off: the gammon is not saved yet", behindOneOff, Mover, Dice{}, 1,
			Outlook{MayWin: false, MayLose: true, Least: Single, Most: Gammon}},
		{"race: open", openRace, Mover, Dice{}, 0,
			Outlook{MayWin: true, MayLose: true, Least: Single, Most: Gammon}},
		{"race: the roll made decides, 6-6", twoOnSix, Mover, Dice{6, 6}, 0,
			Outlook{MayWin: true, MayLose: false, Least: Single, Most: Single}},
		{"race: the roll made decides, 2-1", twoOnSix, Mover, Dice{2, 1}, 0,
			Outlook{MayWin: true, MayLose: true, Least: Single, Most: Single}},
		{"race: no roll made", twoOnSix, Mover, Dice{}, 0,
			Outlook{MayWin: true, MayLose: true, Least: Single, Most: Single}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := outlook(&tc.b, tc.side, tc.dice, tc.outOfPlay); got != tc.want {
				t.Fatalf("outlook = %+v, want %+v", got, tc.want)
			}
		})
	}
}

// twoOnSix: the side on roll has two checkers on its 6 point, the other
// three on its 1 point.
var twoOnSix = Board{halfWith(map[int]int{1: 3}), halfWith(map[int]int{6: 2})}

// TestWeighConcession: US 11.1 (clock rules 5.1), the director makes the
// opponent accept a concession when nothing better for it can happen;
// Danish 4.5. Black, on turn, concedes.
func TestWeighConcession(t *testing.T) {
	for _, tc := range []struct {
		name   string
		length int
		score  [2]int
		opts   MatchOpts
		b      Board
		kind   ResultKind
		want   Concession
	}{
		{"a checker off: a single is all there is", 7, [2]int{}, MatchOpts{}, behindOneOff, Single, Concession{Forced: true}},
		{"open race: a single, the gammon still possible", 7, [2]int{}, MatchOpts{}, openRace, Single, Concession{Generous: true}},
		{"open race: a gammon, the conceder might win", 7, [2]int{}, MatchOpts{}, openRace, Gammon, Concession{Forced: true, Generous: true}},
		{"sure gammon: a single is not enough", 7, [2]int{}, MatchOpts{}, sureGammon, Single, Concession{}},
		{"sure gammon: a gammon", 7, [2]int{}, MatchOpts{}, sureGammon, Gammon, Concession{Forced: true}},
		{"sure gammon: a backgammon gives away a point", 7, [2]int{}, MatchOpts{}, sureGammon, Backgammon, Concession{Forced: true, Generous: true}},
		{"sure gammon, opponent 1 away: a single wins the match just as well", 7, [2]int{6, 0}, MatchOpts{}, sureGammon, Single, Concession{Forced: true}},
		{"Jacoby, centred cube: a gammon counts single", 0, [2]int{}, MatchOpts{Jacoby: true}, sureGammon, Single, Concession{Forced: true}},
		{"money: a gammon counts double", 0, [2]int{}, MatchOpts{}, sureGammon, Single, Concession{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := testMatch(t, tc.length, tc.score, tc.opts)
			toTurn(t, m, White, Black)
			got, err := m.WeighConcession(Black, tc.kind, tc.b)
			if err != nil || got != tc.want {
				t.Fatalf("WeighConcession(Black, %v) = %+v, %v, want %+v", tc.kind, got, err, tc.want)
			}
		})
	}
}

func TestWeighConcessionErrors(t *testing.T) {
	m := testMatch(t, 7, [2]int{}, MatchOpts{})
	if _, err := m.WeighConcession(Black, Single, sureGammon); !errors.Is(err, ErrNoGame) {
		t.Fatalf("before the game: %v, want ErrNoGame", err)
	}
	toTurn(t, m, White, Black)
	if _, err := m.WeighConcession(Black, 0, sureGammon); !errors.Is(err, ErrResultKind) {
		t.Fatalf("no kind: %v, want ErrResultKind", err)
	}
}
