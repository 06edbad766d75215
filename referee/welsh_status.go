package referee

import (
	"gammond/engine"
	"gammond/engine/welsh"
)

// Option names a Welsh player's option as the page gives it: the name of
// its input's kind.
type Option string

// The Welsh options, each an input of its own.
const (
	OptionAceyDeucey = Option("acey-deucey") // InputAceyDeucey
	OptionOneDie     = Option("one-die")     // InputOneDie
	OptionNominate   = Option("nominate")    // InputNominate
	OptionOffer      = Option("offer")       // InputConcede
	OptionOddsEvens  = Option("odds-evens")  // InputOddsEvens
)

// WelshStatus is the Welsh game's state beside the standard Status: what
// the page, the LEDs and the players need to know.
type WelshStatus struct {
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
	Offer   *welsh.Offer `json:"offer,omitempty"`
	// Chooser won odds and evens: he chooses who throws first (rule 7).
	Chooser *engine.Side `json:"chooser,omitempty"`
	Games   int          `json:"games"` // games to win the match (rule 1)
}

// status fills in the Welsh match's score and cube, and its own state.
func (g *welshGame) status(s *Status, b engine.Board) {
	m := g.rec.Match()
	cube, centred, right := m.Cube()
	s.Length, s.Score, s.Cube = welsh.MatchGames, m.Score(), cube
	phase := g.r.phase
	ws := &WelshStatus{Games: welsh.MatchGames, Nominated: g.nominated, OfferBy: g.offerBy,
		Chooser: g.chooser, OneDie: g.oneDie, AceyDeucey: phase == moving && g.mayRethrow,
		Triangle: welsh.HasTriangle(&b[engine.Mover]), CubeRight: "either"}
	if !centred {
		s.CubeOwner, ws.CubeRight = &right, right.String()
	}
	ws.FullSpread = phase == awaitingRoll && welsh.HasFullSpread(&b[engine.Mover])
	for side := range ws.Roof {
		ws.Roof[side] = s.Checkers[side][engine.Bar]
	}
	if g.nominee != nil {
		d := g.nominee.Dice
		ws.Nominee = &d
	}
	if o := s.Resignation; o != nil {
		ws.Offer = &welsh.Offer{By: o.Side, Games: o.Points, Mandatory: o.Forced}
	}
	s.Welsh = ws
}
