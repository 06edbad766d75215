package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"text/tabwriter"

	"gammond/engine/chouette"
)

const chouetteUsage = "chouette [--json] SESSION.json   a chouette's books: scores, box, captain and ranks after a session"

// chouetteBooks is the --json output of gammon chouette.
type chouetteBooks struct {
	Scores  map[string]float64 `json:"scores"`
	Box     string             `json:"box"`
	Captain string             `json:"captain"`
	Order   []string           `json:"order"` // every member by rank, the box first
}

// runChouette replays a chouette session file (chouette.Session) and prints
// the books after its last game: exit 0, or 2 for bad arguments or a bad
// session, with the game and what is wrong.
func runChouette(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("chouette", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print the books as JSON")
	pos, err := parseArgs(fs, args, 1, 1)
	if err != nil {
		return argsError(chouetteUsage, fs, err, stdout, stderr)
	}
	c, err := replaySessionFile(pos[0])
	if err != nil {
		fmt.Fprintf(stderr, "gammon chouette: %s: %v\n", pos[0], err)
		return exitUsage
	}
	books := chouetteBooks{Scores: c.Scores(), Box: c.Box(), Captain: c.Captain(), Order: c.Order()}
	if *asJSON {
		out, _ := json.Marshal(books)
		fmt.Fprintf(stdout, "%s\n", out)
		return exitOK
	}
	printBooks(stdout, c.Games(), books)
	return exitOK
}

// replaySessionFile reads and replays a session file.
func replaySessionFile(name string) (*chouette.Chouette, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	s, err := chouette.ParseSession(data)
	if err != nil {
		return nil, err
	}
	return chouette.Replay(s)
}

// printBooks prints the books as a table, the members by rank.
func printBooks(w io.Writer, games int, b chouetteBooks) {
	fmt.Fprintf(w, "after %d game(s): box %s, captain %s\n", games, b.Box, b.Captain)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "rank\tmember\tpost\t%6s\n", "score")
	for i, name := range b.Order {
		post := "partner"
		switch i {
		case 0:
			post = "box"
		case 1:
			post = "captain"
		}
		fmt.Fprintf(tw, "%4d\t%s\t%s\t%6s\n", i+1, name, post, strconv.FormatFloat(b.Scores[name], 'f', -1, 64))
	}
	tw.Flush()
}
