package welsh

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"gammond/engine"
)

// Record is a Welsh match as the board writes it, in the text format of
// docs/WELSH.md: the players, the BG scoop-pot's tally carried in, every
// game's actions in order, and how each game and the match ended.
type Record struct {
	White, Black string
	Scoop        int // the BG scoop-pot's tally at the start (rule 23)
	Games        []GameRecord
	End          *MatchEnd // the match's end; nil while it goes on
}

// GameRecord is one game: who started, the doubling die it started with (2
// for "ten for two", rule 12b), its actions and its end (nil if it did
// not end, as when a clock ran out).
type GameRecord struct {
	First   engine.Side
	Cube    int
	Actions []Action
	End     *GameEnd
	Line    int // where the game starts in the file read; 0 if not read
}

// ActionKind is what a player did.
type ActionKind uint8

// The actions of a record.
const (
	ActDouble     ActionKind = iota + 1 // doubled (rule 3)
	ActNominate                         // nominated the next throw (rule 21)
	ActThrow                            // threw (Again: the same throw a third time, rule 7)
	ActAceyDeucey                       // threw a 2-1 again (rule 13)
	ActPlay                             // played Moves (none: a dance or a forfeited throw)
	ActOffer                            // offered to concede Games (Fiver: with £5, rule 18)
	ActAccept                           // accepted the offer
	ActReject                           // rejected the offer
	ActTimeOut                          // ran out of time (rule 12a)
)

var actionWords = [...]string{ActDouble: "double", ActNominate: "nominate", ActThrow: "throw",
	ActAceyDeucey: "acey-deucey", ActPlay: "play", ActOffer: "offer", ActAccept: "accept",
	ActReject: "reject", ActTimeOut: "timeout"}

func (k ActionKind) String() string {
	if int(k) < len(actionWords) && actionWords[k] != "" {
		return actionWords[k]
	}
	return fmt.Sprintf("ActionKind(%d)", uint8(k))
}

// Action is one thing a player did, with what it needs: the throw thrown
// or nominated, the moves played, the games offered.
type Action struct {
	Side  engine.Side
	Kind  ActionKind
	Throw Throw
	Again bool // ActThrow: to be thrown again (rule 7)
	Moves []engine.Move
	Games int
	Fiver bool
	Line  int // where it stands in the file read; 0 if not read
}

// GameEnd is how a game ended and the games score after it.
type GameEnd struct {
	Winner engine.Side // not for a wash
	Ending Ending
	Games  int // the winner's games; 1 each for a wash
	Score  [2]int
	Line   int
}

// MatchEnd is how the match ended.
type MatchEnd struct {
	Winner engine.Side
	Ending Ending
	Score  [2]int
	Line   int
}

// endingWords are the endings as the record writes them.
var endingWords = [...]string{CheckedOut: "checked-out", ThreeOnRoof: "three-on-the-roof",
	Rectangle: "rectangle", Conceded: "conceded", WashBySticks: "wash-by-sticks",
	WashBySnakes: "wash-by-snakes", TimedOut: "timed-out"}

// isWash reports whether e scores a game to each player.
func isWash(e Ending) bool { return e == WashBySticks || e == WashBySnakes }

// RecordHeader is the first line of every record: what tells a Welsh
// match's record from a .mat.
const RecordHeader = "welsh-match"

// RecordExt is the extension of a Welsh match record's file: the board
// writes NAME.welsh, and "gammon check --rules welsh" and the director's
// desk look for it.
const RecordExt = ".welsh"

// WriteTo writes the record in its text format.
func (r *Record) WriteTo(w io.Writer) (int64, error) {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s\nwhite %s\nblack %s\nscoop %d\n", RecordHeader, r.White, r.Black, r.Scoop)
	for _, g := range r.Games {
		fmt.Fprintf(&sb, "game %v %d\n", g.First, g.Cube)
		for _, a := range g.Actions {
			sb.WriteString(a.String() + "\n")
		}
		if e := g.End; e != nil {
			winner := e.Winner.String()
			if isWash(e.Ending) {
				winner = "-"
			}
			fmt.Fprintf(&sb, "end %s %s %d score %d-%d\n", winner, endingWords[e.Ending], e.Games, e.Score[0], e.Score[1])
		}
	}
	if e := r.End; e != nil {
		fmt.Fprintf(&sb, "match %v %s score %d-%d\n", e.Winner, endingWords[e.Ending], e.Score[0], e.Score[1])
	}
	n, err := io.WriteString(w, sb.String())
	return int64(n), err
}

// String writes the action as a line of the record: "White throw 64",
// "Black play 13/12 12/8", "White offer 2 fiver".
func (a Action) String() string {
	s := a.Side.String() + " " + a.Kind.String()
	switch a.Kind {
	case ActNominate:
		s += " " + a.Throw.String()
	case ActThrow:
		s += " " + a.Throw.String()
		if a.Again {
			s += " again"
		}
	case ActPlay:
		if len(a.Moves) > 0 {
			s += " " + FormatPlay(a.Moves)
		}
	case ActOffer:
		s += " " + strconv.Itoa(a.Games)
		if a.Fiver {
			s += " fiver"
		}
	}
	return s
}

// ErrRecord is wrapped by every error of ReadRecord.
var ErrRecord = errors.New("bad Welsh match record")

// ReadRecord reads a record in the text format WriteTo writes. A '#' starts
// a comment, to the end of the line; blank lines are skipped. An error names the line and
// what is wrong with it.
func ReadRecord(r io.Reader) (*Record, error) {
	rd := recordReader{rec: &Record{}}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		rd.line++
		text, _, _ := strings.Cut(sc.Text(), "#")
		if text = strings.TrimSpace(text); text == "" {
			continue
		}
		if err := rd.read(text); err != nil {
			return nil, fmt.Errorf("%w: line %d: %v", ErrRecord, rd.line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: line %d: %v", ErrRecord, rd.line+1, err)
	}
	if !rd.header {
		return nil, fmt.Errorf("%w: no %q line", ErrRecord, RecordHeader)
	}
	return rd.rec, nil
}

// recordReader reads a record line by line.
type recordReader struct {
	rec    *Record
	line   int
	header bool
}

// read reads one line that is not blank or a comment.
func (rd *recordReader) read(text string) error {
	word, rest, _ := strings.Cut(text, " ")
	rest = strings.TrimSpace(rest)
	if !rd.header {
		if text != RecordHeader {
			return fmt.Errorf("want %q first, found %q", RecordHeader, text)
		}
		rd.header = true
		return nil
	}
	if rd.rec.End != nil {
		return fmt.Errorf("%q after the match's end", text)
	}
	switch word {
	case "white":
		rd.rec.White = rest
	case "black":
		rd.rec.Black = rest
	case "scoop":
		n, err := strconv.Atoi(rest)
		if err != nil || n < 0 {
			return fmt.Errorf("scoop %q: want a count of games", rest)
		}
		rd.rec.Scoop = n
	case "game":
		return rd.game(rest)
	case "end":
		return rd.gameEnd(rest)
	case "match":
		return rd.matchEnd(rest)
	default:
		return rd.action(word, rest)
	}
	return nil
}

// game reads "game <first> <cube>".
func (rd *recordReader) game(rest string) error {
	f := strings.Fields(rest)
	if len(f) != 2 {
		return fmt.Errorf("game %q: want the first player and the doubling die", rest)
	}
	first, err := parseSide(f[0])
	if err != nil {
		return err
	}
	if f[1] != "1" && f[1] != "2" {
		return fmt.Errorf("game starting with the doubling die at %q: want 1, or 2 for ten for two", f[1])
	}
	if n := len(rd.rec.Games); n > 0 && rd.rec.Games[n-1].End == nil {
		return fmt.Errorf("a game starts before game %d ended", n)
	}
	rd.rec.Games = append(rd.rec.Games, GameRecord{First: first, Cube: int(f[1][0] - '0'), Line: rd.line})
	return nil
}

// current returns the game being read.
func (rd *recordReader) current() (*GameRecord, error) {
	n := len(rd.rec.Games)
	if n == 0 || rd.rec.Games[n-1].End != nil {
		return nil, errors.New("no game in progress")
	}
	return &rd.rec.Games[n-1], nil
}

// action reads "<side> <verb> [arguments]".
func (rd *recordReader) action(sideWord, rest string) error {
	side, err := parseSide(sideWord)
	if err != nil {
		return fmt.Errorf("%q: not a record line (want a keyword or a player)", sideWord)
	}
	verb, args, _ := strings.Cut(rest, " ")
	args = strings.TrimSpace(args)
	a := Action{Side: side, Line: rd.line}
	switch verb {
	case "double", "acey-deucey", "accept", "reject", "timeout":
		a.Kind = map[string]ActionKind{"double": ActDouble, "acey-deucey": ActAceyDeucey,
			"accept": ActAccept, "reject": ActReject, "timeout": ActTimeOut}[verb]
		if args != "" {
			return fmt.Errorf("%s %s: %q after it", side, verb, args)
		}
	case "nominate", "throw":
		a.Kind = ActNominate
		if verb == "throw" {
			a.Kind = ActThrow
			args, a.Again = strings.CutSuffix(args, " again")
		}
		if a.Throw, err = parseThrow(args); err != nil {
			return err
		}
	case "play":
		a.Kind = ActPlay
		if a.Moves, err = ParseMoves(args); err != nil {
			return err
		}
	case "offer":
		a.Kind = ActOffer
		n, fiver := strings.CutSuffix(args, " fiver")
		if a.Games, err = strconv.Atoi(n); err != nil || a.Games < 1 {
			return fmt.Errorf("offer %q: want a number of games, then \"fiver\" or nothing", args)
		}
		a.Fiver = fiver
	default:
		return fmt.Errorf("%s %q: unknown action", side, verb)
	}
	g, err := rd.current()
	if err != nil {
		return fmt.Errorf("%s %s: %v", side, verb, err)
	}
	g.Actions = append(g.Actions, a)
	return nil
}

// gameEnd reads "end <winner|-> <ending> <games> score <w>-<b>".
func (rd *recordReader) gameEnd(rest string) error {
	f := strings.Fields(rest)
	if len(f) != 5 || f[3] != "score" {
		return fmt.Errorf("end %q: want winner, ending, games, \"score\" and the score", rest)
	}
	g, err := rd.current()
	if err != nil {
		return fmt.Errorf("end: %v", err)
	}
	e := GameEnd{Line: rd.line}
	if e.Ending, err = parseEnding(f[1]); err != nil {
		return err
	}
	if isWash(e.Ending) != (f[0] == "-") {
		return fmt.Errorf("end %q: a wash and only a wash has no winner (\"-\")", rest)
	}
	if f[0] != "-" {
		if e.Winner, err = parseSide(f[0]); err != nil {
			return err
		}
	}
	if e.Games, err = strconv.Atoi(f[2]); err != nil || e.Games < 0 {
		return fmt.Errorf("end %q: games %q is not a count", rest, f[2])
	}
	if e.Score, err = parseScore(f[4]); err != nil {
		return err
	}
	g.End = &e
	return nil
}

// matchEnd reads "match <winner> <ending> score <w>-<b>".
func (rd *recordReader) matchEnd(rest string) error {
	f := strings.Fields(rest)
	if len(f) != 4 || f[2] != "score" {
		return fmt.Errorf("match %q: want winner, ending, \"score\" and the score", rest)
	}
	e := MatchEnd{Line: rd.line}
	var err error
	if e.Winner, err = parseSide(f[0]); err != nil {
		return err
	}
	if e.Ending, err = parseEnding(f[1]); err != nil {
		return err
	}
	if e.Score, err = parseScore(f[3]); err != nil {
		return err
	}
	rd.rec.End = &e
	return nil
}

func parseSide(s string) (engine.Side, error) {
	switch s {
	case "White":
		return engine.White, nil
	case "Black":
		return engine.Black, nil
	}
	return 0, fmt.Errorf("player %q: want White or Black", s)
}

// parseThrow reads two dice as engine.ParseDice does, or one die.
func parseThrow(s string) (Throw, error) {
	if len(s) == 1 && s[0] >= '1' && s[0] <= '6' {
		return Throw{Dice: engine.Dice{int(s[0] - '0')}, OneDie: true}, nil
	}
	d, err := engine.ParseDice(s)
	return Throw{Dice: d}, err
}

func parseEnding(s string) (Ending, error) {
	for e, w := range endingWords {
		if w != "" && w == s {
			return Ending(e), nil
		}
	}
	return 0, fmt.Errorf("ending %q: want one of %s", s, strings.Join(endingWords[1:], ", "))
}

func parseScore(s string) ([2]int, error) {
	a, b, ok := strings.Cut(s, "-")
	w, err1 := strconv.Atoi(a)
	k, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || w < 0 || k < 0 {
		return [2]int{}, fmt.Errorf("score %q: want white-black, as 3-0", s)
	}
	return [2]int{w, k}, nil
}
