package engine

import (
	"errors"
	"fmt"
)

// MaxCube is the highest value the cube can be turned to: gnubg's limit.
const MaxCube = 4096

// MatchOpts are the rules of a match beyond its length. The zero value plays
// as gnubg and the Danish rules do. Jacoby, Beavers, Raccoons and
// AutomaticDoubles are the common rules of money play, as gnubg and XG offer
// them ("set jacoby", "set beavers", "set automatic doubles"); the BAA laws
// and the tournament rules know none of them.
type MatchOpts struct {
	// Jacoby makes gammons and backgammons count as a single game while
	// the cube is centred, automatically doubled or not, as in gnubg.
	// Money play only.
	Jacoby bool
	// Beavers lets the side doubled take and at once redouble, keeping
	// the cube (Beaver): the doubler may not refuse it. Money play only.
	Beavers bool
	// Raccoons lets a doubler whose double was beavered redouble once
	// more before rolling, keeping the cube (Raccoon). It needs Beavers.
	Raccoons bool
	// AutomaticDoubles is the most times a game's cube is doubled, left
	// in the centre, by ties of the opening throw (OpeningTie): the cap
	// the players agree on. 0 turns them off. Money play only.
	AutomaticDoubles int
	// CubeLimit is the highest value the cube may reach by any double,
	// beaver, raccoon or automatic double: a power of two up to MaxCube;
	// 0 means MaxCube. XG's XGID carries one (XGID.MatchOpts).
	CubeLimit int
	// FreezeDeadCube refuses a double once the cube is dead (see
	// CubeDead): US 5.6 plays such a game "to conclusion at the present
	// cube level". The Danish rules say nothing of it and gnubg lets a
	// dead cube be turned, so a .mat file may hold such doubles.
	FreezeDeadCube bool
}

// Errors of Match, wrapped with the side and the action.
var (
	ErrMatchLength    = errors.New("match length below 0")
	ErrJacobyInMatch  = errors.New("the Jacoby rule is for money play")
	ErrMoneyOption    = errors.New("an option of money play only")
	ErrRaccoonOption  = errors.New("raccoons need beavers")
	ErrAutoDoubles    = errors.New("automatic doubles below 0")
	ErrCubeLimit      = errors.New("cube limit not a power of two up to 4096")
	ErrNoBeavers      = errors.New("beavers are not allowed")
	ErrNoRaccoons     = errors.New("raccoons are not allowed")
	ErrNoBeaver       = errors.New("no beaver to raccoon")
	ErrMatchOver      = errors.New("the match is over")
	ErrGameInProgress = errors.New("a game is in progress")
	ErrNoGame         = errors.New("no game in progress")
	ErrNotYourTurn    = errors.New("not that side's turn")
	ErrRolled         = errors.New("the dice are already rolled")
	ErrNotRolled      = errors.New("the dice are not rolled yet")
	ErrDoublePending  = errors.New("a double awaits take or pass")
	ErrNoDouble       = errors.New("no double to answer")
	ErrCrawfordDouble = errors.New("no doubling in the Crawford game")
	ErrNotCubeOwner   = errors.New("the opponent owns the cube")
	ErrCubeMax        = errors.New("the cube is at its highest")
	ErrDeadCube       = errors.New("the cube is dead")
	ErrGameNotOver    = errors.New("the mover has checkers left")
	ErrOutOfPlay      = errors.New("not a count of checkers")
	ErrScore          = errors.New("not a score of the match")
)

// Match is the score and the cube of a match (or a money session), driven
// turn by turn: StartGame after the opening roll, then for the side on turn
// Double (answered by Take or Drop), Roll and EndTurn, until Finish, Drop or
// Resign ends the game. Its methods refuse, with an error, an action the
// rules do not allow, and then change nothing.
type Match struct {
	length int // points to win; 0 for money play
	opts   MatchOpts
	score  [2]int
	games  int // games started

	crawford       bool // this game is the Crawford game
	crawfordPlayed bool

	cube     int
	owner    Side // who holds the cube, unless centred
	centred  bool
	ties     int  // ties of the next game's opening throw so far
	beavered bool // turn's double was beavered: turn may raccoon until it rolls
	taken    bool // turn's double was just taken: the taker may still beaver (BeaverTaken)

	playing   bool
	outOfPlay [2]int // checkers missing from the game, never borne off
	turn      Side   // the side on turn: to double or roll, to play, or doubling
	rolled    bool
	doubled   bool // turn has doubled; the other side takes or passes

	over   bool
	winner Side
}

// NewMatch returns a match to length points (0 for money play) at 0-0,
// before its first game.
func NewMatch(length int, opts MatchOpts) (*Match, error) {
	switch {
	case length < 0:
		return nil, fmt.Errorf("%w: %d", ErrMatchLength, length)
	case opts.Jacoby && length > 0:
		return nil, fmt.Errorf("%d-point match: %w", length, ErrJacobyInMatch)
	case length > 0 && (opts.Beavers || opts.Raccoons || opts.AutomaticDoubles > 0):
		return nil, fmt.Errorf("%d-point match: beavers, raccoons and automatic doubles: %w", length, ErrMoneyOption)
	case opts.Raccoons && !opts.Beavers:
		return nil, ErrRaccoonOption
	case opts.AutomaticDoubles < 0:
		return nil, fmt.Errorf("%w: %d", ErrAutoDoubles, opts.AutomaticDoubles)
	case opts.CubeLimit < 0 || opts.CubeLimit > MaxCube || opts.CubeLimit&(opts.CubeLimit-1) != 0:
		return nil, fmt.Errorf("%w: %d", ErrCubeLimit, opts.CubeLimit)
	}
	return &Match{length: length, opts: opts, cube: 1, centred: true}, nil
}

// Opts returns the rules the match was created with.
func (m *Match) Opts() MatchOpts { return m.opts }

// CubeLimit returns the highest value the cube may reach: the option's, or
// MaxCube.
func (m *Match) CubeLimit() int {
	if m.opts.CubeLimit == 0 {
		return MaxCube
	}
	return m.opts.CubeLimit
}

// Length returns the points needed to win the match, 0 for money play.
func (m *Match) Length() int { return m.length }

// Score returns the points each side has won, by Side. A last game's points
// beyond the match length are kept, as gnubg keeps them.
func (m *Match) Score() [2]int { return m.score }

// Game returns the number of the game in progress or last played, from 1;
// 0 before the first.
func (m *Match) Game() int { return m.games }

// Crawford reports whether the game is the Crawford game: the first in which
// a side is one point from winning, played without the cube (US 5.5, Danish
// 4.4.4). As in gnubg, a 1-point match has none: its cube is dead anyway.
func (m *Match) Crawford() bool { return m.crawford }

// PostCrawford reports whether the game comes after the Crawford game: a
// side is one point from winning and the cube is back in play.
func (m *Match) PostCrawford() bool { return m.crawfordPlayed && !m.crawford }

// Cube returns the cube's value: 1 until the first take of a game.
func (m *Match) Cube() int { return m.cube }

// CubeOwner returns who holds the cube; owned is false while it is centred.
func (m *Match) CubeOwner() (owner Side, owned bool) { return m.owner, !m.centred }

// Turn returns the side on turn: the one to double or roll, to play its
// roll, or, while Doubled, the doubler.
func (m *Match) Turn() Side { return m.turn }

// Beavered reports whether the side on turn doubled and was beavered, and
// so may still Raccoon before it rolls.
func (m *Match) Beavered() bool { return m.beavered }

// Rolled reports whether the side on turn has rolled.
func (m *Match) Rolled() bool { return m.rolled }

// Doubled reports whether the side on turn has doubled and the other side is
// yet to take or pass.
func (m *Match) Doubled() bool { return m.doubled }

// Playing reports whether a game is in progress.
func (m *Match) Playing() bool { return m.playing }

// Winner returns the winner of the match, and whether the match is over.
func (m *Match) Winner() (winner Side, over bool) { return m.winner, m.over }

// CubeDead reports whether the cube decides nothing more: whichever side
// wins the game, the least it can win, a single game at the cube's value,
// wins the match (US 5.6). Never in money play nor in the Crawford game.
func (m *Match) CubeDead() bool {
	if m.length == 0 || m.crawford {
		return false
	}
	return m.score[White]+m.cube >= m.length && m.score[Black]+m.cube >= m.length
}

func (m *Match) String() string {
	s := fmt.Sprintf("%d-point match, %d-%d", m.length, m.score[White], m.score[Black])
	if m.length == 0 {
		s = fmt.Sprintf("money play, %d-%d", m.score[White], m.score[Black])
	}
	switch {
	case m.over:
		return fmt.Sprintf("%s, won by %v", s, m.winner)
	case m.crawford:
		s += ", Crawford"
	case m.PostCrawford():
		s += ", post-Crawford"
	}
	if m.centred {
		return fmt.Sprintf("%s, cube %d centred", s, m.cube)
	}
	return fmt.Sprintf("%s, cube %d %v", s, m.cube, m.owner)
}

// SetScore corrects the score, as a director rules: each side's points,
// each below the match length. The game in progress goes on with its cube
// and Crawford status; the next game's follows from the new score, and a
// Crawford game already played stays played.
func (m *Match) SetScore(score [2]int) error {
	for _, s := range score {
		if s < 0 || (m.length > 0 && s >= m.length) {
			return fmt.Errorf("%d-%d in a %d-point match: %w", score[White], score[Black], m.length, ErrScore)
		}
	}
	if m.over {
		return ErrMatchOver
	}
	m.score = score
	return nil
}

// OpeningTie records that the next game's opening throw tied, to be thrown
// again, and returns the cube the game will start with. With
// AutomaticDoubles every tie up to that many doubles the cube, which stays
// in the centre; the cap and CubeLimit stop it, not the ties.
func (m *Match) OpeningTie() (cube int, err error) {
	switch {
	case m.over:
		return 0, ErrMatchOver
	case m.playing:
		return 0, ErrGameInProgress
	}
	m.ties++
	return m.openingCube(), nil
}

// openingCube is the cube the next game starts with after its ties.
func (m *Match) openingCube() int {
	cube := 1
	for range min(m.ties, m.opts.AutomaticDoubles) {
		if cube*2 > m.CubeLimit() {
			break
		}
		cube *= 2
	}
	return cube
}

// StartGame begins the next game, won by the opening roll of opener, who
// plays it: opener is on turn with the dice rolled. The cube is centred at
// 1, or as the automatic doubles of OpeningTie left it; the game is the
// Crawford game if it is the first with a side one point from winning.
func (m *Match) StartGame(opener Side) error {
	switch {
	case m.over:
		return ErrMatchOver
	case m.playing:
		return ErrGameInProgress
	}
	m.games++
	m.cube, m.centred, m.ties, m.beavered = m.openingCube(), true, 0, false
	m.playing, m.turn, m.rolled, m.doubled = true, opener, true, false
	m.outOfPlay = [2]int{}
	m.crawford = m.length > 1 && !m.crawfordPlayed &&
		(m.score[White] == m.length-1 || m.score[Black] == m.length-1)
	m.crawfordPlayed = m.crawfordPlayed || m.crawford
	return nil
}

// Roll records that side, on turn, rolled.
func (m *Match) Roll(side Side) error {
	if err := m.onTurn(side, "roll"); err != nil {
		return err
	}
	switch {
	case m.doubled:
		return fmt.Errorf("%v cannot roll: %w", side, ErrDoublePending)
	case m.rolled:
		return fmt.Errorf("%v cannot roll: %w", side, ErrRolled)
	}
	m.rolled, m.beavered, m.taken = true, false, false
	return nil
}

// EndTurn records that side has played its roll (or had none to play) and
// pressed DONE: the other side is on turn. A play that bears off the last
// checker is Finish's instead.
func (m *Match) EndTurn(side Side) error {
	if err := m.onTurn(side, "end the turn"); err != nil {
		return err
	}
	if !m.rolled {
		return fmt.Errorf("%v cannot end the turn: %w", side, ErrNotRolled)
	}
	m.turn, m.rolled = side.Other(), false
	return nil
}

// CanDouble says whether side may double now, and if not, why: only the side
// on turn, before rolling, with the cube centred or its own, not in the
// Crawford game, not past the cube limit, and, with FreezeDeadCube, not a
// dead cube.
func (m *Match) CanDouble(side Side) error {
	if err := m.onTurn(side, "double"); err != nil {
		return err
	}
	var err error
	switch {
	case m.doubled:
		err = ErrDoublePending
	case m.rolled:
		err = ErrRolled
	case m.crawford:
		err = ErrCrawfordDouble
	case !m.centred && m.owner != side:
		err = ErrNotCubeOwner
	case m.cube*2 > m.CubeLimit():
		err = ErrCubeMax
	case m.opts.FreezeDeadCube && m.CubeDead():
		err = ErrDeadCube
	default:
		return nil
	}
	return fmt.Errorf("%v cannot double: %w", side, err)
}

// Double records that side doubles: the other side is to take or pass.
func (m *Match) Double(side Side) error {
	if err := m.CanDouble(side); err != nil {
		return err
	}
	m.doubled = true
	return nil
}

// Take records that side takes the double: the cube is worth twice as much
// and side owns it. The doubler, still on turn, rolls next.
func (m *Match) Take(side Side) error {
	if err := m.answering(side, "take"); err != nil {
		return err
	}
	m.cube *= 2
	m.owner, m.centred, m.doubled, m.taken = side, false, false, true
	return nil
}

// CanBeaver says whether side may beaver now, and if not, why: with
// Beavers, the side answering a double, while twice the doubled cube is
// within the limit.
func (m *Match) CanBeaver(side Side) error {
	if err := m.answering(side, "beaver"); err != nil {
		return err
	}
	switch {
	case !m.opts.Beavers:
		return fmt.Errorf("%v cannot beaver: %w", side, ErrNoBeavers)
	case m.cube*4 > m.CubeLimit():
		return fmt.Errorf("%v cannot beaver a cube of %d: %w", side, m.cube*2, ErrCubeMax)
	}
	return nil
}

// Beaver records that side takes the double and at once redoubles, keeping
// the cube: it is worth four times as much as before the double, and side
// owns it. The doubler may not refuse; still on turn, it rolls next or,
// with Raccoons, may Raccoon first.
func (m *Match) Beaver(side Side) error {
	if err := m.CanBeaver(side); err != nil {
		return err
	}
	m.cube *= 4
	m.owner, m.centred, m.doubled, m.beavered = side, false, false, true
	return nil
}

// CanRaccoon says whether side may raccoon now, and if not, why: with
// Raccoons, the doubler whose double was beavered, before it rolls, while
// twice the cube is within the limit.
func (m *Match) CanRaccoon(side Side) error {
	if err := m.onTurn(side, "raccoon"); err != nil {
		return err
	}
	switch {
	case !m.opts.Raccoons:
		return fmt.Errorf("%v cannot raccoon: %w", side, ErrNoRaccoons)
	case !m.beavered:
		return fmt.Errorf("%v cannot raccoon: %w", side, ErrNoBeaver)
	case m.cube*2 > m.CubeLimit():
		return fmt.Errorf("%v cannot raccoon a cube of %d: %w", side, m.cube, ErrCubeMax)
	}
	return nil
}

// Raccoon records that side, beavered, redoubles before rolling, keeping
// the cube: it is worth twice as much and side owns it. The opponent may not
// refuse; side rolls next.
func (m *Match) Raccoon(side Side) error {
	if err := m.CanRaccoon(side); err != nil {
		return err
	}
	m.cube *= 2
	m.owner, m.beavered = side, false
	return nil
}

// Drop records that side passes the double: it loses the game and the
// cube's value before the double.
func (m *Match) Drop(side Side) (Result, error) {
	if err := m.answering(side, "pass"); err != nil {
		return Result{}, err
	}
	return m.end(Result{Winner: m.turn, Kind: Single, Points: m.cube}), nil
}

// Finish ends the game that the side on turn has just won by bearing off its
// last checker; after is the position its play left, the loser on roll
// (Play.After). The loser's checkers make it a single, gammon or backgammon.
func (m *Match) Finish(after Board) (Result, error) {
	if err := m.onTurn(m.turn, "finish"); err != nil {
		return Result{}, err
	}
	switch {
	case !m.rolled:
		return Result{}, fmt.Errorf("%v cannot finish: %w", m.turn, ErrNotRolled)
	case after[Opponent].Total() > 0:
		return Result{}, fmt.Errorf("%v cannot finish with %d checkers: %w", m.turn, after[Opponent].Total(), ErrGameNotOver)
	}
	return m.end(m.win(m.turn, KindOf(&after[Mover], m.outOfPlay[m.turn.Other()]))), nil
}

// OutOfPlay records that n of side's checkers are out of the game without
// having been borne off: a short starting position that became official (US
// 4.7, Danish 4.2.4), or checkers illegally removed (US 4.4). They do not
// save side from a gammon. A new game starts with none.
func (m *Match) OutOfPlay(side Side, n int) error {
	if err := m.inGame(side, "have checkers out of play"); err != nil {
		return err
	}
	if n < 0 || n > CheckersPerSide {
		return fmt.Errorf("%v: %w: %d", side, ErrOutOfPlay, n)
	}
	m.outOfPlay[side] = n
	return nil
}

// Resign ends the game with side conceding a single game, gammon or
// backgammon, accepted by the opponent (US 11.1, Danish 4.5). Whether the
// director would force the opponent to accept is WeighConcession's to say.
func (m *Match) Resign(side Side, kind ResultKind) (Result, error) {
	if err := m.inGame(side, "resign"); err != nil {
		return Result{}, err
	}
	if !kind.valid() {
		return Result{}, fmt.Errorf("%v cannot resign %v: %w", side, kind, ErrResultKind)
	}
	return m.end(m.win(side.Other(), kind)), nil
}

// AwardMatch ends the match in winner's favour, whatever the score: the
// opponent's time ran out (US 11.3, Danish 4.3.3), or winner's did with gin
// (see Gin). A game in progress ends unscored.
func (m *Match) AwardMatch(winner Side) error {
	if m.over {
		return ErrMatchOver
	}
	m.playing, m.doubled, m.beavered = false, false, false
	m.over, m.winner = true, winner
	return nil
}

// win returns the result of winner winning a game of kind at the cube.
func (m *Match) win(winner Side, kind ResultKind) Result {
	return Result{Winner: winner, Kind: kind, Points: m.points(kind)}
}

// points returns what a win of kind scores at the cube: Jacoby makes every
// win a single one while the cube is centred.
func (m *Match) points(kind ResultKind) int {
	if m.opts.Jacoby && m.centred {
		return m.cube
	}
	return int(kind) * m.cube
}

// end scores a game's result and ends the match when the winner has reached
// its length.
func (m *Match) end(r Result) Result {
	m.playing, m.doubled, m.beavered, m.taken = false, false, false, false
	m.score[r.Winner] += r.Points
	if m.length > 0 && m.score[r.Winner] >= m.length {
		m.over, m.winner = true, r.Winner
	}
	return r
}

// inGame checks that a game is in progress for side to act in.
func (m *Match) inGame(side Side, action string) error {
	switch {
	case m.over:
		return fmt.Errorf("%v cannot %s: %w", side, action, ErrMatchOver)
	case !m.playing:
		return fmt.Errorf("%v cannot %s: %w", side, action, ErrNoGame)
	}
	return nil
}

// onTurn checks that side is on turn in a game in progress.
func (m *Match) onTurn(side Side, action string) error {
	if err := m.inGame(side, action); err != nil {
		return err
	}
	if side != m.turn {
		return fmt.Errorf("%v cannot %s: %w", side, action, ErrNotYourTurn)
	}
	return nil
}

// answering checks that side has a double to take or pass.
func (m *Match) answering(side Side, action string) error {
	if err := m.inGame(side, action); err != nil {
		return err
	}
	switch {
	case !m.doubled:
		return fmt.Errorf("%v cannot %s: %w", side, action, ErrNoDouble)
	case side == m.turn:
		return fmt.Errorf("%v cannot %s its own double: %w", side, action, ErrNotYourTurn)
	}
	return nil
}
