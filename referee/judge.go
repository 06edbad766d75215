package referee

import (
	"cmp"
	"fmt"
	"slices"
	"time"

	"gammond/calib"
	"gammond/engine"
)

// Judging names what decides, at DONE, which play the settled board shows
// (Referee.SetJudging; the config's [referee] judge).
type Judging string

// The judges.
const (
	// JudgeClassifier matches the turn's legal results against the
	// occupancy the classifier reads (calib.Classifier,
	// engine.Matcher).
	JudgeClassifier Judging = "classifier"
	// JudgeModel scores the positions the turn can leave on the settled
	// frame through the sensor model (calib.Model, docs/SENSING.md).
	JudgeModel Judging = "model"
)

// ParseJudging reads a judge's name; "" is the sensor model.
func ParseJudging(s string) (Judging, error) {
	switch j := Judging(s); j {
	case "":
		return JudgeModel, nil
	case JudgeClassifier, JudgeModel:
		return j, nil
	}
	return "", fmt.Errorf("no judge %q: want %s or %s", s, JudgeClassifier, JudgeModel)
}

// judge decides at DONE what the settled board says of the turn: the
// legal plays it shows, that the mover still has a checker in the hand, or
// that it shows none, and which points to light then.
type judge interface {
	// fits appends to dst the legal plays of the lines the board shows,
	// the likeliest first (several: the sensors cannot split them).
	// inProgress says the board shows a play under way; a waitUntil not
	// zero, that the judgement waits for a checker in the hand, a move
	// of the board after waitUntil ending the wait (never once the hand
	// is known empty: handEmpty).
	fits(r *Referee, dst []fit, handEmpty bool) (fits []fit, inProgress bool, waitUntil time.Time)
	// wait returns what a DONE on the settled board waits for before
	// its play is judged: a checker in the hand (maybe on a masked
	// slot), or doneNone to judge it now.
	wait(r *Referee) doneWait
	// lit appends to dst the points to light for a play that fits no
	// legal result: where the board departs from the nearest one.
	lit(r *Referee, dst []int) []int
	// short reports whether a play flagged now is flagged with one of
	// the mover's checkers still in the hand: its landing withdraws the
	// flag at once, not at the opponent's roll.
	short(r *Referee) bool
	// hides reports whether the plays that fit may be another play the
	// sensors cannot see: reported ambiguous, never as certain.
	hides(r *Referee, fits []fit) bool
	// read takes a settled input and sets board, the board as last
	// read, to what it reads: its occupancy, or its frame's reading.
	read(r *Referee, in *Input, board *engine.Occupancy)
	// learn takes what an event of the referee's makes known.
	learn(r *Referee, e Event)
}

// judges returns the referee's judge: the classifier's matchers unless
// SetJudging chose another.
func (r *Referee) judges() judge {
	if r.judging == nil {
		return matchers{}
	}
	return r.judging
}

// SetJudging chooses what judges each play at DONE. The sensor model
// starts from cal, and judges on the raw frame each settled input carries
// (Input.Frame: the pipeline attaches it for this judge), so that the
// journal of the referee's inputs still rebuilds its state.
func (r *Referee) SetJudging(j Judging, cal *calib.Calibration) error {
	switch j {
	case JudgeClassifier:
		r.judging = nil
		return nil
	case "", JudgeModel:
		m, err := calib.NewModel(cal)
		if err != nil {
			return fmt.Errorf("the sensor model: %w", err)
		}
		r.judging = &modelJudge{model: m}
		return nil
	}
	_, err := ParseJudging(string(j))
	return err
}

// Judging returns what judges each play at DONE.
func (r *Referee) Judging() Judging {
	if _, ok := r.judges().(*modelJudge); ok {
		return JudgeModel
	}
	return JudgeClassifier
}

// matchers judge by the turn's matchers on the classifier's occupancy: a
// legal result fits where the occupancy could show it.
type matchers struct{}

func (matchers) fits(r *Referee, dst []fit, _ bool) ([]fit, bool, time.Time) {
	inProgress := false
	for i := range r.lines {
		complete, partial := r.lines[i].matcher.Match(&r.board)
		for _, j := range complete {
			dst = append(dst, fit{i, j})
		}
		inProgress = inProgress || partial
	}
	return dst, inProgress, time.Time{}
}

// wait: the board shows a legal result but for a checker, maybe one a
// masked slot hides.
func (matchers) wait(r *Referee) doneWait {
	switch {
	case r.moverShort():
		return doneInHand
	case r.mayBeShort():
		return doneMasked
	}
	return doneNone
}

func (matchers) lit(r *Referee, dst []int) []int {
	_, points := r.lines[0].matcher.Nearest(&r.board, dst)
	return points
}

func (matchers) short(r *Referee) bool { return r.moverShort() }

func (matchers) hides(r *Referee, fits []fit) bool { return r.fitsOnMasked(fits) }

// read takes the input's occupancy; one with a frame alone (the sensor
// model's) leaves the board as it was.
func (matchers) read(_ *Referee, in *Input, board *engine.Occupancy) {
	if in.Board != nil {
		*board = *in.Board
	}
}
func (matchers) learn(*Referee, Event) {}

// modelJudge judges by the sensor model: every legal result of every
// line, the positions before the turn and the legal results with one
// checker still in the hand, scored on the last settled frame
// (calib.Model.Judge). With no frame (inputs from a pipeline that
// attached none) it judges as the matchers do.
type modelJudge struct {
	model  *calib.Model
	framed bool // the last settled input carried a frame
	// at is when it was told, stillAt since when the board held still on
	// it.
	at, stillAt time.Time
	// turn is the positions the turn can leave, as the last judgement
	// saw them; scored and best are its.
	turn   calib.Turn
	scored []scoredLayout
	best   engine.Layout
	played bool // the last judgement was Played: its result may teach the model
}

// scoredLayout is a legal result and its score.
type scoredLayout struct {
	layout engine.Layout
	score  float64
}

// read revises the board by the frame (calib.Model.Revise): a point
// reads otherwise only where the frame says so. Between turns the
// position after DONE is official (US 4.3): the board reads it unless the
// frame departs from it decisively, as a touch must before it is
// reported.
func (j *modelJudge) read(r *Referee, in *Input, board *engine.Occupancy) {
	j.framed = len(in.Frame) > 0
	if !j.framed {
		matchers{}.read(r, in, board)
		return
	}
	j.at, j.stillAt = in.At, in.FrameAt
	j.model.Observe(in.At, in.Frame)
	j.model.Evaluate(in.At)
	j.revise(r, board)
	j.model.Follow(in.At)
}

// revise revises board by the frame evaluated: from the official
// position between turns, else from the board as last read.
func (j *modelJudge) revise(r *Referee, board *engine.Occupancy) {
	if r.phase != awaitingRoll || r.turn == 0 {
		j.model.Revise(board, calib.ReadingSlack)
		return
	}
	g := j.model.Geometry()
	*board = engine.OccupancyOf(&r.lines[0].board, r.onRoll, g.Slots, g.BarSlots)
	j.model.Revise(board, calib.FitMargin)
}

func (j *modelJudge) fits(r *Referee, dst []fit, handEmpty bool) ([]fit, bool, time.Time) {
	j.played = false
	if !j.framed {
		return matchers{}.fits(r, dst, handEmpty)
	}
	j.candidates(r, handEmpty)
	j.model.Evaluate(j.at)
	v := j.model.Judge(&j.turn)
	j.best = j.turn.Legal[v.Play]
	switch {
	case !handEmpty && (v.Verdict != calib.Played || v.Unread) && j.at.Before(r.doneAt.Add(handLanding)):
		// A DONE pressed before the last checker landed: what the hand
		// still carries may read on a point it passes. Until a checker
		// in the hand has had time to land, only the board moving again
		// after that, or settling, says what the play left.
		return dst, false, r.doneAt.Add(handLanding)
	case v.Verdict == calib.Illegal:
		return dst, false, time.Time{}
	case v.Unread && r.phase != flagged:
		// A position no legal play leaves reads about as well as the one
		// legal result: flagged at DONE, for the mover to put right.
		return dst, false, time.Time{}
	case v.Verdict == calib.Played || v.Unread:
		// Once flagged, only a reading decisively illegal stands.
		j.played = true
		return j.fitsOf(r, dst, j.best), false, time.Time{}
	case v.Verdict == calib.InProgress && handEmpty:
		return dst, true, time.Time{}
	case v.Verdict != calib.Played && !handEmpty:
		// A checker may yet land, within maskedLanding of the board
		// coming to rest: only its landing decides, or the grace's end,
		// or the board moving later (another hand's, not the landing).
		return dst, false, j.stillAt.Add(maskedLanding)
	}
	return j.ambiguous(r, dst), false, time.Time{}
}

// ambiguous appends the plays of every legal result that scores within
// calib.FitMargin of the best, the likeliest first: the hypotheses the
// frame cannot split.
func (j *modelJudge) ambiguous(r *Referee, dst []fit) []fit {
	j.scored = j.scored[:0]
	for i := range j.turn.Legal {
		j.scored = append(j.scored, scoredLayout{j.turn.Legal[i], j.model.Score(&j.turn.Legal[i])})
	}
	slices.SortStableFunc(j.scored, func(a, b scoredLayout) int { return cmp.Compare(b.score, a.score) })
	for _, s := range j.scored {
		if j.scored[0].score-s.score < calib.FitMargin {
			dst = j.fitsOf(r, dst, s.layout)
		}
	}
	return dst
}

// fitsOf appends every line's plays that leave l.
func (j *modelJudge) fitsOf(r *Referee, dst []fit, l engine.Layout) []fit {
	for i := range r.lines {
		plays := r.lines[i].matcher.Plays()
		for k := range plays {
			if engine.LayoutOf(&plays[k].After, r.onRoll.Other()) == l {
				dst = append(dst, fit{i, k})
			}
		}
	}
	return dst
}

// candidates lays out the turn for the model: its distinct legal
// results, the board before it and, while a checker may still be in the
// hand, the legal results with one checker not yet down. The board before
// is the first hypothesis': the lines differ only where the sensors
// cannot see, so the model scores their boards alike.
func (j *modelJudge) candidates(r *Referee, handEmpty bool) {
	before := r.lines[0].matcher.Before()
	j.turn = calib.Turn{Legal: j.turn.Legal[:0], Before: engine.LayoutOf(&before, r.onRoll), Mover: r.onRoll, InHand: !handEmpty}
	mayBearOff := false
	for i := range r.lines {
		plays := r.lines[i].matcher.Plays()
		for k := range plays {
			if l := engine.LayoutOf(&plays[k].After, r.onRoll.Other()); !slices.Contains(j.turn.Legal, l) {
				j.turn.Legal = append(j.turn.Legal, l)
			}
			mayBearOff = mayBearOff || plays[k].After[engine.Opponent].AllHome() // the mover's half, the opponent on roll
		}
	}
	// Only where some legal result has all the mover's checkers home can
	// a checker have left the board this turn, borne off by a legal play
	// or a miscounted one; elsewhere a checker missing from the board on
	// sensors never seen to read a field is likelier a sensor dead from
	// the start than a checker in the tray.
	j.turn.Unproven = r.lastWord && handEmpty && !mayBearOff
}

// wait judges at once: the model's own verdict says when a checker may
// still be in the hand (fits), and a frame gives no occupancy's masked
// slots to wait on. With no frame, it waits as the matchers do.
func (j *modelJudge) wait(r *Referee) doneWait {
	if !j.framed {
		return matchers{}.wait(r)
	}
	return doneNone
}

func (j *modelJudge) lit(r *Referee, dst []int) []int {
	if !j.framed {
		return matchers{}.lit(r, dst)
	}
	if points := j.model.Departures(dst, &j.best); len(points) > len(dst) {
		return points
	}
	return matchers{}.lit(r, dst) // the frame departs from every legal result by a little on many points
}

// short: never. The model's flags are confirmed at the opponent's roll
// (a checker landing after the grace shows a legal result then); a frame
// that reads a checker in the hand reads as well an illegal play being
// put right through a legal result, or a checker on a dead slot.
func (j *modelJudge) short(r *Referee) bool {
	return !j.framed && matchers{}.short(r)
}

// hides: a play the model judged is one no other candidate comes near;
// a dead sensor gives no evidence to any, so what it hides is ambiguous
// in the judgement itself (fits), not from the board's masked slots.
func (j *modelJudge) hides(r *Referee, fits []fit) bool {
	return !j.framed && matchers{}.hides(r, fits)
}

// learn teaches the model the positions the referee comes to know on the
// frame judged: the start of a game the board was set up for (a few
// points off: dead sensors), the result of a play it judged Played, a
// flagged play let stand (the position the referee goes on from).
func (j *modelJudge) learn(r *Referee, e Event) {
	if !j.framed {
		return
	}
	switch {
	case e.Kind == GameStarted && len(r.setupWrong) <= setupLearnMax:
		j.model.Learn(j.at, j.model.Frame(), &startingLayout)
	case e.Kind == PlayMade && !e.Ambiguous && j.played, e.Kind == IllegalAccepted:
		l := engine.LayoutOf(&e.Board, e.OnRoll)
		j.model.Learn(j.at, j.model.Frame(), &l)
	}
}

// SetCalibration makes the sensor model, started from cal, judge each
// play at DONE.
func (r *Referee) SetCalibration(cal *calib.Calibration) error {
	return r.SetJudging(JudgeModel, cal)
}

// SensorModel returns the sensor model the referee reads the board by,
// nil while the classifier judges.
func (r *Referee) SensorModel() *calib.Model {
	if j, ok := r.judges().(*modelJudge); ok {
		return j.model
	}
	return nil
}
