package web

import "gammond/engine"

// Session is what a board keeps across the games of a money session or a
// chouette, for the page, the desk and the OLED.
type Session struct {
	// Ledger is every game won so far, in order, with the running score.
	Ledger []LedgerGame `json:"ledger"`
	// Chouette is the chouette's standings; nil when none is played.
	Chouette *Chouette `json:"chouette,omitempty"`
}

// LedgerGame is one game of a session's ledger.
type LedgerGame struct {
	Game   int         `json:"game"`
	Winner engine.Side `json:"winner"`
	Points int         `json:"points"` // what the game scored, the cube and Jacoby counted
	Kind   string      `json:"kind"`   // "single", "gammon" or "backgammon"
	Cube   int         `json:"cube"`
	Score  [2]int      `json:"score"` // the session's score after the game, by engine.Side
}

// Chouette is a chouette's standings on the page: members by rank, the
// box first, and the game in progress.
type Chouette struct {
	Members []Member `json:"members"`
	// Games is how many games have ended.
	Games int `json:"games"`
	// Playing says a game is in progress; Cube is then the cube every
	// team member still in it holds, and Pending who is yet to answer the
	// box's double (or the box, the captain's), by rank.
	Playing bool     `json:"playing"`
	Cube    int      `json:"cube"`
	Pending []string `json:"pending"`
	// BoxSide is the colour the box plays on the board; the acting
	// captain plays the other.
	BoxSide engine.Side `json:"box_side"`
}

// Member is one member's standing in a chouette.
type Member struct {
	Name  string  `json:"name"`
	Post  string  `json:"post"`  // "box", "captain", "partner", "box's partner", "joining"
	Score float64 `json:"score"` // points won (negative: lost), halves with a box's partner
	// Throws are the member's opening throws for the ranks (law 2; more
	// than one when ties were thrown again, law 3).
	Throws []int `json:"throws,omitempty"`
	InGame bool  `json:"in_game"` // still in the game in progress
	// Passed says the member, on the team, passed the box's double in the
	// game in progress, as soon as he answers; Awaits that he is yet to
	// answer a double. The page, the OLED and the desk show these.
	Passed bool `json:"passed"`
	Awaits bool `json:"awaits"`
}
