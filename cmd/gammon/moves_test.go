package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gammond/engine"
)

// TestMovesAgreesWithGnubg runs "gammon moves" on the first 300 positions of
// the move-generation oracle and compares the resulting positions with the
// ones GNU Backgammon lists.
func TestMovesAgreesWithGnubg(t *testing.T) {
	const records = 300
	f, err := os.Open(filepath.Join("..", "..", "testdata", "movegen.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n := 0
	for n < records && sc.Scan() {
		n++
		var rec struct {
			Position string
			Dice     [2]int
			Plays    []struct{ Move, After string }
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatalf("record %d: %v", n, err)
		}
		dice := fmt.Sprintf("%d%d", rec.Dice[0], rec.Dice[1])
		var stdout, stderr bytes.Buffer
		if code := run([]string{"moves", rec.Position, dice}, &stdout, &stderr); code != exitOK {
			t.Fatalf("record %d: gammon moves %s %s: exit %d: %s", n, rec.Position, dice, code, stderr.String())
		}
		var got, want []string
		for _, line := range strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n") {
			if line == "" {
				continue
			}
			play, after, ok := strings.Cut(line, "\t")
			if !ok || play == "" {
				t.Fatalf("record %d: line %q is not <play>\\t<position ID>", n, line)
			}
			got = append(got, after)
		}
		for _, p := range rec.Plays {
			want = append(want, p.After)
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("record %d (%s %s): positions after\n got %v\nwant %v", n, rec.Position, dice, got, want)
		}
	}
	if err := sc.Err(); err != nil || n < records {
		t.Fatalf("read %d records of the oracle, want %d: %v", n, records, err)
	}
}

func TestMovesJSON(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"moves", "--json", "4HPwATDgc/ABMA", "6-5"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var plays []listedPlay
	if err := json.Unmarshal(stdout.Bytes(), &plays); err != nil {
		t.Fatalf("output is not a JSON array of plays: %v\n%s", err, stdout.String())
	}
	if len(plays) != 7 { // gnubg: 7 distinct plays of 65 from the start
		t.Fatalf("got %d plays, want 7: %s", len(plays), stdout.String())
	}
}

func TestMovesForfeitPrintsNothing(t *testing.T) {
	var stdout, stderr bytes.Buffer
	id := closedBoardID()
	if code := run([]string{"moves", id, "66"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if stdout.Len() != 0 {
		t.Fatalf("forfeited roll printed %q, want nothing", stdout.String())
	}
}

func TestMovesBadArguments(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"no arguments", []string{"moves"}},
		{"one argument", []string{"moves", "4HPwATDgc/ABMA"}},
		{"three arguments", []string{"moves", "4HPwATDgc/ABMA", "63", "x"}},
		{"bad position ID", []string{"moves", "4HPwATDgc/ABM!", "63"}},
		{"short position ID", []string{"moves", "4HPw", "63"}},
		{"die of 7", []string{"moves", "4HPwATDgc/ABMA", "73"}},
		{"one die", []string{"moves", "4HPwATDgc/ABMA", "6"}},
		{"unknown flag", []string{"moves", "--xml", "4HPwATDgc/ABMA", "63"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run(tc.args, &stdout, &stderr); code != exitUsage {
				t.Fatalf("exit %d, want %d", code, exitUsage)
			}
			if lines := strings.Count(stderr.String(), "\n"); lines < 1 || !strings.HasPrefix(stderr.String(), "gammon moves: ") {
				t.Fatalf("stderr %q: want a line starting \"gammon moves: \"", stderr.String())
			}
			if stdout.Len() != 0 {
				t.Fatalf("stdout %q, want nothing", stdout.String())
			}
		})
	}
}

// closedBoardID is a position whose side on roll has a checker on the bar
// against a closed home board: every roll is forfeited.
func closedBoardID() string {
	var b engine.Board
	for p := 1; p <= 6; p++ {
		b[engine.Opponent][p-1] = 2
	}
	b[engine.Opponent][12] = 3
	b[engine.Mover][engine.Bar-1] = 1
	b[engine.Mover][5] = 14
	return b.PositionID()
}

// TestMovesToAFullDisk writes the plays to /dev/full, whose every write
// fails with ENOSPC: the lost output must fail the command.
func TestMovesToAFullDisk(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full here: %v", err)
	}
	defer full.Close()
	var stderr bytes.Buffer
	code := run([]string{"moves", "4HPwATDgc/ABMA", "63"}, full, &stderr)
	if code != exitUsage || !strings.Contains(stderr.String(), "no space left on device") {
		t.Fatalf("exit %d, stderr %q; want 2 and the write error", code, stderr.String())
	}
}
