package record

import (
	"gammond/engine"
	"gammond/record/mat"
	"gammond/referee"
)

// annulCrawford records the director's annulment of a Crawford game's
// cube (Danish 4.4.4), which a .mat has no field for: a note says it; the
// game in progress reads as played without the cube, its double and take
// left out; a game already ended scores its corrected points, and the next
// game starts at the corrected score.
func (t *Transcript) annulCrawford(e referee.Event) {
	t.Note(e.Reason)
	if e.Result.Points == 0 {
		t.dropCube()
		return
	}
	t.correctWin(e.Result.Points)
	t.score = e.Score
}

// correctWin sets the points of the last game's win.
func (t *Transcript) correctWin(points int) {
	if len(t.match.Games) == 0 {
		return
	}
	g := &t.match.Games[len(t.match.Games)-1]
	for i := range g.Turns {
		for s := range g.Turns[i].Actions {
			if a := &g.Turns[i].Actions[s]; a.Kind == mat.Win {
				a.Points = points
			}
		}
	}
}

// dropCube leaves the current game's doubles and takes out of the record:
// its lines are laid out again without them, and the plays' cells and the
// notes follow their actions (a note on a cube action goes to the action
// before it).
func (t *Transcript) dropCube() {
	if len(t.match.Games) == 0 {
		return
	}
	gi := len(t.match.Games) - 1
	g := &t.match.Games[gi]
	old := g.Turns
	g.Turns = nil
	moved := map[cell]cell{}
	last := cell{line: -1}
	for line, turn := range old {
		for s, a := range turn.Actions {
			side := engine.Side(s)
			if a.Kind != mat.None && a.Kind != mat.Double && a.Kind != mat.Take {
				g.Add(side, a)
				last = cell{line: len(g.Turns) - 1, side: side}
			}
			moved[cell{line: line, side: side}] = last
		}
	}
	for turn, c := range t.cells {
		t.cells[turn] = moved[c]
	}
	for i := range t.notes {
		if n := &t.notes[i]; n.Game == gi && n.Turn >= 0 {
			c := moved[cell{line: n.Turn, side: n.Side}]
			n.Turn, n.Side = c.line, c.side
		}
	}
}
