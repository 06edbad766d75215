package chouette

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"gammond/engine"
)

// Session is a chouette session as "gammon chouette" reads it from JSON:
//
//	{"players": ["Ann", "Bob", "Cy"],
//	 "opening": {"Ann": 5, "Bob": 3, "Cy": 6},
//	 "games": [
//	   {"winner": "box", "points": 1},
//	   {"cube": [{"by": "box", "to": 2, "drops": ["Cy"]}], "winner": "team", "points": 2}
//	 ]}
//
// Each member's opening throw is a number; members who tied throw again,
// given as a list of throws ("Ann": [5, 2]), or as a "rethrow" object of the
// tying members' next throws, inside "opening" or beside it (a list of such
// objects for more rounds, or a "rethrow" nested in the last).
type Session struct {
	Players []string `json:"players"`
	// Opening is each member's throws (laws 2, 3); nil when the file has
	// none, and then Players are listed by rank, the box first.
	Opening map[string][]int `json:"-"`
	Games   []GameRecord     `json:"games"`
}

// GameRecord is one game of a Session.
type GameRecord struct {
	// Join lists the newcomers who join before this game and rank last
	// in it (law 4).
	Join []string `json:"join,omitempty"`
	// BoxPartner is the member the box chooses as his partner for this
	// game, with six members or more (law 12); "" for none.
	BoxPartner string `json:"box_partner,omitempty"`
	// Cube lists the game's doubles in order.
	Cube []DoubleRecord `json:"cube,omitempty"`
	// Winner is "box" or "team"; "" when every adversary passed a double.
	Winner string `json:"winner,omitempty"`
	// Points is 1, 2 or 3, a single game, gammon or backgammon, times the
	// cube each member holds; 0 with no Winner.
	Points int `json:"points,omitempty"`
}

// DoubleRecord is one double of a game.
type DoubleRecord struct {
	// By is "box" or "captain" (the acting captain doubles for the team).
	By string `json:"by"`
	// To is the cube's new value: twice its value.
	To int `json:"to"`
	// Drops lists the members who pass: for a box's double, team
	// members; for the captain's, the box (by name, or "box").
	Drops []string `json:"drops,omitempty"`
}

// sessionFile is the JSON of a Session, its opening throws still raw.
type sessionFile struct {
	Players []string        `json:"players"`
	Opening json.RawMessage `json:"opening"`
	Rethrow json.RawMessage `json:"rethrow"`
	Games   []GameRecord    `json:"games"`
}

// ParseSession reads a Session from JSON; an unknown field is an error, as
// a misspelt one would silently change the books.
func ParseSession(data []byte) (Session, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f sessionFile
	if err := dec.Decode(&f); err != nil {
		return Session{}, jsonError(data, err)
	}
	if dec.More() {
		return Session{}, fmt.Errorf("line %d: data after the session", lineOf(data, dec.InputOffset()))
	}
	s := Session{Players: f.Players, Games: f.Games}
	if len(f.Opening) == 0 && len(f.Rethrow) > 0 {
		return Session{}, errors.New("rethrow: no opening throws to break a tie of")
	}
	if len(f.Opening) > 0 {
		s.Opening = make(map[string][]int)
		if err := readThrows(f.Opening, s.Opening, "opening"); err != nil {
			return Session{}, err
		}
		if err := readRethrows(f.Rethrow, s.Opening, "rethrow"); err != nil {
			return Session{}, err
		}
	}
	return s, nil
}

// readThrows adds to throws an object of members' throws, each a number or
// a list of numbers, with maybe a "rethrow" read after the rest.
func readThrows(raw json.RawMessage, throws map[string][]int, field string) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(raw, &members); err != nil {
		return fmt.Errorf("%s: want an object of members' throws: %w", field, err)
	}
	names := make([]string, 0, len(members))
	for name := range members {
		if name != "rethrow" {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	for _, name := range names {
		var one int
		var several []int
		if err := json.Unmarshal(members[name], &one); err == nil {
			several = []int{one}
		} else if err := json.Unmarshal(members[name], &several); err != nil {
			return fmt.Errorf("%s: %s: want a die's face or a list of them, got %s", field, name, members[name])
		}
		throws[name] = append(throws[name], several...)
	}
	return readRethrows(members["rethrow"], throws, field+".rethrow")
}

// readRethrows adds a "rethrow": an object of throws, or a list of them for
// successive rounds.
func readRethrows(raw json.RawMessage, throws map[string][]int, field string) error {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return nil
	}
	if raw[0] != '[' {
		return readThrows(raw, throws, field)
	}
	var rounds []json.RawMessage
	if err := json.Unmarshal(raw, &rounds); err != nil {
		return fmt.Errorf("%s: %w", field, err)
	}
	for i, r := range rounds {
		if err := readThrows(r, throws, fmt.Sprintf("%s[%d]", field, i)); err != nil {
			return err
		}
	}
	return nil
}

// jsonError says where in data a decoding error is.
func jsonError(data []byte, err error) error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		return fmt.Errorf("line %d: %w", lineOf(data, syntax.Offset), err)
	case errors.As(err, &typ):
		return fmt.Errorf("line %d: field %s: want %v, got %s", lineOf(data, typ.Offset), typ.Field, typ.Type, typ.Value)
	}
	return err
}

// lineOf returns the line, from 1, of offset in data.
func lineOf(data []byte, offset int64) int {
	offset = min(max(offset, 0), int64(len(data)))
	return 1 + bytes.Count(data[:offset], []byte("\n"))
}

// Replay plays a session: the members ranked by their throws, then every
// game. An error names the game (from 1), the double (from 1) and what is
// wrong.
func Replay(s Session) (*Chouette, error) {
	order, err := s.ranks()
	if err != nil {
		return nil, err
	}
	c, err := New(order)
	if err != nil {
		return nil, err
	}
	for i, g := range s.Games {
		if err := c.replayGame(g); err != nil {
			return nil, fmt.Errorf("game %d: %w", i+1, err)
		}
	}
	return c, nil
}

// ranks returns the players by rank, from their opening throws.
func (s Session) ranks() ([]string, error) {
	if s.Opening == nil {
		return s.Players, nil
	}
	for name := range s.Opening {
		if !slices.Contains(s.Players, name) {
			return nil, fmt.Errorf("opening: %s: %w (not among the players)", name, ErrUnknownMember)
		}
	}
	for _, name := range s.Players {
		if _, ok := s.Opening[name]; !ok {
			return nil, fmt.Errorf("opening: %s has no opening throw", name)
		}
	}
	if err := checkDistinct(s.Players, "players"); err != nil {
		return nil, err
	}
	return Rank(s.Opening)
}

// checkDistinct refuses a name listed twice.
func checkDistinct(names []string, field string) error {
	for i, n := range names {
		if slices.Contains(names[:i], n) {
			return fmt.Errorf("%s: %s is listed twice", field, n)
		}
	}
	return nil
}

// replayGame plays one game of a session.
func (c *Chouette) replayGame(g GameRecord) error {
	for _, name := range g.Join {
		if err := c.Join(name); err != nil {
			return fmt.Errorf("join: %w", err)
		}
	}
	if err := c.StartGame(); err != nil {
		return err
	}
	if g.BoxPartner != "" {
		if err := c.ChooseBoxPartner(g.BoxPartner); err != nil {
			return fmt.Errorf("box_partner: %w", err)
		}
	}
	for i, d := range g.Cube {
		if err := c.replayDouble(d); err != nil {
			return fmt.Errorf("double %d (%s to %d): %w", i+1, d.By, d.To, err)
		}
	}
	return c.replayResult(g)
}

// replayDouble plays a double and its answers: those in Drops pass, the
// rest take.
func (c *Chouette) replayDouble(d DoubleRecord) error {
	if !c.Playing() {
		return errors.New("the game is over: an earlier double was passed")
	}
	by, err := c.doubler(d.By)
	if err != nil {
		return err
	}
	if next := 2 * c.Cube(); d.To != next {
		return fmt.Errorf("%d is not the next double: the cube is at %d, the next double is %d", d.To, c.Cube(), next)
	}
	if err := checkDistinct(d.Drops, "drops"); err != nil {
		return err
	}
	if err := c.Double(by); err != nil {
		return err
	}
	for _, name := range d.Drops {
		if strings.EqualFold(name, "box") {
			name = c.Box()
		}
		if err := c.Pass(name); err != nil {
			return fmt.Errorf("drops: %w", err)
		}
	}
	for _, name := range c.Pending() {
		if err := c.Take(name); err != nil {
			return err
		}
	}
	return nil
}

// doubler reads a double's "by": "box", "captain" (or "team"), or the
// name of the box or of the acting captain.
func (c *Chouette) doubler(by string) (Side, error) {
	switch keyword := strings.ToLower(by); {
	case keyword == "box" || by == c.Box():
		return Box, nil
	case keyword == "captain" || keyword == "team" || by == c.Captain():
		return Team, nil
	case c.isMember(by):
		return 0, fmt.Errorf("%s is a partner: only the captain doubles for the team (law 7)", by)
	case by == "":
		return 0, errors.New(`by: want "box" or "captain"`)
	}
	return 0, fmt.Errorf("by: %s: %w", by, ErrUnknownMember)
}

// replayResult ends the game as the record says, or checks that its
// doubles ended it.
func (c *Chouette) replayResult(g GameRecord) error {
	if !c.Playing() {
		if g.Winner != "" || g.Points != 0 {
			return fmt.Errorf("winner %q, points %d: the game ended when a double was passed; give neither", g.Winner, g.Points)
		}
		return nil
	}
	var winner Side
	switch strings.ToLower(g.Winner) {
	case "box":
		winner = Box
	case "team", "captain":
		winner = Team
	case "":
		return fmt.Errorf("no winner, and %s still in the game", strings.Join(append([]string{c.Box()}, c.InGame()...), ", "))
	default:
		return fmt.Errorf(`winner %q: want "box" or "team"`, g.Winner)
	}
	if g.Points < 1 || g.Points > 3 {
		return fmt.Errorf("points %d: want 1, 2 or 3 (single, gammon, backgammon)", g.Points)
	}
	return c.Win(winner, engine.ResultKind(g.Points))
}
