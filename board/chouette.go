package board

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"

	"gammond/display/panel"
	"gammond/engine"
	"gammond/engine/chouette"
	"gammond/referee"
	"gammond/sensing"
	"gammond/web"
)

// The chouette on the board (docs/CHOUETTE.md): engine/chouette keeps the
// books; the board feeds it the referee's events and the page's entries.
// The box plays White, the acting captain Black. The box's double is
// answered by every team member for himself: the captain on the board
// (CUBE takes, a long press passes) or on the page, the partners on the
// page; when the last answer is in, the referee hears the team's: a take
// if anyone took, else a pass. The captain's double the box answers on
// the board, as in any game.

// chouetteBoxSide is the colour the box plays.
const chouetteBoxSide = engine.White

// ChouetteEntry is a journal record of the chouette: what the page (or a
// captain's press) told it, journalled before it is applied, so that a
// restart replays the books among the referee's inputs.
type ChouetteEntry struct {
	At   time.Time `json:"at"`
	Kind string    `json:"kind"` // "start", "join", "answer", "partner"
	// Throws are each member's opening throws for "start": a die each,
	// then the throws of those who tied (laws 2, 3).
	Throws map[string][]int `json:"throws,omitempty"`
	Member string           `json:"member,omitempty"` // "join", "answer", "partner"
	Take   bool             `json:"take,omitempty"`   // "answer"
}

// chouetteBooks is the chouette in play on the board, with each member's
// opening throws.
type chouetteBooks struct {
	c      *chouette.Chouette
	throws map[string][]int
}

// apply applies an entry to the books; it changes nothing when it fails.
func (s *session) apply(e *ChouetteEntry) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e.Kind == "start" {
		return s.startChouette(e.Throws)
	}
	if s.books == nil {
		return fmt.Errorf("%w: no chouette is played", web.ErrConflict)
	}
	c := s.books.c
	var err error
	switch e.Kind {
	case "join":
		err = c.Join(e.Member)
	case "answer":
		if e.Take {
			err = c.Take(e.Member)
		} else {
			err = c.Pass(e.Member)
		}
	case "partner":
		err = c.ChooseBoxPartner(e.Member)
	default:
		err = fmt.Errorf("unknown chouette entry %q", e.Kind)
	}
	if err != nil {
		return fmt.Errorf("%w: %v", web.ErrConflict, err)
	}
	return nil
}

// startChouette ranks the members by their throws and begins the books.
func (s *session) startChouette(throws map[string][]int) error {
	if s.books != nil {
		return fmt.Errorf("%w: a chouette is played already: newcomers join it", web.ErrConflict)
	}
	order, err := chouette.Rank(throws)
	if err == nil {
		var c *chouette.Chouette
		if c, err = chouette.New(order); err == nil {
			s.books = &chouetteBooks{c: c, throws: throws}
			return nil
		}
	}
	return fmt.Errorf("%w: %v", web.ErrInvalid, err)
}

// chouetteEvent drives the books with a referee event; an event they
// refuse is returned as an error, which the board logs.
func (s *session) chouetteEvent(e *Event) error {
	if s.books == nil {
		return nil
	}
	c := s.books.c
	side := chouette.Team
	if e.Side == chouetteBoxSide {
		side = chouette.Box
	}
	switch {
	case e.Kind == referee.GameStarted:
		return c.StartGame()
	case e.Kind == referee.Doubled:
		return c.Double(side)
	case e.Kind == referee.Taken && side == chouette.Box:
		return c.Take(c.Box())
	case e.Kind == referee.Dropped && side == chouette.Box:
		return c.Pass(c.Box())
	case e.Kind == referee.GameOver && c.Playing():
		return c.Win(side, e.Result.Kind)
	}
	return nil // the team's answers are the members' own, entered before
}

// teamAnswer is the referee's input for the team's answer to the box's
// double once every member has answered: a take while any is still in the
// game, else a pass. ok is false while answers are awaited.
func (s *session) teamAnswer() (kind referee.InputKind, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.books == nil || len(s.books.c.Pending()) > 0 {
		return 0, false
	}
	if s.books.c.Playing() {
		return referee.InputTake, true
	}
	return referee.InputDrop, true
}

// awaitsTeam reports whether the box's double awaits team members'
// answers.
func (s *session) awaitsTeam() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.books == nil {
		return false
	}
	p := s.books.c.Pending()
	return len(p) > 0 && !slices.Contains(p, s.books.c.Box())
}

// captain is the acting captain's name, "" without a chouette.
func (s *session) captain() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.books == nil {
		return ""
	}
	return s.books.c.Captain()
}

// chouetteStatus is the books for the page; nil without a chouette. The
// caller holds the lock.
func (s *session) chouetteStatus() *web.Chouette {
	if s.books == nil {
		return nil
	}
	c := s.books.c
	out := &web.Chouette{Games: c.Games(), Playing: c.Playing(), Cube: c.Cube(), Pending: c.Pending(), BoxSide: chouetteBoxSide}
	if c.Playing() {
		out.Games-- // Games counts the game in progress
	}
	scores, in, passed := c.Scores(), c.InGame(), c.Passed()
	ranked := c.Order()
	for _, name := range slices.Sorted(maps.Keys(scores)) {
		if !slices.Contains(ranked, name) {
			ranked = append(ranked, name) // joining: last, from the next game
		}
	}
	for _, name := range ranked {
		out.Members = append(out.Members, web.Member{Name: name, Post: post(c, name), Score: scores[name],
			Throws: s.books.throws[name], InGame: slices.Contains(in, name),
			Passed: slices.Contains(passed, name), Awaits: slices.Contains(out.Pending, name)})
	}
	return out
}

// post names a member's post for the page.
func post(c *chouette.Chouette, name string) string {
	switch {
	case name == c.Box():
		return "box"
	case name == c.Captain():
		return "captain"
	case name == c.BoxPartner():
		return "box's partner"
	case !slices.Contains(c.Order(), name):
		return "joining"
	}
	return "partner"
}

// chouetteAction applies a chouette action of the page; ok is false for
// any other action.
func (b *Board) chouetteAction(now time.Time, a web.Action) (ok bool, err error) {
	var e ChouetteEntry
	switch a := a.(type) {
	case web.ChouetteStart:
		if b.header.Length != 0 {
			return true, fmt.Errorf("%w: a chouette is money play, and this is a %d-point match", web.ErrConflict, b.header.Length)
		}
		throws, err := b.throwForRanks(a.Members)
		if err != nil {
			return true, err
		}
		e = ChouetteEntry{Kind: "start", Throws: throws}
	case web.ChouetteJoin:
		e = ChouetteEntry{Kind: "join", Member: a.Name}
	case web.ChouetteAnswer:
		e = ChouetteEntry{Kind: "answer", Member: a.Member, Take: a.Take}
	case web.ChouettePartner:
		e = ChouetteEntry{Kind: "partner", Member: a.Member}
	default:
		return false, nil
	}
	e.At = now
	return true, b.chouette(&e)
}

// chouette applies an entry to the books, journals it, and once the last
// team member has answered the box's double tells the referee the team's
// answer, which the board's trace keeps as the captain's take or drop: the
// answers themselves, from the page or the buttons, are the books'.
func (b *Board) chouette(e *ChouetteEntry) error {
	if err := b.session.apply(e); err != nil {
		return err
	}
	if err := b.append(journalRecord{Chouette: e}); err != nil {
		b.err = err
		return err
	}
	b.log.Info("chouette", "entry", e.Kind, "member", e.Member, "take", e.Take)
	if e.Kind == "answer" {
		if kind, ok := b.session.teamAnswer(); ok {
			b.traceTeamAnswer(e.At, kind)
			return b.input(referee.Input{At: e.At, Kind: kind, Side: chouetteBoxSide.Other()})
		}
	}
	b.showStatus()
	return nil
}

// traceTeamAnswer writes the team's answer to the box's double into the
// board's trace as a take or a drop by the captain's colour, so that
// `gammon replay` of the trace, which knows no chouette, answers the double
// as the referee heard it.
func (b *Board) traceTeamAnswer(at time.Time, kind referee.InputKind) {
	if b.trace == nil || b.skip > 0 {
		return
	}
	e := sensing.Event{Kind: sensing.Take, Side: chouetteBoxSide.Other()}
	if kind == referee.InputDrop {
		e.Kind = sensing.Drop
	}
	b.trace.item(sensing.Item{At: at, Kind: sensing.EventItem, Event: e})
}

// chouettePress takes the captain's answer to the box's double from the
// board's buttons (CUBE takes, a long press or PASS passes), for the
// books rather than the referee; it reports whether it took the press.
func (b *Board) chouettePress(it sensing.Item) (bool, error) {
	if it.Kind != sensing.EventItem || it.Event.Side == chouetteBoxSide || !b.session.awaitsTeam() {
		return false, nil
	}
	var take bool
	switch it.Event.Kind {
	case sensing.Cube, sensing.Take:
		take = true
	case sensing.Pass, sensing.Drop:
	default:
		return false, nil
	}
	err := b.chouette(&ChouetteEntry{At: it.At, Kind: "answer", Member: b.session.captain(), Take: take})
	if errors.Is(err, web.ErrConflict) {
		b.log.Warn("the captain's answer refused", "err", err)
		return true, nil
	}
	return true, err
}

// throwForRanks throws the board's electronic dice for each member's rank
// (law 2), again for those who tie, among them only (law 3).
func (b *Board) throwForRanks(members []string) (map[string][]int, error) {
	throws := make(map[string][]int, len(members))
	for _, m := range members {
		if _, dup := throws[m]; dup {
			return nil, fmt.Errorf("%w: %s is entered twice", web.ErrInvalid, m)
		}
		throws[m] = nil
	}
	tied := [][]string{members}
	for round := 0; len(tied) > 0; round++ {
		if round > maxRethrows {
			return nil, fmt.Errorf("the dice tied %d times in a row", maxRethrows)
		}
		var next [][]string
		for _, group := range tied {
			byFace := map[int][]string{}
			for _, m := range group {
				d, err := b.roller.Roll()
				if err != nil {
					return nil, err
				}
				throws[m] = append(throws[m], d[0])
				byFace[d[0]] = append(byFace[d[0]], m)
			}
			for _, face := range slices.Sorted(maps.Keys(byFace)) {
				if g := byFace[face]; len(g) > 1 {
					next = append(next, g)
				}
			}
		}
		tied = next
	}
	return throws, nil
}

// maxRethrows bounds the rethrows of a tie: 64 in a row means broken dice.
const maxRethrows = 64

// chouettePlayers are the names on the board's two sides in a chouette:
// the box's and the acting captain's, in place of the match's players on
// the page, the OLED and the desk; ok is false when no chouette is
// played.
func chouettePlayers(s *web.Session) (p [2]string, ok bool) {
	if s == nil || s.Chouette == nil {
		return p, false
	}
	c := s.Chouette
	for _, m := range c.Members {
		switch m.Post {
		case "box":
			p[c.BoxSide] = m.Name
		case "captain":
			p[c.BoxSide.Other()] = m.Name
		}
	}
	return p, true
}

// chouettePlayed reports whether a chouette is played.
func (s *session) chouettePlayed() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.books != nil
}

// chouetteStandings are the chouette's members for the OLED, by rank.
func chouetteStandings(c *web.Chouette) []panel.ChouetteMember {
	out := make([]panel.ChouetteMember, len(c.Members))
	for i, m := range c.Members {
		out[i] = panel.ChouetteMember{Name: m.Name, Post: m.Post, Score: m.Score,
			Out: m.Passed, Pending: m.Awaits}
	}
	return out
}
