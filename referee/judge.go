package referee

import (
	"cmp"
	"fmt"
	"slices"
	"time"

	"gammond/calib"
	"gammond/engine"
)

// modelJudge judges each play at DONE by the sensor model (calib.Model,
// docs/SENSING.md): every legal result of every line, the positions
// before the turn and the legal results with one checker still in the
// hand, scored on the last settled frame (calib.Model.Judge). It reads
// the board from each settled frame, and the model learns from the
// positions the referee comes to know.
type modelJudge struct {
	model  *calib.Model
	framed bool // a settled frame has been read: there is one to learn from
	// dry: a copy's (Referee.Check), which shares the model: it reads
	// and learns nothing, so that asking changes nothing.
	dry bool
	// at is when the last settled frame was told, stillAt since when the
	// board held still on it.
	at, stillAt time.Time
	// turn is the positions the turn can leave, as the last judgement
	// saw them; scored is its. best is the best legal result of the last
	// judgement that doubted no sensor (judge): the one the points to
	// light depart from.
	turn   calib.Turn
	scored []scoredLayout
	best   engine.Layout
	played bool // the last judgement was Played: its result may teach the model
	// mayBearOff: some legal result of the turn has all the mover's
	// checkers home, so one may have left the board.
	mayBearOff bool
	points     []int // scratch for Departures
}

// newModelJudge returns a judge whose model starts from cal.
func newModelJudge(cal *calib.Calibration) (*modelJudge, error) {
	m, err := calib.NewModel(cal)
	if err != nil {
		return nil, fmt.Errorf("the sensor model: %w", err)
	}
	return &modelJudge{model: m}, nil
}

// uncalibrated returns the judge a referee starts with: a model of the
// reference board with no levels, the priors a board with no calibration
// file has, so that it judges from its first frame.
func uncalibrated() *modelJudge {
	j, err := newModelJudge(&calib.Calibration{Board: calib.ReferenceBoard})
	if err != nil {
		panic(err) // the reference board's geometry is valid
	}
	return j
}

// SetCalibration makes the sensor model, started from cal, judge each
// play at DONE: the board's own calibration, or one of its geometry
// alone (its levels learnt as it plays).
func (r *Referee) SetCalibration(cal *calib.Calibration) error {
	j, err := newModelJudge(cal)
	if err != nil {
		return err
	}
	r.judging = j
	return nil
}

// SensorModel returns the sensor model the referee reads the board by.
func (r *Referee) SensorModel() *calib.Model { return r.judging.model }

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
	if j.dry {
		return
	}
	j.framed = true
	j.at, j.stillAt = in.At, in.FrameAt
	j.model.Observe(in.At, in.Frame)
	j.model.Evaluate(in.At)
	j.revise(r, board)
	j.model.Follow(in.At)
}

// revise revises board by the frame evaluated: from the official
// position between turns, from the starting position while the board is
// set up, else from the board as last read. Before a game starts the
// model may know nothing of its sensors (no calibration): a pile one
// checker short with its top checker off-centre reads about as well as
// the full pile, and the set-up as last seen would keep a point wrong
// that the frame does not say is.
func (j *modelJudge) revise(r *Referee, board *engine.Occupancy) {
	g := j.model.Geometry()
	if r.phase == settingUp {
		*board = engine.OccupancyOf(&engine.StartingBoard, engine.White, g.Slots, g.BarSlots)
	}
	if r.phase != awaitingRoll || r.turn == 0 {
		j.model.Revise(board, calib.ReadingSlack)
		return
	}
	*board = engine.OccupancyOf(&r.lines[0].board, r.onRoll, g.Slots, g.BarSlots)
	j.model.Revise(board, calib.FitMargin)
}

// fits appends to dst the legal plays of the lines the board shows, the
// likeliest first (several: the frame cannot split them). inProgress says
// the board shows a play under way; a waitUntil not zero, that the
// judgement waits for a checker in the hand, a move of the board after
// waitUntil ending the wait (never once the hand is known empty:
// handEmpty).
func (j *modelJudge) fits(r *Referee, dst []fit, handEmpty bool) ([]fit, bool, time.Time) {
	j.played = false
	j.candidates(r, handEmpty)
	j.model.Evaluate(j.at)
	v, doubted := j.judge(r, handEmpty)
	best := j.turn.Legal[v.Play]
	if !doubted {
		j.best = best
	}
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
		return j.fitsOf(r, dst, best), false, time.Time{}
	case v.Verdict == calib.InProgress && handEmpty:
		return dst, true, time.Time{}
	case v.Verdict != calib.Played && !handEmpty:
		// A checker may yet land, within restLanding of the board
		// coming to rest: only its landing decides, or the grace's end,
		// or the board moving later (another hand's, not the landing).
		return dst, false, j.stillAt.Add(restLanding)
	}
	return j.ambiguous(r, dst), false, time.Time{}
}

// judge judges the frame evaluated on the turn's candidates. A flagged
// play's last word (the hand empty) that reads no legal result, illegal
// or short of one, is judged again doubting every sensor no field has
// read on (calib.Model.DoubtUnproven), and reports so: one dead from the
// start reads the checker landed on it missing, and a checker missing
// from the board is in no tray, unless it may have been borne off.
func (j *modelJudge) judge(r *Referee, handEmpty bool) (calib.Judgement, bool) {
	v := j.model.Judge(&j.turn)
	if !r.lastWord || !handEmpty || v.Verdict != calib.Illegal && v.Verdict != calib.InProgress ||
		j.mayBeBorneOff(r, &j.turn.Legal[v.Play]) || !j.model.DoubtUnproven(true) {
		return v, false
	}
	j.model.Evaluate(j.at)
	v = j.model.Judge(&j.turn)
	j.model.DoubtUnproven(false) // the evaluation stays the doubted one, for Score and Departures
	return v, true
}

// mayBeBorneOff reports whether a checker the frame reads missing from
// the legal result l may have been borne off, by a legal play or a
// miscounted one: some legal result has all the mover's checkers home,
// and the frame departs from l on a point of the mover's home board
// holding its checkers. A checker missing elsewhere is in no tray.
func (j *modelJudge) mayBeBorneOff(r *Referee, l *engine.Layout) bool {
	if !j.mayBearOff {
		return false
	}
	j.points = j.model.Departures(j.points[:0], l)
	for _, p := range j.points {
		if p != engine.BarPoint && engine.BoardPoint(r.onRoll, p) <= 6 && l[r.onRoll][p] > 0 {
			return true
		}
	}
	return false
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
	j.mayBearOff = false
	for i := range r.lines {
		plays := r.lines[i].matcher.Plays()
		for k := range plays {
			if l := engine.LayoutOf(&plays[k].After, r.onRoll.Other()); !slices.Contains(j.turn.Legal, l) {
				j.turn.Legal = append(j.turn.Legal, l)
			}
			j.mayBearOff = j.mayBearOff || plays[k].After[engine.Opponent].AllHome() // the mover's half, the opponent on roll
		}
	}
}

// lit appends to dst the points to light for a play that fits no legal
// result: where the frame departs from the best legal result, or else
// where the board as read differs from the nearest one (the frame departs
// from every legal result by a little on many points).
func (j *modelJudge) lit(r *Referee, dst []int) []int {
	j.model.Evaluate(j.at) // the frame as read: not as a last word's doubt, or a copy's judgement, left it
	if points := j.model.Departures(dst, &j.best); len(points) > len(dst) {
		return points
	}
	_, points := r.lines[0].matcher.Nearest(&r.board, dst)
	return points
}

// startingLayout is the starting position, for learn.
var startingLayout = engine.LayoutOf(&engine.StartingBoard, engine.White)

// setupLearnMax is the most points a board being set up may differ from
// the starting position on, as the referee reads it, and still teach the
// model the starting position once the game starts: a dead sensor reads
// its point one short.
const setupLearnMax = 3

// learn teaches the model the positions the referee comes to know on the
// frame judged: the start of a game the board was set up for (a few
// points off: dead sensors), the result of a play it judged Played, a
// flagged play let stand (the position the referee goes on from).
func (j *modelJudge) learn(r *Referee, e Event) {
	if !j.framed || j.dry {
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
