package engine

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// oracleRecord is one line of ../testdata/movegen.jsonl: a position, a roll and
// every legal play as GNU Backgammon 1.07 lists it.
type oracleRecord struct {
	Position string `json:"position"`
	Dice     [2]int `json:"dice"`
	Board    Board  `json:"board"`
	Plays    []struct {
		Move  string `json:"move"`
		After string `json:"after"`
	} `json:"plays"`
}

var oracle struct {
	once    sync.Once
	records []oracleRecord
	err     error
}

// loadOracle reads ../testdata/movegen.jsonl once per test binary.
func loadOracle(tb testing.TB) []oracleRecord {
	tb.Helper()
	oracle.once.Do(func() {
		f, err := os.Open(filepath.Join("..", "testdata", "movegen.jsonl"))
		if err != nil {
			oracle.err = err
			return
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var r oracleRecord
			if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
				oracle.err = err
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
