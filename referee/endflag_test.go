package referee

import (
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"gammond/engine"
	"gammond/engine/welsh"
	"gammond/sensing"
)

// misreads returns, for White's 8/5 6/5 of 3-1 from the start (Black on
// roll), the board as the sensors read it with a hand held above White's
// empty 4 point (a checker more than the play leaves), with the checker
// for 5 still held above 4 (one pip short: as the real mistake 8/4 6/5
// reads), and a real mistake the board goes on showing: 8/3 6/5.
func misreads(t *testing.T) (legal, hover, astray, wrong engine.Board) {
	t.Helper()
	legal, _ = inHand(t)
	hover, astray, wrong = legal, legal, legal
	hover[engine.Opponent][3]++ // White's 4 point, in the board the play leaves
	astray[engine.Opponent][4]--
	astray[engine.Opponent][3]++
	wrong[engine.Opponent][4]--
	wrong[engine.Opponent][2]++
	return legal, hover, astray, wrong
}

// TestFlagConfirmedAtTheRoll: a flag raised at DONE is confirmed when the
// opponent begins its turn, on the board as it reads then. A legal result
// of the turn shown then withdraws it; a board still illegal, or one that
// is still moving on from the flagged reading, stands; a board that
// settles after the roll is the opponent's and no evidence for the
// flagged turn.
func TestFlagConfirmedAtTheRoll(t *testing.T) {
	legal, hover, astray, wrong := misreads(t)
	start := engine.StartingBoard
	roll := func(r *Referee) { r.Roll(engine.Black, engine.Dice{6, 5}) }
	tests := []struct {
		name   string
		at     engine.Board // the board at DONE
		then   func(r *Referee, show func(engine.Board, engine.Side))
		want   []Kind // from DONE on, Irregularity aside
		stands bool   // the flag stands: an illegal play let stand
	}{
		{"a hand above a point at DONE, gone before the roll: withdrawn", hover, func(r *Referee, show func(engine.Board, engine.Side)) {
			show(legal, engine.Black)
			roll(r)
		}, []Kind{IllegalPlay, Withdrawn, PlayMade, Rolled}, false},
		{"the last checker above another point at DONE, down before the roll: withdrawn", astray, func(r *Referee, show func(engine.Board, engine.Side)) {
			show(legal, engine.Black)
			roll(r)
		}, []Kind{IllegalPlay, Withdrawn, PlayMade, Rolled}, false},
		{"the same, before the opponent's double: withdrawn", hover, func(r *Referee, show func(engine.Board, engine.Side)) {
			show(legal, engine.Black)
			r.Double(engine.Black)
		}, []Kind{IllegalPlay, Withdrawn, PlayMade, Doubled}, false},
		{"the same, before the opponent's offer to resign: withdrawn", hover, func(r *Referee, show func(engine.Board, engine.Side)) {
			show(legal, engine.Black)
			r.Resign(engine.Black, 1)
		}, []Kind{IllegalPlay, Withdrawn, PlayMade, ResignOffered}, false},
		{"the same, the director lets it stand: withdrawn", hover, func(r *Referee, show func(engine.Board, engine.Side)) {
			show(legal, engine.Black)
			r.LetStand()
		}, []Kind{IllegalPlay, Withdrawn, PlayMade}, false},
		{"still illegal at the roll: it stands", wrong, func(r *Referee, show func(engine.Board, engine.Side)) {
			roll(r)
		}, []Kind{IllegalPlay, IllegalAccepted, Rolled}, true},
		{"the hand still above the point at the roll: it stands", hover, func(r *Referee, show func(engine.Board, engine.Side)) {
			roll(r)
			show(legal, engine.Black) // the hand moves away after the roll
		}, []Kind{IllegalPlay, IllegalAccepted, Rolled}, true},
		{"moving at the roll, settled legal after it: it stands", astray, func(r *Referee, show func(engine.Board, engine.Side)) {
			r.Unsettled()
			roll(r)
			show(legal, engine.Black)
		}, []Kind{IllegalPlay, IllegalAccepted, Rolled}, true},
		{"the mover's own roll on the play shown legal: withdrawn, the roll out of turn", hover, func(r *Referee, show func(engine.Board, engine.Side)) {
			show(legal, engine.Black)
			r.Roll(engine.White, engine.Dice{2, 1})
		}, []Kind{IllegalPlay, Withdrawn, PlayMade}, false},
		{"the mover's own roll on a board still illegal: refused, still flagged", wrong, func(r *Referee, show func(engine.Board, engine.Side)) {
			r.Roll(engine.White, engine.Dice{2, 1})
		}, []Kind{IllegalPlay}, true},
		{"the input ends on the play shown legal: withdrawn", hover, func(r *Referee, show func(engine.Board, engine.Side)) {
			show(legal, engine.Black)
			r.End()
		}, []Kind{IllegalPlay, Withdrawn, PlayMade}, false},
		{"the input ends on a board still illegal: still flagged", wrong, func(r *Referee, show func(engine.Board, engine.Side)) {
			r.End()
		}, []Kind{IllegalPlay}, true},
		{"put back and replayed, no DONE: corrected at the roll", wrong, func(r *Referee, show func(engine.Board, engine.Side)) {
			show(start, engine.White)
			show(legal, engine.Black)
			roll(r)
		}, []Kind{IllegalPlay, BoardRestored, Corrected, PlayMade, Rolled}, false},
		{"put right and DONE: corrected", wrong, func(r *Referee, show func(engine.Board, engine.Side)) {
			show(legal, engine.Black)
			r.Done(engine.White)
			roll(r)
		}, []Kind{IllegalPlay, Corrected, PlayMade, Rolled}, false},
		{"put right, DONE as the last checker comes to rest, the roll before the board settles: corrected", wrong, func(r *Referee, show func(engine.Board, engine.Side)) {
			r.Unsettled()
			r.Done(engine.White)
			roll(r)
			show(legal, engine.Black)
		}, []Kind{IllegalPlay, EarlyRoll, Corrected, PlayMade, Rolled}, false},
		{"DONE again as the board moves, the roll before it settles still illegal: it stands", wrong, func(r *Referee, show func(engine.Board, engine.Side)) {
			r.Unsettled()
			r.Done(engine.White)
			roll(r)
			show(wrong, engine.Black)
		}, []Kind{IllegalPlay, EarlyRoll, IllegalPlay, IllegalAccepted, Rolled}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, events, show := graceReferee(t)
			show(tc.at, engine.Black)
			from := len(*events)
			pressDone(r, engine.White)
			tc.then(r, show)
			got := withoutIrregularities((*events)[from:])
			if fmt.Sprint(kinds(got)) != fmt.Sprint(tc.want) {
				t.Fatalf("events %v, want %v", kinds(got), tc.want)
			}
			st := r.Status()
			counted := [2]int{countKind(got, IllegalPlay), 0} // White's flags
			if countKind(got, Withdrawn) > 0 {
				counted = [2]int{} // it never stood
			}
			if st.IllegalPlays != counted {
				t.Errorf("illegal plays %v, want %v", st.IllegalPlays, counted)
			}
			if flagged := st.Phase == PhaseFlagged; flagged != (len(st.Flagged) > 0) || flagged != (len(got) == 1) {
				t.Errorf("phase %s, points %v lit after %v", st.Phase, st.Flagged, kinds(got))
			}
			for _, e := range got {
				if e.Kind == PlayMade && e.Play.After != legal {
					t.Errorf("play %s recorded, want 8/5 6/5", engine.FormatPlay(e.Before, e.Play.Steps()))
				}
				if e.Kind == IllegalAccepted && !tc.stands {
					t.Errorf("the play stood: %+v", e)
				}
			}
		})
	}
}

func withoutIrregularities(events []Event) []Event {
	var out []Event
	for _, e := range events {
		if e.Kind != Irregularity {
			out = append(out, e)
		}
	}
	return out
}

// TestWithdrawnAtTheRollAsIfLegalAtDone: a flag withdrawn at the roll
// leaves the turn's play exactly as DONE judging it legal would have:
// the same play, position, side on roll and notation, and the same state
// after the roll.
func TestWithdrawnAtTheRollAsIfLegalAtDone(t *testing.T) {
	legal, hover, _, _ := misreads(t)
	rules := engine.ClockRules{Mode: engine.SimpleDelay, Delay: time.Second, PerPoint: 2 * time.Minute}
	var left [2]time.Duration // each side's time on the clock after the roll
	play := func(at engine.Board) (Event, Status) {
		r, events, show := showingReferee(t, 5)
		c, err := engine.NewClock(rules, 5, [2]int{})
		if err != nil {
			t.Fatal(err)
		}
		r.SetClock(c)
		clock := r.clock.(*sensing.VirtualClock)
		show(engine.StartingBoard, engine.White)
		r.Roll(engine.White, engine.Dice{3, 1})
		clock.Advance(5 * time.Second)
		show(at, engine.Black)
		pressDone(r, engine.White)
		clock.Advance(10 * time.Second) // the flag stands on the board until the roll
		show(legal, engine.Black)
		r.Roll(engine.Black, engine.Dice{6, 5})
		for _, s := range []engine.Side{engine.White, engine.Black} {
			left[s] = c.Remaining(s, clock.Now())
		}
		var made []Event
		for _, e := range *events {
			if e.Kind == PlayMade {
				made = append(made, e)
			}
		}
		if len(made) != 1 {
			t.Fatalf("%d plays made, want 1", len(made))
		}
		return made[0], r.Status()
	}
	asLegal, legalStatus := play(legal)
	legalLeft := left
	withdrawn, withdrawnStatus := play(hover)
	if left != legalLeft {
		t.Errorf("time left on the clocks after the roll %v, want %v, as after a play judged legal at DONE (White's time stops at its DONE)", left, legalLeft)
	}
	withdrawn.At, asLegal.At = time.Time{}, time.Time{} // an event is told when it happens: at the roll, or at DONE
	if !reflect.DeepEqual(withdrawn, asLegal) {
		t.Errorf("the play withdrawn at the roll:\n%+v\nwant, as judged legal at DONE:\n%+v", withdrawn, asLegal)
	}
	if !reflect.DeepEqual(withdrawnStatus, legalStatus) {
		t.Errorf("status after the roll:\n%+v\nwant, as after a play judged legal at DONE:\n%+v", withdrawnStatus, legalStatus)
	}
}

// TestWelshFlagConfirmedAtTheThrow: Welsh backgammon's flag is confirmed
// at the opponent's throw by the same rule. A hand above White's 10 point
// at DONE, gone by the throw, leaves the legal play in the record and the
// check clean; a play still illegal at the throw stands.
func TestWelshFlagConfirmedAtTheThrow(t *testing.T) {
	for _, tc := range []struct {
		name   string
		played []engine.Move // what the board shows once the hand has gone
		want   []Kind        // at the throw, Irregularity aside
		record string
		stands bool
	}{
		{"the hand gone by the throw: withdrawn", []engine.Move{mv(8, 3), mv(6, 5)}, []Kind{Withdrawn, PlayMade, Rolled}, "White play 8/3 6/5\n", false},
		// 8/2 6/5 for 1-5, written as welsh.DiffMoves writes it
		{"still illegal at the throw: it stands", []engine.Move{mv(8, 2), mv(6, 5)}, []Kind{IllegalAccepted, Rolled}, "White play 8/5 6/2\n", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newWelshFixture(t)
			f.roll(engine.White, 1, 5)
			before, _, err := f.rec.Match().Board()
			if err != nil {
				t.Fatal(err)
			}
			shown, err := welsh.Apply(before, tc.played) // the mover still in Mover
			if err != nil {
				t.Fatal(err)
			}
			misread := shown
			misread[engine.Mover][9]++
			f.settle(misread, engine.White)
			f.done(engine.White)
			if got := kinds(f.since(len(f.events) - 1)); !reflect.DeepEqual(got, []Kind{IllegalPlay}) {
				t.Fatalf("events at DONE %v, want the play flagged", got)
			}
			f.settle(shown, engine.White)
			n := len(f.events)
			f.roll(engine.Black, 3, 1)
			if got := kinds(withoutIrregularities(f.since(n))); !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("events at the throw %v, want %v", got, tc.want)
			}
			if rec := f.record(); !strings.Contains(rec, tc.record) {
				t.Fatalf("record, want %q:\n%s", tc.record, rec)
			}
			illegal := 0
			if tc.stands {
				illegal = 1
			}
			if findings := welsh.Check(f.rec.Record()); len(findings) != illegal {
				t.Fatalf("Check finds %v: want the illegal play alone if it stood, else nothing", findings)
			}
		})
	}
}

// wonByBearingOff returns the legal plays of the first game of
// match-010-illegal's recorded trace, whose last bears off the mover's
// last checker.
func wonByBearingOff(t *testing.T) []Event {
	t.Helper()
	var plays []Event
	for _, e := range replayTrace(t, filepath.Join(tracesDir, "match-010-illegal.trace.jsonl")) {
		if e.Kind == PlayMade && e.Game == 1 {
			plays = append(plays, e)
		}
	}
	if last := plays[len(plays)-1]; last.Play.After[engine.Opponent].Total() != 0 {
		t.Fatalf("game 1's last play leaves %v checkers on the board: not a game won by bearing off", last.Play.After[engine.Opponent].Total())
	}
	return plays
}

// lastPlayFlagged plays plays (wonByBearingOff) on a referee and shows
// the last with a checker more of the mover's read on its 1 point (a
// hand above it, a checker not yet settled in the tray): the referee
// flags it at DONE. It returns the referee, its events, show and the
// winning play.
func lastPlayFlagged(t *testing.T, plays []Event) (*Referee, *[]Event, func(engine.Board, engine.Side), Event) {
	t.Helper()
	last := plays[len(plays)-1]
	r, events, show := showingReferee(t, 0)
	show(engine.StartingBoard, engine.White)
	for _, e := range plays {
		r.Roll(e.Side, e.Dice)
		after := e.Play.After
		if e.Turn == last.Turn {
			after[engine.Opponent][0]++
		}
		show(after, e.Side.Other())
		pressDone(r, e.Side)
	}
	if st := r.Status(); st.Phase != PhaseFlagged {
		t.Fatalf("phase %s after the last play shown with a checker more, want %s", st.Phase, PhaseFlagged)
	}
	return r, events, show, last
}

// TestFlagOnTheWinningPlay: a flag on the play that bears off the last
// checker has no opponent's roll to be confirmed at. Once the board
// shows the winning result, the mover's DONE corrects the play; without
// it, the board set up for the next game or the end of the input ends
// the game as the board showed it, the flag withdrawn. The mover's
// checkers coming back to the board do not: they were lifted to put the
// play right.
func TestFlagOnTheWinningPlay(t *testing.T) {
	plays := wonByBearingOff(t)
	for _, tc := range []struct {
		name string
		then func(r *Referee, show func(engine.Board, engine.Side))
		want []Kind
	}{
		{"the board set up for the next game: withdrawn", func(r *Referee, show func(engine.Board, engine.Side)) {
			show(engine.Board{}, engine.White)
			show(engine.StartingBoard, engine.White)
		}, []Kind{Withdrawn, PlayMade, GameOver}},
		{"the board cleared, not yet set up: still flagged", func(r *Referee, show func(engine.Board, engine.Side)) {
			show(engine.Board{}, engine.White)
		}, nil},
		{"shown on the way, the flagged board back at the opponent's roll: it stands", func(r *Referee, show func(engine.Board, engine.Side)) {
			misread := r.lines[0].matcher.Plays()[0].After
			misread[engine.Opponent][0]++ // as lastPlayFlagged shows it
			show(misread, r.onRoll.Other())
			r.Roll(r.onRoll.Other(), engine.Dice{4, 2})
		}, []Kind{IllegalAccepted, Rolled}},
		{"the input ends: withdrawn", func(r *Referee, show func(engine.Board, engine.Side)) {
			r.End()
		}, []Kind{Withdrawn, PlayMade, GameOver}},
		{"the mover's DONE: corrected", func(r *Referee, show func(engine.Board, engine.Side)) {
			r.Done(r.onRoll)
		}, []Kind{Corrected, PlayMade, GameOver}},
		{"still flagged until then", func(r *Referee, show func(engine.Board, engine.Side)) {}, nil},
		{"a checker of the mover's set back on the board: still flagged", func(r *Referee, show func(engine.Board, engine.Side)) {
			b := r.lines[0].matcher.Before()
			show(b, r.onRoll) // the mover puts the play back to replay it: its checkers were in the hand
		}, []Kind{BoardRestored}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, events, show, last := lastPlayFlagged(t, plays)
			show(last.Play.After, last.Side.Other())
			from := len(*events)
			tc.then(r, show)
			got := withoutIrregularities((*events)[from:])
			if fmt.Sprint(kinds(got)) != fmt.Sprint(tc.want) {
				t.Fatalf("events %v, want %v", kinds(got), tc.want)
			}
			for _, e := range got {
				if e.Kind == PlayMade && (e.Play.After != last.Play.After || e.Side != last.Side) {
					t.Errorf("play %s by %v recorded, want the winning play", engine.FormatPlay(e.Before, e.Play.Steps()), e.Side)
				}
			}
		})
	}
}

// TestWithdrawnTakesBackEveryFlagOfTheTurn: DONE pressed again with the
// checker still in the hand raises the flag again; the checker landed,
// the opponent's roll withdraws every flag of the turn and none counts
// against the mover.
func TestWithdrawnTakesBackEveryFlagOfTheTurn(t *testing.T) {
	legal, short := inHand(t)
	r, events, show := graceReferee(t)
	show(short, engine.Black)
	for range 2 {
		r.Done(engine.White)
		r.Apply(Input{Kind: InputDoneGrace})
	}
	if n := countKind(*events, IllegalPlay); n != 2 {
		t.Fatalf("%d flags raised, want 2: DONE twice with a checker in the hand past the grace", n)
	}
	if got := r.Status().IllegalPlays; got != [2]int{2, 0} {
		t.Fatalf("illegal plays %v while flagged, want White 2", got)
	}
	show(legal, engine.Black)
	r.Roll(engine.Black, engine.Dice{6, 5})
	if countKind(*events, Withdrawn) != 1 || countKind(*events, PlayMade) != 1 {
		t.Fatalf("%d withdrawn, %d plays made: want the flags withdrawn, the play made", countKind(*events, Withdrawn), countKind(*events, PlayMade))
	}
	if got := r.Status().IllegalPlays; got != [2]int{} {
		t.Errorf("illegal plays %v after the flags were withdrawn, want none", got)
	}
}
