package mat

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"

	"gammond/engine"
)

// SyntaxError reports a line of a record that cannot be read.
type SyntaxError struct {
	File string // the name given to Read
	Line int    // counted from 1
	Err  error
}

// Error returns "file:line: what is wrong".
func (e *SyntaxError) Error() string { return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err) }

// Unwrap returns what is wrong with the line.
func (e *SyntaxError) Unwrap() error { return e.Err }

// maxLine bounds a line, so that a file without line ends cannot make the
// reader hold it whole. The longest line a program writes is a score line
// with two long names.
const maxLine = 64 << 10

// rightColumn is the first column (counted from 0) of the right cell when a
// line holds only one action. GNU Backgammon starts the right column at 33
// and a left cell at 5 or 6; XG is similar. Between the two, this is safe.
const rightColumn = 16

var (
	matchLineRE = regexp.MustCompile(`(?i)^\s*(\d+)\s+point\s+match\s*$`)
	tagRE       = regexp.MustCompile(`^\[([^"\s][^"]*?)\s+"(.*)"\]$`)
	gameLineRE  = regexp.MustCompile(`^\s*Game\s+(\d+)\s*$`)
	// A name may hold spaces, even colons: the first score is the first
	// number after a colon that leaves "name : number" behind it.
	scoreLineRE  = regexp.MustCompile(`^\s*(\S.*?)\s*:\s*(\d+)\s*(\S.*?)\s*:\s*(\d+)\s*$`)
	moveNumberRE = regexp.MustCompile(`^\s*(\d+)\)`)
	diceRE       = regexp.MustCompile(`^[1-6][1-6]:`)
)

// ReadFile reads the match record in the named file.
func ReadFile(name string) (*Match, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, name)
}

// Read reads a match record. Errors about its content are *SyntaxError
// and start with name and the line: "match.mat:17: ...".
func Read(r io.Reader, name string) (*Match, error) {
	p := parser{m: &Match{Length: -1}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	for sc.Scan() {
		p.line++
		text := strings.TrimSuffix(sc.Text(), "\r")
		if p.line == 1 {
			text = strings.TrimPrefix(text, "\uFEFF")
		}
		if err := p.parse(text); err != nil {
			return nil, &SyntaxError{name, p.line, err}
		}
	}
	if err := sc.Err(); errors.Is(err, bufio.ErrTooLong) {
		return nil, &SyntaxError{name, p.line + 1, fmt.Errorf("line longer than %d bytes", maxLine)}
	} else if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if err := p.finish(); err != nil {
		return nil, &SyntaxError{name, max(p.line, 1), err}
	}
	return p.m, nil
}

// parser is the state of Read between lines.
type parser struct {
	m         *Match // Length < 0 until the "N point match" line
	line      int
	game      *Game // the game being read, nil before the first
	wantScore bool  // the last line was " Game N"
	won       bool  // the game has a Win
}

func (p *parser) parse(text string) error {
	switch {
	case strings.TrimSpace(text) == "":
		return nil
	case p.m.Length < 0:
		return p.header(text)
	case p.wantScore:
		return p.score(text)
	}
	if m := gameLineRE.FindStringSubmatch(text); m != nil {
		return p.newGame(m[1])
	}
	return p.moves(text)
}

// header reads a line before the "N point match" line.
func (p *parser) header(text string) error {
	trimmed := strings.TrimSpace(text)
	if trimmed[0] == ';' || trimmed[0] == '#' {
		p.comment(strings.TrimSpace(trimmed[1:]))
		return nil
	}
	m := matchLineRE.FindStringSubmatch(text)
	if m == nil {
		return fmt.Errorf(`found %s where a header line or "N point match" belongs`, excerpt(text))
	}
	n, err := number(m[1], "match length")
	p.m.Length = n
	return err
}

func (p *parser) comment(body string) {
	if body == "" {
		return
	}
	if m := tagRE.FindStringSubmatch(body); m != nil {
		p.m.Tags = append(p.m.Tags, Tag{m[1], m[2]})
		return
	}
	p.m.Comments = append(p.m.Comments, body)
}

func (p *parser) newGame(num string) error {
	n, err := number(num, "game number")
	if err != nil {
		return err
	}
	p.m.Games = append(p.m.Games, Game{Number: n})
	p.game = &p.m.Games[len(p.m.Games)-1]
	p.wantScore, p.won = true, false
	return nil
}

// score reads the line after " Game N": "White : 0    Black : 0".
func (p *parser) score(text string) error {
	m := scoreLineRE.FindStringSubmatch(text)
	if m == nil {
		return fmt.Errorf(`found %s where the score line "name : points   name : points" belongs`, excerpt(text))
	}
	players := [2]string{m[1], m[3]}
	for s, num := range [2]string{m[2], m[4]} {
		n, err := number(num, "score")
		if err != nil {
			return err
		}
		p.game.Score[s] = n
	}
	if len(p.m.Games) == 1 {
		p.m.Players = players
	} else if players != p.m.Players {
		return fmt.Errorf("players %q and %q, but game %d had %q and %q",
			players[0], players[1], p.m.Games[0].Number, p.m.Players[0], p.m.Players[1])
	}
	p.wantScore = false
	return nil
}

// moves reads a line of a game: "  3) 41: 25/21 6/5*   66: ", or one
// without a number, "      Wins 2 points".
func (p *parser) moves(text string) error {
	if p.game == nil {
		return fmt.Errorf(`found %s before the first "Game" line`, excerpt(text))
	}
	num, from := 0, 0
	if m := moveNumberRE.FindStringSubmatchIndex(text); m != nil {
		n, err := number(text[m[2]:m[3]], "move number")
		if err != nil {
			return err
		}
		num, from = n, m[1]
	}
	cells, err := lexCells(text, from)
	if err != nil {
		return err
	}
	if p.won && len(cells) > 0 {
		return fmt.Errorf("%v after the game was won", cells[0].Kind)
	}
	for _, c := range cells {
		p.won = p.won || c.Kind == Win
	}
	if num == 0 {
		return p.unnumbered(text, cells)
	}
	return p.numbered(num, cells)
}

func (p *parser) numbered(num int, cells []cell) error {
	t := Turn{Number: num}
	switch len(cells) {
	case 0:
		return fmt.Errorf("move %d has no action", num)
	case 1:
		t.Actions[cells[0].side()] = cells[0].Action
	case 2:
		if cells[0].Kind == Win {
			return fmt.Errorf("%v after the game was won", cells[1].Kind)
		}
		t.Actions = [2]Action{cells[0].Action, cells[1].Action}
	default:
		return fmt.Errorf("move %d has %d actions; a line holds one for each side", num, len(cells))
	}
	p.game.Turns = append(p.game.Turns, t)
	return nil
}

// unnumbered reads a line without a move number: only a "Wins" line is.
func (p *parser) unnumbered(text string, cells []cell) error {
	if len(cells) != 1 || cells[0].Kind != Win {
		return fmt.Errorf("found %s where a numbered move or a \"Wins\" line belongs", excerpt(text))
	}
	p.game.Add(cells[0].side(), cells[0].Action)
	return nil
}

// finish checks the end of the record.
func (p *parser) finish() error {
	if p.m.Length < 0 {
		return errors.New(`no "N point match" line`)
	}
	if p.wantScore {
		return fmt.Errorf("game %d has no score line", p.game.Number)
	}
	for i := range p.m.Games {
		p.m.Games[i].markResignations()
	}
	return nil
}

// markResignations turns a roll without a play that the opponent's win
// follows into Resign. GNU Backgammon writes a roll and a resignation so,
// XG adds "???"; it cannot be a dance, as a side resigns on its own turn.
// A roll marked "???" and not followed so stays a Roll.
func (g *Game) markResignations() {
	var prev *Action
	prevSide := 0
	for i := range g.Turns {
		for s := range g.Turns[i].Actions {
			a := &g.Turns[i].Actions[s]
			if a.Kind == None {
				continue
			}
			if a.Kind == Win && prev != nil && prevSide != s && prev.Kind == Roll && len(prev.Moves) == 0 {
				prev.Kind = Resign
			}
			prev, prevSide = a, s
		}
	}
}

// cell is an action found on a line and the column it starts at.
type cell struct {
	Action
	col int
}

// side returns the column of a cell that is alone on its line.
func (c cell) side() engine.Side {
	if c.col >= rightColumn {
		return engine.Black
	}
	return engine.White
}

// field is a word of a line and the column it starts at.
type field struct {
	text string
	col  int
}

// lexCells finds the actions on a line from column from on. It goes by
// the words that start an action, not by columns, because a long left
// cell pushes the right one out of its column.
func lexCells(text string, from int) ([]cell, error) {
	fs := fields(text, from)
	var cells []cell
	for len(fs) > 0 {
		a, n, err := lexAction(fs)
		if err != nil {
			return nil, err
		}
		cells = append(cells, cell{a, fs[0].col})
		fs = fs[n:]
	}
	return cells, nil
}

// fields splits text[from:] at spaces.
func fields(text string, from int) []field {
	var fs []field
	for i := from; i < len(text); {
		if text[i] == ' ' || text[i] == '\t' {
			i++
			continue
		}
		j := i
		for j < len(text) && text[j] != ' ' && text[j] != '\t' {
			j++
		}
		fs = append(fs, field{text[i:j], i})
		i = j
	}
	return fs
}

// lexAction reads the action fs starts with and returns how many fields
// it takes.
func lexAction(fs []field) (Action, int, error) {
	w := fs[0].text
	switch {
	case diceRE.MatchString(w):
		return lexRoll(fs)
	case strings.EqualFold(w, "Doubles"):
		return lexDouble(fs)
	case strings.EqualFold(w, "Takes"):
		return Action{Kind: Take}, 1, nil
	case strings.EqualFold(w, "Drops"):
		return Action{Kind: Drop}, 1, nil
	case strings.EqualFold(w, "Wins"):
		return lexWin(fs)
	}
	return Action{}, 0, fmt.Errorf("found %s where a roll, \"Doubles\", \"Takes\", \"Drops\" or \"Wins\" belongs", excerpt(w))
}

// startsAction reports whether a word begins an action, which ends the
// play before it.
func startsAction(w string) bool {
	if diceRE.MatchString(w) {
		return true
	}
	for _, k := range [...]string{"Doubles", "Takes", "Drops", "Wins"} {
		if strings.EqualFold(w, k) {
			return true
		}
	}
	return false
}

// lexRoll reads "63: 24/18 13/10", "63:" (no play), "63: ???" (XG: a
// resignation after the roll) and "63: Cannot Move" (XG: no play).
func lexRoll(fs []field) (Action, int, error) {
	w := fs[0].text
	a := Action{Kind: Roll, Dice: engine.Dice{int(w[0] - '0'), int(w[1] - '0')}}
	var words []string
	if rest := w[3:]; rest != "" {
		words = append(words, rest)
	}
	n := 1
	for ; n < len(fs) && !startsAction(fs[n].text); n++ {
		words = append(words, fs[n].text)
	}
	switch {
	case len(words) == 0:
	case strings.HasPrefix(words[0], "???"):
		// markResignations makes it a Resign, as GNU Backgammon's layout.
		if len(words) > 1 || strings.Trim(words[0], "?") != "" {
			return a, 0, fmt.Errorf("found %q after \"???\"", strings.Join(words, " "))
		}
	case len(words) == 2 && strings.EqualFold(words[0], "Cannot") && strings.EqualFold(words[1], "Move"):
	default:
		moves, err := engine.ParseMoves(strings.Join(words, " "))
		if err != nil {
			return a, 0, fmt.Errorf("roll %v: %w", a.Dice, err)
		}
		a.Moves = moves
	}
	return a, n, nil
}

// lexDouble reads "Doubles => 2" (also "Doubles =>2").
func lexDouble(fs []field) (Action, int, error) {
	var num string
	n := 0
	switch {
	case len(fs) >= 3 && fs[1].text == "=>":
		num, n = fs[2].text, 3
	case len(fs) >= 2 && strings.HasPrefix(fs[1].text, "=>"):
		num, n = fs[1].text[2:], 2
	default:
		return Action{}, 0, errors.New(`"Doubles" without "=> N"`)
	}
	v, err := number(num, "cube value")
	if err == nil && v < 2 {
		err = fmt.Errorf("cube value %d is less than 2", v)
	}
	return Action{Kind: Double, Cube: v}, n, err
}

// lexWin reads "Wins 1 point", "Wins 2 points" and XG's "Wins 1 point and
// the match".
func lexWin(fs []field) (Action, int, error) {
	if len(fs) < 3 || !strings.EqualFold(strings.TrimSuffix(fs[2].text, "s"), "point") {
		return Action{}, 0, errors.New(`"Wins" without "N point(s)"`)
	}
	v, err := number(fs[1].text, "points")
	if err == nil && v < 1 {
		err = errors.New("a win of 0 points")
	}
	a := Action{Kind: Win, Points: v}
	n := 3
	if len(fs) >= 6 && strings.EqualFold(fs[3].text+" "+fs[4].text+" "+fs[5].text, "and the match") {
		a.AndMatch, n = true, 6
	}
	return a, n, err
}

// number parses a count the record gives, naming it in the error.
func number(s, what string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%s %s is not a number the record can hold", what, excerpt(s))
	}
	return n, nil
}

// excerpt quotes s for an error message, shortened if long.
func excerpt(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return strconv.Quote(s)
}
