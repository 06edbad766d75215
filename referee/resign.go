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

// offerStatus returns the offer waiting, for Status; nil for none.
func (r *Referee) offerStatus() *Offer {
	if r.offer == nil {
		return nil
	}
	res, _ := r.book.offered(r.offer)
	return &Offer{Side: r.offer.side, Points: r.offer.points, Worth: res.Points, Forced: r.offer.forced}
}

// Resign tells the referee that side offers to resign points: 1 a single
// game, 2 a gammon, 3 a backgammon, times the cube (in Welsh backgammon,
// points games, with the fiver paid or not); 0 (the buttons' DONE and
// CUBE held together) a single, or one more than side's offer waiting. A
// side may raise its own offer. It is refused (an Irregularity, nothing
// changes) outside a game, with the opponent's offer waiting, or where the
// game's rules refuse it. The opponent's offer on a flagged play ends that
// play's turn first (endFlag), as a double does.
func (r *Referee) Resign(side engine.Side, points int) { r.offerToConcede(side, points, false) }

// offerToConcede is Resign, with Welsh backgammon's fiver paid or not.
func (r *Referee) offerToConcede(side engine.Side, points int, fiver bool) {
	if points == 0 {
		points = 1
		if r.offer != nil && r.offer.side == side {
			points = r.offer.points + 1
		}
	}
	if reason := r.resignRefusal(side, points); reason != "" {
		r.irregular(side, fmt.Sprintf("%v's resignation refused: %s", side, reason))
		return
	}
	if !r.opponentBegins(side) { // an offer is made on one's own turn, as a double
		return
	}
	o := &resignation{side: side, points: points, fiver: fiver}
	reason, err := r.book.offer(o, r.lines[0].board)
	if err != nil {
		r.irregular(side, fmt.Sprintf("%v's resignation refused: %v", side, err))
		return
	}
	r.offer = o
	res, _ := r.book.offered(o)
	r.send(Event{Kind: ResignOffered, Side: side, Result: res, Cube: r.book.cube(), Forced: o.forced, Reason: reason})
}

// resignRefusal says why side may not offer to resign points now, or "".
func (r *Referee) resignRefusal(side engine.Side, points int) string {
	if r.phase == settingUp || r.phase == matchOver {
		return "no game is in progress"
	}
	if r.offer == nil {
		return ""
	}
	_, what := r.book.offered(r.offer)
	switch {
	case r.offer.side != side:
		return fmt.Sprintf("%v's offer of %s waits for an answer", r.offer.side, what)
	case points <= r.offer.points:
		return fmt.Sprintf("%v's offer of %s waits: an offer can only be raised", side, what)
	}
	return ""
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
	if _, err := r.book.concede(o, false); err != nil {
		r.irregular(side, err.Error())
		return
	}
	r.offer = nil
	r.send(Event{Kind: ResignRejected, Side: side, Result: engine.Result{Winner: side, Kind: engine.ResultKind(o.points)}})
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
// accepted: allowed only where the opponent can do no better (US 11.1,
// clock rules 5.1), or must accept (Welsh rule 18).
func (r *Referee) ForceAccept() {
	if r.offer == nil {
		r.irregular(r.onRoll, "the director cannot force acceptance: no resignation is on offer")
		return
	}
	o := r.offer
	if !r.book.forced(o, r.lines[0].board) {
		_, what := r.book.offered(o)
		r.irregular(o.side, fmt.Sprintf("the director cannot force acceptance of %v's %s: %v may still do better", o.side, what, o.side.Other()))
		return
	}
	r.resigned(o.side.Other(), "is made to accept")
}

// resigned ends the game on the offer, accepted by winner.
func (r *Referee) resigned(winner engine.Side, how string) {
	o := r.offer
	te, err := r.book.concede(o, true)
	if err != nil {
		r.irregular(o.side, fmt.Sprintf("resign: %v", err))
		return
	}
	r.wait = doneNone
	_, what := r.book.offered(o)
	r.send(Event{Kind: Resigned, Side: o.side, Result: te.result, Cube: r.book.cube(),
		Reason: fmt.Sprintf("%v %s %v's resignation of %s", winner, how, o.side, what)})
	r.gameOver(te)
}
