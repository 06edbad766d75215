package engine

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// oracleRecord is one line of ../testdata/movegen.jsonl: a position, a roll and
// every legal play as GNU Backgammon 1.07 lists it.
type oracleRecord struct {
	Position string       `json:"position"`
	Dice     [2]int       `json:"dice"`
	Board    Board        `json:"board"`
	Plays    []oraclePlay `json:"plays"`
}

// oraclePlay is one of a record's legal plays: gnubg's notation and the
// position it leaves.
type oraclePlay struct {
	Move  string `json:"move"`
	After string `json:"after"`
}

var oracle struct {
	once    sync.Once
	records []oracleRecord
	err     error
}

// loadOracle reads ../testdata/movegen.jsonl once per test binary
// (decodeOracleRecord).
func loadOracle(tb testing.TB) []oracleRecord {
	tb.Helper()
	oracle.once.Do(func() {
		path := filepath.Join("..", "testdata", "movegen.jsonl")
		f, err := os.Open(path)
		if err != nil {
			oracle.err = err
			return
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			r, err := decodeOracleRecord(sc.Bytes())
			if err != nil {
				oracle.err = fmt.Errorf("%s line %d: %w", path, len(oracle.records)+1, err)
				return
			}
			oracle.records = append(oracle.records, r)
		}
		oracle.err = sc.Err()
	})
	if oracle.err != nil {
		tb.Fatalf("oracle: %v", oracle.err)
	}
	return oracle.records
}
