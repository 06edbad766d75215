package chouette

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"gammond/engine"
)

// Side is one side of a chouette game.
type Side int

// The two sides of a game.
const (
	Box  Side = iota // the Man in the Box, who plays alone (law 6)
	Team             // the Captain and his partners (law 5)
)

func (s Side) String() string {
	switch s {
	case Box:
		return "box"
	case Team:
		return "team"
	}
	return fmt.Sprintf("Side(%d)", int(s))
}

// MinMembers is the fewest members of a chouette (law 1).
const MinMembers = 3

// MinForBoxPartner is the fewest members at which the box may choose a
// partner (law 12).
const MinForBoxPartner = 6

// Errors of Chouette, wrapped with the member and the action.
var (
	ErrTooFew         = errors.New("a chouette is played by three or more members (law 1)")
	ErrName           = errors.New("not a member's name")
	ErrMember         = errors.New("already a member")
	ErrUnknownMember  = errors.New("not a member")
	ErrGameInProgress = errors.New("a game is in progress")
	ErrNoGame         = errors.New("no game in progress")
	ErrDoublePending  = errors.New("a double awaits its answers")
	ErrNoDouble       = errors.New("no double to answer")
	ErrNotCubeOwner   = errors.New("the other side holds the cube")
	ErrCubeMax        = errors.New("the cube is at its highest")
	ErrWrongSide      = errors.New("on the wrong side to answer")
	ErrAnswered       = errors.New("already answered this double")
	ErrOutOfGame      = errors.New("out of this game")
	ErrBoxPartner     = errors.New("no partner for the box")
	ErrResultKind     = errors.New("not single, gammon or backgammon")
)

// Chouette is a chouette's members, their ranks and scores. The ranks run
// from the box (first) through the captain to the last-ranking member; a
// game in progress has its own acting captain, cube and members still in
// it. Methods refuse, with an error, what the laws do not allow, and then
// change nothing.
type Chouette struct {
	order   []string       // members by rank: the box, the captain, the partners
	halves  map[string]int // each member's score, in half points
	joining []string       // newcomers, last-ranking from the next game (law 4)
	games   int
	game    *game // the game in progress, nil between games
}

// game is one game of a chouette.
type game struct {
	partner string   // the box's partner (law 12), "" for none
	captain string   // the acting captain (laws 7, 10)
	team    []string // team members still in the game, by rank
	cube    int      // the cube every team member still in holds
	owner   Side
	centred bool

	doubler Side     // of the double awaiting answers
	pending []string // who is yet to answer it, by rank
	passes  []string // who has passed it
	takes   []string // who has taken it

	demoted []string // members who lost their post, in the order they lost it
}

// New returns a chouette of members ranked as given: the first is in the
// box, the second is captain (law 2; Rank ranks members by their throws).
func New(members []string) (*Chouette, error) {
	if len(members) < MinMembers {
		return nil, fmt.Errorf("%d members: %w", len(members), ErrTooFew)
	}
	c := &Chouette{halves: make(map[string]int, len(members))}
	for _, name := range members {
		if err := c.checkNew(name); err != nil {
			return nil, err
		}
		c.order = append(c.order, name)
		c.halves[name] = 0
	}
	return c, nil
}

// checkNew checks that name may join.
func (c *Chouette) checkNew(name string) error {
	if err := checkName(name); err != nil {
		return err
	}
	if _, ok := c.halves[name]; ok || slices.Contains(c.joining, name) {
		return fmt.Errorf("%s: %w", name, ErrMember)
	}
	return nil
}

// reservedNames name sides and posts in a session file; a member named so
// would make it ambiguous.
var reservedNames = []string{"box", "team", "captain"}

// checkName refuses a name no record or display can carry
// (engine.CheckName), a blank one, or a reserved one.
func checkName(name string) error {
	if err := engine.CheckName(name); err != nil {
		return err
	}
	switch {
	case strings.TrimSpace(name) == "":
		return fmt.Errorf("%q: %w: blank", name, ErrName)
	case slices.Contains(reservedNames, strings.ToLower(name)):
		return fmt.Errorf("%q: %w: it names a side or a post", name, ErrName)
	}
	return nil
}

// Order returns the members by rank: the box, the captain, then the
// partners in the order they succeed him. During a game these are the
// ranks it started with.
func (c *Chouette) Order() []string { return slices.Clone(c.order) }

// Box returns the Man in the Box.
func (c *Chouette) Box() string { return c.order[0] }

// Captain returns the captain: during a game the acting one (law 10),
// between games the next game's.
func (c *Chouette) Captain() string {
	if c.game != nil {
		return c.game.captain
	}
	return c.order[1]
}

// Games returns how many games have started.
func (c *Chouette) Games() int { return c.games }

// Playing reports whether a game is in progress.
func (c *Chouette) Playing() bool { return c.game != nil }

// Score returns member's points won (negative: lost), and whether member
// is one; a box's partner's share may leave half points (law 12).
func (c *Chouette) Score(member string) (float64, bool) {
	h, ok := c.halves[member]
	return float64(h) / 2, ok
}

// Scores returns every member's points.
func (c *Chouette) Scores() map[string]float64 {
	s := make(map[string]float64, len(c.halves))
	for name, h := range c.halves {
		s[name] = float64(h) / 2
	}
	return s
}

// Join adds a newcomer (law 4): he ranks last from the next game on, after
// the members that game's end sends to the end of the ranks.
func (c *Chouette) Join(name string) error {
	if err := c.checkNew(name); err != nil {
		return err
	}
	c.joining = append(c.joining, name)
	c.halves[name] = 0
	return nil
}

// StartGame begins the next game: the newcomers take their ranks, the box
// plays the captain, every other member is the captain's partner (law 5),
// and every team member holds a cube of 1, centred.
func (c *Chouette) StartGame() error {
	if c.game != nil {
		return ErrGameInProgress
	}
	c.order = append(c.order, c.joining...)
	c.joining = nil
	c.games++
	c.game = &game{captain: c.order[1], team: slices.Clone(c.order[1:]), cube: 1, centred: true}
	return nil
}

// ChooseBoxPartner makes member the box's partner for this game (law 12):
// only with six or more members, before the first double. He leaves the
// team and shares the box's result against each team member, half each.
// The law says the box "should select the person whom he has just
// defeated"; any member but the box and the captain may be chosen.
func (c *Chouette) ChooseBoxPartner(member string) error {
	g, err := c.inGame()
	if err != nil {
		return err
	}
	switch {
	case len(c.order) < MinForBoxPartner:
		return fmt.Errorf("%w with %d members: it takes %d (law 12)", ErrBoxPartner, len(c.order), MinForBoxPartner)
	case g.partner != "":
		return fmt.Errorf("%w: %s is already the box's partner", ErrBoxPartner, g.partner)
	case g.cube != 1 || !g.centred || g.pending != nil:
		return fmt.Errorf("%w once the cube is turned", ErrBoxPartner)
	case !c.isMember(member):
		return fmt.Errorf("%s: %w", member, ErrUnknownMember)
	case member == c.Box() || member == g.captain:
		return fmt.Errorf("%w: %s is the %s", ErrBoxPartner, member, c.post(member))
	case slices.Contains(c.joining, member):
		return fmt.Errorf("%w: %s joins from the next game", ErrBoxPartner, member)
	}
	g.partner = member
	g.team = slices.DeleteFunc(g.team, func(m string) bool { return m == member })
	return nil
}

// BoxPartner returns the box's partner in this game, "" for none.
func (c *Chouette) BoxPartner() string {
	if c.game == nil {
		return ""
	}
	return c.game.partner
}

// InGame returns the team members still in the game, by rank: those who
// passed a double are out.
func (c *Chouette) InGame() []string {
	if c.game == nil {
		return nil
	}
	return slices.Clone(c.game.team)
}

// Passed returns the team members who passed a box's double in the game
// in progress, by rank: those out of the game, and those who passed the
// double still awaiting answers, whose pass stands once given (law 8).
func (c *Chouette) Passed() []string {
	g := c.game
	if g == nil {
		return nil
	}
	var out []string
	for _, m := range c.order[1:] {
		passing := g.pending != nil && g.doubler == Box && slices.Contains(g.passes, m)
		if m != g.partner && (!slices.Contains(g.team, m) || passing) {
			out = append(out, m)
		}
	}
	return out
}

// Cube returns the cube every team member still in the game holds.
func (c *Chouette) Cube() int {
	if c.game == nil {
		return 1
	}
	return c.game.cube
}

// CubeOwner returns the side holding the cube; owned is false while it is
// centred.
func (c *Chouette) CubeOwner() (owner Side, owned bool) {
	if c.game == nil {
		return Box, false
	}
	return c.game.owner, !c.game.centred
}

// Pending returns who is yet to answer the double in progress, by rank.
func (c *Chouette) Pending() []string {
	if c.game == nil {
		return nil
	}
	return slices.Clone(c.game.pending)
}

// Double records that by doubles: the box, or the captain for his whole side
// (law 7), with the cube centred or its own. For the box's double every team
// member still in the game answers for himself (law 8); for the captain's,
// the box answers.
func (c *Chouette) Double(by Side) error {
	g, err := c.inGame()
	if err != nil {
		return err
	}
	switch {
	case g.pending != nil:
		return fmt.Errorf("the %v cannot double: %w", by, ErrDoublePending)
	case by != Box && by != Team:
		return fmt.Errorf("%v cannot double: not a side", by)
	case !g.centred && g.owner != by:
		return fmt.Errorf("the %v cannot double: %w", by, ErrNotCubeOwner)
	case g.cube*2 > engine.MaxCube:
		return fmt.Errorf("the %v cannot double: %w", by, ErrCubeMax)
	}
	g.doubler, g.passes, g.takes = by, nil, nil
	g.pending = []string{c.Box()}
	if by == Box {
		g.pending = slices.Clone(g.team)
	}
	return nil
}

// Take records that member accepts the double. The last answer settles it.
func (c *Chouette) Take(member string) error { return c.answer(member, true) }

// Pass records that member declines the double: he forfeits the count
// before it and is out of the game (laws 8, 9). The last answer settles it.
func (c *Chouette) Pass(member string) error { return c.answer(member, false) }

// answer records member's answer, and settles the double when it is the
// last.
func (c *Chouette) answer(member string, take bool) error {
	g, err := c.inGame()
	if err != nil {
		return err
	}
	if g.pending == nil {
		return fmt.Errorf("%s cannot answer: %w", member, ErrNoDouble)
	}
	i := slices.Index(g.pending, member)
	if i < 0 {
		return c.notToAnswer(g, member)
	}
	g.pending = slices.Delete(g.pending, i, i+1)
	if take {
		g.takes = append(g.takes, member)
	} else {
		g.passes = append(g.passes, member)
	}
	if len(g.pending) == 0 {
		g.pending = nil
		c.settleDouble(g)
	}
	return nil
}

// notToAnswer says why member has no answer to give to the double.
func (c *Chouette) notToAnswer(g *game, member string) error {
	switch {
	case !c.isMember(member):
		return fmt.Errorf("%s: %w", member, ErrUnknownMember)
	case slices.Contains(g.passes, member) || slices.Contains(g.takes, member):
		return fmt.Errorf("%s: %w", member, ErrAnswered)
	case g.doubler == Box && member == c.Box():
		return fmt.Errorf("%s: %w: %s is the box, who doubled; the team members answer (law 8)", member, ErrWrongSide, member)
	case g.doubler == Box && member == g.partner:
		return fmt.Errorf("%s: %w: %s is the box's partner (law 12)", member, ErrWrongSide, member)
	case slices.Contains(c.joining, member):
		return fmt.Errorf("%s: %w: joins from the next game (law 4)", member, ErrOutOfGame)
	case g.doubler == Box:
		return fmt.Errorf("%s: %w: passed an earlier double", member, ErrOutOfGame)
	}
	return fmt.Errorf("%s: %w: the captain doubled for the team; the box, %s, answers (law 7)", member, ErrWrongSide, c.Box())
}

// settleDouble applies the answers to a double. Who passes pays the count
// before the double (laws 8, 9); a captain who passes loses his post and the
// highest-ranking taker captains the rest of the game (laws 9 to 11).
func (c *Chouette) settleDouble(g *game) {
	if g.doubler == Team {
		if len(g.passes) > 0 {
			c.endGame(g, Team, g.cube)
			return
		}
		g.cube *= 2
		g.owner, g.centred = Box, false
		return
	}
	for _, m := range g.passes {
		c.settle(g, m, -g.cube)
	}
	if slices.Contains(g.passes, g.captain) {
		g.demoted = append(g.demoted, g.captain)
		if i := slices.IndexFunc(g.team, func(m string) bool { return slices.Contains(g.takes, m) }); i >= 0 {
			g.captain = g.team[i] // the team is by rank
		}
	}
	g.team = slices.DeleteFunc(g.team, func(m string) bool { return slices.Contains(g.passes, m) })
	if len(g.team) == 0 {
		c.endGame(g, Box, 0)
		return
	}
	g.cube *= 2
	g.owner, g.centred = Team, false
}

// Win ends the game: winner wins kind times the cube from each adversary
// still in the game, the box from each team member and each team member
// from the box (law 6).
func (c *Chouette) Win(winner Side, kind engine.ResultKind) error {
	g, err := c.inGame()
	if err != nil {
		return err
	}
	switch {
	case g.pending != nil:
		return fmt.Errorf("the %v cannot win: %w", winner, ErrDoublePending)
	case winner != Box && winner != Team:
		return fmt.Errorf("%v cannot win: not a side", winner)
	case kind < engine.Single || kind > engine.Backgammon:
		return fmt.Errorf("the %v cannot win %d points a cube: %w", winner, int(kind), ErrResultKind)
	}
	c.endGame(g, winner, int(kind)*g.cube)
	return nil
}

// endGame scores winner's win of points from each team member still in the
// game and sends the defeated to the end of the ranks: a defeated box
// retires and the captain takes the box (law 6); a defeated captain loses
// his post and the highest-ranking partner captains the next game (law 7).
func (c *Chouette) endGame(g *game, winner Side, points int) {
	sign := 1
	if winner == Box {
		sign = -1
	}
	for _, m := range g.team {
		c.settle(g, m, sign*points)
	}
	box := c.Box()
	first := []string{box}
	last := g.demoted
	switch {
	case winner == Team:
		first, last = []string{g.captain}, append(slices.Clone(g.demoted), box)
	case len(g.team) > 0: // the acting captain, still in, is defeated
		last = append(slices.Clone(g.demoted), g.captain)
	}
	rest := slices.DeleteFunc(slices.Clone(c.order), func(m string) bool {
		return slices.Contains(first, m) || slices.Contains(last, m)
	})
	c.order = slices.Concat(first, rest, last)
	c.game = nil
}

// settle scores points won by team member m from the box (negative: lost
// to it); the box's partner takes half of the box's side (law 12).
func (c *Chouette) settle(g *game, m string, points int) {
	c.halves[m] += 2 * points
	if g.partner == "" {
		c.halves[c.Box()] -= 2 * points
		return
	}
	c.halves[c.Box()] -= points
	c.halves[g.partner] -= points
}

// inGame returns the game in progress, or ErrNoGame.
func (c *Chouette) inGame() (*game, error) {
	if c.game == nil {
		return nil, ErrNoGame
	}
	return c.game, nil
}

// isMember reports whether name is a member, ranked or joining.
func (c *Chouette) isMember(name string) bool {
	_, ok := c.halves[name]
	return ok
}

// post names member's post in the game: box, captain or partner.
func (c *Chouette) post(member string) string {
	switch {
	case member == c.Box():
		return "box"
	case c.game != nil && member == c.game.captain:
		return "captain"
	}
	return "partner"
}
