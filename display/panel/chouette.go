package panel

import "gammond/display/oled"

// ChouetteMember is a chouette member's standing, as the board's books
// give it (web.Member).
type ChouetteMember struct {
	Name string
	// Post is "box", "captain", "box's partner", "partner" or "joining"
	// (from the next game, law 4).
	Post  string
	Score float64
	// Out says the member passed the box's double in the game in
	// progress; Pending that he is yet to answer a double.
	Out, Pending bool
}

// The marks before a member's name on the OLED; a partner in the game
// has none.
const (
	markBox     = 'B'
	markCaptain = 'C'
	markPartner = 'P' // the box's partner (law 12)
	markPending = '?' // yet to answer: the call to act wins over the post
	markOut     = 'X' // passed the box's double: out of this game
	markJoining = 'N' // a newcomer, in from the next game
)

// standings sets the screen's chouette members from the books, in rank
// order.
func standings(s *oled.Screen, members []ChouetteMember) {
	s.Members = len(members)
	for i, m := range members[:min(len(members), oled.MaxMembers)] {
		s.Chouette[i] = oled.Member{Mark: mark(&m), Name: m.Name, Score: m.Score}
	}
}

// mark is the member's mark (see the package doc).
func mark(m *ChouetteMember) rune {
	switch {
	case m.Pending:
		return markPending
	case m.Out:
		return markOut
	}
	switch m.Post {
	case "box":
		return markBox
	case "captain":
		return markCaptain
	case "box's partner":
		return markPartner
	case "joining":
		return markJoining
	}
	return ' '
}
