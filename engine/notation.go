package engine

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Errors of ParseMoves and ParseDice, wrapped with what is wrong and where.
var (
	ErrNotation = errors.New("bad move notation")
	ErrDice     = errors.New("bad dice")
)

// maxPips is the farthest four dice can carry checkers: four sixes.
const maxPips = MaxMoves * 6

// blanks may stand anywhere between the parts of a move; commas may also
// stand between moves.
const (
	blanks     = " \t\r\n"
	separators = blanks + ","
)

// ParseMoves reads a play written the way people, gnubg and XG write one:
// "24/18 13/11", "bar/22*", "b/22", "25/22", "6/off", "6/0", "13/7(2)",
// "24/20*/16", "8/6*/2* 4/2", with any spaces and commas between moves.
// Point names are case-blind ("Bar/22", "6/Off").
//
// It returns the checker movements as written, in order: a chain a/b/c is
// the two moves a/b and b/c, "(n)" repeats the move or chain before it n
// times, and Hit is set where '*' marks it. A point is hit once, so the
// copies a repeat makes carry no hit. A move is not one die: "24/16" (one
// checker moved by both dice) and XG's "24/15" are each one Move; the
// blots such a move passes are not hit. ParseMoves checks the notation, not
// the rules: it rejects points that do not exist, moves backwards, from off
// or to the bar, and more than four dice can play (five moves, or more
// pips than four sixes). The empty string is a roll with no move, a dance.
func ParseMoves(s string) ([]Move, error) {
	return parseMoves(moveReader{s: s})
}

// ParseWrittenMoves is ParseMoves for a play as a record writes it, legal
// or not: a move may go backwards ("6/8"), a player's mistake transcribed,
// so that the record goes on from the position it shows.
func ParseWrittenMoves(s string) ([]Move, error) {
	return parseMoves(moveReader{s: s, backwards: true})
}

func parseMoves(p moveReader) ([]Move, error) {
	s := p.s
	for p.skip(separators); p.i < len(s); p.skip(separators) {
		if err := p.chain(); err != nil {
			return nil, err
		}
	}
	return p.moves, nil
}

// moveReader reads ParseMoves' input from left to right.
type moveReader struct {
	s         string
	i         int // the next byte of s to read
	moves     []Move
	pips      int
	backwards bool // a move may go backwards
}

// chain reads one move or chain of moves, with its hit marks and repeat
// count.
func (p *moveReader) chain() error {
	first := len(p.moves)
	from, err := p.point()
	if err != nil {
		return err
	}
	if !p.take('/') {
		return p.errorf(p.i, "want '/' after point %d", from)
	}
	for {
		p.skip(blanks)
		at := p.i
		to, err := p.point()
		if err != nil {
			return err
		}
		if err := p.add(at, Move{From: int8(from), To: int8(to), Hit: p.take('*')}); err != nil {
			return err
		}
		if !p.take('/') {
			break
		}
		from = to
	}
	if p.take('(') {
		return p.repeat(first)
	}
	return nil
}

// add appends one move read at byte at, checking it can be a move.
func (p *moveReader) add(at int, m Move) error {
	switch {
	case m.From == Off:
		return p.errorf(at, "a checker borne off does not come back")
	case m.To == Bar:
		return p.errorf(at, "no move goes to the bar")
	case m.To == m.From:
		return p.errorf(at, "%d/%d does not move", m.From, m.To)
	case m.To > m.From && !p.backwards:
		return p.errorf(at, "%d/%d moves backwards", m.From, m.To)
	case len(p.moves) == MaxMoves:
		return p.errorf(at, "more than %d moves", MaxMoves)
	}
	pips := int(m.From - m.To)
	if pips < 0 { // a backward move, as written
		pips = -pips
	}
	p.pips += pips
	if p.pips > maxPips {
		return p.errorf(at, "%d pips, more than four dice move", p.pips)
	}
	p.moves = append(p.moves, m)
	return nil
}

// repeat reads the count of "(n)", after the '(', and plays the moves read
// since first n-1 more times.
func (p *moveReader) repeat(first int) error {
	at := p.i
	n, ok := p.number()
	if !ok {
		return p.errorf(at, "want a count after '('")
	}
	if n < 1 || n > MaxMoves {
		return p.errorf(at, "count (%d) is not 1 to %d", n, MaxMoves)
	}
	if !p.take(')') {
		return p.errorf(p.i, "want ')' after the count")
	}
	moves := p.moves[first:len(p.moves):len(p.moves)]
	for range n - 1 {
		for _, m := range moves {
			m.Hit = false
			if err := p.add(at, m); err != nil {
				return err
			}
		}
	}
	return nil
}

// point reads a point: a number 0..25, "bar" or "b" (25), "off" (0).
func (p *moveReader) point() (int, error) {
	p.skip(blanks)
	at := p.i
	for p.i < len(p.s) && isAlnum(p.s[p.i]) {
		p.i++
	}
	word := p.s[at:p.i]
	switch strings.ToLower(word) {
	case "":
		if at == len(p.s) {
			return 0, p.errorf(at, "want a point, found the end")
		}
		return 0, p.errorf(at, "want a point, found %q", p.s[at])
	case "bar", "b":
		return Bar, nil
	case "off":
		return Off, nil
	}
	n, err := strconv.Atoi(word)
	switch {
	case err != nil && strings.Trim(word, "0123456789") == "":
		return 0, p.errorf(at, "no point %s", shorten(word)) // too many digits
	case err != nil:
		return 0, p.errorf(at, "%s is not a point", quoteShort(word))
	case n > Bar:
		return 0, p.errorf(at, "no point %d", n)
	}
	return n, nil
}

// number reads a small decimal number.
func (p *moveReader) number() (int, bool) {
	p.skip(blanks)
	at := p.i
	for p.i < len(p.s) && p.i-at < 3 && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
		p.i++
	}
	n, err := strconv.Atoi(p.s[at:p.i])
	return n, err == nil
}

// take skips spaces and reads c if it comes next.
func (p *moveReader) take(c byte) bool {
	p.skip(blanks)
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

// skip passes over any of the bytes in set.
func (p *moveReader) skip(set string) {
	for p.i < len(p.s) && strings.IndexByte(set, p.s[p.i]) >= 0 {
		p.i++
	}
}

// errorf reports what is wrong at byte at of the input.
func (p *moveReader) errorf(at int, format string, args ...any) error {
	return fmt.Errorf("%w %s, column %d: %s", ErrNotation, quoteShort(p.s), at+1, fmt.Sprintf(format, args...))
}

// quoteLimit is the most of an input an error quotes: enough to find it,
// not a 60 KB line copied into a log.
const quoteLimit = 40

// quoteShort quotes s, cut to its first quoteLimit characters.
func quoteShort(s string) string {
	if utf8.RuneCountInString(s) <= quoteLimit {
		return strconv.Quote(s)
	}
	return fmt.Sprintf("%.*q…", quoteLimit, s)
}

// shorten cuts s to its first quoteLimit characters.
func shorten(s string) string {
	if utf8.RuneCountInString(s) <= quoteLimit {
		return s
	}
	return string([]rune(s)[:quoteLimit]) + "…"
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// ParseDice reads a roll as people and records write it: "63", "6-3",
// "6 3", "6/3" or "6,3". The dice keep the order written.
func ParseDice(s string) (Dice, error) {
	var d Dice
	t := strings.TrimSpace(s)
	for n := range d {
		if n == 1 && t != "" && strings.IndexByte("-/,", t[0]) >= 0 {
			t = strings.TrimSpace(t[1:])
		}
		if t == "" {
			return Dice{}, fmt.Errorf("%w %s: want two dice, found %d", ErrDice, quoteShort(s), n)
		}
		c, size := utf8.DecodeRuneInString(t)
		switch {
		case c < '0' || c > '9':
			return Dice{}, fmt.Errorf("%w %s: %q is not a die", ErrDice, quoteShort(s), c)
		case c < '1' || c > '6':
			return Dice{}, fmt.Errorf("%w %s: no die shows %c", ErrDice, quoteShort(s), c)
		default:
			d[n] = int(c - '0')
		}
		t = strings.TrimSpace(t[size:])
	}
	if t != "" {
		return Dice{}, fmt.Errorf("%w %s: %s after the two dice", ErrDice, quoteShort(s), quoteShort(t))
	}
	return d, nil
}
