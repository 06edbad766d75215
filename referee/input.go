package referee

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"gammond/engine"
)

// InputKind says what an Input tells the referee.
type InputKind uint8

// The kinds of input.
const (
	InputSettled         InputKind = iota + 1 // the board held still on Frame
	InputUnsettled                            // the board moved
	InputRoll                                 // Side rolled Dice
	InputDone                                 // Side pressed DONE
	InputDouble                               // Side doubles
	InputTake                                 // Side takes
	InputDrop                                 // Side passes
	InputCube                                 // Side pressed CUBE; Long for a long press
	InputEnd                                  // the input has ended
	InputScore                                // the director corrects the score to Score
	InputLetStand                             // the director lets a flagged play stand
	InputTimeout                              // a side's time has run out (Referee.TimedOut)
	InputPause                                // the director pauses (Paused) or resumes the clock
	InputPenalty                              // the director penalizes Side for picking up the dice early
	InputResign                               // Side offers to resign Points (1 single, 2 gammon, 3 backgammon, 0 the next), times the cube
	InputAccept                               // Side accepts the resignation offered to it
	InputReject                               // Side rejects it
	InputForceAccept                          // the director rules the resignation on offer accepted
	InputEarlyRollChoice                      // the mover's choice on an early roll held: Reroll, or it stands
	InputRollRefused                          // the board refused Side's ROLL before the mover's DONE
	InputClockIntroduce                       // the director puts the match on the Clock rules named, from the next game
	InputClockAdjust                          // the director adds Adjust to Side's time
	InputDoneGrace                            // the grace period after a DONE is over (Referee.DoneGraceOver)
	inputOption                               // a journal's old form of the Welsh inputs below (ParseInput reads it)
	InputAnnulCrawford                        // the director annuls a Crawford game's cube (Danish 4.4.4)
	InputOutOfPlay                            // the director rules Points of Side's checkers out of play (US 4.7)
	InputBeaver                               // money play: Side beavers the double offered to it, or just taken
	InputRaccoon                              // money play: Side raccoons the beaver of its double
	InputOpeningTie                           // money play: the next game's opening throw tied (automatic doubles)
	InputAceyDeucey                           // Welsh: Side throws its unplayed 2-1 again (rule 13); a ROLL on the unmoved board does the same
	InputOneDie                               // Welsh: Side, about to throw with a full spread, throws one die (rule 11); again, two; a long CUBE press does the same
	InputNominate                             // Welsh: Side nominates Dice for the next throw (rule 21)
	InputConcede                              // Welsh: Side offers to concede Games games, Fiver paid (rule 18)
	InputOddsEvens                            // Welsh: Side calls Odds or evens on the shaker's hidden Dice before a first game (rule 7)
)

var inputNames = [...]string{
	InputSettled: "settled", InputUnsettled: "unsettled", InputRoll: "roll",
	InputDone: "done", InputDouble: "double", InputTake: "take", InputDrop: "drop",
	InputCube: "cube", InputEnd: "end", InputScore: "score", InputLetStand: "let-stand",
	InputTimeout: "timeout", InputPause: "pause", InputPenalty: "penalty",
	InputDoneGrace: "done-grace",
	InputResign:    "resign", InputAccept: "accept", InputReject: "reject", InputForceAccept: "force-accept",
	InputEarlyRollChoice: "early-roll-choice", InputRollRefused: "roll-refused",
	InputClockIntroduce: "clock-introduce", InputClockAdjust: "clock-adjust",
	inputOption: "option", InputAnnulCrawford: "annul-crawford", InputOutOfPlay: "out-of-play",
	InputBeaver: "beaver", InputRaccoon: "raccoon", InputOpeningTie: "opening-tie",
	InputAceyDeucey: "acey-deucey", InputOneDie: "one-die", InputNominate: "nominate",
	InputConcede: "offer", InputOddsEvens: "odds-evens",
}

func (k InputKind) String() string {
	if int(k) < len(inputNames) && inputNames[k] != "" {
		return inputNames[k]
	}
	return fmt.Sprintf("InputKind(%d)", uint8(k))
}

// MarshalText writes the kind's name, as the journal keeps it.
func (k InputKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name.
func (k *InputKind) UnmarshalText(b []byte) error {
	for i, name := range inputNames {
		if name != "" && name == string(b) {
			*k = InputKind(i)
			return nil
		}
	}
	return fmt.Errorf("unknown referee input %q", b)
}

// Input is one thing the referee is told. The referee's state is a function
// of its inputs: a journal of them, replayed in order, rebuilds it.
type Input struct {
	At     time.Time        `json:"at"`
	Kind   InputKind        `json:"kind"`
	Side   engine.Side      `json:"side,omitempty"`
	Dice   engine.Dice      `json:"dice,omitzero"`
	Long   bool             `json:"long,omitempty"`
	Score  [2]int           `json:"score,omitzero"`
	Paused bool             `json:"paused,omitempty"`
	Points int              `json:"points,omitempty"` // InputResign; InputOutOfPlay: checkers
	Reroll bool             `json:"reroll,omitempty"` // InputEarlyRollChoice
	Clock  engine.ClockName `json:"clock,omitempty"`  // InputClockIntroduce: the clock rules named
	Adjust time.Duration    `json:"adjust,omitempty"` // InputClockAdjust
	Games  int              `json:"games,omitempty"`  // InputConcede
	Fiver  bool             `json:"fiver,omitempty"`  // InputConcede
	Odds   bool             `json:"odds,omitempty"`   // InputOddsEvens
	// Frame is the raw frame the board holds still on (InputSettled),
	// from which the sensor model reads it, and FrameAt when the board
	// came to hold still on it.
	Frame   []uint16  `json:"frame,omitempty"`
	FrameAt time.Time `json:"frame_at,omitzero"`
}

// UnmarshalJSON reads an input as the journal keeps it, and a Welsh
// input in the form journals kept it before it had a kind of its own
// ("kind": "option", "option" naming it, its numbers in points and long).
func (in *Input) UnmarshalJSON(b []byte) error {
	type plain Input
	var v struct {
		plain
		Option string `json:"option"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*in = Input(v.plain)
	if in.Kind != inputOption {
		return nil
	}
	if err := in.Kind.UnmarshalText([]byte(v.Option)); err != nil || in.Kind < InputAceyDeucey {
		return fmt.Errorf("referee input: no Welsh option %q", v.Option)
	}
	switch in.Kind {
	case InputConcede:
		in.Games, in.Fiver = in.Points, in.Long
	case InputOddsEvens:
		in.Odds = in.Points == 1
	}
	in.Points, in.Long = 0, false
	return nil
}

// ParseInput reads an input as the journal keeps it (JSON).
func ParseInput(b []byte) (Input, error) {
	var in Input
	if err := json.Unmarshal(b, &in); err != nil {
		return in, fmt.Errorf("referee input: %w", err)
	}
	if err := in.Validate(); err != nil {
		return in, fmt.Errorf("%w: %s", err, b)
	}
	return in, nil
}

// Validate reports an input the referee cannot be given: no kind, a
// settled board's frame missing, no such side, a roll of impossible dice.
func (in *Input) Validate() error {
	switch {
	case in.Kind == 0:
		return errors.New("referee input: no kind")
	case in.Kind == InputSettled && len(in.Frame) == 0:
		return errors.New("referee input: settled with no frame")
	case in.Side > engine.Black:
		return fmt.Errorf("referee input: no side %d", in.Side)
	case in.Kind == InputRoll && !in.Dice.Valid():
		return fmt.Errorf("referee input: roll of %v", in.Dice)
	case in.Kind == InputNominate && !in.Dice.Valid():
		return fmt.Errorf("referee input: nominate of %v", in.Dice)
	case in.Kind == InputOutOfPlay && (in.Points < 1 || in.Points >= engine.CheckersPerSide):
		return fmt.Errorf("referee input: %d checkers out of play, want 1 to %d", in.Points, engine.CheckersPerSide-1)
	case in.Kind == InputResign && (in.Points < 0 || in.Points > 3):
		return fmt.Errorf("referee input: resignation of %d points, want 1 (single), 2 (gammon), 3 (backgammon) or 0 (the buttons: the next)", in.Points)
	}
	return nil
}

// Apply gives the referee one input. The time of its events is the clock's:
// set it to in.At first when replaying.
func (r *Referee) Apply(in Input) {
	if r.book.take(in) {
		return
	}
	switch in.Kind {
	case InputSettled:
		r.readSettled(&in)
	case InputUnsettled:
		r.Unsettled()
	case InputRoll:
		r.Roll(in.Side, in.Dice)
	case InputDone:
		r.Done(in.Side)
	case InputDouble:
		r.Double(in.Side)
	case InputTake:
		r.Take(in.Side)
	case InputDrop:
		r.Drop(in.Side)
	case InputCube:
		r.Cube(in.Side, in.Long)
	case InputEnd:
		r.End()
	case InputScore:
		r.SetScore(in.Score)
	case InputLetStand:
		r.LetStand()
	case InputTimeout:
		r.TimeOut()
	case InputPause:
		r.PauseClock(in.Paused)
	case InputPenalty:
		r.Penalize(in.Side)
	case InputDoneGrace:
		r.DoneGraceOver()
	case InputResign:
		r.Resign(in.Side, in.Points)
	case InputAccept:
		r.Accept(in.Side)
	case InputReject:
		r.Reject(in.Side)
	case InputForceAccept:
		r.ForceAccept()
	case InputEarlyRollChoice:
		r.ChooseEarlyRoll(in.Side, in.Reroll)
	case InputRollRefused:
		r.RollRefused(in.Side)
	case InputClockIntroduce:
		r.IntroduceClock(in.Clock)
	case InputClockAdjust:
		r.AdjustClock(in.Side, in.Adjust)
	case InputAnnulCrawford:
		r.AnnulCrawfordDouble()
	case InputOutOfPlay:
		r.RuleOutOfPlay(in.Side, in.Points)
	case InputBeaver:
		r.Beaver(in.Side)
	case InputRaccoon:
		r.Raccoon(in.Side)
	case InputOpeningTie:
		r.OpeningTie()
	default:
		r.irregular(in.Side, fmt.Sprintf("%v: not an input of this game", in.Kind))
	}
}

// readSettled reads the board from a settled input's frame, and takes it
// as the board settled; an input with no frame is refused: the sensor
// model reads the board from nothing else.
func (r *Referee) readSettled(in *Input) {
	if len(in.Frame) == 0 {
		r.irregular(in.Side, "a settled board with no frame")
		return
	}
	board := r.board
	r.judging.read(r, in, &board)
	r.settled(&board)
}
