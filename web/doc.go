// Package web serves a board's live page and its HTTP API: the board drawn
// from the current position, the clocks, the cube, the dice, the event log
// (illegal plays highlighted) and the .mat download, kept live by
// server-sent events; the director's actions behind a bearer token; and, on
// a simulated board, the checker moves and button presses that stand in for
// hands on a real board. Everything the page needs is embedded: tournament
// rooms are often offline.
//
// The daemon implements Board; New wraps it in a Server, an http.Handler:
//
//	srv := web.New(board, web.Options{DirectorToken: cfg.Web.DirectorToken})
//	hs := web.NewHTTPServer(srv, logger) // the timeouts every server of ours has
//	hs.RegisterOnShutdown(srv.Close) // ends the event streams
//
// # Endpoints
//
//	GET  /                 the page
//	GET  /static/...       its script, style sheet and icon
//	GET  /api/status       Status as JSON
//	GET  /api/events       server-sent events: every referee.Summary as
//	                       "id: seq", "event: kind", "data: JSON", each
//	                       batch followed by an "event: status"
//	GET  /api/match.mat    the match record, as an attachment
//	GET  /api/trace.jsonl.gz  the board's own trace of the match (TraceFiler)
//	POST /api/sim/move     SimMove        (simulated board only)
//	POST /api/sim/button   SimButton      (simulated board only)
//	POST /api/sim/resign   Resign         (simulated board only)
//	POST /api/sim/resignation AnswerResignation (simulated board only)
//	POST /api/sim/early-roll ChooseEarlyRoll (simulated board only)
//	POST /api/td/match     StartMatch     (director; anyone on a board without a director's token, once no match is in progress)
//	POST /api/td/score     SetScore       (director)
//	POST /api/td/rule      Rule           (director)
//	POST /api/td/penalty   Penalty        (director)
//	POST /api/td/clocks    PauseClocks    (director)
//	POST /api/td/dice      EnterDice      (director)
//	POST /api/td/resign    Resign         (director)
//	POST /api/td/resignation AnswerResignation (director)
//	POST /api/td/force-resignation ForceResignation (director: the opponent can do no better)
//	POST /api/td/early-roll ChooseEarlyRoll (director: the mover's choice, US 4.6)
//	POST /api/td/clock     IntroduceClock (director: from the next game, US 7.1)
//	POST /api/td/clock-adjust AdjustClock (director: Danish 3.7.2)
//	POST /api/td/annul-crawford AnnulCrawford (director: Danish 4.4.4)
//	POST /api/td/out-of-play RuleOutOfPlay (director: US 4.7, Danish 4.2.4)
//
// An action's body is a JSON object with every field of its type, no
// other, sent as application/json. The answer is the Status after it, or
// {"error": "reason"} with 400 (malformed, out of range), 401 (director
// token wrong), 403 (director token missing, or director actions off), 404
// (sim action on a real board), 405, 409 (the action does not fit the match
// now), 413 or 415.
//
// Any request naming a host the board is not (Options.Hosts) gets 421:
// a site whose name an attacker points at the board (DNS rebinding) reads
// and acts on nothing. Every answer is sent with nosniff and a security
// policy: the page's own script and style only, and in any other answer
// nothing runs.
//
// # Event stream
//
// A new stream starts with "retry:", the recent events (Options.Backlog),
// and the status. A browser's EventSource reconnects by itself, sending
// Last-Event-ID; the stream then resends every event after it from the
// Board's journal, so the page misses nothing. When the id is beyond the
// journal (the daemon started a new journal), an "event: reset" tells the
// page to forget its log. A stream also carries a status after every
// action and every Options.Heartbeat. A client (an IPv4 address, an IPv6
// /64) holds at most Options.MaxStreamsPerClient streams (429 past it),
// and the board Options.MaxStreams in all (503).
package web
