package mqtt

import (
	"fmt"
	"unicode/utf8"

	"gammond/engine"
)

// Bounds on the content of a message, shared by every side that decodes
// one: a message within its size may still hold a list that costs thirty
// times its bytes once decoded, and what is decoded is kept.
const (
	MaxText = 256 // a line for people: an event's, a warning of gnubg's, a file name
	MaxWord = 64  // a phase, kind, fault, post, instance, position ID, rating or cube right
	MaxPlay = 128 // a play in gnubg notation: four moves with hits, or a Welsh throw's
	// MaxArray bounds every JSON array of a message before it is decoded:
	// the longest list a board sends is a day's money-session ledger.
	MaxArray = 2000
)

// CheckWords refuses a short field longer than MaxWord, or not UTF-8.
func CheckWords(fields map[string]string) error {
	for name, v := range fields {
		if len(v) > MaxWord {
			return fmt.Errorf("%s of %d bytes: more than %d", name, len(v), MaxWord)
		}
		if !utf8.ValidString(v) {
			return fmt.Errorf("%s is not UTF-8", name)
		}
	}
	return nil
}

// CheckText refuses a line for people longer than MaxText, or not UTF-8.
func CheckText(name, v string) error {
	switch {
	case len(v) > MaxText:
		return fmt.Errorf("%s of %d bytes: more than %d", name, len(v), MaxText)
	case !utf8.ValidString(v):
		return fmt.Errorf("%s is not UTF-8", name)
	}
	return nil
}

// CheckPlayers checks the players' names as the board does: a name may be
// empty (not yet entered), else one a match record can hold.
func CheckPlayers(p [2]string) error {
	for _, name := range p {
		if name == "" {
			continue
		}
		if err := engine.CheckName(name); err != nil {
			return err
		}
	}
	return nil
}

// CheckArrays refuses a JSON text holding an array of more than MaxArray
// elements, without decoding it and without allocating: it counts the
// commas at each array's own depth, strings skipped.
func CheckArrays(data []byte) error {
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
			if counts[depth]++; counts[depth] >= MaxArray {
				return fmt.Errorf("a list of more than %d entries", MaxArray)
			}
		}
	}
	return nil
}
