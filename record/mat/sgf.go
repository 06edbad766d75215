package mat

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"gammond/engine"
)

// Note is a comment on one action of a match, for what a .mat cannot
// hold: an illegal play flagged and corrected, a clock's times, a
// director's ruling.
type Note struct {
	// Game and Turn index Match.Games and that game's Turns; Side is the
	// cell. A Turn below 0 puts the note on the game as a whole.
	Game, Turn int
	Side       engine.Side
	Text       string
}

// WriteSGF writes the match in GNU Backgammon's SGF ("save match"): a
// game tree per game, the header's tags and the comments in the first
// game's root, each roll, double, take and drop as a node, a resignation
// in the result ("RE[W+2R]"), and each note as a comment (C) on its
// action's node, or on the game's root. It fails, writing nothing more,
// if a game holds a move no board allows.
func (m *Match) WriteSGF(w io.Writer, notes []Note) error {
	bw := bufio.NewWriter(w)
	for i := range m.Games {
		if err := m.writeSGFGame(bw, i, notes); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// sgfSide is the SGF's colour of a side: the left column is White.
var sgfSide = [2]string{engine.White: "W", engine.Black: "B"}

func (m *Match) writeSGFGame(w *bufio.Writer, i int, notes []Note) error {
	g := &m.Games[i]
	steps, err := g.Replay()
	if err != nil {
		return err
	}
	w.WriteString("(;FF[4]GM[6]CA[UTF-8]AP[gammond]")
	fmt.Fprintf(w, "MI[length:%d][game:%d][ws:%d][bs:%d]", m.Length, i, g.Score[engine.White], g.Score[engine.Black])
	fmt.Fprintf(w, "PW[%s]PB[%s]", sgfText(m.Players[engine.White]), sgfText(m.Players[engine.Black]))
	if i == 0 {
		m.writeSGFInfo(w)
	}
	if m.Length > 0 {
		w.WriteString("RU[Crawford]")
	}
	if winner, win, ok := g.Result(); ok {
		fmt.Fprintf(w, "RE[%s+%d%s]", sgfSide[winner], win.Points>>beavers(steps), resignMark(steps))
	}
	writeComment(w, notesOn(notes, i, -1, 0))
	w.WriteString("\n")
	for _, st := range steps {
		if writeSGFStep(w, st) {
			writeComment(w, notesOn(notes, i, st.Turn, st.Side))
			w.WriteString("\n")
		}
	}
	w.WriteString(")\n")
	return nil
}

// writeSGFInfo writes the header as GNU Backgammon's root properties.
func (m *Match) writeSGFInfo(w *bufio.Writer) {
	if d := m.Tag(TagEventDate); d != "" {
		fmt.Fprintf(w, "DT[%s]", sgfText(strings.ReplaceAll(d, ".", "-")))
	}
	for _, p := range []struct{ prop, tag string }{
		{"EV", TagEvent}, {"RO", TagRound}, {"PC", TagSite}, {"AN", TagTranscriber},
	} {
		if v := m.Tag(p.tag); v != "" {
			fmt.Fprintf(w, "%s[%s]", p.prop, sgfText(v))
		}
	}
	if len(m.Comments) > 0 {
		fmt.Fprintf(w, "GC[%s]", sgfText(strings.Join(m.Comments, "\n")))
	}
}

// beavers counts a game's beavers and raccoons: GNU Backgammon's SGF
// result counts each at half, and reads a resignation's level so.
func beavers(steps []Step) int {
	n := 0
	for _, st := range steps {
		if st.Action.Kind == Beaver {
			n++
		}
	}
	return n
}

// resignMark is "R" when the game ended with a resignation: its win
// follows neither a drop nor the winner's last checker borne off.
func resignMark(steps []Step) string {
	for i, st := range steps {
		if st.Action.Kind != Win || i == 0 {
			continue
		}
		switch prev := steps[i-1]; {
		case prev.Action.Kind == Drop:
		case prev.Action.Kind == Roll && prev.After[engine.Mover].BorneOff() == engine.CheckersPerSide:
		default:
			return "R"
		}
	}
	return ""
}

// writeSGFStep writes an action's node; a Win has none (the root's RE
// holds it), and it reports whether it wrote one.
func writeSGFStep(w *bufio.Writer, st Step) bool {
	side := sgfSide[st.Side]
	switch a := st.Action; a.Kind {
	case Roll:
		moves := a.Moves
		if len(st.Matches) == 1 && combined(a) {
			moves = st.Matches[0].Steps()
		}
		fmt.Fprintf(w, ";%s[%v", side, a.Dice)
		for _, mv := range moves {
			w.WriteByte(sgfPoint(st.Side, mv.From))
			w.WriteByte(sgfPoint(st.Side, mv.To))
		}
		w.WriteString("]")
	case Resign:
		if !a.Rolled() {
			return false // a resignation before the roll: the root's RE holds it
		}
		// GNU Backgammon writes the roll of a side that then resigns so.
		fmt.Fprintf(w, ";PL[%s]DI[%v]", side, a.Dice)
	case Double, Beaver:
		// GNU Backgammon writes a beaver as the beaverer's double.
		fmt.Fprintf(w, ";%s[double]", side)
	case Take:
		fmt.Fprintf(w, ";%s[take]", side)
	case Drop:
		fmt.Fprintf(w, ";%s[drop]", side)
	default:
		return false
	}
	return true
}

// sgfPoint is a point of side's in GNU Backgammon's SGF: the points 'a'
// to 'x' counted from White's 1, 'y' the bar, 'z' off.
func sgfPoint(side engine.Side, p int8) byte {
	switch {
	case p == engine.Bar:
		return 'y'
	case p == engine.Off:
		return 'z'
	case side == engine.White:
		return byte('a' + p - 1)
	}
	return byte('a' + 24 - p)
}

// notesOn joins the texts of the notes on one action, or on the game's
// root when turn is below 0.
func notesOn(notes []Note, game, turn int, side engine.Side) string {
	var texts []string
	for _, n := range notes {
		if n.Game == game && (turn < 0 && n.Turn < 0 || turn >= 0 && n.Turn == turn && n.Side == side) {
			texts = append(texts, n.Text)
		}
	}
	return strings.Join(texts, "\n")
}

func writeComment(w *bufio.Writer, text string) {
	if text != "" {
		fmt.Fprintf(w, "C[%s]", sgfText(text))
	}
}

// sgfText escapes a property's value: '\' and ']' take a backslash.
func sgfText(s string) string {
	return strings.NewReplacer(`\`, `\\`, `]`, `\]`).Replace(s)
}
