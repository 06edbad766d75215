package referee

import (
	"gammond/engine"
	"gammond/engine/welsh"
)

// Option names a Welsh player's option given as an InputOption.
type Option string

// The Welsh options an InputOption gives.
const (
	// OptionAceyDeucey: Side throws its unplayed 2-1 again (rule 13); a
	// ROLL on the unmoved board does the same.
	OptionAceyDeucey Option = "acey-deucey"
	// OptionOneDie: Side, about to throw with a full spread, throws one
	// die (rule 11); again, two; a long CUBE press does the same.
	OptionOneDie Option = "one-die"
	// OptionNominate: Side nominates Dice for the next throw (rule 21).
	OptionNominate Option = "nominate"
	// OptionOffer: Side offers to concede Points games, Long with the
	// fiver paid (rule 18).
	OptionOffer Option = "offer"
	// OptionOddsEvens: Side calls odds (Points 1) or evens (Points 0) on
	// the shaker's hidden Dice before a first game (rule 7).
	OptionOddsEvens Option = "odds-evens"
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

// Status implements Judge.
func (w *Welsh) Status() Status {
	m := w.rec.Match()
	cube, centred, right := m.Cube()
	s := Status{
		Phase:        phaseNames[w.phase],
		Length:       welsh.MatchGames,
		Score:        m.Score(),
		Game:         w.game,
		Turn:         w.turn,
		OnRoll:       w.onRoll,
		Cube:         cube,
		SetupWrong:   append([]int{}, w.setupWrong...),
		Touched:      []int{},
		Flagged:      append([]int{}, w.flagged...),
		IllegalPlays: w.illegalPlays,
	}
	if !centred {
		s.CubeOwner = &right
	}
	if w.phase == moving || w.phase == flagged {
		s.Dice = w.throw.Dice
	}
	b, _, err := m.Board()
	if w.phase == moving || w.phase == flagged {
		b = w.before
	} else if err != nil {
		b = engine.StartingBoard
	}
	s.Position = b.PositionID()
	s.Checkers = engine.LayoutOf(&b, w.onRoll)
	ws := &WelshStatus{Games: welsh.MatchGames, Nominated: w.nominated, OfferBy: w.offerBy, Offer: w.offer,
		Chooser: w.chooser, OneDie: w.oneDie, AceyDeucey: w.phase == moving && w.mayRethrow,
		Triangle: welsh.HasTriangle(&b[engine.Mover]), CubeRight: "either"}
	if !centred {
		ws.CubeRight = right.String()
	}
	ws.FullSpread = w.phase == awaitingRoll && welsh.HasFullSpread(&b[engine.Mover])
	for side := range ws.Roof {
		ws.Roof[side] = s.Checkers[side][engine.Bar]
	}
	if w.nominee != nil {
		d := w.nominee.Dice
		ws.Nominee = &d
	}
	if o := w.offer; o != nil { // the page answers it as a resignation
		s.Resignation = &Offer{Side: o.By, Points: o.Games, Worth: o.Games, Forced: o.Mandatory}
	}
	s.Welsh = ws
	return s
}
