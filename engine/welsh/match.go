package welsh

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"gammond/engine"
)

// The match's numbers.
const (
	MatchGames = 25 // games to win the match (rule 1)
	MaxCube    = 64 // the doubling die's highest face (rule 6)

	// ClockTime is each player's play-time for the match (rule 12a).
	ClockTime = 70 * time.Minute
	// TenForTwoBelow: a game starting with both clocks below it starts
	// with the doubling die at 2 (rule 12b).
	TenForTwoBelow = 10 * time.Minute
)

// NewClock returns the match clock of rule 12a: 70 minutes each, no delay.
func NewClock() *engine.Clock {
	c, err := engine.NewClock(engine.ClockRules{Mode: engine.SimpleDelay, PerPoint: ClockTime / 2}, 1, [2]int{})
	if err != nil {
		panic(err) // constant rules: cannot fail
	}
	return c
}

// TenForTwo reports whether a game starting with the players' clocks
// showing left starts with the doubling die at 2 (rule 12b): both show
// 00:01 to 09:59.
func TenForTwo(left [2]time.Duration) bool {
	for _, l := range left {
		if l < time.Second || l >= TenForTwoBelow {
			return false
		}
	}
	return true
}

// OddsEvens returns who chooses whether to go first in a match's first game
// (rule 7): the caller if his call (even or odd) matches the total of the
// shaker's hidden dice, else the shaker.
func OddsEvens(shaker engine.Side, callsEven bool, d engine.Dice) engine.Side {
	if (d[0]+d[1])%2 == 0 == callsEven {
		return shaker.Other()
	}
	return shaker
}

// Ending is how a game or the match ended.
type Ending uint8

// The endings of a game (and of the match, for Rectangle and TimedOut).
const (
	NotOver      Ending = iota
	CheckedOut          // all fifteen checked out (rules 4, 5 score it)
	ThreeOnRoof         // three or more men on the roof lose the game (rule 14)
	Rectangle           // 3-3-3-3-3 wins the match (rule 17b)
	Conceded            // an offer to concede accepted (rule 18)
	WashBySticks        // candlesticks: a full spike each (rule 22i)
	WashBySnakes        // 1-1 straight after the opponent's 1-1 (rule 22ii)
	TimedOut            // a clock ran out: the match is lost (rule 12a)
)

func (e Ending) String() string {
	names := [...]string{"not over", "checked out", "three on the roof", "rectangle", "conceded",
		"wash by sticks", "wash by snakes", "timed out"}
	if int(e) < len(names) {
		return names[e]
	}
	return fmt.Sprintf("Ending(%d)", uint8(e))
}

// Errors of Match, wrapped with the details.
var (
	ErrMatchOver          = errors.New("the match is over")
	ErrNoGame             = errors.New("no game in progress")
	ErrGameOn             = errors.New("a game is in progress")
	ErrWrongStarter       = errors.New("mugs away: the loser of the last game goes first")
	ErrNotYourTurn        = errors.New("not that player's turn")
	ErrThrown             = errors.New("the dice are already thrown")
	ErrNotThrown          = errors.New("the dice are not thrown yet")
	ErrNoRight            = errors.New("the right to double belongs to the other player")
	ErrCubeMax            = errors.New("the doubling die is at 64")
	ErrTriangle           = errors.New("the doubling die cannot go up while a triangle stands")
	ErrIllegalPlay        = errors.New("not a legal play of the throw")
	ErrBadThrow           = errors.New("not a throw")
	ErrOneDie             = errors.New("one die is thrown only with a full spread")
	ErrNotAceyDeucey      = errors.New("only a 2-1 may be thrown again")
	ErrNominated          = errors.New("the throw was nominated")
	ErrNominate           = errors.New("no nomination allowed")
	ErrNoOffer            = errors.New("no offer to concede allowed")
	ErrMandatory          = errors.New("the offer must be accepted")
	ErrImpossiblePosition = errors.New("no play can leave this position")
)

// ThrowOutcome says what became of a throw given to Match.Throw.
type ThrowOutcome uint8

// The outcomes of a throw.
const (
	ThrowPlays       ThrowOutcome = iota // play it
	ThrowAgain                           // the third same throw running: throw again (rule 7)
	ThrowMayRethrow                      // a 2-1: play it, or ThrowAgainAceyDeucey (rule 13)
	ThrowWashesSnake                     // 1-1 after the opponent's 1-1: the game is a wash (rule 22ii)
)

// TurnEvents is what a turn's play brought about, for the referee to show
// and tap on the table (rule 23 (vi)).
type TurnEvents struct {
	Dance       bool // men left on the roof (rule 16)
	CubeRaised  bool // the game's first dance took the doubling die up (rule 16)
	BonusThrow  bool // the mover throws again: first to check out, or a double on a bonus turn (rule 18)
	Triangle    bool // the mover's triangle stands: he throws again (rule 17a)
	OfferWindow bool // the opponent of a one-throw win may offer to concede (rule 18)
	Ending      Ending
}

// Result is a finished game.
type Result struct {
	Ending Ending
	Winner engine.Side // unless a wash
	Games  int         // what the winner scores; a wash scores 1 each
	// Backgammon says the game was won by a backgammon (rule 5), which
	// collects the BG scoop-pot (rule 23).
	Backgammon bool
}

// Match is a Welsh match as a pure state machine: StartGame, then for the
// player on turn Double (optional) and Throw, then Play, until a game ends
// and the next starts, until a player reaches 25 games, forms a rectangle
// or runs out of time. Its methods refuse, with an error, what the rules do
// not allow, and then change nothing.
type Match struct {
	score      [2]int
	won        [2]int // games won, washes not counted ("a match to nil", rule 23)
	results    []Result
	nominated  [2]bool // each player's one nominate is spent (rule 21)
	scoopTally int     // games towards the BG scoop-pot (rule 23)
	scoops     []scoop
	over       bool
	winner     engine.Side
	ending     Ending
	chooser    *engine.Side // who won odds and evens for the next game

	game *game
}

// scoop is a BG scoop-pot collected: games' worth of pounds to side.
type scoop struct {
	side  engine.Side
	games int
}

// game is the game in progress.
type game struct {
	board engine.Board // the player on turn is board[engine.Mover]
	turn  engine.Side

	cube      int
	centred   bool        // either player may double
	right     engine.Side // who may double, unless centred
	danced    bool        // the game's first dance has happened
	throw     *Throw      // the throw to play, once thrown
	history   [2][]Throw  // each player's last throws played, for rule 7
	last      *Throw      // the game's last throw, by the other player, for rule 22ii
	lastBy    engine.Side
	nominee   *Throw // the next throw, nominated
	bonus     bool   // this turn is a bonus throw or bonus extra (rule 18)
	started   bool   // a player has started checking out
	offerUsed bool   // the one-throw-win occasion has come (rule 18)
	offerBy   *engine.Side
	oneDie    bool // the player to throw chose one die (rule 11)
}

// NewMatch returns a match at 0-0 before its first game. scoopTally is the
// BG scoop-pot's tally of games carried from earlier matches (rule 23: the
// pots run independently of the matches).
func NewMatch(scoopTally int) *Match { return &Match{scoopTally: scoopTally} }

// Score returns the games score.
func (m *Match) Score() [2]int { return m.score }

// Over reports whether the match is over, who won and how: Ending is
// CheckedOut (or another game ending) when a player reached 25 games.
func (m *Match) Over() (over bool, winner engine.Side, how Ending) { return m.over, m.winner, m.ending }

// Results returns the finished games.
func (m *Match) Results() []Result { return slices.Clone(m.results) }

// ScoopTally returns the BG scoop-pot's tally to carry to the next match.
func (m *Match) ScoopTally() int { return m.scoopTally }

// Board returns the position, the player on turn on roll, and who that is.
func (m *Match) Board() (engine.Board, engine.Side, error) {
	if m.game == nil {
		return engine.Board{}, 0, ErrNoGame
	}
	return m.game.board, m.game.turn, nil
}

// Cube returns the doubling die's value (1 untouched) and who may double
// next: either when centred.
func (m *Match) Cube() (value int, centred bool, right engine.Side) {
	if m.game == nil {
		return 1, true, 0
	}
	return m.game.cube, m.game.centred, m.game.right
}

// Nominee returns the next throw, if nominated (rule 21); Nominated says
// whose nominate is spent, by engine.Side.
func (m *Match) Nominee() (Throw, bool) {
	if m.game == nil || m.game.nominee == nil {
		return Throw{}, false
	}
	return *m.game.nominee, true
}

// Nominated says whose nominate is spent, by engine.Side (rule 21).
func (m *Match) Nominated() [2]bool { return m.nominated }

// OfferBy returns who may offer to concede now: the one-throw-win
// occasion is open (rule 18).
func (m *Match) OfferBy() (engine.Side, bool) {
	if m.game == nil || m.game.offerBy == nil {
		return 0, false
	}
	return *m.game.offerBy, true
}

// Starter returns who goes first in the next game: the loser of the last
// one ("mugs away", rule 7). ok is false before the first game and after
// a wash: then odds and evens decide (OddsEvens).
func (m *Match) Starter() (first engine.Side, ok bool) {
	if len(m.results) == 0 {
		return 0, false
	}
	last := m.results[len(m.results)-1]
	if last.Ending == WashBySticks || last.Ending == WashBySnakes {
		return 0, false
	}
	return last.Winner.Other(), true
}

// StartGame starts a game from the starting position with first on turn.
// left is what the players' clocks show: both under ten minutes start the
// doubling die at 2 (rule 12b).
func (m *Match) StartGame(first engine.Side, left [2]time.Duration) error {
	switch starter, ok := m.Starter(); {
	case m.over:
		return ErrMatchOver
	case m.game != nil:
		return ErrGameOn
	case ok && first != starter:
		return fmt.Errorf("%v to start: %w", first, ErrWrongStarter)
	}
	m.chooser = nil
	g := &game{board: engine.StartingBoard, turn: first, cube: 1, centred: true}
	if TenForTwo(left) {
		g.cube = 2
	}
	m.game = g
	return nil
}

// turnCheck checks side may act now, before (thrown false) or after its throw.
func (m *Match) turnCheck(side engine.Side, thrown bool) error {
	switch g := m.game; {
	case m.over:
		return ErrMatchOver
	case g == nil:
		return ErrNoGame
	case side != g.turn:
		return fmt.Errorf("%v: %w", side, ErrNotYourTurn)
	case thrown && g.throw == nil:
		return ErrNotThrown
	case !thrown && g.throw != nil:
		return ErrThrown
	}
	return nil
}

// Double doubles the game's value: side is about to throw and holds the
// right (either player while centred); the right passes to the other
// (rule 3). Not beyond 64 (rule 6), not while a triangle stands (17a).
func (m *Match) Double(side engine.Side) error {
	if err := m.turnCheck(side, false); err != nil {
		return err
	}
	g := m.game
	switch {
	case !g.centred && g.right != side:
		return fmt.Errorf("%v: %w", side, ErrNoRight)
	case g.cube >= MaxCube:
		return ErrCubeMax
	case triangleStands(&g.board):
		return ErrTriangle
	}
	g.cube *= 2
	g.centred, g.right = false, side.Other()
	return nil
}

func triangleStands(b *engine.Board) bool {
	return HasTriangle(&b[engine.Mover]) || HasTriangle(&b[engine.Opponent])
}

// Nominate sets the next throw (rule 21), once a match for each player:
// by nominates for himself on his turn before throwing, or for the
// opponent before the opponent throws. A throw with which a player could
// win the match he may not nominate for himself.
func (m *Match) Nominate(by engine.Side, t Throw) error {
	g := m.game
	switch {
	case m.over:
		return ErrMatchOver
	case g == nil:
		return ErrNoGame
	case g.throw != nil || g.nominee != nil:
		return fmt.Errorf("%w: the throw is made or nominated already", ErrNominate)
	case m.nominated[by]:
		return fmt.Errorf("%w: %v has nominated once", ErrNominate, by)
	case !t.Valid():
		return fmt.Errorf("%w: %v", ErrBadThrow, t)
	case by == g.turn && m.winsMatch(t):
		return fmt.Errorf("%w: %v would let %v win the match", ErrNominate, t, by)
	}
	m.nominated[by] = true
	g.nominee = &t
	return nil
}

// winsMatch reports whether a play of t by the player on turn could win
// him the match.
func (m *Match) winsMatch(t Throw) bool {
	g := m.game
	for _, p := range Plays(g.board, t) {
		b := p.After.Swap()
		switch {
		case HasRectangle(&b[engine.Mover]):
			return true
		case b[engine.Mover].Total() == 0:
			if m.score[g.turn]+g.cube*multiplier(&b[engine.Opponent]) >= MatchGames {
				return true
			}
		case b[engine.Opponent].On(engine.Bar) >= 3:
			if m.score[g.turn]+g.cube >= MatchGames {
				return true
			}
		}
	}
	return false
}

// multiplier is what a game checked out is worth against loser, times the
// doubling die: 6 for a backgammon (none checked out, a man outside his
// final quarter-board or on the roof, rule 5), 3 for a gammon (none checked
// out, rule 4), else 1.
func multiplier(loser *engine.Half) int {
	switch {
	case loser.BorneOff() > 0:
		return 1
	case !loser.AllHome():
		return 6
	}
	return 3
}

// Throw gives the throw of the player on turn. A throw the same as his
// last two is not played: ThrowAgain (rule 7), unless it was nominated
// (the dice are set, not shaken). A 1-1 straight after the
// opponent's 1-1 washes the game (rule 22ii). A 2-1 may be thrown again
// (rule 13). One die only with a full spread (rule 11); a nominated throw
// must be the one nominated (rule 21).
func (m *Match) Throw(side engine.Side, t Throw) (ThrowOutcome, error) {
	if err := m.turnCheck(side, false); err != nil {
		return 0, err
	}
	g := m.game
	switch {
	case !t.Valid():
		return 0, fmt.Errorf("%w: %v", ErrBadThrow, t)
	case t.OneDie && !HasFullSpread(&g.board[engine.Mover]):
		return 0, ErrOneDie
	case g.nominee != nil && !sameThrow(*g.nominee, t):
		return 0, fmt.Errorf("%w: %v, not %v", ErrNominated, *g.nominee, t)
	}
	if h := g.history[side]; g.nominee == nil && len(h) == 2 && sameThrow(h[0], t) && sameThrow(h[1], t) {
		return ThrowAgain, nil
	}
	snakes := t == (Throw{Dice: engine.Dice{1, 1}})
	if snakes && g.last != nil && g.lastBy != side && *g.last == t {
		m.endGame(Result{Ending: WashBySnakes})
		return ThrowWashesSnake, nil
	}
	g.nominee, g.offerBy, g.oneDie = nil, nil, false // a throw closes the occasion to offer
	g.throw = &t
	if !t.OneDie && (t.Dice == engine.Dice{2, 1} || t.Dice == engine.Dice{1, 2}) {
		return ThrowMayRethrow, nil
	}
	return ThrowPlays, nil
}

// sameThrow reports whether two throws are the same outcome, whichever die
// shows which number.
func sameThrow(a, b Throw) bool {
	return a.OneDie == b.OneDie && (a.Dice == b.Dice || !a.OneDie && a.Dice == engine.Dice{b.Dice[1], b.Dice[0]})
}

// ThrowAgainAceyDeucey takes up a 2-1's option of throwing again (rule 13):
// the 2-1 is not played, and side throws anew.
func (m *Match) ThrowAgainAceyDeucey(side engine.Side) error {
	if err := m.turnCheck(side, true); err != nil {
		return err
	}
	if t := *m.game.throw; t.OneDie || t.Dice != (engine.Dice{2, 1}) && t.Dice != (engine.Dice{1, 2}) {
		return ErrNotAceyDeucey
	}
	m.game.throw = nil
	return nil
}

// Play ends side's turn with the position after, the opponent on roll as in
// engine.Play.After; for a throw that cannot be played, the position
// unchanged (board.Swap()). It must be one a legal play of the throw
// leaves. Then the turn's consequences follow: the game's end, a dance and
// the first dance's double, bonus throws, triangles, and the occasion to
// offer a concession.
func (m *Match) Play(side engine.Side, after engine.Board) (TurnEvents, error) {
	if err := m.turnCheck(side, true); err != nil {
		return TurnEvents{}, err
	}
	if !IsLegal(m.game.board, *m.game.throw, after) {
		return TurnEvents{}, fmt.Errorf("%v: %w", *m.game.throw, ErrIllegalPlay)
	}
	return m.endTurn(side, after), nil
}

// PlayStanding ends side's turn with the position after, legal or not: a
// play flagged as illegal that the opponent let stand (he threw), so the
// game goes on from the board as it is. after must be a Welsh position
// (Validate) with the opponent's men where they were but for blots hit.
func (m *Match) PlayStanding(side engine.Side, after engine.Board) (TurnEvents, error) {
	if err := m.turnCheck(side, true); err != nil {
		return TurnEvents{}, err
	}
	if err := Validate(&after); err != nil {
		return TurnEvents{}, fmt.Errorf("%w: %w", ErrImpossiblePosition, err)
	}
	b := m.game.board
	if replay, err := Apply(b, DiffMoves(b, after)); err != nil || replay != after.Swap() {
		return TurnEvents{}, fmt.Errorf("%w: not the mover's men moved from %s", ErrImpossiblePosition, b.PositionID())
	}
	return m.endTurn(side, after), nil
}

// endTurn ends side's turn with the position after, legal or not, and
// returns what follows from it.
func (m *Match) endTurn(side engine.Side, after engine.Board) TurnEvents {
	g := m.game
	before := g.board
	b := after.Swap() // still the mover on roll
	t := *g.throw
	g.board, g.throw = b, nil
	h := append(g.history[side], t)
	g.history[side] = h[max(0, len(h)-2):]
	g.last, g.lastBy = &t, side
	if ev, over := m.gameEnd(side, &b); over {
		return ev
	}
	var ev TurnEvents
	if b[engine.Mover].On(engine.Bar) > 0 {
		ev.Dance = true
		if !g.danced && g.cube < MaxCube && !triangleStands(&b) {
			g.cube *= 2
			ev.CubeRaised = true
		}
		g.danced = true
	}
	firstOut := !g.started && b[engine.Mover].Total() < before[engine.Mover].Total()
	g.started = g.started || firstOut
	ev.BonusThrow = firstOut || g.bonus && t.double()
	g.bonus = ev.BonusThrow
	ev.Triangle = HasTriangle(&b[engine.Mover])
	if !ev.BonusThrow && !ev.Triangle {
		g.board, g.turn = b.Swap(), side.Other()
	}
	ev.OfferWindow = m.offerOccasion()
	return ev
}

// Ends reports whether a play leaving after (the next player on roll, as
// engine.Play.After has it) ends the game (EndingOf).
func Ends(after engine.Board) bool {
	b := after.Swap()
	return EndingOf(&b) != NotOver
}

// EndingOf is how a turn leaving b (its player's men in b[Mover]) ends
// the game: all checked out, a rectangle, three on the roof, candlesticks;
// NotOver when the game goes on.
func EndingOf(b *engine.Board) Ending {
	mover, opp := &b[engine.Mover], &b[engine.Opponent]
	switch {
	case mover.Total() == 0:
		return CheckedOut
	case HasRectangle(mover):
		return Rectangle
	case opp.On(engine.Bar) >= 3:
		return ThreeOnRoof
	case FullSpikes(mover) > 0 && FullSpikes(opp) > 0:
		return WashBySticks
	}
	return NotOver
}

// gameEnd ends the game if side's turn, leaving b (side on roll), ended it.
func (m *Match) gameEnd(side engine.Side, b *engine.Board) (TurnEvents, bool) {
	g := m.game
	var r Result
	switch e := EndingOf(b); e {
	case CheckedOut:
		mult := multiplier(&b[engine.Opponent])
		r = Result{Ending: e, Winner: side, Games: g.cube * mult, Backgammon: mult == 6}
	case Rectangle:
		r = Result{Ending: e, Winner: side}
	case ThreeOnRoof:
		r = Result{Ending: e, Winner: side, Games: g.cube}
	case WashBySticks:
		r = Result{Ending: e}
	default:
		return TurnEvents{}, false
	}
	m.endGame(r)
	return TurnEvents{Ending: r.Ending}, true
}

// endGame scores a finished game and ends the match if it is won.
func (m *Match) endGame(r Result) {
	m.game = nil
	m.results = append(m.results, r)
	m.scoopTally++
	if r.Backgammon {
		m.scoops = append(m.scoops, scoop{side: r.Winner, games: m.scoopTally})
		m.scoopTally = 0
	}
	switch r.Ending {
	case WashBySticks, WashBySnakes:
		m.score[0]++
		m.score[1]++
	case Rectangle:
		m.finish(r.Winner, Rectangle)
		return
	default:
		m.score[r.Winner] += r.Games
		m.won[r.Winner]++
	}
	for _, side := range []engine.Side{engine.White, engine.Black} {
		if m.score[side] >= MatchGames && m.score[side] > m.score[side.Other()] {
			m.finish(side, r.Ending)
		}
	}
}

func (m *Match) finish(winner engine.Side, how Ending) {
	m.over, m.winner, m.ending = true, winner, how
}

// TimeOut ends the match: side's clock ran out, and side loses it, whatever
// the score (rule 12a).
func (m *Match) TimeOut(side engine.Side) error {
	switch {
	case m.over:
		return ErrMatchOver
	case m.game == nil:
		return ErrNoGame // the clocks run only in a game
	}
	m.game = nil
	m.finish(side.Other(), TimedOut)
	return nil
}

// offerOccasion reports whether the one-throw-win occasion comes now: the
// first time in the game one player, not the other, could win with his
// next throw (rule 18). Then his opponent may offer to concede.
func (m *Match) offerOccasion() bool {
	g := m.game
	if g.offerUsed {
		return false
	}
	mine := OneThrowWin(&g.board)
	swapped := g.board.Swap()
	theirs := OneThrowWin(&swapped)
	if mine == theirs {
		return false
	}
	g.offerUsed = true
	by := g.turn // the side on turn is the one who may lose
	if mine {
		by = g.turn.Other()
	}
	g.offerBy = &by
	return true
}

// OfferConcession is by's offer to concede the game for games, fewer than
// the other player would score by checking out now (rule 18). With a
// fiver (£5 paid with it), an offer lifting the other to exactly 24 games
// must be accepted. The offer stands until AnswerConcession.
func (m *Match) OfferConcession(by engine.Side, games int, fiver bool) (Offer, error) {
	g := m.game
	switch {
	case m.over:
		return Offer{}, ErrMatchOver
	case g == nil:
		return Offer{}, ErrNoGame
	case g.offerBy == nil || *g.offerBy != by:
		return Offer{}, fmt.Errorf("%v: %w", by, ErrNoOffer)
	}
	winnerView := g.board
	if g.turn == by {
		winnerView = g.board.Swap()
	}
	worth := g.cube * multiplier(&winnerView[engine.Opponent])
	if games < 1 || games >= worth {
		return Offer{}, fmt.Errorf("%w: %d games, the game is worth %d", ErrNoOffer, games, worth)
	}
	o := Offer{By: by, Games: games, Mandatory: fiver && m.score[by.Other()]+games == MatchGames-1}
	return o, nil
}

// Offer is an offer to concede the game (rule 18).
type Offer struct {
	By        engine.Side
	Games     int
	Mandatory bool // with a fiver, to 24 exactly: it must be accepted
}

// AnswerConcession answers an offer OfferConcession made: accepted, the
// game ends with o.Games to the other player; rejected (not allowed when
// mandatory), play goes on and the occasion is gone.
func (m *Match) AnswerConcession(o Offer, accept bool) error {
	g := m.game
	switch {
	case g == nil:
		return ErrNoGame
	case g.offerBy == nil || *g.offerBy != o.By:
		return ErrNoOffer
	case !accept && o.Mandatory:
		return ErrMandatory
	}
	g.offerBy = nil
	if accept {
		m.endGame(Result{Ending: Conceded, Winner: o.By.Other(), Games: o.Games})
	}
	return nil
}

// clone returns a copy of the match that shares no memory with m.
func (m *Match) clone() *Match {
	c := *m
	c.results, c.scoops = slices.Clone(m.results), slices.Clone(m.scoops)
	c.chooser = clonePtr(m.chooser)
	if g := m.game; g != nil {
		cg := *g
		cg.history = [2][]Throw{slices.Clone(g.history[0]), slices.Clone(g.history[1])}
		cg.throw, cg.last, cg.nominee, cg.offerBy = clonePtr(g.throw), clonePtr(g.last), clonePtr(g.nominee), clonePtr(g.offerBy)
		c.game = &cg
	}
	return &c
}

// clonePtr returns a pointer to a copy of *p, nil for nil.
func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}
