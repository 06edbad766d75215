package desk

import (
	"errors"
	"fmt"
	"unicode/utf8"

	"gammond/engine"
	"gammond/referee"
	"gammond/web"
	"gammond/web/mqtt"
)

// Bounds on the content of a message, each what the game needs with room
// to spare: a message within its size may still hold a list that costs the
// desk thirty times its bytes once decoded, and the desk keeps what it
// decodes for every board.
const (
	maxPoints  = 26   // a point list names points 0 (off) to 25 (the bar), each once at most
	maxText    = 256  // an event's line for people
	maxWord    = 64   // a phase, kind, fault, post, instance, position ID or cube right
	maxPlay    = 128  // a play in gnubg notation: four moves with hits, or a Welsh throw's
	maxPageURL = 512  // a board's page link
	maxLedger  = 2000 // games in a money session's ledger: a long day's play
	maxMembers = 16   // a chouette's members
	maxThrows  = 16   // one member's opening throws, ties thrown again
)

// checkStateContent refuses a state whose lists or texts are longer than a
// board can send.
func checkStateContent(s *mqtt.State) error {
	if err := checkWords(map[string]string{"phase": s.Phase, "instance": s.Instance, "position": s.Position}); err != nil {
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
		if err := checkWords(map[string]string{"cube_right": s.Welsh.CubeRight}); err != nil {
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
		if err := checkWords(map[string]string{"ledger kind": g.Kind}); err != nil {
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
		if err := checkPlayers([2]string{m.Name}); err != nil {
			return err
		}
		if err := checkWords(map[string]string{"post": m.Post}); err != nil {
			return err
		}
		if len(m.Throws) > maxThrows {
			return fmt.Errorf("%d opening throws: more than %d", len(m.Throws), maxThrows)
		}
	}
	for _, name := range c.Pending {
		if err := checkPlayers([2]string{name}); err != nil {
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
	if err := checkWords(map[string]string{"kind": e.Kind, "fault": e.Fault, "position": e.Position}); err != nil {
		return err
	}
	switch {
	case len(e.Play) > maxPlay:
		return fmt.Errorf("play of %d bytes: more than %d", len(e.Play), maxPlay)
	case len(e.Text) > maxText:
		return fmt.Errorf("text of %d bytes: more than %d", len(e.Text), maxText)
	case !utf8.ValidString(e.Text):
		return errors.New("text is not UTF-8")
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

// checkWords refuses a short field longer than maxWord, or not UTF-8.
func checkWords(fields map[string]string) error {
	for name, v := range fields {
		if len(v) > maxWord {
			return fmt.Errorf("%s of %d bytes: more than %d", name, len(v), maxWord)
		}
		if !utf8.ValidString(v) {
			return fmt.Errorf("%s is not UTF-8", name)
		}
	}
	return nil
}

// maxArray bounds every JSON array of a message before it is decoded: the
// longest list a board sends is a day's ledger. A longer one is refused
// without decoding it, which would cost the desk many times its bytes.
const maxArray = maxLedger

// checkArrays refuses a JSON text holding an array of more than maxArray
// elements, without allocating: it counts the commas at each array's own
// depth, strings skipped.
func checkArrays(data []byte) error {
	var counts [64]int // elements so far of the open arrays, by depth
	depth, inString, escaped := 0, false, false
	for _, c := range data {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			if depth++; depth >= len(counts) {
				return fmt.Errorf("nested more than %d deep", len(counts)-1)
			}
			counts[depth] = 0
			if c == '{' {
				counts[depth] = -1 // an object's commas are not counted
			}
		case c == ']' || c == '}':
			depth = max(depth-1, 0)
		case c == ',' && counts[depth] >= 0:
			if counts[depth]++; counts[depth] >= maxArray {
				return fmt.Errorf("a list of more than %d entries", maxArray)
			}
		}
	}
	return nil
}
