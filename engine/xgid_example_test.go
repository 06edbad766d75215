package engine

import "fmt"

func ExampleParseXGID() {
	x, err := ParseXGID("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(x.Board.PositionID(), x.Turn, "to play", x.Dice)
	fmt.Println("money:", x.MatchLength == 0, "Jacoby:", x.Jacoby, "beavers:", x.Beaver, "max cube:", x.MaxCube)
	// Output:
	// 4HPwATDgc/ABMA Black to play 52
	// money: true Jacoby: true beavers: true max cube: 1024
}
