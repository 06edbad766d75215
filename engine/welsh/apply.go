package welsh

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"gammond/engine"
)

// ErrImpossibleMove is wrapped by the errors of Apply.
var ErrImpossibleMove = errors.New("impossible move")

// Apply plays recorded moves of the side on roll, legal or not, and settles
// its men as Welsh rule 9 does: only where the moves leave them, each
// opposing blot under a man then hit onto the roof. It returns the board
// with that side still on roll. It fails, returning b, on what no board
// allows: a point out of range, no man to move, a man left on a spike of
// two or more opposing men.
func Apply(b engine.Board, moves []engine.Move) (engine.Board, error) {
	after := b
	mover, opp := &after[engine.Mover], &after[engine.Opponent]
	for i, m := range moves {
		switch {
		case m.From < 1 || m.From > engine.Bar || m.To < engine.Off || m.To >= engine.Bar || m.From == m.To:
			return b, fmt.Errorf("%w %d/%d (move %d): no such move", ErrImpossibleMove, m.From, m.To, i+1)
		case mover.On(int(m.From)) == 0:
			return b, fmt.Errorf("%w %d/%d (move %d): no man on %s", ErrImpossibleMove, m.From, m.To, i+1, engine.PointName(int(m.From)))
		}
		mover[m.From-1]--
		if m.To != engine.Off {
			mover[m.To-1]++
		}
	}
	for p := 1; p <= 24; p++ {
		if mover.On(p) == 0 {
			continue
		}
		switch opp.On(25 - p) {
		case 0:
		case 1:
			opp[24-p] = 0
			opp[engine.Bar-1]++
		default:
			return b, fmt.Errorf("%w: men of both sides left on point %d", ErrImpossibleMove, p)
		}
	}
	return after, nil
}

// ErrNotation is wrapped by the errors of ParseMoves.
var ErrNotation = errors.New("bad Welsh move notation")

// ParseMoves reads what FormatPlay writes: moves "from/to", '*' after a hit,
// separated by spaces, in the order played; a point is 1..24, "bar" (or 25,
// the roof) to move from, "off" (or 0) to move to. A move may go back (a
// rover). The empty string is no move. A play that stood although illegal
// may have more moves than dice (see DiffMoves).
func ParseMoves(s string) ([]engine.Move, error) {
	var moves []engine.Move
	for _, field := range strings.Fields(s) {
		if len(moves) == engine.CheckersPerSide*engine.MaxMoves {
			return nil, fmt.Errorf("%w %q: more moves than any play, legal or not, needs", ErrNotation, s)
		}
		m, err := parseMove(field)
		if err != nil {
			return nil, fmt.Errorf("%w %q: %v", ErrNotation, s, err)
		}
		moves = append(moves, m)
	}
	return moves, nil
}

// parseMove reads one move "from/to" or "from/to*".
func parseMove(field string) (engine.Move, error) {
	hit := strings.HasSuffix(field, "*")
	from, to, ok := strings.Cut(strings.TrimSuffix(field, "*"), "/")
	if !ok {
		return engine.Move{}, fmt.Errorf("%q: want from/to", field)
	}
	f, err := parsePoint(from, engine.Bar, "bar")
	if err != nil {
		return engine.Move{}, fmt.Errorf("%q: %v", field, err)
	}
	t, err := parsePoint(to, engine.Off, "off")
	if err != nil {
		return engine.Move{}, fmt.Errorf("%q: %v", field, err)
	}
	if f == t || f == engine.Off || t == engine.Bar {
		return engine.Move{}, fmt.Errorf("%q: not a move", field)
	}
	return engine.Move{From: int8(f), To: int8(t), Hit: hit}, nil
}

// parsePoint reads a point number 0..25, or the name of the end point.
func parsePoint(s string, end int, name string) (int, error) {
	if strings.EqualFold(s, name) {
		return end, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < engine.Off || n > engine.Bar {
		return 0, fmt.Errorf("no point %q", s)
	}
	return n, nil
}

// DiffMoves returns moves that take the mover of before to after (the
// opponent on roll, as engine.Play.After), for a play that stood although
// no legal play leaves it: each man gone from a point, highest first, to a
// point gained, highest first, or off. Apply plays them back to after when
// after is what moving the mover's men and hitting blots can leave.
func DiffMoves(before, after engine.Board) []engine.Move {
	was, now := &before[engine.Mover], &after[engine.Opponent]
	var from, to []int8
	for p := engine.Bar; p >= 1; p-- {
		for range int(was.On(p)) - int(now.On(p)) {
			from = append(from, int8(p))
		}
		for range int(now.On(p)) - int(was.On(p)) {
			to = append(to, int8(p))
		}
	}
	for range was.Total() - now.Total() {
		to = append(to, engine.Off)
	}
	moves := make([]engine.Move, min(len(from), len(to)))
	for i := range moves {
		moves[i] = engine.Move{From: from[i], To: to[i]}
	}
	return moves
}
