package mat

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"gammond/engine"
)

// GNU Backgammon's column widths: " %-31s" for the left player's name and
// score, "%3d) %-27s " for the left cell.
const (
	scoreWidth = 31
	cellWidth  = 27
)

// WriteTo writes the match as GNU Backgammon exports it ("export match
// mat"), byte for byte. It writes each play with engine.FormatMat, which
// needs the board, so it replays every game (see Game.Replay); XG's
// combined moves are written one per die when the legal plays resolve
// them, and as recorded otherwise. It fails, writing nothing, if a game
// holds a move no board allows.
func (m *Match) WriteTo(w io.Writer) (int64, error) {
	var b bytes.Buffer
	m.writeHeader(&b)
	for i := range m.Games {
		if err := m.writeGame(&b, &m.Games[i], i == len(m.Games)-1); err != nil {
			return 0, err
		}
	}
	return b.WriteTo(w)
}

func (m *Match) writeHeader(b *bytes.Buffer) {
	for _, t := range m.Tags {
		fmt.Fprintf(b, "; [%s \"%s\"]\n", t.Key, t.Value)
	}
	if len(m.Comments) > 0 {
		b.WriteByte('\n')
		for _, c := range m.Comments {
			fmt.Fprintf(b, "; %s\n", c)
		}
	}
	fmt.Fprintf(b, "\n %d point match\n\n", m.Length)
}

// writeGame writes a game; the last game of the record may be unfinished.
func (m *Match) writeGame(b *bytes.Buffer, g *Game, last bool) error {
	steps, err := g.Replay()
	if err != nil {
		return err
	}
	cells := make([][2]string, len(g.Turns))
	for _, st := range steps {
		cells[st.Turn][st.Side] = cellText(st)
	}
	fmt.Fprintf(b, " Game %d\n", g.Number)
	left := fmt.Sprintf("%s : %d", m.Players[engine.White], g.Score[engine.White])
	if len(left) >= scoreWidth {
		// GNU Backgammon glues the right name to the score here, which
		// neither it nor we can read back.
		left += " "
	}
	fmt.Fprintf(b, " %s%s : %d\n", pad(left, scoreWidth), m.Players[engine.Black], g.Score[engine.Black])
	_, _, over := g.Result()
	for i, t := range g.Turns {
		writeTurn(b, t, cells[i], last && !over && i == len(g.Turns)-1)
	}
	return nil
}

// writeTurn writes one line the way GNU Backgammon does, quirks included.
// GNU Backgammon ends a line when it writes the right cell, so the last
// line of an unfinished record, left cell only, has no line end.
func writeTurn(b *bytes.Buffer, t Turn, cells [2]string, unfinished bool) {
	if t.Number > 0 {
		fmt.Fprintf(b, "%3d) ", t.Number)
	} else {
		b.WriteString("     ")
	}
	left, right := t.Actions[engine.White], t.Actions[engine.Black]
	switch {
	case left.Kind == Resign && left.Rolled():
		// The roll is written "%-3s" and the resignation's "Wins" 24
		// columns after it, one column left of a right cell.
		b.WriteString(cells[engine.White])
		if right.Kind != None {
			b.WriteString(strings.Repeat(" ", 23) + cells[engine.Black])
		}
	case left.Kind == Win && right.Kind == None:
		b.WriteString(cells[engine.White])
	default:
		b.WriteString(pad(cells[engine.White], cellWidth) + " " + cells[engine.Black])
		if left.Kind == Drop && right.Kind == Win {
			// GNU Backgammon writes "Drops ... Wins" as one padded left cell.
			b.WriteByte(' ')
		}
	}
	if !unfinished || right.Kind != None {
		b.WriteByte('\n')
	}
	if left.Kind == Win || right.Kind == Win {
		b.WriteByte('\n')
	}
}

// cellText returns a replayed action as GNU Backgammon writes it in a
// cell.
func cellText(st Step) string {
	switch a := st.Action; a.Kind {
	case Roll:
		moves := a.Moves
		if len(st.Matches) == 1 && combined(a) {
			moves = st.Matches[0].Steps()
		}
		s := fmt.Sprintf("%v: %s", a.Dice, engine.FormatMat(st.Before, moves))
		// A space follows every move but a fourth.
		if n := len(moves); n > 0 && n < engine.MaxMoves {
			s += " "
		}
		return s
	case Resign:
		if !a.Rolled() {
			return "" // GNU Backgammon's layout has no word for it: the "Wins" says it
		}
		return fmt.Sprintf("%v: ", a.Dice)
	case Double:
		return fmt.Sprintf(" Doubles => %d", a.Cube)
	case Beaver:
		return fmt.Sprintf(" Beavers => %d", a.Cube)
	case Take:
		return " Takes"
	case Drop:
		return " Drops"
	case Win:
		s := fmt.Sprintf(" Wins %d point", a.Points)
		if a.Points != 1 {
			s += "s"
		}
		if a.AndMatch {
			s += " and the match"
		}
		return s
	}
	return ""
}

// pad pads s with spaces to n bytes, as C's "%-ns" does: names in UTF-8
// are padded by bytes, not characters.
func pad(s string, n int) string {
	if len(s) >= n {
		return s
	}
	return s + strings.Repeat(" ", n-len(s))
}
