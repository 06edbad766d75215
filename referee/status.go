package referee

import (
	"gammond/engine"
)

// Phase names where a match is in the turn flow, as Status reports it.
const (
	PhaseSettingUp = "setting-up" // between games: set up the board, then roll
	PhaseRolling   = "rolling"    // the side on roll may double or roll
	PhaseDoubled   = "doubled"    // a double waits for take or pass
	PhaseMoving    = "moving"     // the side on roll is playing
	PhaseFlagged   = "flagged"    // an illegal play waits for correction
	PhaseMatchOver = "match-over"
)

var phaseNames = [...]string{
	settingUp: PhaseSettingUp, awaitingRoll: PhaseRolling, doubled: PhaseDoubled,
	moving: PhaseMoving, flagged: PhaseFlagged, matchOver: PhaseMatchOver,
}

// Status is what the referee knows of the match at a moment: what the
// display, the live page, the director's desk and MQTT show.
type Status struct {
	Phase    string      `json:"phase"`
	Length   int         `json:"length"` // 0 for money play
	Score    [2]int      `json:"score"`  // by engine.Side
	Game     int         `json:"game"`   // from 1; 0 before the first
	Turn     int         `json:"turn"`
	Crawford bool        `json:"crawford"`
	OnRoll   engine.Side `json:"on_roll"`
	Dice     engine.Dice `json:"dice"` // zero before the roll

	// Checkers is where the referee believes the checkers are: in JSON
	// an array per side indexed as engine.Layout (board point p at p, the
	// bar at 25, borne off at 0).
	Checkers engine.Layout `json:"checkers"`
	// Position is the gnubg position ID with OnRoll on roll.
	Position string `json:"position"`

	Cube      int          `json:"cube"`
	CubeOwner *engine.Side `json:"cube_owner"` // nil while centred
	CubeDead  bool         `json:"cube_dead"`

	// Flagged is the points to light for an illegal play waiting for
	// correction; SetupWrong the points wrong in the set-up.
	Flagged    []int `json:"flagged"`
	SetupWrong []int `json:"setup_wrong"`
	// AwaitingChecker says DONE found a checker still in the hand: the
	// play is judged when it lands or the grace period is over.
	AwaitingChecker bool `json:"awaiting_checker,omitempty"`
	// Touched is the points moved after DONE, to put back before the
	// roll (US 4.3).
	Touched []int `json:"touched"`
	// IllegalPlays counts each side's plays flagged in the match, by
	// engine.Side, for the director (US 4.8: a warning, then a penalty).
	IllegalPlays [2]int `json:"illegal_plays"`
	Ambiguous    bool   `json:"ambiguous"` // the sensors could not tell the last play(s) apart

	// Resignation is the resignation waiting for its answer; nil for none.
	Resignation *Offer `json:"resignation"`
	// EarlyRoll is the opponent's roll made before the mover's DONE, held
	// until the mover's turn is over (US 4.6); nil for none.
	EarlyRoll *HeldRoll `json:"early_roll"`
	// Welsh is the Welsh game's own state (rules = "welsh"); nil for the
	// standard game.
	Welsh *WelshStatus `json:"welsh,omitempty"`
}

// HeldRoll is an early roll held, as Status reports it.
type HeldRoll struct {
	Side   engine.Side `json:"side"` // the side that rolled
	Dice   engine.Dice `json:"dice"`
	Reroll bool        `json:"reroll"` // the mover chose a reroll
	// AfterDone: the roll stood at the mover's DONE and the roller has not
	// begun to play it: the mover may still have it rerolled (US 4.6).
	AfterDone bool `json:"after_done"`
}

// Offer is a resignation on offer, as Status reports it.
type Offer struct {
	Side   engine.Side `json:"side"`   // the side resigning
	Points int         `json:"points"` // 1 single, 2 gammon, 3 backgammon: the level offered
	Worth  int         `json:"worth"`  // what accepting scores, the cube counted
	// Forced: the opponent can do no better, so the director may force
	// acceptance (US 11.1, clock rules 5.1).
	Forced bool `json:"forced"`
}

// Status returns the match as the referee sees it now.
func (r *Referee) Status() Status {
	s := Status{
		Phase:        phaseNames[r.phase],
		Game:         r.game,
		Turn:         r.turn,
		OnRoll:       r.onRoll,
		SetupWrong:   append([]int{}, r.setupWrong...),
		Touched:      append([]int{}, r.touched...),
		IllegalPlays: r.illegalPlays,
		Flagged:      []int{},
		Ambiguous:    len(r.lines) > 1,

		AwaitingChecker: r.awaitingChecker(),
	}
	s.Resignation = r.offerStatus()
	if e := r.choosable(); e != nil {
		s.EarlyRoll = &HeldRoll{Side: e.side, Dice: e.dice, Reroll: e.reroll, AfterDone: e == r.stood}
	}
	if r.phase == moving || r.phase == flagged {
		s.Dice = r.dice
	}
	if r.phase == flagged {
		s.Flagged = r.judging.lit(r, s.Flagged)
	}
	b := engine.StartingBoard
	if len(r.lines) > 0 {
		b = r.lines[0].board
	}
	s.Position = b.PositionID()
	s.Checkers = engine.LayoutOf(&b, r.onRoll)
	r.book.status(&s, b)
	return s
}
