package board_test

import (
	"strings"
	"sync"
	"testing"

	"gammond/board"
	"gammond/engine"
	"gammond/referee"
	"gammond/sensing"
	"gammond/sensing/sim"
	"gammond/web"
)

// shownRecorder is an output that keeps the OLED's lines of the last
// changed status.
type shownRecorder struct {
	mu     sync.Mutex
	screen [8]string
}

func (*shownRecorder) Begin(*board.Begin) error { return nil }
func (*shownRecorder) Event(*board.Event) error { return nil }
func (r *shownRecorder) Show(s *board.Shown) error {
	if s.Changed {
		r.mu.Lock()
		r.screen = s.Panel.Screen.Text()
		r.mu.Unlock()
	}
	return nil
}

func (r *shownRecorder) lines() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return strings.Join(r.screen[:], "\n")
}

// sessionSink is an MQTT sink that keeps the session and players of the
// last state it was told to publish, as *mqtt.Publisher carries them.
type sessionSink struct {
	mu               sync.Mutex
	session, setting *web.Session
	players          [2]string
	states           int
}

func (s *sessionSink) SetSession(se *web.Session) { s.mu.Lock(); s.setting = se; s.mu.Unlock() }
func (s *sessionSink) SetPlayers(p [2]string)     { s.mu.Lock(); s.players = p; s.mu.Unlock() }
func (s *sessionSink) State(referee.Status) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.session = s.setting
	s.states++
	return nil
}
func (*sessionSink) Event(referee.Summary) error         { return nil }
func (*sessionSink) Match([2]string, []byte, bool) error { return nil }

// last returns the chouette of the last state published and how many
// states were.
func (s *sessionSink) last(t *testing.T) (*web.Chouette, [2]string, int) {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.session == nil || s.session.Chouette == nil {
		t.Fatalf("the last state published carries no chouette: %+v", s.session)
	}
	return s.session.Chouette, s.players, s.states
}

// TestChouetteStandingsShownAndPublished: the chouette's standings reach
// the OLED and the director's desk as they change, a partner's pass
// entered on the page included (it changes nothing of the referee's
// status) and shown as passed as soon as it is entered.
func TestChouetteStandingsShownAndPublished(t *testing.T) {
	simulated := sim.NewBoard(3)
	src := sensing.NewLive(simulated.Calibration().Board.Sensors())
	o := options(t, simulated, src, engine.ClockNone)
	o.Match.Length = 0
	var shown shownRecorder
	var sink sessionSink
	g, stop := playOnPage(t, o, &shown, board.MQTTOutput(&sink))
	defer func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	}()
	b := g.b

	g.frames(30)
	g.act(web.ChouetteStart{Members: []string{"Ann", "Bob", "Cy", "Dan"}})
	order, _, _ := standings(t, b)
	box, captain, first, second := order[0], order[1], order[2], order[3]
	c, players, _ := sink.last(t)
	if len(c.Members) != 4 || c.Members[0].Name != box || c.Members[0].Post != "box" {
		t.Errorf("published standings %+v, want four members, %s the box", c.Members, box)
	}
	if players != [2]string{box, captain} {
		t.Errorf("published players %v, want the box %s and the captain %s", players, box, captain)
	}
	screenHas(t, &shown, "the members' entry", "CHOUETTE", "B"+box, "C"+captain, " "+first, " "+second)

	g.act(web.SimButton{Side: engine.White, Button: web.ButtonRoll})
	g.await(referee.Rolled.String())
	g.play()
	if b.Status().OnRoll == engine.Black {
		g.act(web.SimButton{Side: engine.Black, Button: web.ButtonRoll})
		g.await(referee.Rolled.String())
		g.play()
	}
	g.act(web.SimButton{Side: engine.White, Button: web.ButtonCube})
	g.await(referee.Doubled.String())
	_, _, before := sink.last(t)
	g.act(web.ChouetteAnswer{Member: first, Take: false})
	c, _, after := sink.last(t)
	if after <= before || len(c.Pending) != 2 || c.Pending[0] != captain || c.Pending[1] != second {
		t.Errorf("after %s's pass: %d states published (%d before), pending %v; want a new state, %s and %s to answer",
			first, after, before, c.Pending, captain, second)
	}
	for _, m := range c.Members {
		if m.Passed != (m.Name == first) || m.Awaits != (m.Name == captain || m.Name == second) {
			t.Errorf("published after %s's pass: %s passed %v, awaits %v", first, m.Name, m.Passed, m.Awaits)
		}
	}
	screenHas(t, &shown, first+"'s pass", "?"+captain, "X"+first, "?"+second)

	// The last answer settles the double: who passed is out of the game.
	g.act(web.ChouetteAnswer{Member: second, Take: true})
	g.act(web.SimButton{Side: engine.Black, Button: web.ButtonCube})
	g.await(referee.Taken.String())
	c, _, _ = sink.last(t)
	for _, m := range c.Members {
		if m.Name == first && (m.InGame || !m.Passed) || m.Name == second && (!m.InGame || m.Passed) {
			t.Errorf("published %s in the game: %v, passed: %v", m.Name, m.InGame, m.Passed)
		}
	}
	screenHas(t, &shown, "the captain's take", "B"+box, "C"+captain, "X"+first, " "+second)
}

// screenHas checks that the OLED's last lines hold each of want.
func screenHas(t *testing.T, r *shownRecorder, after string, want ...string) {
	t.Helper()
	screen := r.lines()
	for _, w := range want {
		if !strings.Contains(screen, w) {
			t.Errorf("after %s the OLED lacks %q:\n%s", after, w, screen)
		}
	}
}
