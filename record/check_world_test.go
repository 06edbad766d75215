package record

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"gammond/engine"
	"gammond/record/mat"
)

// backwardGame writes a game's record in which a player once moves a
// checker backwards (the play's first move turned round, "6/8"), and every
// other play is a legal play of the position the record shows, the
// backward move applied: as a transcription of a game where the mistake
// stood. It returns the record and the backward turn's move number and
// side.
func backwardGame(seed uint64, turns int) (rec string, move int, side engine.Side) {
	rng := rand.New(rand.NewPCG(seed, 7))
	var b strings.Builder
	b.WriteString(" 7 point match\n\n Game 1\n Ann : 0                        Bob : 0\n")
	board := engine.StartingBoard
	cells := [2]string{}
	backward := turns / 3
	for turn := range turns {
		s := engine.Side(turn % 2)
		var d engine.Dice
		for d = (engine.Dice{1 + rng.IntN(6), 1 + rng.IntN(6)}); turn == 0 && d.Double(); {
			d = engine.Dice{1 + rng.IntN(6), 1 + rng.IntN(6)}
		}
		plays := engine.LegalPlays(board, d)
		var moves []engine.Move
		if len(plays) > 0 {
			moves = plays[rng.IntN(len(plays))].Steps()
		}
		if turn >= backward && move == 0 {
			if m, ok := backwardMove(board); ok {
				moves, move, side = append([]engine.Move{m}, moves[min(1, len(moves)):]...), turn/2+1, s
			}
		}
		after, err := board.Apply(moves)
		if err != nil { // the backward move took the checker a later move wanted
			after, _ = board.Apply(moves[:1])
			moves = moves[:1]
		}
		cells[s] = fmt.Sprintf("%v: %s", d, engine.FormatMat(board, moves))
		if s == engine.Black {
			fmt.Fprintf(&b, "%3d) %-30s %s\n", turn/2+1, cells[0], cells[1])
		}
		board = after.Swap()
	}
	return b.String(), move, side
}

// backwardMove is a checker of the mover's moved one point back, onto a
// point the opponent does not hold, from its home board; none while the
// mover has a checker on the bar.
func backwardMove(b engine.Board) (engine.Move, bool) {
	if b[engine.Mover].On(engine.Bar) > 0 {
		return engine.Move{}, false
	}
	for from := 1; from <= 6; from++ {
		to := from + 1
		if b[engine.Mover].On(from) > 0 && b[engine.Opponent].On(25-to) == 0 {
			return engine.Move{From: int8(from), To: int8(to)}, true
		}
	}
	return engine.Move{}, false
}

// A play that moves a checker backwards is an illegal play, a finding, and
// the game goes on from the position the record shows: no other play of
// the game, each legal there, is a finding.
func TestCheckBackwardMoveIsAnIllegalPlay(t *testing.T) {
	played := 0
	for seed := range uint64(20) {
		rec, move, side := backwardGame(seed, 40)
		if move == 0 {
			continue
		}
		played++
		m, err := mat.Read(strings.NewReader(rec), "backward.mat")
		if err != nil {
			t.Fatal(err)
		}
		if len(m.Warnings) > 0 {
			t.Fatalf("seed %d: the reader skipped %v:\n%s", seed, m.Warnings, rec)
		}
		var breaches []Finding
		for _, f := range Check(m) {
			if f.Kind == Breach {
				breaches = append(breaches, f)
			}
		}
		if len(breaches) != 1 || breaches[0].Move != move || breaches[0].Side != side || !strings.Contains(breaches[0].Reason, "backwards") {
			t.Errorf("seed %d: findings %v, want the one backward play, move %d side %d:\n%s", seed, breaches, move, side, rec)
		}
	}
	if played < 10 {
		t.Errorf("%d of 20 games have a backward play, want 10 or more", played)
	}
}

// Match files that end a game with "Resigns" after a play in the other
// column, "Resigns" after a roll, or Backgammon Studio's "Concedes" in
// either column: each ends its game as a resignation, the opponent's
// "Wins" scoring it, with no finding and no line skipped.
func TestCheckResignsAndConcedes(t *testing.T) {
	want := map[string][]string{ // file: each game's last line, as our .mat writes it
		"studio-concedes.mat":       {"  4) 64: 20/16 16/10*"},
		"resigns-either-column.mat": {"  4) 64: 20/16 16/10*", "  2)", "  2) 52:"},
	}
	for name, lasts := range want {
		t.Run(name, func(t *testing.T) {
			m := readMatch(t, filepath.Join("..", "testdata", "world", name))
			if len(m.Warnings) > 0 {
				t.Errorf("skipped lines: %v", m.Warnings)
			}
			if findings := Check(m); len(findings) > 0 {
				t.Errorf("findings %v, want none", findings)
			}
			if len(m.Games) != len(lasts) {
				t.Fatalf("%d games, want %d", len(m.Games), len(lasts))
			}
			for i, g := range m.Games {
				winner, _, over := g.Result()
				if !over {
					t.Errorf("game %d has no result", i+1)
				}
				resigned := false
				for _, tu := range g.Turns {
					resigned = resigned || tu.Actions[winner.Other()].Kind == mat.Resign
				}
				if !resigned {
					t.Errorf("game %d: %v wins without the other side's resignation: %+v", i+1, winner, g.Turns)
				}
			}
		})
	}
}
