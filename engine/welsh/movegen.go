package welsh

import (
	"slices"

	"gammond/engine"
)

// Throw is what a player throws for a turn: two dice, or one die (Dice[0])
// when he has a full spread and chooses to throw just one (rule 11).
type Throw struct {
	Dice   engine.Dice
	OneDie bool
}

// Valid reports whether the throw's dice are in 1..6.
func (t Throw) Valid() bool {
	if t.OneDie {
		return t.Dice[0] >= 1 && t.Dice[0] <= 6
	}
	return t.Dice.Valid()
}

// SkinnySeven reports whether the throw is a 5 and a 2 (rule 9): none of its
// moves may take a man over the central bar.
func (t Throw) SkinnySeven() bool {
	return !t.OneDie && (t.Dice == engine.Dice{5, 2} || t.Dice == engine.Dice{2, 5})
}

// hasSix reports whether a die of the throw shows 6 ("six must", rule 18).
func (t Throw) hasSix() bool { return t.Dice[0] == 6 || !t.OneDie && t.Dice[1] == 6 }

// double reports whether the throw is doubles, played four times (rule 7).
func (t Throw) double() bool { return !t.OneDie && t.Dice.Double() }

func (t Throw) String() string {
	if t.OneDie {
		return string(rune('0' + t.Dice[0]))
	}
	return t.Dice.String()
}

// LegalPlays returns every legal play of a two-dice throw from b in Welsh
// backgammon, one per distinct resulting position. See Plays.
func LegalPlays(b engine.Board, d engine.Dice) []engine.Play {
	return Plays(b, Throw{Dice: d})
}

// Plays returns every legal play of t from b, one per distinct resulting
// position, with the moves of one way to reach it (a forward-only way when
// there is one). The slice is empty when the only legal play is to move
// nothing: a dance, a forfeited turn, or a throw that is not one. When
// moving nothing is legal beside other plays (a rover may waive its
// backward moves), it is listed as a play of no moves. b should pass
// Validate; another board gives no meaningful plays, but no panic.
//
// The rules applied, by rule number: 7 (play as many dice as possible, the
// larger die if only one; doubles four times), 8 and 9 (a man settles only
// where the turn leaves it, by one die, several one after the other or
// combined, hitting a lone opposing man there and nothing on the way; no
// mixed spikes; skinny sevens never cross the central bar), 10 (at most six
// men a spike, never two full spikes after the turn), 11 (a full spread's
// blots cannot be hit), 15 (crossing the stream), 16 (the roof first,
// entering through the back board), 18 (checking out exactly, busts, six
// must), 19 (boxes out), 20 (rovers). docs/WELSH.md gives the choices made
// where the text is ambiguous.
//
// Allocation budget: the search's map and candidates and the plays
// returned, about 25 allocations a call (BenchmarkPlays).
func Plays(b engine.Board, t Throw) []engine.Play {
	if !t.Valid() {
		return nil
	}
	if p, ok := boxesOut(&b, t); ok {
		return []engine.Play{p}
	}
	g := newSearch(b, t)
	start := g.startState()
	g.thrown = start.left
	g.visit(&start, 0)
	return g.legal()
}

// IsLegal reports whether after, the opponent on roll as in Play.After, is
// what a legal play of t from b leaves. When nothing can move, only the
// unchanged board (b.Swap()) is.
func IsLegal(b engine.Board, t Throw, after engine.Board) bool {
	plays := Plays(b, t)
	if len(plays) == 0 {
		return t.Valid() && after == b.Swap()
	}
	return slices.ContainsFunc(plays, func(p engine.Play) bool { return p.After == after })
}

// boxesOut returns the play of rule 19: with exactly four men left, all in
// the home board, double 6 checks them all out.
func boxesOut(b *engine.Board, t Throw) (engine.Play, bool) {
	mover := &b[engine.Mover]
	if t.OneDie || t.Dice != (engine.Dice{6, 6}) || mover.Total() != 4 || !mover.AllHome() {
		return engine.Play{}, false
	}
	var play engine.Play
	for p := 6; p >= 1; p-- {
		for range mover.On(p) {
			play.Moves[play.N] = engine.Move{From: int8(p), To: engine.Off}
			play.N++
		}
	}
	after := *b
	after[engine.Mover] = engine.Half{}
	play.After = after.Swap()
	return play, true
}

// state is a turn part-way through: where the mover's men are, the dice
// left, and which men may move back. A man settles only where the turn
// leaves it (rules 8, 9), so on the way it may stand anywhere, even on a
// covered spike: the opponent's men stay as they were until the turn ends.
type state struct {
	mover engine.Half
	left  [engine.MaxMoves]int8 // dice not yet used, largest first, 0 for none
	// rovers counts, by the mover's point, the activated rovers there
	// (rule 20): only they move back.
	rovers [engine.Bar + 1]uint8
	back   bool // a rover has moved back this turn
}

// candidate is a way the turn could end: the state it leaves and the moves
// that led there.
type candidate struct {
	state  state
	moves  [engine.MaxMoves]engine.Move
	n      int8 // how many of moves
	canFwd bool // a forward move could still be made, so the turn may not end here
}

// search walks every sequence of moves of a throw once.
type search struct {
	start     engine.Board
	throw     Throw
	protected [25]bool
	thrown    [engine.MaxMoves]int8 // the dice of the throw, as state.left
	seen      map[state]int         // candidate index by state
	cands     []candidate
	path      [engine.MaxMoves]engine.Move // the moves leading to the state visited
}

func newSearch(b engine.Board, t Throw) *search {
	return &search{start: b, throw: t, protected: protectedBlots(&b), seen: make(map[state]int)}
}

// startState is the state before the first move.
func (g *search) startState() state {
	s := state{mover: g.start[engine.Mover]}
	switch {
	case g.throw.OneDie:
		s.left[0] = int8(g.throw.Dice[0])
	case g.throw.double():
		d := int8(g.throw.Dice[0])
		s.left = [engine.MaxMoves]int8{d, d, d, d}
	default:
		s.left[0], s.left[1] = int8(max(g.throw.Dice[0], g.throw.Dice[1])), int8(min(g.throw.Dice[0], g.throw.Dice[1]))
	}
	if !g.throw.double() { // rule 20: no backward move on doubles
		for _, p := range Rovers(&g.start) {
			s.rovers[p] = 1
		}
	}
	return s
}

// visit records s as a candidate end of the turn, then tries every move
// from it. It reports whether a forward move from s leads to a position
// where the turn can end (rules 7 and 10: a move that cannot is forfeited).
func (g *search) visit(s *state, depth int) bool {
	if i, ok := g.seen[*s]; ok {
		return g.cands[i].canFwd
	}
	i := len(g.cands)
	g.seen[*s] = i
	g.cands = append(g.cands, candidate{state: *s, moves: g.path, n: int8(depth)})
	canFwd := false
	uses, n := diceUses(s.left)
	for _, use := range uses[:n] {
		if g.eachMove(s, use, depth) {
			canFwd = true
		}
	}
	g.cands[i].canFwd = canFwd
	return canFwd
}

// canEnd reports whether a turn may end in s: every man settles on a spike
// with no more than one opposing man, and that one not in a full spread
// (rules 8, 9, 11); no spike holds more than six men and the mover has at
// most one full spike (rule 10).
func (g *search) canEnd(s *state) bool {
	full := 0
	for p := 1; p <= 24; p++ {
		men := s.mover.On(p)
		if men == 0 {
			continue
		}
		opp := g.start[engine.Opponent].On(25 - p)
		if men > FullSpike || opp >= 2 || opp == 1 && g.protected[p] {
			return false
		}
		if men == FullSpike {
			full++
		}
	}
	return full <= 1
}

// diceUse is one way to use dice left: a single die or several combined
// (rule 9), moving a man value pips, leaving left.
type diceUse struct {
	value int
	left  [engine.MaxMoves]int8
}

// diceUses returns each distinct way to use the dice left, the first n of
// uses: every non-empty set of them, combined.
func diceUses(left [engine.MaxMoves]int8) (uses [1<<engine.MaxMoves - 1]diceUse, n int) {
	for set := 1; set < 1<<engine.MaxMoves; set++ {
		u, ok := useDice(left, set)
		if ok && !slices.Contains(uses[:n], u) {
			uses[n] = u
			n++
		}
	}
	return uses, n
}

// useDice combines the dice of left whose bits are set, if they are all
// dice left.
func useDice(left [engine.MaxMoves]int8, set int) (diceUse, bool) {
	var u diceUse
	n := 0
	for i, d := range left {
		switch {
		case set&(1<<i) == 0:
			u.left[n] = d
			n++
		case d == 0:
			return u, false
		default:
			u.value += int(d)
		}
	}
	slices.SortFunc(u.left[:], func(a, b int8) int { return int(b) - int(a) })
	return u, true
}

// eachMove visits every state one man's move of use.value leads to from s,
// the move the depth-th of the turn. It reports whether a forward move leads
// to a position where the turn can end.
func (g *search) eachMove(s *state, use diceUse, depth int) bool {
	if s.mover.On(engine.Bar) > 0 {
		// Rule 16: the roof's men enter, into the back board, before any
		// other man moves.
		return use.value <= 6 && g.moveMan(s, use, engine.Bar, engine.Bar-use.value, false, true, depth)
	}
	canFwd := false
	for from := 24; from >= 1; from-- {
		if s.mover.On(from) == 0 {
			continue
		}
		tos, n := forwardDests(from, use.value)
		for _, to := range tos[:n] {
			if g.mayCross(from, to) {
				canFwd = g.moveMan(s, use, from, to, false, true, depth) || canFwd
				if s.rovers[from] > 0 {
					canFwd = g.moveMan(s, use, from, to, true, true, depth) || canFwd
				}
			}
		}
		if s.rovers[from] == 0 {
			continue
		}
		tos, n = backwardDests(from, use.value)
		for _, to := range tos[:n] {
			if g.mayCross(from, to) {
				g.moveMan(s, use, from, to, true, false, depth)
			}
		}
	}
	return canFwd
}

// mayCross reports whether a move from one point to another is allowed by
// the skinny seven rule (9): a 5-2 throw takes no man over the central bar.
func (g *search) mayCross(from, to int) bool {
	if !g.throw.SkinnySeven() || from == engine.Bar || to == engine.Off {
		return true // the roof and check-out lie on the inner boards' side
	}
	outer := func(p int) bool { return p >= nearOuterLow && p < backLow }
	return outer(from) == outer(to)
}

// moveMan moves one man of s from one point to another with use, the
// depth-th move of the turn, and visits the state it leads to, unless it
// checks out before all the mover's men are home (rule 18). rover says the
// man moving is an activated rover, the only kind that moves back (rule
// 20). It reports whether the move went forward to where the turn can end
// or go on forward.
func (g *search) moveMan(s *state, use diceUse, from, to int, rover, forward bool, depth int) bool {
	if !rover && s.mover.On(from) <= int(s.rovers[from]) {
		return false // every man here is a rover: the rover branch moves one
	}
	if to == engine.Off && !s.mover.AllHome() {
		return false
	}
	next := *s
	next.left = use.left
	next.back = s.back || !forward
	next.mover[from-1]--
	if to != engine.Off {
		next.mover[to-1]++
	}
	if rover {
		next.rovers[from]--
		if to != engine.Off {
			next.rovers[to]++
		}
	}
	g.path[depth] = engine.Move{From: int8(from), To: int8(to)}
	nextFwd := g.visit(&next, depth+1)
	return forward && (nextFwd || g.canEnd(&next))
}

// forwardDests returns where a man on from (1..24) may move forward value
// pips: past the stream only by crossing it (rule 15), off only exactly
// (rule 18).
func forwardDests(from, value int) (dests [2]int, n int) {
	switch {
	case from >= backLow:
		if to := from - value; to >= farOuterLow {
			return [2]int{to}, 1
		}
	case from >= farOuterLow:
		spike := backLow - from
		if value == spike {
			dests[n], n = nearOuterLow-1+spike, n+1 // across the stream
		}
		if spike+value <= 6 {
			dests[n], n = from-value, n+1 // within the far-outer board
		}
	default:
		if to := from - value; to >= engine.Off {
			return [2]int{to}, 1
		}
	}
	return dests, n
}

// backwardDests returns where a rover on from may move back value pips:
// back across the stream only by crossing it, never onto the roof.
func backwardDests(from, value int) (dests [2]int, n int) {
	switch {
	case from >= farOuterLow:
		if to := from + value; to <= 24 {
			return [2]int{to}, 1
		}
	case from >= nearOuterLow:
		spike := from - (nearOuterLow - 1)
		if value == spike {
			dests[n], n = backLow-spike, n+1 // back across the stream
		}
		if spike+value <= 6 {
			dests[n], n = from+value, n+1
		}
	default:
		if to := from + value; to < farOuterLow {
			return [2]int{to}, 1
		}
	}
	return dests, n
}

// legal picks the legal plays among the candidates: those using as many
// dice forward as any forward-only play can (the larger die when only one
// of two can be played, rule 7), and those with a backward move after
// which no forward move can be made (rule 20); all leaving at most one full
// spike (rule 10); only those checking a man out if the throw has a 6 and
// one can (rule 18). One per resulting position.
func (g *search) legal() []engine.Play {
	most, pips := 0, 0
	for i := range g.cands {
		c := &g.cands[i]
		if c.state.back || !g.canEnd(&c.state) {
			continue
		}
		if n, p := g.used(&c.state); n > most || n == most && p > pips {
			most, pips = n, p
		}
	}
	var keep []*candidate
	checksOut := false
	for i := range g.cands {
		c := &g.cands[i]
		if !g.canEnd(&c.state) {
			continue
		}
		if c.state.back && c.canFwd {
			continue
		}
		if n, p := g.used(&c.state); !c.state.back && (n != most || p != pips) {
			continue
		}
		keep = append(keep, c)
		checksOut = checksOut || g.checksOut(&c.state)
	}
	sixMust := checksOut && g.throw.hasSix()
	// A forward-only way to a position is the one to show.
	slices.SortStableFunc(keep, func(a, b *candidate) int { return boolOrder(a.state.back) - boolOrder(b.state.back) })
	var plays []engine.Play
	found := make(map[engine.Board]bool, len(keep))
	for _, c := range keep {
		after := g.after(&c.state)
		if sixMust && !g.checksOut(&c.state) || found[after] {
			continue
		}
		found[after] = true
		p := engine.Play{After: after, Moves: c.moves, N: c.n}
		clear(p.Moves[p.N:])
		g.markHits(&p)
		plays = append(plays, p)
	}
	if len(plays) == 1 && plays[0].N == 0 {
		return nil // nothing can move: the throw is forfeited
	}
	return plays
}

// used returns how many dice s has used and their pips.
func (g *search) used(s *state) (dice, pips int) {
	for i := range s.left {
		if g.thrown[i] != 0 {
			dice, pips = dice+1, pips+int(g.thrown[i])
		}
		if s.left[i] != 0 {
			dice, pips = dice-1, pips-int(s.left[i])
		}
	}
	return dice, pips
}

func boolOrder(b bool) int {
	if b {
		return 1
	}
	return 0
}

// checksOut reports whether s has checked out a man since the turn began.
func (g *search) checksOut(s *state) bool {
	return s.mover.Total() < g.start[engine.Mover].Total()
}

// after returns the board a turn ending in s leaves, the opponent on roll:
// every opposing blot a man settled on is on the roof (rule 9).
func (g *search) after(s *state) engine.Board {
	b := engine.Board{g.start[engine.Opponent], s.mover}
	for p := 1; p <= 24; p++ {
		if s.mover.On(p) > 0 && b[engine.Opponent].On(25-p) == 1 {
			b[engine.Opponent][24-p] = 0
			b[engine.Opponent][engine.Bar-1]++
		}
	}
	return b.Swap()
}

// markHits sets Hit on the last move to each point where a blot was hit.
func (g *search) markHits(p *engine.Play) {
	for i := int(p.N) - 1; i >= 0; i-- {
		to := int(p.Moves[i].To)
		hit := to != engine.Off && g.start[engine.Opponent].On(25-to) == 1 && p.After[engine.Mover].On(25-to) == 0
		if hit && !slices.ContainsFunc(p.Moves[i+1:p.N], func(m engine.Move) bool { return int(m.To) == to }) {
			p.Moves[i].Hit = true
		}
	}
}
