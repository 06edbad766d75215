package welsh

import "gammond/engine"

// Partials returns every distinct position on the way to a legal play of t
// from b, the mover still on roll (not swapped as in Play.After): the board
// before moving, every legal play's position, and every position a player
// reaches making some of a legal play's moves, in any order, each man
// standing where those moves leave it (Apply: a blot under it hit). A
// position the hand carries a man past is left out: a man on a covered
// spike, or a seventh on a full one (rule 10). The referee tells a play still being made
// ("partial") from an illegal one with it.
//
// Cost: every order of every legal play's moves, at most 4! a play; some
// milliseconds for a throw with many plays (BenchmarkPartials).
func Partials(b engine.Board, t Throw) []engine.Board {
	seen := map[engine.Board]bool{b: true}
	out := []engine.Board{b}
	add := func(p engine.Board) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, play := range Plays(b, t) {
		moves := play.Steps()
		add(play.After.Swap())
		permute(moves, func(order []engine.Move) {
			for n := 1; n < len(order); n++ {
				if p, err := Apply(b, order[:n]); err == nil && Validate(&p) == nil {
					add(p)
				}
			}
		})
	}
	return out
}

// permute calls visit with every order of moves (at most four).
func permute(moves []engine.Move, visit func([]engine.Move)) {
	order := append([]engine.Move(nil), moves...)
	var walk func(k int)
	walk = func(k int) {
		if k == len(order) {
			visit(order)
			return
		}
		for i := k; i < len(order); i++ {
			order[k], order[i] = order[i], order[k]
			walk(k + 1)
			order[k], order[i] = order[i], order[k]
		}
	}
	walk(0)
}
