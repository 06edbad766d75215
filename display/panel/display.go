package panel

import (
	"time"

	"gammond/display/oled"
	"gammond/display/segment"
	"gammond/engine"
	"gammond/referee"
)

// The cube display's words (segment's font has their letters).
var (
	wordSet   = mustText("SET")
	wordCraw  = mustText("CRAW")
	wordIll   = mustText("ILL")
	wordDone  = mustText("DONE")
	wordEnd   = mustText("END")
	wordDash4 = mustText("----")
)

func mustText(s string) segment.Cells {
	c, err := segment.Text(s)
	if err != nil {
		panic(err)
	}
	return c
}

// cubeOf returns what the cube display shows, and whether it blinks (see
// the package doc).
func cubeOf(st *referee.Status, whiteEnd segment.End) (segment.Cells, bool) {
	switch st.Phase {
	case referee.PhaseSettingUp:
		if len(st.SetupWrong) > 0 {
			return wordSet, false
		}
		return cube(1, nil, false, whiteEnd), false
	case referee.PhaseMatchOver:
		return wordEnd, false
	case referee.PhaseFlagged:
		if len(st.Flagged) > 0 {
			return wordIll, true
		}
		return wordDone, false
	case referee.PhaseMoving:
		if c, err := segment.Dice(st.Dice[0], st.Dice[1]); err == nil {
			return c, false
		}
	case referee.PhaseDoubled:
		return cube(2*st.Cube, nil, false, whiteEnd), true
	}
	if st.Crawford {
		return wordCraw, false
	}
	return cube(st.Cube, st.CubeOwner, st.CubeDead, whiteEnd), false
}

// cube is segment's cube picture with the owner's decimal point, as
// segment.Dev.ShowCube draws it; dashes for a value it cannot show.
func cube(value int, owner *engine.Side, dead bool, whiteEnd segment.End) segment.Cells {
	c, err := segment.Cube(value, dead)
	if err != nil {
		return wordDash4
	}
	switch {
	case owner == nil:
		return c
	case *owner == engine.White:
		return c.WithDot(whiteEnd)
	default:
		return c.WithDot(segment.Right - whiteEnd)
	}
}

// screenOf returns what the OLED shows.
func screenOf(in *Input) oled.Screen {
	st := &in.Status
	side, inGame := toAct(st)
	var names [2]string
	for who := range names {
		names[who] = referee.Name(in.Names, engine.Side(who))
		if inGame && engine.Side(who) == side {
			names[who] = "-" + names[who]
		}
	}
	s := oled.Screen{
		White: names[engine.White], Black: names[engine.Black],
		WhiteScore: st.Score[engine.White], BlackScore: st.Score[engine.Black],
		Length:   st.Length,
		Crawford: inGame && st.Crawford,
		Clocked:  in.Clocked,
		Pips:     [2]int{st.Checkers.Pips(engine.White), st.Checkers.Pips(engine.Black)},
	}
	if in.Clocked {
		s.WhiteClock, s.BlackClock = shownClock(in.Remaining[engine.White]), shownClock(in.Remaining[engine.Black])
	}
	if in.Recent != nil {
		s.Message = in.Recent.message
	}
	standings(&s, in.Chouette)
	return s
}

// shownClock is d as the screen shows it, whole seconds and never below
// zero, so that States differing in time the screen cannot show are equal.
func shownClock(d time.Duration) time.Duration {
	return max(d, 0).Truncate(time.Second)
}
