package engine

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

var (
	matMoveLine = regexp.MustCompile(`^\s*\d+\)`)
	matRoll     = regexp.MustCompile(`\b[1-6][1-6]: `)
)

// matPlays returns the plays of one line of a .mat file: the text after
// each "63: ", up to the next roll or cube action.
func matPlays(line string) []string {
	if !matMoveLine.MatchString(line) {
		return nil
	}
	rolls := matRoll.FindAllStringIndex(line, -1)
	var plays []string
	for i, r := range rolls {
		end := len(line)
		if i+1 < len(rolls) {
			end = rolls[i+1][0]
		}
		text := line[r[1]:end]
		if cut := strings.IndexFunc(text, unicode.IsLetter); cut >= 0 {
			text = text[:cut] // "Doubles", "Takes", "Drops" of the other column
		}
		plays = append(plays, strings.TrimSpace(text))
	}
	return plays
}

// TestParseMovesMatFiles replays every game of the .mat files gnubg
// exported (../testdata/matches, from shared/matches): each play must read,
// play on the board it was made on, and be written back by FormatMat as
// gnubg wrote it. (How a game ended, a resignation or a bear-off, the file
// does not say.)
func TestParseMovesMatFiles(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "matches", "*.mat"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no .mat files in ../testdata/matches (%v)", err)
	}
	var plays, games int
	for _, name := range files {
		t.Run(filepath.Base(name), func(t *testing.T) {
			f, err := os.Open(name)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			r := matReplay{t: t}
			sc := bufio.NewScanner(f)
			for n := 1; sc.Scan(); n++ {
				r.line(n, sc.Text())
			}
			if err := sc.Err(); err != nil {
				t.Fatal(err)
			}
			plays += r.plays
			games += r.games
		})
	}
	if plays < 2000 || games < 20 {
		t.Errorf("read %d plays in %d games, want thousands of plays", plays, games)
	}
	t.Logf("replayed %d plays in %d games", plays, games)
}

// matReplay plays the games of a .mat file one line at a time.
type matReplay struct {
	t            *testing.T
	board        Board
	plays, games int
}

func (r *matReplay) line(n int, line string) {
	if strings.HasPrefix(strings.TrimSpace(line), "Game ") {
		r.board = StartingBoard
		r.games++
		return
	}
	for _, play := range matPlays(line) {
		moves, err := ParseMoves(play)
		if err != nil {
			r.t.Fatalf("line %d: %v", n, err)
		}
		after, err := r.board.Apply(moves)
		if err != nil {
			r.t.Fatalf("line %d, %q on %s: %v", n, play, r.board.PositionID(), err)
		}
		if got := FormatMat(r.board, moves); got != play {
			r.t.Errorf("line %d: FormatMat = %q, want %q", n, got, play)
		}
		r.board = after.Swap()
		r.plays++
	}
}
