package referee

import (
	"fmt"
	"time"

	"gammond/engine"
)

// Kind says what an Event reports.
type Kind uint8

// The kinds of event the referee emits.
const (
	SetupWrong      Kind = iota + 1 // before a game: Points differ from the starting position
	GameStarted                     // a game began: Side opened with Dice
	Rolled                          // Side rolled Dice: turn Turn begins
	PlayMade                        // Side's legal play: Play, Board after; Ambiguous if the sensors could not tell
	Resolved                        // a later position told which play an ambiguous turn was: Plays from turn Turn on
	IllegalPlay                     // Side pressed DONE on a position no legal play gives: Points to light
	BoardRestored                   // after an illegal play the board is back at the position before the turn
	Corrected                       // the illegal play of turn Turn was replaced by a legal one
	IllegalAccepted                 // the opponent rolled (or doubled) on an illegal play: it stands, Board is what the board shows, Moves how to write it (Reason says why it cannot be written)
	Doubled                         // Side doubled to Cube
	Taken                           // Side took; Cube is the new value
	Dropped                         // Side passed: the game ends
	CubeRefused                     // Side's cube action is against the rules: Reason
	GameOver                        // Side won Points (Result says single, gammon or backgammon)
	MatchOver                       // Side won the match; Score is final
	Irregularity                    // something off the rules' path, for the monitor's log: Reason
	Withdrawn                       // the flag of turn Turn is withdrawn: the board, read again, shows a legal result (a checker landed, a hand moved away); the play follows
	ResignOffered                   // Side offers to resign: Result if accepted; Forced if the director may force it, Reason says
	ResignRejected                  // Side rejected the resignation offered to it: play goes on
	Resigned                        // Side's resignation was accepted (Result; Reason says how): GameOver follows
	EarlyRoll                       // Side rolled Dice before the mover's DONE (US 4.6): held until the mover's turn is over
	EarlyRollChoice                 // the mover (Side) chose that the early roll stands, or is rerolled (Reroll)
	RollRefused                     // the board refused Side's ROLL before the mover's DONE (electronic dice, US 4.6): Reason prompts the mover
	Touched                         // between DONE and the roll Side began moving checkers (US 4.3): Points to put back; none: restored
	DiceInferred                    // the dice inferred: Side's play shows Dice, the smallest roll that fits; Ambiguous if others fit too
	CrawfordNext                    // announced before it starts: the next game is the Crawford game (Side needs one point)
	ThrowVoid                       // Welsh: Side's throw of Dice is not played but thrown again: Reason says why (rules 7, 13)
	Note                            // Welsh: what a turn or an option brought about, to point out to the players: Reason
	// CrawfordAnnulled: the director annulled the cube of a game the score
	// makes the Crawford game (Danish 4.4.4): Score, Cube now; Result
	// corrected if the game had ended.
	CrawfordAnnulled
	Beavered    // money play: Side, doubled, redoubled at once, keeping the cube at Cube
	Raccooned   // money play: Side, beavered, redoubled before rolling, keeping the cube at Cube
	OpeningTied // money play: the opening throw tied; the next game starts with the cube at Cube (automatic doubles)
)

var kindNames = [...]string{
	SetupWrong: "setup-wrong", GameStarted: "game-started", Rolled: "rolled",
	PlayMade: "play", Resolved: "resolved", IllegalPlay: "illegal",
	BoardRestored: "board-restored", Corrected: "corrected",
	IllegalAccepted: "illegal-accepted", Doubled: "doubled", Taken: "taken",
	Dropped: "dropped", CubeRefused: "cube-refused", GameOver: "game-over",
	MatchOver: "match-over", Irregularity: "irregularity", Withdrawn: "withdrawn",
	ResignOffered: "resign-offered", ResignRejected: "resign-rejected", Resigned: "resigned",
	EarlyRoll: "early-roll", EarlyRollChoice: "early-roll-choice", RollRefused: "roll-refused",
	Touched: "touched", DiceInferred: "dice-inferred", CrawfordNext: "crawford-next",
	ThrowVoid: "throw-void", Note: "note",
	CrawfordAnnulled: "crawford-annulled",
	Beavered:         "beavered", Raccooned: "raccooned", OpeningTied: "opening-tied",
}

func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Event is one thing the referee saw or decided. Fields that do not apply to
// the Kind are zero.
type Event struct {
	Kind Kind
	At   time.Time
	Game int // from 1
	Turn int // the game's roll count: the opening roll is turn 1
	Side engine.Side
	Dice engine.Dice

	// Before is the position before the play, with the mover on roll
	// (Board[Mover]); Play its moves and Play.After the position it left.
	Before engine.Board
	Play   engine.Play
	// Board is the position on the board after the event, with the side now
	// on roll in Board[Mover] and of colour OnRoll.
	Board  engine.Board
	OnRoll engine.Side

	// Moves are the moves an accepted illegal play stands for
	// (IllegalAccepted): a play of no roll, so not an engine.Play. They
	// are checker moves a .mat and GNU Backgammon can hold; when there are
	// none, Moves is nil and Reason says why.
	Moves []engine.Move
	// Notation is the play (PlayMade) or the moves (IllegalAccepted) as
	// the match's rules write them when engine.FormatPlay does not (Welsh:
	// welsh.FormatPlay); "" for the standard game.
	Notation string

	Ambiguous bool          // PlayMade: several legal plays fit what the sensors saw
	Plays     []TurnPlay    // Resolved: the plays from the ambiguous turn on
	Points    []int         // board points (1..24, engine.BarPoint) to light
	Fault     string        // IllegalPlay: what kind of mistake ("partial", "illegal")
	Cube      int           // cube value after the event
	Result    engine.Result // GameOver, ResignOffered, Resigned
	Forced    bool          // ResignOffered: the opponent can do no better, so the director may force acceptance
	Reroll    bool          // EarlyRollChoice: the early roll is to be rolled again
	Score     [2]int        // after GameOver, MatchOver
	Reason    string        // CubeRefused, Irregularity, IllegalAccepted that cannot be written

	// Names are the players' names, by engine.Side, which the event's
	// Summary tells it with: whoever knows them (the board) sets them.
	// Empty, the sides are called by their colours.
	Names [2]string
}

// TurnPlay is one turn's play as a resolution of an ambiguity decides it.
type TurnPlay struct {
	Turn   int
	Side   engine.Side
	Dice   engine.Dice
	Before engine.Board
	Play   engine.Play
}
