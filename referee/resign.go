package referee

import (
	"fmt"

	"gammond/engine"
)

// A resignation (US 11.1, Danish 4.5, clock rules 5.1) is an offer: a side
// offers to lose a single game, a gammon or a backgammon, times the cube;
// the opponent accepts (the game ends) or rejects it (play goes on). Where
// the opponent can no longer do better than the offer, the director may
// force acceptance. The offer does not stop the turn flow: it stands until
// it is answered or the game ends otherwise.

// resignation is an offer to resign waiting for its answer.
type resignation struct {
	side   engine.Side
	kind   engine.ResultKind
	forced bool // the opponent can do no better
}

// offerStatus returns the offer waiting, for Status; nil for none.
func (r *Referee) offerStatus() *Offer {
	if r.offer == nil {
		return nil
	}
	return &Offer{Side: r.offer.side, Points: int(r.offer.kind), Worth: r.offerResult().Points, Forced: r.offer.forced}
}

// Resign tells the referee that side offers to resign points: 1 a single
// game, 2 a gammon, 3 a backgammon, times the cube; 0 (the buttons' DONE and
// CUBE held together) a single, or one more than side's offer waiting. A
// side may raise its own offer. It is refused (an Irregularity, nothing
// changes) outside a game, with the opponent's offer waiting, or for
// another number.
func (r *Referee) Resign(side engine.Side, points int) {
	kind := engine.ResultKind(points)
	if points == 0 {
		kind = engine.Single
		if r.offer != nil && r.offer.side == side {
			kind = r.offer.kind + 1
		}
	}
	if reason := r.resignRefusal(side, kind); reason != "" {
		r.irregular(side, fmt.Sprintf("%v's resignation refused: %s", side, reason))
		return
	}
	c, err := r.match.WeighConcession(side, kind, r.lines[0].board)
	if err != nil {
		r.irregular(side, fmt.Sprintf("%v's resignation refused: %v", side, err))
		return
	}
	r.offer = &resignation{side: side, kind: kind, forced: c.Forced}
	r.send(Event{Kind: ResignOffered, Side: side, Result: r.offerResult(), Cube: r.match.Cube(),
		Forced: c.Forced, Reason: concessionText(side.Other(), c)})
}

// resignRefusal says why side may not offer to resign kind now, or "".
func (r *Referee) resignRefusal(side engine.Side, kind engine.ResultKind) string {
	switch {
	case kind < engine.Single || kind > engine.Backgammon:
		return fmt.Sprintf("%d points: offer 1 (single), 2 (gammon) or 3 (backgammon)", kind)
	case r.phase == settingUp || r.phase == matchOver:
		return "no game is in progress"
	case r.offer != nil && r.offer.side != side:
		return fmt.Sprintf("%v's offer of a %v waits for an answer", r.offer.side, r.offer.kind)
	case r.offer != nil && kind <= r.offer.kind:
		return fmt.Sprintf("%v's offer of a %v waits: an offer can only be raised", side, r.offer.kind)
	}
	return ""
}

// concessionText says what the engine makes of an offer to winner.
func concessionText(winner engine.Side, c engine.Concession) string {
	if c.Forced {
		return fmt.Sprintf("%v can do no better: the director may force acceptance", winner)
	}
	return fmt.Sprintf("%v may still do better", winner)
}

// offerResult is the result the offer on the table gives if accepted.
func (r *Referee) offerResult() engine.Result {
	o := r.offer
	return engine.Result{Winner: o.side.Other(), Kind: o.kind, Points: int(o.kind) * r.match.Cube()}
}

// answerByCube is the CUBE button of the side a resignation is offered
// to: a press accepts, a long press rejects. It reports whether there was
// an offer to answer.
func (r *Referee) answerByCube(side engine.Side, long bool) bool {
	if r.offer == nil || r.offer.side == side {
		return false
	}
	if long {
		r.Reject(side)
	} else {
		r.Accept(side)
	}
	return true
}

// Accept tells the referee that side accepts the resignation offered to
// it: the game ends.
func (r *Referee) Accept(side engine.Side) {
	if reason := r.answerRefusal(side); reason != "" {
		r.irregular(side, fmt.Sprintf("%v cannot accept: %s", side, reason))
		return
	}
	r.resigned(side, "accepts")
}

// Reject tells the referee that side rejects the resignation offered to
// it: play goes on.
func (r *Referee) Reject(side engine.Side) {
	if reason := r.answerRefusal(side); reason != "" {
		r.irregular(side, fmt.Sprintf("%v cannot reject: %s", side, reason))
		return
	}
	o := r.offer
	r.offer = nil
	r.send(Event{Kind: ResignRejected, Side: side, Result: engine.Result{Winner: side, Kind: o.kind}})
}

// answerRefusal says why side may not answer a resignation now, or "".
func (r *Referee) answerRefusal(side engine.Side) string {
	switch {
	case r.offer == nil:
		return "no resignation is on offer"
	case r.offer.side == side:
		return fmt.Sprintf("the offer is %v's own", side)
	}
	return ""
}

// ForceAccept is the director's ruling that the resignation on offer is
// accepted: allowed only where the engine shows the opponent can do no
// better (US 11.1, clock rules 5.1).
func (r *Referee) ForceAccept() {
	if r.offer == nil {
		r.irregular(r.onRoll, "the director cannot force acceptance: no resignation is on offer")
		return
	}
	o := r.offer
	if c, err := r.match.WeighConcession(o.side, o.kind, r.lines[0].board); err != nil || !c.Forced {
		r.irregular(o.side, fmt.Sprintf("the director cannot force acceptance of %v's %v: %v may still do better", o.side, o.kind, o.side.Other()))
		return
	}
	r.resigned(o.side.Other(), "is made to accept")
}

// resigned ends the game on the offer, accepted by winner.
func (r *Referee) resigned(winner engine.Side, how string) {
	o := r.offer
	res, err := r.match.Resign(o.side, o.kind)
	if err != nil {
		r.matchErr(o.side, fmt.Errorf("resign: %w", err))
		return
	}
	r.pendingDone = false
	r.send(Event{Kind: Resigned, Side: o.side, Result: res, Cube: r.match.Cube(),
		Reason: fmt.Sprintf("%v %s %v's resignation of a %v", winner, how, o.side, o.kind)})
	r.gameOver(res)
}
