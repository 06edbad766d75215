package web

import (
	"errors"
	"fmt"

	"gammond/engine"
	"gammond/referee"
	"gammond/sensing"
)

// Action is something the director or a simulated board's user does: one
// of StartMatch, SetScore, Rule, Penalty, PauseClocks, EnterDice,
// ForceResignation (the director's), Resign, AnswerResignation and
// ChooseEarlyRoll (both), IntroduceClock, AdjustClock (the director's),
// and SimMove, SimButton (a simulated board's). Board.Act applies it.
type Action interface {
	// Check reports whether the action is well formed and fits the match
	// in s, with an error wrapping ErrInvalid, ErrConflict or
	// ErrNotSimulated; whether the referee would take it now is the
	// referee's answer (Status.Referee). The server checks every action
	// before Act; the Board checks again against the state it applies the
	// action to, asking its referee.
	Check(s *Status) error
}

// Errors of actions, which the server answers with 400, 409 and 404.
var (
	ErrInvalid      = errors.New("invalid")
	ErrConflict     = errors.New("not now")
	ErrNotSimulated = errors.New("the board is not simulated")
)

func invalid(format string, a ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrInvalid}, a...)...)
}

func conflict(format string, a ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrConflict}, a...)...)
}

// refereeTakes checks the referee's input for an action: its own fields
// (referee.Input.Validate, ErrInvalid), then whether the referee would
// take it now (Status.Referee, ErrConflict with the referee's reason).
func refereeTakes(s *Status, in referee.Input) error {
	if err := in.Validate(); err != nil {
		return invalid("%v", err)
	}
	if s.Referee == nil {
		return nil
	}
	if err := s.Referee(in); err != nil {
		return conflict("%v", err)
	}
	return nil
}

// invalidSide is the error for an action's side that is neither White nor
// Black, every action's first check.
func invalidSide(side engine.Side) error {
	return invalid("side %d: want 0 (White) or 1 (Black)", side)
}

// StartMatch starts a new match, replacing the one on the board. It fits
// before the first game and after a match is over; a match in progress
// must be finished (or its score corrected) first.
type StartMatch struct {
	White  string           `json:"white"`
	Black  string           `json:"black"`
	Length int              `json:"length"` // points, 1 to engine.MaxMatchLength; 0 for money play
	Rules  engine.RuleSet   `json:"rules"`  // one of engine.RuleSets
	Clock  engine.ClockName `json:"clock"`  // one of engine.ClockNames
}

// Check implements Action.
func (a StartMatch) Check(s *Status) error {
	for _, name := range []string{a.White, a.Black} {
		if err := engine.CheckName(name); err != nil {
			return invalid("%v", err)
		}
	}
	if err := engine.CheckMatchLength(a.Length); err != nil {
		return invalid("%v", err)
	}
	if err := a.Rules.Validate(); err != nil {
		return invalid("rules %v", err)
	}
	if err := a.Clock.Validate(); err != nil {
		return invalid("clock %v", err)
	}
	if err := a.Clock.CheckLength(a.Length); err != nil {
		return invalid("clock %v", err)
	}
	if matchInProgress(&s.Status) {
		return conflict("a match is in progress (game %d)", s.Game)
	}
	return nil
}

// matchInProgress says a match has begun and is not over: a new one waits.
func matchInProgress(s *referee.Status) bool {
	return s.Game > 0 && s.Phase != referee.PhaseMatchOver
}

// MaxMoneyScore bounds the score of a money session.
const MaxMoneyScore = 9999

// SetScore corrects the match score, by engine.Side. Each side's score is
// below the match length: a correction does not end a match.
type SetScore struct {
	Score [2]int `json:"score"`
}

// Check implements Action: the referee says which scores the match
// allows; a money session's the page shows up to MaxMoneyScore.
func (a SetScore) Check(s *Status) error {
	if a.Score[0] > MaxMoneyScore || a.Score[1] > MaxMoneyScore {
		return invalid("score %d and %d: the page shows at most %d", a.Score[0], a.Score[1], MaxMoneyScore)
	}
	return refereeTakes(s, referee.Input{Kind: referee.InputScore, Score: a.Score})
}

// Rule is the director's ruling on a flagged play: undo it (the players
// put the checkers back and the mover plays again) or let it stand, as if
// the opponent had rolled.
type Rule struct {
	LetStand bool `json:"let_stand"`
}

// Check implements Action: a play must be flagged, to undo or let stand.
func (a Rule) Check(s *Status) error {
	return refereeTakes(s, referee.Input{Kind: referee.InputLetStand})
}

// The penalties the director can give.
const (
	// PenaltyPickup is for picking up the dice before the opponent's turn
	// is over: the clock rules say what it costs (US: the next delay;
	// Danish: 30 seconds).
	PenaltyPickup = "premature-pickup"
)

// Penalty gives Side a time penalty of the Kind named.
type Penalty struct {
	Side engine.Side `json:"side"`
	Kind string      `json:"kind"` // PenaltyPickup
}

// Check implements Action.
func (a Penalty) Check(s *Status) error {
	if a.Kind != PenaltyPickup {
		return invalid("penalty %q: want %q", a.Kind, PenaltyPickup)
	}
	return refereeTakes(s, referee.Input{Kind: referee.InputPenalty, Side: a.Side})
}

// PauseClocks pauses (Paused) or resumes the match clock.
type PauseClocks struct {
	Paused bool `json:"paused"`
}

// Check implements Action.
func (a PauseClocks) Check(s *Status) error {
	return refereeTakes(s, referee.Input{Kind: referee.InputPause, Paused: a.Paused})
}

// EnterDice enters a roll of physical dice for Side: before a game the
// opening roll (Side opens with both dice), then the roll of the side on
// roll, or the opponent's roll on a flagged play, which lets it stand.
type EnterDice struct {
	Side engine.Side `json:"side"`
	Dice engine.Dice `json:"dice"`
}

// Check implements Action.
func (a EnterDice) Check(s *Status) error {
	return refereeTakes(s, referee.Input{Kind: referee.InputRoll, Side: a.Side, Dice: a.Dice})
}

// SimMove moves one of Side's checkers on a simulated board, as a hand
// would, in board points (White's numbering): From a point 1..24 or the bar
// (engine.Bar, 25), To a point 1..24 or off (engine.Off, 0). A lone checker
// of the other colour where it lands goes to the bar. Rules are the
// referee's business: only what a hand cannot do is refused.
type SimMove struct {
	Side engine.Side `json:"side"`
	From int         `json:"from"`
	To   int         `json:"to"`
}

// Check implements Action.
func (a SimMove) Check(s *Status) error {
	switch {
	case s.Sim == nil:
		return ErrNotSimulated
	case a.Side > engine.Black:
		return invalidSide(a.Side)
	case a.From < 1 || a.From > engine.Bar:
		return invalid("from %d: want a point 1 to 24, or %d for the bar", a.From, engine.Bar)
	case a.To < engine.Off || a.To > 24:
		return invalid("to %d: want a point 1 to 24, or %d for off", a.To, engine.Off)
	case a.To == a.From:
		return invalid("from and to are both point %d", a.From)
	case s.Sim[a.Side][a.From] == 0:
		return conflict("%v has no checker on %s", a.Side, engine.PointName(a.From))
	case a.To != engine.Off && s.Sim[a.Side.Other()][a.To] > 1:
		return conflict("%v holds %s", a.Side.Other(), engine.PointName(a.To))
	}
	return nil
}

// The buttons of a side, as SimButton names them: the page's wire names
// for the presses of sensing.EventKind (see SimButton.Event).
const (
	ButtonRoll = "roll"
	ButtonDone = "done"
	ButtonCube = "cube" // double, or take the cube offered
	ButtonPass = "pass" // a long CUBE press: pass the cube offered
)

// buttonEvents is the one place the page's button names become presses.
var buttonEvents = map[string]sensing.EventKind{
	ButtonRoll: sensing.Roll, ButtonDone: sensing.Done, ButtonCube: sensing.Cube, ButtonPass: sensing.Pass,
}

// SimButton presses one of Side's buttons on a simulated board. A press is
// never refused: the referee judges it as it would a real one.
type SimButton struct {
	Side   engine.Side `json:"side"`
	Button string      `json:"button"`
}

// Check implements Action.
func (a SimButton) Check(s *Status) error {
	switch {
	case s.Sim == nil:
		return ErrNotSimulated
	case a.Side > engine.Black:
		return invalidSide(a.Side)
	case buttonEvents[a.Button] == 0:
		return invalid("button %q: want one of %q", a.Button, []string{ButtonRoll, ButtonDone, ButtonCube, ButtonPass})
	}
	return nil
}

// Event is the press as the board's buttons make it: a ROLL press carries
// no dice, which the board rolls. Its Kind is 0 for a button Check refuses.
func (a SimButton) Event() sensing.Event {
	return sensing.Event{Kind: buttonEvents[a.Button], Side: a.Side}
}
