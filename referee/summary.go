package referee

import (
	"fmt"
	"time"

	"gammond/engine"
)

// Summary is an event as the world outside the board sees it: the live
// page's event log, MQTT and the director's desk. Seq is the event's number
// in the board's journal, given by whoever numbers them.
type Summary struct {
	Seq      uint64       `json:"seq"`
	At       time.Time    `json:"at"`
	Kind     string       `json:"kind"`
	Game     int          `json:"game"`
	Turn     int          `json:"turn"`
	Side     engine.Side  `json:"side"`
	Dice     *engine.Dice `json:"dice,omitempty"`
	Play     string       `json:"play,omitempty"`     // gnubg notation
	Position string       `json:"position,omitempty"` // gnubg position ID after the event, the side on roll on roll
	Points   []int        `json:"points,omitempty"`   // board points to light
	Fault    string       `json:"fault,omitempty"`
	Cube     int          `json:"cube,omitempty"`
	Score    *[2]int      `json:"score,omitempty"`
	Won      int          `json:"won,omitempty"` // GameOver: the points won
	Text     string       `json:"text"`          // one line for people
}

// Summary returns the event's summary (Seq left zero).
func (e Event) Summary() Summary {
	s := Summary{At: e.At, Kind: e.Kind.String(), Game: e.Game, Turn: e.Turn, Side: e.Side,
		Points: e.Points, Fault: e.Fault, Cube: e.Cube}
	if e.Dice != (engine.Dice{}) {
		d := e.Dice
		s.Dice = &d
	}
	switch e.Kind {
	case PlayMade:
		s.Play = engine.FormatPlay(e.Before, e.Play.Steps())
		s.Position = e.Board.PositionID()
	case IllegalAccepted:
		s.Play = engine.FormatPlay(e.Before, e.Moves)
		s.Position = e.Board.PositionID()
	case GameStarted:
		s.Position = e.Board.PositionID()
	case GameOver, MatchOver:
		score := e.Score
		s.Score = &score
		s.Won = e.Result.Points
	}
	if e.Notation != "" {
		s.Play = e.Notation
	}
	s.Text = e.text(s.Play)
	return s
}

// text says the event in a line, for the event log and the display: the
// players by name, points in the mover's numbering, the high die first.
func (e Event) text(play string) string {
	who := Name(e.Names, e.Side)
	switch e.Kind {
	case SetupWrong:
		if len(e.Points) == 0 {
			return "the board is set up"
		}
		return "set-up: " + PointsText(engine.White, e.Points) + " wrong"
	case GameStarted:
		return fmt.Sprintf("game %d: %s opens", e.Game, who)
	case Rolled:
		return fmt.Sprintf("%s rolls %s", who, Roll(e.Dice))
	case PlayMade:
		if play == "" {
			play = "cannot move"
		}
		if e.Ambiguous {
			return fmt.Sprintf("%s %s: %s (the sensors cannot tell it from another play)", who, Roll(e.Dice), play)
		}
		return fmt.Sprintf("%s %s: %s", who, Roll(e.Dice), play)
	case Resolved:
		return fmt.Sprintf("the play of turn %d is now certain", e.Plays[0].Turn)
	case IllegalPlay:
		return illegalText(who, &e)
	case BoardRestored:
		return fmt.Sprintf("%s put the checkers back", who)
	case Corrected:
		return fmt.Sprintf("%s corrected the play", who)
	case Withdrawn:
		return fmt.Sprintf("flag withdrawn: the board now shows %s's play legal", who)
	case IllegalAccepted:
		if e.Reason != "" {
			return fmt.Sprintf("%s's illegal play stands; the match record cannot hold it and stops before it: %s", who, WithNames(e.Names, e.Reason))
		}
		return fmt.Sprintf("%s's illegal play stands: %s", who, play)
	case Doubled:
		return fmt.Sprintf("%s doubles to %d", who, e.Cube)
	case Taken:
		return fmt.Sprintf("%s takes", who)
	case Dropped:
		return fmt.Sprintf("%s passes", who)
	case CubeRefused:
		return fmt.Sprintf("%s may not double: %s", who, WithNames(e.Names, e.Reason))
	case GameOver:
		return fmt.Sprintf("%s wins %s (%v); score %s", who, PointCount(e.Result.Points), e.Result.Kind, Score(e.Names, e.Score))
	case MatchOver:
		return fmt.Sprintf("%s wins the match %s", who, WinningScore(e.Side, e.Score))
	case Irregularity:
		return WithNames(e.Names, e.Reason)
	case ResignOffered:
		return fmt.Sprintf("%s offers to resign a %v (%s): %s", who, e.Result.Kind, PointCount(e.Result.Points), WithNames(e.Names, e.Reason))
	case ResignRejected:
		return fmt.Sprintf("%s rejects the resignation", who)
	case Beavered, Raccooned, OpeningTied:
		return moneySummary(&e, who)
	case Resigned, EarlyRoll, EarlyRollChoice, RollRefused, Touched, DiceInferred, CrawfordNext, ThrowVoid, Note, CrawfordAnnulled:
		return WithNames(e.Names, e.Reason)
	}
	return e.Kind.String()
}

// illegalText says a flagged play: whose, of which roll, what is wrong
// with it (a play short of a legal one, or none at all) and the points
// lit, in the mover's numbering.
func illegalText(who string, e *Event) string {
	what := "is illegal"
	if e.Fault == "partial" {
		what = "is illegal (not finished)"
	}
	text := fmt.Sprintf("%s's play of %s %s", who, Roll(e.Dice), what)
	if points := PointsText(e.Side, e.Points); points != "" {
		text += ": " + points
	}
	return text
}
