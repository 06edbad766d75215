package referee

import (
	"fmt"

	"gammond/engine"
)

// Danish 4.4.4: a double in the Crawford game is annulled. The board
// refuses a double in a game it knows to be the Crawford game, so one is
// made only on a wrong score; once the score is corrected (SetScore), the
// director annuls the cube: during the game, play goes on without it;
// after it, before the next game, the score is corrected to the game's
// points without the cube, and a match that ended on them is resumed. The
// US rules have no such rule: there the annulment is refused.

// endedGame is the game just ended, until the next starts: what an
// annulment after the game corrects.
type endedGame struct {
	result engine.Result
	cube   int
}

// SetRules tells the referee the rule set the match is played under; a
// referee not told plays the US rules.
func (r *Referee) SetRules(rules engine.RuleSet) { r.rules = rules }

// AnnulCrawfordDouble is the director's annulment of the cube of the game
// in progress, or of the game just ended with the next not started, which
// the score makes the Crawford game (Danish 4.4.4). It is refused (an
// Irregularity) under the US rules, with the cube never turned, or when
// the score makes the game no Crawford game.
func (r *Referee) AnnulCrawfordDouble() {
	switch {
	case r.rules != engine.RulesDanish:
		r.irregular(r.onRoll, "annulment refused: only the Danish rules annul a double in the Crawford game (4.4.4)")
	case r.phase == settingUp || r.phase == matchOver:
		r.annulEnded()
	default:
		r.annulInProgress()
	}
}

// annulInProgress annuls the cube of the game in progress: a double
// offered is withdrawn and the doubler goes on with its turn.
func (r *Referee) annulInProgress() {
	if err := r.match.AnnulCrawfordCube(); err != nil {
		r.irregular(r.onRoll, fmt.Sprintf("annulment refused: %v", err))
		return
	}
	if r.phase == doubled {
		r.phase = awaitingRoll
		r.clockPress(r.onRoll.Other()) // the doubler's time runs again
	}
	score := r.match.Score()
	r.send(Event{Kind: CrawfordAnnulled, Score: score, Cube: 1,
		Reason: fmt.Sprintf("Danish 4.4.4: at %d-%d game %d is the Crawford game: its double is annulled, play goes on without the cube", score[0], score[1], r.game)})
}

// annulEnded annuls the cube of the game just ended: the score is
// corrected, and the match resumed if the correction undoes its end.
func (r *Referee) annulEnded() {
	g := r.lastGame
	if g == nil {
		r.irregular(r.onRoll, "annulment refused: no game in progress, and none ended since the last one started")
		return
	}
	res, err := r.match.AnnulCrawfordResult(g.result, g.cube)
	if err != nil {
		r.irregular(r.onRoll, fmt.Sprintf("annulment refused: %v", err))
		return
	}
	r.lastGame = nil
	score := r.match.Score()
	resumed := ""
	if _, over := r.match.Winner(); r.phase == matchOver && !over {
		r.phase, resumed = settingUp, "; the match is resumed"
	}
	r.send(Event{Kind: CrawfordAnnulled, Side: res.Winner, Result: res, Score: score, Cube: 1,
		Reason: fmt.Sprintf("Danish 4.4.4: game %d was the Crawford game: its double is annulled, %v scores %s, not %d; the score is %d-%d%s",
			r.game, res.Winner, PointCount(res.Points), g.result.Points, score[0], score[1], resumed)})
}
