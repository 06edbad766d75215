package record

import (
	"fmt"

	"gammond/engine"
	"gammond/record/mat"
)

// illegalReason says what is wrong with a recorded play that no legal play
// of its dice matches, as a monitor would put it.
func illegalReason(st mat.Step) string {
	d := st.Action.Dice
	legal := engine.LegalPlays(st.Before, d)
	moves := st.Action.Moves
	if len(legal) == 0 {
		return fmt.Sprintf("%v cannot be played here, yet checkers moved", d)
	}
	if reason := backwardReason(moves); reason != "" {
		return reason
	}
	if reason := barReason(st.Before, moves); reason != "" {
		return reason
	}
	if reason := distanceReason(d, moves); reason != "" {
		return reason
	}
	must := int(legal[0].N)
	switch {
	case len(moves) < must && must == 1:
		return fmt.Sprintf("plays no die; %v allows one", d)
	case len(moves) < must:
		return fmt.Sprintf("plays %d of the %d dice the roll allows", len(moves), must)
	case must == 1 && !d.Double() && len(moves) == 1 && int(moves[0].From-moves[0].To) == min(d[0], d[1]):
		return fmt.Sprintf("plays the %d; only one die can be played, so it must be the %d", min(d[0], d[1]), max(d[0], d[1]))
	case len(moves) > must:
		return fmt.Sprintf("moves %d checkers' worth; %v allows %d", len(moves), d, must)
	}
	return fmt.Sprintf("not a legal play of %v", d)
}

// backwardReason reports a checker moved away from home, which no roll
// allows, whatever else the play does.
func backwardReason(moves []engine.Move) string {
	for _, m := range moves {
		if m.To > m.From {
			return fmt.Sprintf("moves %d/%d backwards", m.From, m.To)
		}
	}
	return ""
}

// barReason reports a checker moved while its side still had one on the
// bar.
func barReason(before engine.Board, moves []engine.Move) string {
	onBar := before[engine.Mover].On(engine.Bar)
	for _, m := range moves {
		if onBar == 0 {
			return ""
		}
		if m.From != engine.Bar {
			return fmt.Sprintf("moves %d/%d while a checker is on the bar", m.From, m.To)
		}
		onBar--
	}
	return ""
}

// distanceReason reports a move that no die (nor, bearing off, a larger
// die) accounts for.
func distanceReason(d engine.Dice, moves []engine.Move) string {
	for _, m := range moves {
		pips := int(m.From - m.To)
		switch {
		case pips == d[0] || pips == d[1]:
		case m.To == engine.Off && pips < max(d[0], d[1]):
		case combinedFits(pips, d):
		default:
			return fmt.Sprintf("moves %d/%d, %d pips, with %v", m.From, m.To, pips, d)
		}
	}
	return ""
}

// combinedFits reports whether one checker can travel pips with the dice
// together, as XG writes "24/15" for 63.
func combinedFits(pips int, d engine.Dice) bool {
	if d.Double() {
		return pips%d[0] == 0 && pips/d[0] <= engine.MaxMoves
	}
	return pips == d[0]+d[1]
}
