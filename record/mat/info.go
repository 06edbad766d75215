package mat

import (
	"cmp"
	"fmt"
	"slices"
	"time"

	"gammond/engine"
)

// Info is what the board knows of a match for the record's header: the
// tags GNU Backgammon and XG read, and the board's own.
type Info struct {
	Site        string    // where the match is played: the club or venue
	Event       string    // the tournament or club night
	Round       string    // "Round 2", "Final"
	Date        time.Time // the day the match started; zero for none
	Transcriber string    // who or what recorded the match
	// Clock states the clock settings ("2 min per point, 12 s delay"),
	// empty when no clock runs.
	Clock   string
	BoardID string // the board that recorded the match
}

// TagClock is the header line that states the clock settings. It is
// ours, like TagBoardID: GNU Backgammon keeps both as comments.
const TagClock = "Clock"

// SetInfo fills the header from info as GNU Backgammon writes it after an
// import, so that its export of our record is byte for byte ours: the
// tags it keeps (Site, Event, Round, EventDate, Transcriber) in its order,
// and the board's own (Clock, Board ID) as the comment lines it makes of
// the tags it does not know. Empty values are left out; other tags and
// comments are dropped.
func (m *Match) SetInfo(info Info) {
	m.Tags, m.Comments = nil, nil
	var date string
	if !info.Date.IsZero() {
		date = info.Date.Format("2006.01.02")
	}
	for _, t := range []Tag{
		{TagSite, info.Site}, {TagEvent, info.Event}, {TagRound, info.Round},
		{TagEventDate, date}, {TagTranscriber, info.Transcriber},
	} {
		if t.Value != "" {
			m.Tags = append(m.Tags, t)
		}
	}
	for _, t := range []Tag{{TagClock, info.Clock}, {TagBoardID, info.BoardID}} {
		if t.Value != "" {
			m.Comments = append(m.Comments, fmt.Sprintf("[%s %q]", t.Key, t.Value))
		}
	}
}

// SortMoves puts a play's moves in the order GNU Backgammon lists them
// once it has imported a record: from the highest point first, and from
// one point, to the highest point first. A record whose plays are so
// ordered is exported by GNU Backgammon as it was written.
func SortMoves(moves []engine.Move) {
	slices.SortStableFunc(moves, func(a, b engine.Move) int {
		return cmp.Or(cmp.Compare(b.From, a.From), cmp.Compare(b.To, a.To))
	})
}
