package mat

import (
	"slices"

	"gammond/sensing/sim"
)

// Script returns the match as the hand simulator plays it: each game's
// rolls with their plays, cube actions and result, as engine values. A
// play XG wrote ambiguously (combined moves that may hit or not) becomes
// the first legal play it stands for; an illegal one stays as recorded,
// for sim.Simulate to name. A resignation's roll is left out: the
// resigning side does not roll, and the game's Winner and Points say how
// it ended. A move no board allows is a *ReplayError.
func (m *Match) Script() (*sim.Script, error) {
	s := &sim.Script{Length: m.Length, Players: m.Players, Games: make([]sim.GameScript, 0, len(m.Games))}
	for i := range m.Games {
		g, err := m.Games[i].script()
		if err != nil {
			return nil, err
		}
		s.Games = append(s.Games, g)
	}
	return s, nil
}

// script returns one game as the hand simulator plays it.
func (g *Game) script() (sim.GameScript, error) {
	steps, err := g.Replay()
	if err != nil {
		return sim.GameScript{}, err
	}
	gs := sim.GameScript{Number: g.Number, Actions: make([]sim.Action, 0, len(steps))}
	for _, st := range steps {
		a := sim.Action{Side: st.Side, Number: st.Number}
		switch st.Action.Kind {
		case Roll:
			a.Kind, a.Dice, a.Moves = sim.Roll, st.Action.Dice, slices.Clone(st.Action.Moves)
			if len(st.Matches) > 0 {
				a.Moves = slices.Clone(st.Matches[0].Steps())
			}
		case Double:
			a.Kind = sim.Double
		case Take:
			a.Kind = sim.Take
		case Drop:
			a.Kind = sim.Drop
		case Win:
			side := st.Side
			gs.Winner, gs.Points = &side, st.Action.Points
			continue
		default: // a resignation's roll, or nothing
			continue
		}
		gs.Actions = append(gs.Actions, a)
	}
	return gs, nil
}
