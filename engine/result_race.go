package engine

import (
	"cmp"
	"slices"
)

// This file answers "is it certain?" questions about races: positions
// without contact, where the sides' checkers have passed each other. No
// checker can be hit or blocked any more, so every die plays (a checker
// outside the home board moves by it; with all home, one moves or bears
// off), each side races alone, and its half of the board is all that
// matters.
//
// A side is certain to get something done (bear off every checker, bear
// off a first one, clear the opponent's home board) before the opponent
// gets its own thing done when the most turns the side can need, rolling
// the worst and playing the best, are fewer than the fewest turns the
// opponent can need, rolling the best. The first is searched exactly, up to
// a budget, the search ending where the goal's table (result_race_table.go)
// knows the answer; the second is a lower bound that holds whatever is
// rolled. Every shortcut errs towards "not certain".

// Contact reports whether a checker of one side can still meet one of the
// other: some checker has an opposing checker ahead of it, or is on the bar.
func (b *Board) Contact() bool {
	return b[Mover].highest()+b[Opponent].highest() >= 25
}

// highest returns the side's highest point with a checker (Bar for the bar),
// 0 when every checker is off.
func (h *Half) highest() int { return h.highestFrom(Bar) }

// highestFrom returns the side's highest point with a checker, none being
// above point top.
func (h *Half) highestFrom(top int) int {
	for p := top; p >= 1; p-- {
		if h[p-1] > 0 {
			return p
		}
	}
	return 0
}

// raceGoal is what a side in a race is trying to get done.
type raceGoal uint8

const (
	allOff    raceGoal = iota // every checker borne off: the game won
	firstOff                  // a checker borne off: a gammon saved
	zoneClear                 // no checker left in the opponent's home board: a backgammon saved
)

func (g raceGoal) reached(h *Half) bool {
	switch g {
	case allOff:
		return h.Total() == 0
	case firstOff:
		return h.BorneOff() > 0
	}
	return h.inZone() == 0
}

// need returns what the goal needs at least: pips, and dice, a die taking a
// checker 6 pips at most. Bearing off, the checkers outside the home board
// come in and one more die bears a checker off, a pip or more.
func (g raceGoal) need(h *Half) (pips, dice int) {
	w := &raceWeights[g]
	for i := raceFrom[g]; i < Bar; i++ {
		if n := int(h[i]); n > 0 {
			pips += n * w[i].pips
			dice += n * w[i].dice
		}
	}
	if g == firstOff {
		if h.BorneOff() > 0 {
			return 0, 0
		}
		return pips + 1, dice + 1
	}
	return pips, dice // none exactly when the goal is reached: every checker counted has some way to go
}

// raceWeights is, per goal and point (index p-1, Bar's last), a checker's
// distance and the dice it needs at least: need's sums, looked up once.
var raceWeights = func() (w [zoneClear + 1][Bar]struct{ pips, dice int }) {
	for g := range w {
		for p := 1; p <= Bar; p++ {
			d := raceGoal(g).distance(p)
			w[g][p-1].pips, w[g][p-1].dice = d, ceilDiv(d, 6)
		}
	}
	return w
}()

// raceFrom is, per goal, the index in a Half of the lowest point a checker
// has some way to go from: need skips those below.
var raceFrom = [zoneClear + 1]int{allOff: 0, firstOff: 6, zoneClear: 18}

// distance returns how far a checker on point p has to travel for the
// goal: off, home, out of the opponent's home board.
func (g raceGoal) distance(p int) int {
	switch g {
	case firstOff:
		return max(p-6, 0)
	case zoneClear:
		return max(p-18, 0)
	}
	return p
}

// fewestTurns is a lower bound on the turns the goal takes, however well the
// side rolls: a turn plays four dice at most.
func (g raceGoal) fewestTurns(h *Half) int {
	_, dice := g.need(h)
	return ceilDiv(dice, 4)
}

// worstFloor is a lower bound on the turns the goal can take with the worst
// rolls: rolling 2-1 every turn moves 3 pips and bears off 2 checkers at
// most.
func (g raceGoal) worstFloor(h *Half) int {
	pips, _ := g.need(h)
	n := ceilDiv(pips, 3)
	if g == allOff {
		n = max(n, ceilDiv(h.Total(), 2))
	}
	return n
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

// raceBudget caps the positions one raceSearch expands, and so its time
// (some 2µs a position on a desktop core). The tables answer once a side
// bearing off is all home, so only checkers still coming home are searched:
// the slowest race of the shared traces expands some 420 positions; past the
// budget the answer is "not certain".
const raceBudget = 5000

// raceSearch decides whether a side can make sure of its goal within a
// number of turns, whatever it rolls: it plays each roll the best way for
// the goal, and no roll may fail.
type raceSearch struct {
	goal   raceGoal
	known  map[Half]raceBounds
	budget int
	levels []*raceLevel // per depth of the search, reused
	depth  int
	// noTable makes the search go on rather than look the answer up in
	// the goal's table (result_race_table.go): the tests' reference.
	noTable bool
}

// raceBounds is what a search has learnt about a position: sure is the
// fewest turns known to suffice, short the most known not to.
type raceBounds struct{ sure, short int }

// raceLevel is what the search keeps of a roll's plays at one depth: the
// plays met so far, and their hashes.
type raceLevel struct {
	plays []racePlay
	seen  table
}

// racePlay is a position a roll leaves.
type racePlay struct {
	after Half
}

func newRaceSearch(g raceGoal) *raceSearch {
	return &raceSearch{goal: g, known: map[Half]raceBounds{}, budget: raceBudget}
}

// within reports whether the side with checkers h is sure to reach the goal
// within turns turns.
func (s *raceSearch) within(h Half, turns int) bool {
	if !s.noTable {
		if worst, ok := s.goal.tableTurns(&h); ok {
			return worst <= turns // none when the goal is reached
		}
	}
	switch {
	case s.goal.reached(&h):
		return true
	case turns <= 0 || s.goal.worstFloor(&h) > turns:
		return false
	}
	if s.budget <= 0 {
		return false
	}
	k, ok := s.known[h]
	switch {
	case !ok:
		k = raceBounds{sure: 1 << 30, short: 0}
	case turns >= k.sure:
		return true
	case turns <= k.short:
		return false
	}
	s.budget--
	sure := true
	for _, d := range worstRollsFirst {
		if !s.afterRoll(h, d, turns-1) {
			sure = false
			break
		}
	}
	if s.budget <= 0 {
		return false // an unfinished search proves nothing either way
	}
	if sure {
		k.sure = turns
	} else {
		k.short = turns
	}
	s.known[h] = k
	return sure
}

// afterRoll reports whether some play of d leaves the side sure to reach the
// goal within turns more turns. It tries each play as the roll's plays are
// made, the farthest checkers moved first, and makes no more once one
// does.
func (s *raceSearch) afterRoll(h Half, d Dice, turns int) bool {
	if s.depth == len(s.levels) {
		s.levels = append(s.levels, new(raceLevel))
	}
	l := s.levels[s.depth]
	l.plays = l.plays[:0]
	s.depth++
	g := raceGen{dst: &l.plays, seen: &l.seen, search: s, turns: turns}
	sure := g.visit(h, d)
	s.depth--
	return sure
}

// worstRollsFirst is the 21 rolls, those that move fewest pips first: a
// search for a roll that fails finds it soonest.
var worstRollsFirst = func() []Dice {
	var rolls []Dice
	for a := 1; a <= 6; a++ {
		for b := a; b <= 6; b++ {
			rolls = append(rolls, Dice{b, a})
		}
	}
	slices.SortStableFunc(rolls, func(x, y Dice) int { return cmp.Compare(rollPips(x), rollPips(y)) })
	return rolls
}()

func rollPips(d Dice) int {
	if d.Double() {
		return 4 * d[0]
	}
	return d[0] + d[1]
}

// racePlays appends to dst every position a roll can leave the side's
// checkers h in, with no contact. seen is scratch space, reused: it keeps
// each position once by its hash, not by a scan of those kept so far,
// which is quadratic in a double's hundreds of plays.
func racePlays(h Half, d Dice, dst []racePlay, seen *table) []racePlay {
	g := raceGen{dst: &dst, seen: seen}
	g.visit(h, d)
	return dst
}

// raceGen makes a roll's plays: it appends to *dst the positions a roll
// can leave the side's checkers in, as racePlays, and with a search asks
// it of each as it is met whether the side is sure of its goal within
// turns turns from there, stopping at the first that is.
type raceGen struct {
	dst    *[]racePlay
	seen   *table
	search *raceSearch
	turns  int
}

// visit makes the plays of d from h; it reports whether the search was
// sure of one.
func (g *raceGen) visit(h Half, d Dice) bool {
	g.seen.clear()
	highest := h.highest()
	if d.Double() {
		return g.steps(h, highest, []int{d[0], d[0], d[0], d[0]}, Bar)
	}
	return g.steps(h, highest, d[:], Bar) || g.steps(h, highest, []int{d[1], d[0]}, Bar)
}

// steps appends to g.dst the positions h (whose highest checker is on
// point highest) is left in by playing dice in order, the first from point
// top or below, those not in g.seen (the positions appended since it was
// cleared), asking the search of each; it reports whether it was sure of
// one. A side with no checker left plays no more. Equal dice move checkers from points
// in descending order: any legal order can be so rearranged, as moving a
// higher checker first never makes a later move illegal, and the positions
// are the same.
func (g *raceGen) steps(h Half, highest int, dice []int, top int) bool {
	if len(dice) == 0 || highest == 0 {
		if s := g.search; s != nil && !s.noTable {
			if worst, ok := s.goal.tableTurns(&h); ok {
				return worst <= g.turns // a look-up: cheaper than making sure it is new
			}
		}
		dst := *g.dst
		hash := h.hash()
		if i, free := g.seen.find(hash, func(i int32) bool { return dst[i].after == h }); i < 0 {
			g.seen.keep(free, hash, int32(len(dst)))
			*g.dst = append(dst, racePlay{after: h})
			return g.search != nil && g.search.within(h, g.turns)
		}
		return false
	}
	die, rest := dice[0], dice[1:]
	for p := min(top, highest); p >= 1; p-- {
		if h.On(p) == 0 {
			continue
		}
		to := p - die
		if to < 1 && (highest > 6 || (to < 0 && p != highest)) {
			continue // bear off only with all home, exactly or from the highest point
		}
		after := h
		after[p-1]--
		if to >= 1 {
			after[to-1]++
		}
		next := Bar
		if len(rest) > 0 && rest[0] == die {
			next = p
		}
		if g.steps(after, after.highestFrom(highest), rest, next) {
			return true
		}
	}
	return false
}

// raceFirst reports whether side p (Mover or Opponent) of a position with
// no contact is certain to reach goal pg before the other side reaches goal
// qg, whatever is rolled, p playing for it. dice is the roll of the side on
// roll if it has rolled and not yet played; otherwise not Valid.
func raceFirst(b *Board, p int, pg, qg raceGoal, dice Dice) bool {
	return newRaceSearch(pg).first(b, p, qg, dice)
}

// first is raceFirst with the search for p's goal.
func (s *raceSearch) first(b *Board, p int, qg raceGoal, dice Dice) bool {
	q := &b[1-p]
	if qg.reached(q) {
		return false
	}
	// The other side gets there on its turn fewest at the earliest; p must
	// get there on an earlier turn: its own turn fewest if p rolls first,
	// else the one before.
	turns := qg.fewestTurns(q)
	if p == Opponent {
		turns--
	}
	if p == Mover && dice.Valid() && !s.goal.reached(&b[p]) {
		return turns >= 1 && s.afterRoll(b[p], dice, turns-1)
	}
	return s.within(b[p], turns)
}
