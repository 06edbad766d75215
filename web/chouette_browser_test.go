package web_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gammond/board"
	"gammond/engine"
	"gammond/referee"
	"gammond/sensing"
	"gammond/sensing/sim"
	"gammond/web"
)

// simulatedBoard runs a money session's board on a simulated board and
// serves its page; it returns the board and the page's address.
func simulatedBoard(t *testing.T) (*board.Board, string) {
	t.Helper()
	simulated := sim.NewBoard(9)
	src := sensing.NewLive(simulated.Calibration().Board.Sensors())
	b, err := board.Open(board.Options{
		StateDir: t.TempDir(),
		Match: board.Match{Board: "chouette", Started: time.Now(), White: "White", Black: "Black",
			Rules: engine.RulesUS, Clock: engine.ClockNone},
		Calibration: simulated.Calibration(), Sim: simulated, Presses: src,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.Run(ctx, src) }()
	go simulated.Scan(ctx, src, 10*time.Millisecond)
	srv := web.New(b, web.Options{})
	ts := httptest.NewServer(srv)
	t.Cleanup(func() {
		srv.Close() // ends the page's event stream, which ts.Close waits for
		ts.Close()
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
		src.Close()
		if err := b.Close(); err != nil {
			t.Error(err)
		}
	})
	return b, ts.URL
}

// TestChouetteInBrowser plays a chouette of four on the simulated board
// through its page in headless Chromium: the members entered on the page,
// the ranks the board's dice give, the box's double answered by each team
// member (a partner's pass entered on the page, shown out at once while a
// newcomer joining is not, the other partner's take on the page, the
// captain's CUBE on the board), the team's resignation,
// and the standings the page shows after the game: the box wins 1 from
// the partner who passed and 2 from each of the others, and the defeated
// captain goes last.
func TestChouetteInBrowser(t *testing.T) {
	br := web.StartTestBrowser(t, 1280, 1400)
	b, base := simulatedBoard(t)
	br.Navigate(t, base+"/")
	br.WaitFor(t, "the board set up", `document.body.dataset.live === "true" && document.body.dataset.phase === "setting-up"
		&& !document.getElementById("session").hidden`)

	br.Run(t, `document.querySelector('#chouette-start input[name="members"]').value = "Ann, Bob, Cy, Dan"`)
	br.Click(t, "Throw for the box", `document.querySelector('#chouette-start button')`)
	br.WaitFor(t, "the standings", `document.querySelectorAll('#standings tbody tr').length === 4`)
	order := strings.Split(br.Text(t, `[...document.querySelectorAll('#standings tbody tr')].map(r => r.dataset.name).join(" ")`), " ")
	box, captain, first, second := order[0], order[1], order[2], order[3]
	if got := br.Text(t, `[...document.querySelectorAll('#standings tbody tr')].map(r => r.dataset.post).join(" ")`); got != "box captain partner partner" {
		t.Errorf("posts %q, want the box, the captain and two partners", got)
	}
	br.WaitFor(t, "the box's name on White's side", fmt.Sprintf(`document.getElementById("name-0").textContent === %q`, box))

	events, unsubscribe := b.Subscribe()
	defer unsubscribe()
	br.Click(t, "White's ROLL", web.SimButtonAt(engine.White, web.ButtonRoll))
	awaitEvent(t, events, referee.Rolled)
	if b.Status().OnRoll == engine.White {
		playTurn(t, br, b, events)
		br.Click(t, "Black's ROLL", web.SimButtonAt(engine.Black, web.ButtonRoll))
		awaitEvent(t, events, referee.Rolled)
	}
	playTurn(t, br, b, events)
	br.Click(t, "the box's CUBE", web.SimButtonAt(engine.White, web.ButtonCube))
	br.WaitFor(t, "the answers awaited", `!document.getElementById("chouette-answer").hidden`)
	answer := func(member, button string) {
		t.Helper()
		br.Run(t, fmt.Sprintf(`document.getElementById("chouette-member").value = %q`, member))
		br.Click(t, member+" "+button, fmt.Sprintf(`document.querySelector('#chouette-answer button[value="%s"]')`, button))
		br.WaitFor(t, member+"'s answer", fmt.Sprintf(`!document.getElementById("chouette-pending").textContent.includes(%q)`, member))
	}
	answer(first, "pass")
	br.Run(t, `document.querySelector('#chouette-join input[name="name"]').value = "Eve"`)
	br.Click(t, "Eve joins", `document.querySelector('#chouette-join button')`)
	br.WaitFor(t, "the newcomer", `!!document.querySelector('#standings tr[data-name="Eve"]')`)
	// Who is out is the Go side's answer, shown as soon as it is entered:
	// the partner who passed, not the newcomer waiting for the next game.
	if got := br.Text(t, `[...document.querySelectorAll('#standings tr.out')].map(r => r.dataset.name).join(" ")`); got != first {
		t.Errorf("shown out after %s's pass with answers awaited: %q, want %q", first, got, first)
	}
	if got := br.Text(t, `[...document.querySelectorAll('#standings tr.awaits')].map(r => r.dataset.name).join(" ")`); got != captain+" "+second {
		t.Errorf("shown to answer: %q, want %q", got, captain+" "+second)
	}
	answer(second, "take")
	br.Click(t, "the captain's CUBE", web.SimButtonAt(engine.Black, web.ButtonCube))
	br.WaitFor(t, "the take", `document.getElementById("chouette-answer").hidden && !!document.querySelector('#log li[data-kind="taken"]')`)
	if err := b.Act(web.Resign{Side: engine.Black, Points: 1}); err != nil {
		t.Fatal(err)
	}
	if err := b.Act(web.AnswerResignation{Side: engine.White, Accept: true}); err != nil {
		t.Fatal(err)
	}
	br.WaitFor(t, "the game scored", `document.getElementById("chouette-games").textContent.startsWith("1 game")`)
	want := fmt.Sprintf("%s box 5|%s captain -1|%s partner -2|%s partner -2|Eve joining 0", box, first, second, captain)
	if got := br.Text(t, `[...document.querySelectorAll('#standings tbody tr')].map(r => r.dataset.name + " " + r.dataset.post + " " + r.dataset.score).join("|")`); got != want {
		t.Errorf("standings %q, want %q", got, want)
	}
	shot := filepath.Join(web.Artifacts(t), "web-page-chouette.png")
	br.Screenshot(t, shot)
	t.Logf("screenshot: %s", shot)
}

// awaitEvent waits for the board's next event of the kind.
func awaitEvent(t *testing.T, events <-chan referee.Summary, kind referee.Kind) {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case e := <-events:
			if e.Kind == kind.String() {
				return
			}
		case <-timeout:
			t.Fatalf("no %v event in 10 s", kind)
		}
	}
}

// playTurn plays the side on roll's first legal play on the simulated
// board, as the page's moves do, then presses its DONE on the page.
func playTurn(t *testing.T, br *web.TestBrowser, b *board.Board, events <-chan referee.Summary) {
	t.Helper()
	st := b.Status()
	before, err := engine.ParsePositionID(st.Position)
	if err != nil {
		t.Fatal(err)
	}
	if plays := engine.LegalPlays(before, st.Dice); len(plays) > 0 {
		for _, m := range plays[0].Steps() {
			if err := b.Act(web.SimMove{Side: st.OnRoll, From: boardPoint(st.OnRoll, int(m.From)), To: boardPoint(st.OnRoll, int(m.To))}); err != nil {
				t.Fatal(err)
			}
		}
	}
	br.Click(t, "DONE", web.SimButtonAt(st.OnRoll, web.ButtonDone))
	awaitEvent(t, events, referee.PlayMade)
}

// boardPoint is side's point p in the board's numbering.
func boardPoint(side engine.Side, p int) int {
	if p == engine.Bar || p == engine.Off {
		return p
	}
	return engine.BoardPoint(side, p)
}
