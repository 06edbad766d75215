package welsh

import "gammond/engine"

// Status is the Welsh match's own state beside the standard game's: what
// the page, the LEDs and the players need to know.
type Status struct {
	Roof       [2]int `json:"roof"`        // men on the roof, by engine.Side (three lose the game, rule 14)
	CubeRight  string `json:"cube_right"`  // "either", "white" or "black": who may double next (rule 3)
	Triangle   bool   `json:"triangle"`    // the mover's triangle stands: no doubling (rule 17a)
	FullSpread bool   `json:"full_spread"` // the player on roll may throw one die (rule 11)
	OneDie     bool   `json:"one_die"`     // ... and chose to
	// AceyDeucey: the player on roll may throw the 2-1 again (rule 13).
	AceyDeucey bool `json:"acey_deucey"`
	// Nominee is the next throw, nominated (rule 21); Nominated whose
	// nominate is spent, by engine.Side.
	Nominee   *engine.Dice `json:"nominee,omitempty"`
	Nominated [2]bool      `json:"nominated"`
	// OfferBy may offer to concede: the one-throw-win occasion is open
	// (rule 18); Offer is an offer waiting for its answer.
	OfferBy *engine.Side `json:"offer_by,omitempty"`
	Offer   *Offer       `json:"offer,omitempty"`
	// Chooser won odds and evens: he chooses who throws first (rule 7).
	Chooser *engine.Side `json:"chooser,omitempty"`
	Games   int          `json:"games"` // games to win the match (rule 1)
}

// Status returns the match's own state; b is the position shown (between
// games, the last), onRoll's colour in b[Mover].
func (m *Match) Status(b engine.Board, onRoll engine.Side) Status {
	_, centred, right := m.Cube()
	s := Status{Games: MatchGames, Nominated: m.nominated, OneDie: m.OneDie(), AceyDeucey: m.MayRethrow(onRoll),
		Triangle: HasTriangle(&b[engine.Mover]), CubeRight: "either"}
	if !centred {
		s.CubeRight = right.String()
	}
	s.FullSpread = m.game != nil && m.game.turn == onRoll && m.game.throw == nil && HasFullSpread(&b[engine.Mover])
	s.Roof[onRoll], s.Roof[onRoll.Other()] = b[engine.Mover].On(engine.Bar), b[engine.Opponent].On(engine.Bar)
	if t, ok := m.Nominee(); ok {
		s.Nominee = &t.Dice
	}
	if by, ok := m.OfferBy(); ok {
		s.OfferBy = &by
	}
	if by, ok := m.Chooser(); ok {
		s.Chooser = &by
	}
	return s
}
