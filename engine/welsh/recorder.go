package welsh

import (
	"slices"
	"time"

	"gammond/engine"
)

// Recorder plays a match (see Match) and keeps its Record: the referee
// calls its methods as it would the Match's, and writes Record() out.
// Each method records the action only when the Match allows it.
type Recorder struct {
	m   *Match
	rec Record
}

// NewRecorder returns a recorder of a new match between white and black,
// the BG scoop-pot's tally carried in as for NewMatch.
func NewRecorder(white, black string, scoopTally int) *Recorder {
	return &Recorder{m: NewMatch(scoopTally), rec: Record{White: white, Black: black, Scoop: scoopTally}}
}

// Match returns the match being recorded, to read its state.
func (r *Recorder) Match() *Match { return r.m }

// Record returns the record so far.
func (r *Recorder) Record() *Record {
	rec := r.rec
	rec.Games = slices.Clone(r.rec.Games)
	return &rec
}

// StartGame is Match.StartGame, recorded.
func (r *Recorder) StartGame(first engine.Side, left [2]time.Duration) error {
	if err := r.m.StartGame(first, left); err != nil {
		return err
	}
	cube, _, _ := r.m.Cube()
	r.rec.Games = append(r.rec.Games, GameRecord{First: first, Cube: cube})
	return nil
}

// Double is Match.Double, recorded.
func (r *Recorder) Double(side engine.Side) error {
	return r.do(Action{Side: side, Kind: ActDouble}, func() error { return r.m.Double(side) })
}

// Nominate is Match.Nominate, recorded.
func (r *Recorder) Nominate(by engine.Side, t Throw) error {
	return r.do(Action{Side: by, Kind: ActNominate, Throw: t}, func() error { return r.m.Nominate(by, t) })
}

// Throw is Match.Throw, recorded.
func (r *Recorder) Throw(side engine.Side, t Throw) (ThrowOutcome, error) {
	var out ThrowOutcome
	err := r.do(Action{Side: side, Kind: ActThrow, Throw: t}, func() (err error) {
		out, err = r.m.Throw(side, t)
		return err
	})
	if err == nil && out == ThrowAgain {
		g := &r.rec.Games[len(r.rec.Games)-1]
		g.Actions[len(g.Actions)-1].Again = true
	}
	return out, err
}

// ThrowAgainAceyDeucey is Match.ThrowAgainAceyDeucey, recorded.
func (r *Recorder) ThrowAgainAceyDeucey(side engine.Side) error {
	return r.do(Action{Side: side, Kind: ActAceyDeucey}, func() error { return r.m.ThrowAgainAceyDeucey(side) })
}

// Play is Match.Play, recorded with the moves of a legal play leaving
// after (none when nothing could move).
func (r *Recorder) Play(side engine.Side, after engine.Board) (TurnEvents, error) {
	var moves []engine.Move
	if g := r.m.game; g != nil && g.throw != nil {
		for _, p := range Plays(g.board, *g.throw) {
			if p.After == after {
				moves = slices.Clone(p.Steps())
			}
		}
	}
	var ev TurnEvents
	err := r.do(Action{Side: side, Kind: ActPlay, Moves: moves}, func() (err error) {
		ev, err = r.m.Play(side, after)
		return err
	})
	return ev, err
}

// PlayStanding is Match.PlayStanding, recorded with moves that lead to
// after: a legal play's, or DiffMoves' for an illegal one.
func (r *Recorder) PlayStanding(side engine.Side, after engine.Board) (TurnEvents, error) {
	var moves []engine.Move
	if g := r.m.game; g != nil && g.throw != nil {
		moves = DiffMoves(g.board, after)
		for _, p := range Plays(g.board, *g.throw) {
			if p.After == after {
				moves = slices.Clone(p.Steps())
			}
		}
	}
	var ev TurnEvents
	err := r.do(Action{Side: side, Kind: ActPlay, Moves: moves}, func() (err error) {
		ev, err = r.m.PlayStanding(side, after)
		return err
	})
	return ev, err
}

// OfferConcession is Match.OfferConcession, recorded.
func (r *Recorder) OfferConcession(by engine.Side, games int, fiver bool) (Offer, error) {
	var o Offer
	err := r.do(Action{Side: by, Kind: ActOffer, Games: games, Fiver: fiver}, func() (err error) {
		o, err = r.m.OfferConcession(by, games, fiver)
		return err
	})
	return o, err
}

// AnswerConcession is Match.AnswerConcession, recorded as the answer of
// the player offered the concession.
func (r *Recorder) AnswerConcession(o Offer, accept bool) error {
	kind := ActReject
	if accept {
		kind = ActAccept
	}
	return r.do(Action{Side: o.By.Other(), Kind: kind}, func() error { return r.m.AnswerConcession(o, accept) })
}

// TimeOut is Match.TimeOut, recorded.
func (r *Recorder) TimeOut(side engine.Side) error {
	return r.do(Action{Side: side, Kind: ActTimeOut}, func() error { return r.m.TimeOut(side) })
}

// do runs act on the match and, if it is allowed, records a and the end of
// the game or match it brings.
func (r *Recorder) do(a Action, act func() error) error {
	if err := act(); err != nil {
		return err
	}
	g := &r.rec.Games[len(r.rec.Games)-1]
	g.Actions = append(g.Actions, a)
	if results := r.m.results; len(results) == len(r.rec.Games) && g.End == nil {
		last := results[len(results)-1]
		g.End = &GameEnd{Winner: last.Winner, Ending: last.Ending, Games: last.Games, Score: r.m.score}
		if isWash(last.Ending) {
			g.End.Winner, g.End.Games = 0, 1
		}
	}
	if over, winner, how := r.m.Over(); over && r.rec.End == nil {
		r.rec.End = &MatchEnd{Winner: winner, Ending: how, Score: r.m.score}
	}
	return nil
}

// Clone returns a recorder of the same match and record that shares no
// memory with r: what it records leaves r as it is.
func (r *Recorder) Clone() *Recorder {
	c := &Recorder{m: r.m.clone(), rec: *r.Record()}
	for i := range c.rec.Games {
		c.rec.Games[i].Actions = slices.Clone(c.rec.Games[i].Actions)
	}
	return c
}
