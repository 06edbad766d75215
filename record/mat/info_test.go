package mat

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestSortMoves orders plays as GNU Backgammon's export of an imported
// record does (seen in gnubg 1.07's exports).
func TestSortMoves(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"3/1 6/2", "6/2 3/1"},
		{"8/7 13/7", "13/7 8/7"},
		{"25/20 25/23*", "25/23* 25/20"},
		{"24/21 24/23", "24/23 24/21"},
		{"21/20 24/21", "24/21 21/20"},
		{"4/0 6/2 5/1 6/0", "6/2 6/0 5/1 4/0"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			m := moves(t, tc.in)
			SortMoves(m)
			var parts []string
			for _, mv := range m {
				part := fmt.Sprintf("%d/%d", mv.From, mv.To)
				if mv.Hit {
					part += "*"
				}
				parts = append(parts, part)
			}
			if got := strings.Join(parts, " "); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}

// TestSetInfo writes the header GNU Backgammon writes after an import, and
// reads its tags back, the board's own from the comments.
func TestSetInfo(t *testing.T) {
	m := &Match{Length: 1, Tags: []Tag{{"Variation", "Backgammon"}}, Comments: []string{"old"}}
	m.SetInfo(Info{
		Site: "The Pub", Event: "Club Night", Round: "Final",
		Date: time.Date(2026, 11, 22, 19, 30, 0, 0, time.UTC), Transcriber: "gammond",
		Clock: "2 min per point, 12 s delay", BoardID: "table-7",
	})
	var b bytes.Buffer
	if _, err := m.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	const want = `; [Site "The Pub"]
; [Event "Club Night"]
; [Round "Final"]
; [EventDate "2026.11.22"]
; [Transcriber "gammond"]

; [Clock "2 min per point, 12 s delay"]
; [Board ID "table-7"]

 1 point match

`
	if b.String() != want {
		t.Fatalf("header:\n%s\nwant:\n%s", b.String(), want)
	}
	back, err := Read(strings.NewReader(b.String()), "info.mat")
	if err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]string{TagSite: "The Pub", TagRound: "Final", TagEventDate: "2026.11.22", TagClock: "2 min per point, 12 s delay", TagBoardID: "table-7", "Variation": ""} {
		if got := back.Tag(key); got != want {
			t.Errorf("Tag(%q) = %q, want %q", key, got, want)
		}
	}
	if len(back.Tags) != 5 || len(back.Comments) != 2 {
		t.Errorf("read %d tags and %d comments, want 5 and 2", len(back.Tags), len(back.Comments))
	}
}
