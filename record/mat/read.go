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
	// GammonSite and others write more after the number: "Game 5 (Crawford)".
	gameLineRE = regexp.MustCompile(`^\s*Game\s+(\d+)\b`)
	// A name may hold spaces, even colons: the first score is the first
	// number after a colon that leaves "name : number" behind it.
	// Either name may be empty.
	scoreLineRE  = regexp.MustCompile(`^\s*(.*?)\s*:\s*(\d+)\s*(.*?)\s*:\s*(\d+)\s*$`)
	moveNumberRE = regexp.MustCompile(`^\s*(\d+)\)`)
	diceRE       = regexp.MustCompile(`^[1-6][1-6]:`)
)

// Warning is a line of a record that the reader skipped, as GNU
// Backgammon skips a line it cannot place ("Unrecognised move"), or a
// writer's convention worth a word.
type Warning struct {
	File string // the name given to Read
	Line int    // counted from 1
	Msg  string
}

// String returns "file:line: what was skipped and why".
func (w Warning) String() string { return fmt.Sprintf("%s:%d: %s", w.File, w.Line, w.Msg) }

// ReadFile reads the match record in the named file.
func ReadFile(name string) (*Match, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, name)
}

// Read reads a whole match record. Errors about its content are
// *SyntaxError and start with name and the line: "match.mat:17: ...";
// the lines it skipped are in the match's Warnings.
func Read(r io.Reader, name string) (*Match, error) {
	mr := NewReader(r, name)
	m, err := mr.Header()
	if err != nil {
		return nil, err
	}
	for {
		g, err := mr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		m.Games = append(m.Games, *g)
	}
	m.Warnings = mr.Warnings()
	return m, nil
}

// Reader reads a match record a game at a time, so that a record of any
// length is checked in the memory of its longest game.
type Reader struct {
	sc   *bufio.Scanner
	name string
	p    parser
	err  error // sticky: the first error, or io.EOF after the last game
}

// NewReader returns a Reader of the record r; name is the file's name
// for errors and warnings.
func NewReader(r io.Reader, name string) *Reader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	return &Reader{sc: sc, name: name, p: parser{m: &Match{Length: -1}, name: name}}
}

// Header reads the header and the first game's score line: the Match it
// returns has Length, Tags, Comments and Players, and no Games.
func (r *Reader) Header() (*Match, error) {
	for (r.p.game == nil || r.p.wantScore) && r.scan() {
	}
	if r.err != nil && r.err != io.EOF {
		return nil, r.err
	}
	h := *r.p.m
	return &h, nil
}

// Next returns the next game, io.EOF after the last. A game is returned
// once the line after it is read: the next " Game N" or the end.
func (r *Reader) Next() (*Game, error) {
	for r.p.done == nil && r.err == nil {
		r.scan()
	}
	if g := r.p.done; g != nil {
		r.p.done = nil
		return g, nil
	}
	return nil, r.err
}

// Warnings returns the warnings of the lines read so far.
func (r *Reader) Warnings() []Warning { return r.p.m.Warnings }

// scan reads one line, or finishes the record at its end; it reports
// whether there may be more.
func (r *Reader) scan() bool {
	if r.err != nil {
		return false
	}
	if !r.sc.Scan() {
		r.err = r.end()
		return false
	}
	r.p.line++
	text := strings.TrimSuffix(r.sc.Text(), "\r")
	if r.p.line == 1 {
		text = strings.TrimPrefix(text, "\uFEFF")
	}
	if err := r.p.parse(text); err != nil {
		r.err = &SyntaxError{r.name, r.p.line, err}
		return false
	}
	return true
}

// end returns the error that ends the record: io.EOF when it ends well.
func (r *Reader) end() error {
	if err := r.sc.Err(); errors.Is(err, bufio.ErrTooLong) {
		return &SyntaxError{r.name, r.p.line + 1, fmt.Errorf("line longer than %d bytes", maxLine)}
	} else if err != nil {
		return fmt.Errorf("%s: %w", r.name, err)
	}
	if err := r.p.finish(); err != nil {
		return &SyntaxError{r.name, max(r.p.line, 1), err}
	}
	return io.EOF
}

// parser is the state of Read between lines.
type parser struct {
	m         *Match // Length < 0 until the "N point match" line; Games stay empty
	name      string
	line      int
	game      *Game // the game being read, nil before the first
	done      *Game // a game read to its end, not yet returned by Next
	games     int   // how many games have started
	tagsEnded bool  // a blank line follows the header's tags
	scored    bool  // a score line has named the players
	wantScore bool  // the last line was " Game N"
	won       bool  // the game has a Win
}

func (p *parser) parse(text string) error {
	switch {
	case strings.TrimSpace(text) == "":
		p.tagsEnded = p.tagsEnded || len(p.m.Tags)+len(p.m.Comments) > 0
		return nil
	case p.m.Length < 0:
		return p.header(text)
	case p.wantScore:
		p.score(text)
		return nil
	}
	if m := gameLineRE.FindStringSubmatch(text); m != nil {
		return p.newGame(m[1])
	}
	if p.game == nil {
		p.beforeGames(text)
		return nil
	}
	p.gameLine(text)
	return nil
}

// beforeGames reads a line between "N point match" and the first game: a
// comment, or a line skipped with a warning.
func (p *parser) beforeGames(text string) {
	if t := strings.TrimSpace(text); t[0] == ';' || t[0] == '#' {
		if c := strings.TrimSpace(t[1:]); c != "" {
			p.m.Comments = append(p.m.Comments, c)
		}
		return
	}
	p.warn(`skipped %s before the first "Game" line`, excerpt(text))
}

// gameLine reads a line inside a game, skipping it with a warning if it
// cannot be placed.
func (p *parser) gameLine(text string) {
	if t := strings.TrimSpace(text); t[0] == ';' || t[0] == '#' {
		// Backgammon Galaxy notes an aborted match so.
		if c := strings.TrimSpace(t[1:]); c != "" {
			p.game.Comments = append(p.game.Comments, c)
		}
		return
	}
	if err := p.moves(text); err != nil {
		p.warn("skipped %s: %v", excerpt(text), err)
	}
}

// maxWarnings bounds the warnings kept of a record, so that a file that
// is no record cannot fill the memory with them.
const maxWarnings = 100

// warn adds a warning about the current line.
func (p *parser) warn(format string, args ...any) {
	switch n := len(p.m.Warnings); {
	case n < maxWarnings:
		p.m.Warnings = append(p.m.Warnings, Warning{p.name, p.line, fmt.Sprintf(format, args...)})
	case n == maxWarnings:
		p.m.Warnings = append(p.m.Warnings, Warning{p.name, p.line, fmt.Sprintf("more than %d lines skipped: the rest are not listed", maxWarnings)})
	}
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
		// Some sites put a line of their own first; GNU Backgammon skips it.
		p.warn(`skipped %s where a header line or "N point match" belongs`, excerpt(text))
		return nil
	}
	n, err := number(m[1], "match length")
	p.m.Length = n
	return err
}

func (p *parser) comment(body string) {
	if body == "" {
		return
	}
	if m := tagRE.FindStringSubmatch(body); m != nil && !p.tagsEnded {
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
	p.endGame()
	p.games++
	p.game = &Game{Number: n}
	p.wantScore, p.won = true, false
	return nil
}

// endGame hands the game read so far to Next.
func (p *parser) endGame() {
	if p.game != nil {
		p.game.markResignations()
		p.done, p.game = p.game, nil
	}
}

// score reads the line after " Game N": "White : 0    Black : 0". A name
// may be empty: Backgammon Galaxy writes a player without one so. Galaxy
// also writes a game without a score line: the line is then read as a
// line of the game, and the game is Unscored.
func (p *parser) score(text string) {
	p.wantScore = false
	m := scoreLineRE.FindStringSubmatch(text)
	if m == nil {
		p.warn("game %d has no score line", p.game.Number)
		p.game.Unscored = true
		p.gameLine(text)
		return
	}
	players := [2]string{m[1], m[3]}
	for s, num := range [2]string{m[2], m[4]} {
		n, err := number(num, "score")
		if err != nil {
			p.warn("game %d: %v", p.game.Number, err)
			p.game.Unscored = true
		}
		p.game.Score[s] = n
	}
	if !p.scored {
		p.m.Players, p.scored = players, true
	} else if players != p.m.Players {
		p.warn("players %q and %q, but the first game had %q and %q: the first game's names are kept",
			players[0], players[1], p.m.Players[0], p.m.Players[1])
	}
}

// moves reads a line of a game: "  3) 41: 25/21 6/5*   66: ", or one
// without a number, "      Wins 2 points". An error skips the line.
func (p *parser) moves(text string) error {
	num, from := 0, 0
	if m := moveNumberRE.FindStringSubmatchIndex(text); m != nil {
		n, err := number(text[m[2]:m[3]], "move number")
		if err != nil {
			return err
		}
		num, from = n, m[1]
	}
	cells, skipped := lexCells(text, from, num)
	for _, err := range skipped {
		p.warn("%v", err)
	}
	if len(cells) == 0 && len(skipped) > 0 {
		return nil
	}
	if p.won && len(cells) > 0 {
		return fmt.Errorf("%v after the game was won", cells[0].Kind)
	}
	var err error
	if num == 0 || len(cells) == 1 && cells[0].Kind == Win {
		// Galaxy numbers a "Wins" line whose "Losses" cell is dropped.
		err = p.unnumbered(cells)
	} else {
		err = p.numbered(num, cells)
	}
	for _, c := range cells {
		p.won = p.won || c.Kind == Win && err == nil
	}
	return err
}

// numbered reads a numbered line. Backgammon Studio ends a match with an
// empty one, and Galaxy leaves one so when it drops a "Losses" cell.
func (p *parser) numbered(num int, cells []cell) error {
	t := Turn{Number: num}
	switch len(cells) {
	case 0:
		return nil
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
func (p *parser) unnumbered(cells []cell) error {
	if len(cells) != 1 || cells[0].Kind != Win {
		return errors.New(`a line without a move number holds a "Wins" and nothing else`)
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
		p.warn("game %d has no score line", p.game.Number)
		p.game.Unscored = true
	}
	p.endGame()
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

// lexCells finds the actions on a line from column from on; num is the
// line's move number. It goes by the words that start an action, not by
// columns, because a long left cell pushes the right one out of its
// column. It drops what Backgammon Galaxy adds: the loser's "Losses N
// point" cell and the move number written again before the right cell.
// A cell it cannot read it skips, up to the next word that starts an
// action, as GNU Backgammon skips an "Unrecognised move", and returns why
// in skipped.
func lexCells(text string, from, num int) (cells []cell, skipped []error) {
	fs := fields(text, from)
	for len(fs) > 0 {
		if n, ok := moveNumber(fs[0].text); ok && n == num {
			fs = fs[1:]
			continue
		}
		a, n, err := lexAction(fs)
		if err != nil {
			n = 1
			for n < len(fs) && !startsAction(fs[n].text) {
				n++
			}
			end := len(text)
			if n < len(fs) {
				end = fs[n].col
			}
			skipped = append(skipped, fmt.Errorf("skipped %s: %w", excerpt(text[fs[0].col:end]), err))
		} else if n := len(cells); a.Kind == Resign && n > 0 && cells[n-1].Kind == Roll && len(cells[n-1].Moves) == 0 {
			// "52: Resigns": the roll, then the resignation, as GNU
			// Backgammon writes a roll without a play before a "Wins".
			cells[n-1].Kind = Resign
		} else if a.Kind != loss {
			cells = append(cells, cell{a, fs[0].col})
		}
		fs = fs[n:]
	}
	return cells, skipped
}

// loss is the Kind of a "Losses" cell while a line is read; no Action
// keeps it.
const loss Kind = 255

// moveNumber reads a word "24)".
func moveNumber(w string) (int, bool) {
	if len(w) < 2 || w[len(w)-1] != ')' {
		return 0, false
	}
	n, err := strconv.Atoi(w[:len(w)-1])
	return n, err == nil && n >= 0
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
	case strings.EqualFold(w, "Beavers"):
		a, n, err := lexDouble(fs)
		a.Kind = Beaver
		return a, n, err
	case strings.EqualFold(w, "Takes"):
		return Action{Kind: Take}, 1, nil
	case strings.EqualFold(w, "Drops"):
		return Action{Kind: Drop}, 1, nil
	case strings.EqualFold(w, "Wins"):
		return lexWin(fs)
	case isResignation(w):
		// A side resigning on its turn, before it rolls: the opponent's
		// "Wins" follows, and scores it, whatever points a writer adds
		// here ("Resigns 2 points").
		n := 1
		if len(fs) >= 3 && strings.EqualFold(strings.TrimSuffix(fs[2].text, "s"), "point") {
			if _, err := strconv.Atoi(fs[1].text); err == nil {
				n = 3
			}
		}
		return Action{Kind: Resign}, n, nil
	case strings.EqualFold(w, "Losses"):
		a, n, err := lexWin(fs)
		a.Kind = loss
		return a, n, err
	}
	if n, ok := moveNumber(w); ok {
		return Action{}, 0, fmt.Errorf("move number %d inside another move", n)
	}
	return Action{}, 0, fmt.Errorf("found %s where a roll, \"Doubles\", \"Takes\", \"Drops\" or \"Wins\" belongs", excerpt(w))
}

// startsAction reports whether a word begins an action, which ends the
// play before it.
func startsAction(w string) bool {
	if _, ok := moveNumber(w); ok || diceRE.MatchString(w) {
		return true
	}
	for _, k := range [...]string{"Doubles", "Beavers", "Takes", "Drops", "Wins", "Losses"} {
		if strings.EqualFold(w, k) {
			return true
		}
	}
	return isResignation(w)
}

// isResignation reports a word that ends a game by resignation: "Resigns",
// or Backgammon Studio's "Concedes".
func isResignation(w string) bool {
	return strings.EqualFold(w, "Resigns") || strings.EqualFold(w, "Concedes")
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
		// The play as written, legal or not: a check reports a backward
		// move and goes on from the position the record shows.
		moves, err := engine.ParseWrittenMoves(strings.Join(words, " "))
		if err != nil {
			return a, 0, fmt.Errorf("roll %v: %w", a.Dice, err)
		}
		a.Moves = moves
	}
	return a, n, nil
}

// lexDouble reads "Doubles => 2" (also "Doubles =>2"), and "Beavers => 4"
// alike.
func lexDouble(fs []field) (Action, int, error) {
	var num string
	n := 0
	switch {
	case len(fs) >= 3 && fs[1].text == "=>":
		num, n = fs[2].text, 3
	case len(fs) >= 2 && strings.HasPrefix(fs[1].text, "=>"):
		num, n = fs[1].text[2:], 2
	default:
		return Action{}, 0, fmt.Errorf(`%q without "=> N"`, fs[0].text)
	}
	v, err := number(num, "cube value")
	if err == nil && v < 2 {
		err = fmt.Errorf("cube value %d is less than 2", v)
	}
	return Action{Kind: Double, Cube: v}, n, err
}

// lexWin reads "Wins 1 point", "Wins 2 points", XG's "Wins 1 point and
// the match" and Galaxy's "Wins 2 point"; and Galaxy's "Losses 2 point".
func lexWin(fs []field) (Action, int, error) {
	if len(fs) < 3 || !strings.EqualFold(strings.TrimSuffix(fs[2].text, "s"), "point") {
		return Action{}, 0, fmt.Errorf("%q without \"N point(s)\"", fs[0].text)
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
