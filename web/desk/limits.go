package desk

import (
	"errors"
	"fmt"

	"gammond/engine"
	"gammond/referee"
	"gammond/web"
	"gammond/web/mqtt"
)

// Bounds on the content of a message, each what the game needs with room
// to spare: a message within its size may still hold a list that costs the
// desk thirty times its bytes once decoded, and the desk keeps what it
// decodes for every board. The bounds every side shares (texts, words,
// names, every list's length) are mqtt's.
const (
	maxPoints  = 26  // a point list names points 0 (off) to 25 (the bar), each once at most
	maxPageURL = 512 // a board's page link
	maxMembers = 16  // a chouette's members
	maxThrows  = 16  // one member's opening throws, ties thrown again
)

// checkStateContent refuses a state whose lists or texts are longer than a
// board can send.
func checkStateContent(s *mqtt.State) error {
	if err := mqtt.CheckWords(map[string]string{"phase": s.Phase, "instance": s.Instance, "position": s.Position}); err != nil {
		return err
	}
	if len(s.Page) > maxPageURL {
		return fmt.Errorf("page link of %d bytes: more than %d", len(s.Page), maxPageURL)
	}
	for name, l := range map[string][]int{"flagged": s.Flagged, "setup_wrong": s.SetupWrong, "touched": s.Touched} {
		if err := checkPoints(name, l); err != nil {
			return err
		}
	}
	if c := s.Clocks; c != nil && (c.Remaining[0] < 0 || c.Remaining[1] < 0 || c.DelayLeft < 0 || c.Turn > engine.Black) {
		return fmt.Errorf("clocks %+v: a negative time or side %d on the clock", *c, c.Turn)
	}
	if r := s.Resignation; r != nil && r.Side > engine.Black {
		return fmt.Errorf("side %d resigning", r.Side)
	}
	if s.Welsh != nil {
		if err := mqtt.CheckWords(map[string]string{"cube_right": s.Welsh.CubeRight}); err != nil {
			return err
		}
	}
	return checkSession(s.Session)
}

func checkSession(se *web.Session) error {
	if se == nil {
		return nil
	}
	for _, g := range se.Ledger {
		if err := mqtt.CheckWords(map[string]string{"ledger kind": g.Kind}); err != nil {
			return err
		}
	}
	c := se.Chouette
	if c == nil {
		return nil
	}
	if len(c.Members) > maxMembers || len(c.Pending) > maxMembers {
		return fmt.Errorf("chouette of %d members, %d pending: more than %d", len(c.Members), len(c.Pending), maxMembers)
	}
	for _, m := range c.Members {
		if err := mqtt.CheckPlayers([2]string{m.Name}); err != nil {
			return err
		}
		if err := mqtt.CheckWords(map[string]string{"post": m.Post}); err != nil {
			return err
		}
		if len(m.Throws) > maxThrows {
			return fmt.Errorf("%d opening throws: more than %d", len(m.Throws), maxThrows)
		}
	}
	for _, name := range c.Pending {
		if err := mqtt.CheckPlayers([2]string{name}); err != nil {
			return err
		}
	}
	return nil
}

// checkEventContent refuses an event whose lists or texts are longer than
// a board can send.
func checkEventContent(e *referee.Summary) error {
	if e.Kind == "" {
		return errors.New("event without a kind")
	}
	if err := mqtt.CheckWords(map[string]string{"kind": e.Kind, "fault": e.Fault, "position": e.Position}); err != nil {
		return err
	}
	switch {
	case len(e.Play) > mqtt.MaxPlay:
		return fmt.Errorf("play of %d bytes: more than %d", len(e.Play), mqtt.MaxPlay)
	}
	if err := mqtt.CheckText("text", e.Text); err != nil {
		return err
	}
	return checkPoints("points", e.Points)
}

// checkPoints refuses a point list longer than the board's points, or
// naming one that is not on the board.
func checkPoints(name string, points []int) error {
	if len(points) > maxPoints {
		return fmt.Errorf("%s: %d points, more than %d", name, len(points), maxPoints)
	}
	for _, p := range points {
		if p < 0 || p > 25 {
			return fmt.Errorf("%s: point %d: want 0 to 25", name, p)
		}
	}
	return nil
}
