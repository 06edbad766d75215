package journal_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"gammond/record/journal"
)

// The daemon keeps one journal per match. It appends each input before it
// acts on it; after a crash it reopens the journal and replays the inputs.
func ExampleOpen() {
	dir, err := os.MkdirTemp("", "gammond")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "match-0042.jnl")

	j, rec, err := journal.Open(path, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("start:", rec)
	for _, input := range []string{`{"dice":[6,3]}`, `{"button":"done"}`} {
		if _, err := j.Append([]byte(input)); err != nil {
			log.Fatal(err) // not on the disk: do not act on it
		}
		// On the disk: act on the input, light "accepted".
	}
	j.Close()

	// The restart.
	j, rec, err = journal.Open(path, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer j.Close()
	fmt.Println("restart:", rec)
	for seq, input := range j.Records() {
		fmt.Println(seq, string(input)) // feed it to the referee
	}
	// Output:
	// start: created
	// restart: 2 records
	// 1 {"dice":[6,3]}
	// 2 {"button":"done"}
}
