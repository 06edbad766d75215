package sim

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"gammond/engine"
)

// Expect is what a correct replay of a trace gives, as
// shared/traces/*.expect.json states it: every legal play with the position
// it leaves, the cube actions, the turns first played illegally, and each
// game's result.
type Expect struct {
	MatchLength int          `json:"match_length"`
	Games       []ExpectGame `json:"games"`
}

// ExpectGame is one game of an Expect.
type ExpectGame struct {
	// Plays are the game's legal plays in order, forfeited rolls included.
	Plays []ExpectPlay `json:"plays"`
	// Cube are its cube actions in order.
	Cube []CubeAction `json:"cube"`
	// Illegal are the turns first played illegally, then put right.
	Illegal []IllegalTurn `json:"illegal"`
	// Winner is the side that won, nil for a game the record leaves
	// unfinished; Points is what it scored, as the record says. A game
	// the record ends with a resignation ends on the board with the
	// loser's resign and the winner's accept.
	Winner *engine.Side `json:"winner"`
	Points int          `json:"points"`
}

// ExpectPlay is one legal play.
type ExpectPlay struct {
	// Turn is the game's roll count: the opening roll is turn 1.
	Turn int         `json:"turn"`
	Side engine.Side `json:"side"`
	Dice engine.Dice `json:"dice"`
	// After is the gnubg position ID of the position the play leaves,
	// the opponent on roll (the mover encoded first).
	After string `json:"after"`
}

// CubeAction is a cube action: Kind "double", "take" or "drop", by Side,
// after Turns rolls of the game. Its JSON is [kind, side, turns].
type CubeAction struct {
	Kind  string
	Side  engine.Side
	Turns int
}

// MarshalJSON writes the action as [kind, side, turns].
func (c CubeAction) MarshalJSON() ([]byte, error) {
	return json.Marshal([3]any{c.Kind, c.Side, c.Turns})
}

// UnmarshalJSON reads [kind, side, turns].
func (c *CubeAction) UnmarshalJSON(b []byte) error {
	var raw []json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return fmt.Errorf("cube action: %w", err)
	}
	if len(raw) != 3 {
		return fmt.Errorf("cube action %s: want [kind, side, turns]", b)
	}
	for i, v := range []any{&c.Kind, &c.Side, &c.Turns} {
		if err := json.Unmarshal(raw[i], v); err != nil {
			return fmt.Errorf("cube action %s: %w", b, err)
		}
	}
	return nil
}

// IllegalTurn is a turn first played illegally.
type IllegalTurn struct {
	Turn int         `json:"turn"`
	Side engine.Side `json:"side"`
	// Kind is the mistake: "partial" (a die left unplayed), "miscount"
	// (a checker one pip short or long), "backwards", "extra" (a checker
	// too many moved) or "single" (one die used when both could be).
	Kind string `json:"kind"`
	// Played is the position ID of what the board showed at that DONE,
	// the opponent on roll.
	Played string `json:"played"`
}

// Write writes the expectation as indented JSON, the layout of
// shared/traces.
func (e *Expect) Write(w io.Writer) error {
	b, err := json.MarshalIndent(e, "", " ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// ReadExpect reads an expectation that Write (or the tool that recorded
// shared/traces) wrote.
func ReadExpect(r io.Reader) (*Expect, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var e Expect
	if err := dec.Decode(&e); err != nil {
		return nil, fmt.Errorf("expectation: %w", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("expectation: data after the JSON object")
	}
	return &e, nil
}
