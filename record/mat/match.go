package mat

import (
	"fmt"

	"gammond/engine"
)

// Match is a match record: its header and its games.
type Match struct {
	// Length is the number of points the match is played to; 0 for a
	// money session.
	Length int
	// Tags are the header's first "; [Key "value"]" lines, read and
	// written in this order.
	Tags []Tag
	// Comments are the header's other comment lines, without the leading
	// "; ": the lines after the tags and a blank line, where GNU
	// Backgammon writes the tags it does not know, are comments.
	Comments []string
	// Players are the names on the score lines, indexed by engine.Side:
	// Players[engine.White] is the left column.
	Players [2]string
	Games   []Game
	// Warnings are the lines Read skipped, in file order.
	Warnings []Warning
}

// Tag is a header line "; [Key "value"]".
type Tag struct{ Key, Value string }

// Tag keys GNU Backgammon and eXtreme Gammon read. GNU Backgammon writes
// Site, Event, Round, EventDate, Variation and Transcriber, in that order.
const (
	TagSite        = "Site"
	TagEvent       = "Event"
	TagRound       = "Round"
	TagEventDate   = "EventDate" // "2006.01.02"
	TagEventTime   = "EventTime" // "15.04"
	TagVariation   = "Variation"
	TagTranscriber = "Transcriber"
	TagPlayer1     = "Player 1" // the left column's player
	TagPlayer2     = "Player 2"
	TagMatchID     = "Match ID"
	// TagBoardID names the board that recorded the match. It is ours:
	// GNU Backgammon keeps it as a comment, eXtreme Gammon ignores it.
	TagBoardID = "Board ID"
)

// Tag returns the value of the first tag with the key, or "" if there is
// none. It looks in the comments too, where GNU Backgammon writes the
// tags it does not know: "; [Board ID "table-1"]".
func (m *Match) Tag(key string) string {
	for _, t := range m.Tags {
		if t.Key == key {
			return t.Value
		}
	}
	for _, c := range m.Comments {
		if t := tagRE.FindStringSubmatch(c); t != nil && t[1] == key {
			return t[2]
		}
	}
	return ""
}

// SetTag sets the value of the first tag with the key, or appends the tag.
func (m *Match) SetTag(key, value string) {
	for i := range m.Tags {
		if m.Tags[i].Key == key {
			m.Tags[i].Value = value
			return
		}
	}
	m.Tags = append(m.Tags, Tag{key, value})
}

// Game is one game of a match.
type Game struct {
	// Number is the game's number as the record gives it (" Game 3").
	Number int
	// Score is each side's points when the game started, indexed by
	// engine.Side.
	Score [2]int
	// Unscored says the record has no score line for the game (Backgammon
	// Galaxy writes a game resigned before its first roll so): Score is
	// not known.
	Unscored bool
	// Turns are the record's lines, in order.
	Turns []Turn
	// Comments are the game's comment lines, without the leading "; ":
	// Backgammon Galaxy writes "; match aborted by tournament server".
	// WriteTo leaves them out, as GNU Backgammon's format has no place
	// for them.
	Comments []string
}

// Turn is one line of a game: the move number and what each side did.
type Turn struct {
	// Number is the record's move number ("12)"), or 0 for a line without
	// one: GNU Backgammon writes a "Wins" line unnumbered.
	Number int
	// Actions are indexed by engine.Side; an empty cell has Kind None.
	Actions [2]Action
}

// Kind says what an Action is.
type Kind uint8

// The kinds of Action.
const (
	None   Kind = iota // an empty cell
	Roll               // "63: 24/18 13/10": the roll and the play; no moves when the roll could not be played
	Double             // "Doubles => 2"
	Take               // "Takes"
	Drop               // "Drops"
	Win                // "Wins 2 points", "Wins 1 point and the match"
	Resign             // a resignation, after the roll or before it ("Resigns", "Concedes"): the opponent's Win follows
	// Beaver is "Beavers => 4": in a money session, the side doubled
	// takes and at once redoubles, keeping the cube; GNU Backgammon
	// writes a raccoon (the doubler's redouble of a beaver) the same way.
	Beaver
)

// String names the kind as messages use it: "a roll", "a double".
func (k Kind) String() string {
	switch k {
	case None:
		return "nothing"
	case Roll:
		return "a roll"
	case Double:
		return "a double"
	case Take:
		return "a take"
	case Drop:
		return "a drop"
	case Win:
		return "a win"
	case Resign:
		return "a resignation"
	case Beaver:
		return "a beaver"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Action is what one side did in one cell of the record.
type Action struct {
	Kind Kind
	// Dice is the roll, for Roll and Resign; zero for a resignation
	// before the roll.
	Dice engine.Dice
	// Moves are a Roll's moves as recorded, in order, nil when the roll
	// could not be played. XG's combined moves ("24/15") stay combined
	// and its hits unmarked; Game.Replay resolves them.
	Moves []engine.Move
	// Cube is the cube's value after a Double or a Beaver.
	Cube int
	// Points is what a Win scores.
	Points int
	// AndMatch says the record writes "and the match" after a Win.
	AndMatch bool
}

// Rolled reports whether the action has a roll: a Roll, or a Resign after
// one.
func (a *Action) Rolled() bool { return a.Dice != (engine.Dice{}) }

// Add appends the side's action where GNU Backgammon's layout puts it: in
// the last line's right cell when the side is the right one and the cell
// is free, else on a new line, numbered unless the action is a Win.
func (g *Game) Add(s engine.Side, a Action) {
	if n := len(g.Turns); n > 0 && s == engine.Black && g.Turns[n-1].Actions[s].Kind == None {
		g.Turns[n-1].Actions[s] = a
		return
	}
	t := Turn{Number: g.nextNumber()}
	if a.Kind == Win {
		t.Number = 0
	}
	t.Actions[s] = a
	g.Turns = append(g.Turns, t)
}

// nextNumber returns the move number after the last numbered line.
func (g *Game) nextNumber() int {
	for i := len(g.Turns) - 1; i >= 0; i-- {
		if n := g.Turns[i].Number; n > 0 {
			return n + 1
		}
	}
	return 1
}

// Result returns the side that won the game and its Win action; ok is
// false while the game is unfinished.
func (g *Game) Result() (winner engine.Side, win Action, ok bool) {
	for _, t := range g.Turns {
		for s, a := range t.Actions {
			if a.Kind == Win {
				return engine.Side(s), a, true
			}
		}
	}
	return 0, Action{}, false
}
