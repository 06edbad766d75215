package welsh

import (
	"strconv"
	"strings"

	"gammond/engine"
)

// FormatPlay writes a Welsh play's moves in the order played, one man's
// move (by one die or combined dice) each: "13/12 12/8", "bar/20*",
// "2/3 3/off" for a rover moving back then checking out. A '*' marks a hit
// (Move.Hit). Unlike engine.FormatPlay it joins no moves: in Welsh a man
// carried by two dice one after the other is not the same play as one
// combined move (rule 9), and a stream crossing or a backward move would
// not read back.
func FormatPlay(moves []engine.Move) string {
	var sb strings.Builder
	for i, m := range moves {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(pointName(m.From) + "/" + pointName(m.To))
		if m.Hit {
			sb.WriteByte('*')
		}
	}
	return sb.String()
}

// pointName is a point as play notation writes it: a number, "bar" (the
// roof) or "off".
func pointName(p int8) string {
	switch p {
	case engine.Bar:
		return "bar"
	case engine.Off:
		return "off"
	}
	return strconv.Itoa(int(p))
}

// PlayText writes moves as FormatPlay does, or "no move" for none: a play
// as the players are told it.
func PlayText(moves []engine.Move) string {
	if len(moves) == 0 {
		return "no move"
	}
	return FormatPlay(moves)
}
