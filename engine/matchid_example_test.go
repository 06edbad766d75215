package engine

import "fmt"

func ExampleParseMatchID() {
	k, err := ParseMatchID("QYkqASAAIAAA") // the example of gnubg's manual
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d-point match, %d-%d; cube %d, %v's; %v on roll with %v\n",
		k.MatchLength, k.Score[White], k.Score[Black], k.Cube, k.CubeOwner, k.OnRoll, k.Dice)
	// Output: 9-point match, 2-4; cube 2, White's; Black on roll with 52
}
