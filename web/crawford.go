package web

// AnnulCrawford is the director's annulment of the cube of a game the
// corrected score makes the Crawford game (Danish 4.4.4): the game in
// progress goes on without the cube; the game just ended, the next not
// started, scores its points without it. The referee refuses it, with
// the reason, where the score makes no Crawford game.
type AnnulCrawford struct{}

// Check implements Action: the referee says.
func (a AnnulCrawford) Check(s *Status) error { return checkInput(s, a) }
