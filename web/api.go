package web

import (
	"errors"
	"io"
	"maps"
	"mime"
	"net/http"
)

// maxBody bounds an action's body: the largest, a StartMatch with two
// names of 32 characters, takes a few hundred bytes.
const maxBody = 4 << 10

// decoder reads an action's body.
type decoder func(body []byte) (Action, error)

// The director's actions and the simulated board's, by the last element
// of their path. The players' own actions are taken from both: the page
// of a simulated board is the players' hands, and the director enters
// what the players say at a real one.
var (
	directorActions = withPlayerActions(map[string]decoder{
		"match":   decode[StartMatch],
		"score":   decode[SetScore],
		"rule":    decode[Rule],
		"penalty": decode[Penalty],
		"clocks":  decode[PauseClocks],
		"dice":    decode[EnterDice],
		// the director's rulings
		"force-resignation": decode[ForceResignation],
		"clock":             decode[IntroduceClock],
		"clock-adjust":      decode[AdjustClock],
		"annul-crawford":    decode[AnnulCrawford],
		"out-of-play":       decode[RuleOutOfPlay],
	})
	simActions = withPlayerActions(map[string]decoder{
		"move":   decode[SimMove],
		"button": decode[SimButton],
	})
	playerActions = map[string]decoder{
		"resign":      decode[Resign],
		"resignation": decode[AnswerResignation],
		"early-roll":  decode[ChooseEarlyRoll],
		"welsh":       decode[WelshOption],
		"beaver":      decode[Beaver],
		"raccoon":     decode[Raccoon],
		// a chouette's members at the page (docs/CHOUETTE.md)
		"chouette":         decode[ChouetteStart],
		"chouette-join":    decode[ChouetteJoin],
		"chouette-answer":  decode[ChouetteAnswer],
		"chouette-partner": decode[ChouettePartner],
	}
)

// withPlayerActions adds the players' own actions to actions.
func withPlayerActions(actions map[string]decoder) map[string]decoder {
	maps.Copy(actions, playerActions)
	return actions
}

// director serves the director's actions, to the holder of the token
// only. A board without a token (a club's, with no director) takes one of
// them from anyone: a new match when none is in progress (openToAll).
// With a token, a request that carries none is forbidden (403), one whose
// token is wrong is challenged (401).
func (s *Server) director(w http.ResponseWriter, r *http.Request) {
	switch {
	case !s.hasToken && openToAll[r.PathValue("action")] != nil && !s.inProgress():
		s.act(w, r, openToAll)
	case !s.hasToken:
		writeError(w, http.StatusForbidden, "director actions are off on this board; a new match can be started once the match is over")
	case r.Header.Get("Authorization") == "":
		writeError(w, http.StatusForbidden, "a director's action: send the director's token")
	case !s.authorized(r):
		w.Header().Set("WWW-Authenticate", `Bearer realm="gammond", error="invalid_token"`)
		writeError(w, http.StatusUnauthorized, "the director's token is wrong")
	default:
		s.act(w, r, directorActions)
	}
}

// openToAll are the director's actions a board without a director takes
// from its players while no match is in progress.
var openToAll = map[string]decoder{"match": decode[StartMatch]}

// inProgress says the board's match has begun and is not over.
func (s *Server) inProgress() bool {
	st := s.board.Status()
	return matchInProgress(&st.Status)
}

// sim serves the simulated board's actions, to anyone at the page.
func (s *Server) sim(w http.ResponseWriter, r *http.Request) {
	if s.board.Status().Sim == nil {
		writeError(w, http.StatusNotFound, ErrNotSimulated.Error())
		return
	}
	s.act(w, r, simActions)
}

// act reads the action the path names, checks it, has the board apply it
// and answers with the status after it. Requiring a JSON body keeps other
// sites' plain form posts out.
func (s *Server) act(w http.ResponseWriter, r *http.Request, actions map[string]decoder) {
	decode, ok := actions[r.PathValue("action")]
	if !ok {
		writeError(w, http.StatusNotFound, "no such action")
		return
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		writeError(w, http.StatusUnsupportedMediaType, "send the action as application/json")
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeError(w, http.StatusRequestEntityTooLarge, "the body is over 4 KiB")
			return
		}
		writeError(w, http.StatusBadRequest, "the body could not be read")
		return
	}
	a, err := decode(body)
	if err == nil {
		st := s.board.Status()
		err = a.Check(&st)
	}
	if err == nil {
		err = s.board.Act(a)
	}
	if err != nil {
		s.refuse(w, r, err, s.board.Status().Players)
		return
	}
	s.poke()
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, s.status())
}
