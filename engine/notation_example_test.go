package engine

import "fmt"

func ExampleParseMoves() {
	moves, err := ParseMoves("bar/20* 13/7(2)")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range moves {
		fmt.Println(m.From, m.To, m.Hit)
	}
	_, err = ParseMoves("13/x")
	fmt.Println(err)
	// Output:
	// 25 20 true
	// 13 7 false
	// 13 7 false
	// bad move notation "13/x", column 4: "x" is not a point
}

func ExampleFormatPlay() {
	// 66 from the start, one die at a time, in the order the checkers moved.
	moves := []Move{{From: 13, To: 7}, {From: 24, To: 18}, {From: 13, To: 7}, {From: 24, To: 18}}
	fmt.Println(FormatPlay(StartingBoard, moves))
	fmt.Println(FormatMat(StartingBoard, moves))
	// 65: one checker runs.
	moves = []Move{{From: 24, To: 18}, {From: 18, To: 13}}
	fmt.Println(FormatPlay(StartingBoard, moves))
	fmt.Println(FormatMat(StartingBoard, moves))
	// Output:
	// 24/18(2) 13/7(2)
	// 13/7 24/18 13/7 24/18
	// 24/13
	// 24/18 18/13
}

func ExampleBoard_Apply() {
	moves, _ := ParseMoves("8/5 6/5")
	after, err := StartingBoard.Apply(moves)
	if err != nil {
		fmt.Println(err)
		return
	}
	next := after.Swap() // the opponent's turn
	fmt.Println(next.PositionID())
	// Output: sGfwATDgc/ABMA
}
