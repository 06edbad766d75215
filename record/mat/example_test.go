package mat_test

import (
	"bytes"
	"fmt"
	"log"
	"strings"

	"gammond/engine"
	"gammond/record/mat"
)

// A recorder adds each action as it happens; Game.Add puts it where GNU
// Backgammon's layout does. The lines are quoted to show their trailing
// spaces.
func ExampleMatch_WriteTo() {
	m := &mat.Match{Length: 1, Players: [2]string{"Anna", "Bo"}}
	m.SetTag(mat.TagEvent, "Club Night")
	m.SetTag(mat.TagEventDate, "2026.11.22")
	g := mat.Game{Number: 1}
	// Moves would be a Play's Steps(); ParseMoves keeps the example short.
	opening, _ := engine.ParseMoves("8/5 6/5")
	reply, _ := engine.ParseMoves("24/18 18/14")
	g.Add(engine.White, mat.Action{Kind: mat.Roll, Dice: engine.Dice{3, 1}, Moves: opening})
	g.Add(engine.Black, mat.Action{Kind: mat.Roll, Dice: engine.Dice{6, 4}, Moves: reply})
	g.Add(engine.White, mat.Action{Kind: mat.Double, Cube: 2})
	g.Add(engine.Black, mat.Action{Kind: mat.Drop})
	g.Add(engine.White, mat.Action{Kind: mat.Win, Points: 1})
	m.Games = append(m.Games, g)

	var b bytes.Buffer
	if _, err := m.WriteTo(&b); err != nil {
		log.Fatal(err)
	}
	for l := range strings.Lines(b.String()) {
		fmt.Printf("%q\n", strings.TrimSuffix(l, "\n"))
	}
	// Output:
	// "; [Event \"Club Night\"]"
	// "; [EventDate \"2026.11.22\"]"
	// ""
	// " 1 point match"
	// ""
	// " Game 1"
	// " Anna : 0                       Bo : 0"
	// "  1) 31: 8/5 6/5                 64: 24/18 18/14 "
	// "  2)  Doubles => 2                Drops"
	// "      Wins 1 point"
	// ""
}

// Replay gives the board around every action. XG's combined move "24/14"
// is resolved with the legal plays of 64, and "13/11" hits unmarked.
func ExampleGame_Replay() {
	const record = `
 1 point match

 Game 1
 Anna : 0                       Bo : 0
  1) 31: 8/5 6/5                      64: 24/14
  2) 62: 13/11 13/7                   21: 25/24 13/11
  3) 43: 24/20 24/21
`
	m, err := mat.Read(strings.NewReader(record), "club.mat")
	if err != nil {
		log.Fatal(err)
	}
	steps, err := m.Games[0].Replay()
	if err != nil {
		log.Fatal(err)
	}
	for _, st := range steps {
		if len(st.Matches) != 1 {
			fmt.Printf("move %d %v: illegal or ambiguous\n", st.Number, st.Side)
			continue
		}
		after := st.After.Swap() // the opponent on roll, as gnubg shows it
		fmt.Printf("move %d %-5v %v: %-16s leaves %s\n", st.Number, st.Side, st.Action.Dice,
			engine.FormatMat(st.Before, st.Matches[0].Steps()), after.PositionID())
	}
	// Output:
	// move 1 White 31: 8/5 6/5          leaves sGfwATDgc/ABMA
	// move 1 Black 64: 24/18 18/14      leaves 4HPwBSCwZ/ABMA
	// move 2 White 62: 13/7 13/11*      leaves sNfIATDgc/ABUA
	// move 2 Black 21: 25/24 13/11      leaves 4HPkATCw18gBMA
	// move 3 White 43: 24/20 24/21      leaves sNfIAQXgc+QBMA
}
