package referee

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gammond/engine"
)

// The words the match is told to people in, one place per concept: the
// event log, the page, the panel's screen, the desk and the daemon's log
// say a player, a roll, a list of points and a number of points alike.

// Name is side's player's name in names (by engine.Side), or the side's
// colour when it has none.
func Name(names [2]string, side engine.Side) string {
	if side <= engine.Black && names[side] != "" {
		return names[side]
	}
	return side.String()
}

// colourWord is a side's colour as the referee's reasons write it.
var colourWord = regexp.MustCompile(`\b(White|Black)\b`)

// withNames writes each side's colour in text as its player's name: the
// referee's reasons name the sides by colour.
func WithNames(names [2]string, text string) string {
	return colourWord.ReplaceAllStringFunc(text, func(colour string) string {
		if colour == engine.White.String() {
			return Name(names, engine.White)
		}
		return Name(names, engine.Black)
	})
}

// Roll says a roll as players call it, the high die first: "63", "55".
func Roll(d engine.Dice) string {
	return fmt.Sprintf("%d%d", max(d[0], d[1]), min(d[0], d[1]))
}

// PointCount says n points: "1 point", "3 points".
func PointCount(n int) string {
	if n == 1 {
		return "1 point"
	}
	return strconv.Itoa(n) + " points"
}

// WinningScore says a score won by winner, the winner's first: "5-3".
func WinningScore(winner engine.Side, score [2]int) string {
	return fmt.Sprintf("%d-%d", score[winner], score[winner.Other()])
}

// Score says a score, each player's by name: "Ann 3, Bob 1".
func Score(names [2]string, score [2]int) string {
	return fmt.Sprintf("%s %d, %s %d", Name(names, engine.White), score[engine.White], Name(names, engine.Black), score[engine.Black])
}

// MoverPoints returns board points (1..24 in White's numbering, or
// engine.BarPoint) in the mover's own numbering, as its plays are written:
// the bar first, then from the highest point down.
func MoverPoints(mover engine.Side, points []int) []int {
	out := make([]int, len(points))
	for i, p := range points {
		out[i] = p
		if p != engine.BarPoint {
			out[i] = engine.BoardPoint(mover, p)
		}
	}
	slices.SortFunc(out, func(a, b int) int { return b - a })
	return out
}

// PointsText says board points (as MoverPoints takes them) in the mover's
// own numbering: "point 9", "points 9 and 8", "the bar and points 20 and
// 6"; "" for none.
func PointsText(mover engine.Side, points []int) string {
	ps := MoverPoints(mover, points)
	var parts []string
	if len(ps) > 0 && ps[0] == engine.BarPoint {
		parts, ps = append(parts, "the bar"), ps[1:]
	}
	if len(ps) > 0 {
		numbers := make([]string, len(ps))
		for i, p := range ps {
			numbers[i] = strconv.Itoa(p)
		}
		word := "point "
		if len(ps) > 1 {
			word = "points "
		}
		parts = append(parts, word+andList(numbers))
	}
	return andList(parts)
}

// andList joins words as a sentence lists them: "a", "a and b", "a, b
// and c".
func andList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// Situation says in a line what the match waits for, the players by name:
// the page's headline.
func Situation(s *Status, names [2]string) string {
	mover, other := Name(names, s.OnRoll), Name(names, s.OnRoll.Other())
	switch s.Phase {
	case PhaseSettingUp:
		if len(s.SetupWrong) > 0 {
			return "Set up the board: " + PointsText(engine.White, s.SetupWrong) + " wrong"
		}
		return fmt.Sprintf("Set up; the opening roll starts game %d", s.Game+1)
	case PhaseRolling:
		return mover + " to roll or double"
	case PhaseDoubled:
		return other + " to take or pass the cube"
	case PhaseMoving:
		if s.AwaitingChecker {
			return mover + " pressed DONE: waiting for the checker in hand to land"
		}
		return fmt.Sprintf("%s to play %s", mover, Roll(s.Dice))
	case PhaseFlagged:
		where := ""
		if points := PointsText(s.OnRoll, s.Flagged); points != "" {
			where = " (" + points + ")"
		}
		return fmt.Sprintf("%s's play of %s is illegal%s: put it right, or %s rolls to let it stand", mover, Roll(s.Dice), where, other)
	case PhaseMatchOver:
		winner := engine.White
		if s.Score[engine.Black] > s.Score[engine.White] {
			winner = engine.Black
		}
		return fmt.Sprintf("%s wins the match %s", Name(names, winner), WinningScore(winner, s.Score))
	}
	return s.Phase
}
