package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gammond/internal/testmain"
)

// points is one side's checkers by its own point numbers (Bar for the bar);
// the side's other checkers are borne off.
type points map[int]int

// board returns the board with mover on roll against opponent.
func board(mover, opponent points) Board {
	var b Board
	for p, n := range mover {
		b[Mover][p-1] = uint8(n)
	}
	for p, n := range opponent {
		b[Opponent][p-1] = uint8(n)
	}
	return b
}

// idOf returns b.PositionID() of a board that is not a variable.
func idOf(b Board) string { return b.PositionID() }

// notation writes moves the way .mat files do, one move per die:
// "bar/20 13/7* 6/off".
func notation(moves []Move) string {
	point := func(p int8) string {
		switch p {
		case Bar:
			return "bar"
		case Off:
			return "off"
		}
		return strconv.Itoa(int(p))
	}
	var sb strings.Builder
	for i, m := range moves {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(point(m.From) + "/" + point(m.To))
		if m.Hit {
			sb.WriteByte('*')
		}
	}
	return sb.String()
}

// parseNotation reads the moves notation writes.
func parseNotation(tb testing.TB, s string) []Move {
	tb.Helper()
	point := func(f string) int8 {
		switch f {
		case "bar":
			return Bar
		case "off":
			return Off
		}
		p, err := strconv.Atoi(f)
		if err != nil || p < 1 || p > 24 {
			tb.Fatalf("notation %q: bad point %q", s, f)
		}
		return int8(p)
	}
	var moves []Move
	for _, f := range strings.Fields(s) {
		from, to, ok := strings.Cut(strings.TrimSuffix(f, "*"), "/")
		if !ok {
			tb.Fatalf("notation %q: bad move %q", s, f)
		}
		moves = append(moves, Move{From: point(from), To: point(to), Hit: strings.HasSuffix(f, "*")})
	}
	return moves
}

// makeMoves makes the moves on b as written, legal or not, and returns the
// board with the mover still on roll. It fails on a hit the moves do not
// mark, or mark and do not make.
func makeMoves(tb testing.TB, b Board, moves []Move) Board {
	tb.Helper()
	for _, m := range moves {
		b[Mover][m.From-1]--
		if m.To == Off {
			continue
		}
		blot := b[Opponent][Bar-1-m.To] == 1
		if blot != m.Hit {
			tb.Fatalf("%s: the hit mark does not fit the board", notation(moves))
		}
		if blot {
			b[Opponent][Bar-1-m.To], b[Opponent][Bar-1] = 0, b[Opponent][Bar-1]+1
		}
		b[Mover][m.To-1]++
	}
	return b
}

// afterNotation returns the position the moves s leave from b, opponent on
// roll, as Play.After.
func afterNotation(tb testing.TB, b Board, s string) Board {
	tb.Helper()
	return makeMoves(tb, b, parseNotation(tb, s)).Swap()
}

// playSet returns the plays by the ID of the position they leave, failing
// on two plays with one position.
func playSet(tb testing.TB, plays []Play) map[string]string {
	tb.Helper()
	set := make(map[string]string, len(plays))
	for _, p := range plays {
		id := p.After.PositionID()
		if other, ok := set[id]; ok {
			tb.Errorf("plays %q and %q leave the same position %s", other, notation(p.Steps()), id)
		}
		set[id] = notation(p.Steps())
	}
	return set
}

// diffSets lists what want has and got lacks, and the other way round.
func diffSets(got, want map[string]string) string {
	var lines []string
	for id, s := range want {
		if _, ok := got[id]; !ok {
			lines = append(lines, fmt.Sprintf("  missing %-24s %s", s, id))
		}
	}
	for id, s := range got {
		if _, ok := want[id]; !ok {
			lines = append(lines, fmt.Sprintf("  extra   %-24s %s", s, id))
		}
	}
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}

// checkSteps fails unless p's moves, made one by one on b with the dice of d
// by the reference rules, are legal and leave p.After.
func checkSteps(tb testing.TB, b Board, d Dice, p Play) {
	tb.Helper()
	dice := []int{d[0], d[1]}
	if d.Double() {
		dice = append(dice, d[0], d[0])
	}
	for _, m := range p.Steps() {
		i := slices.IndexFunc(dice, func(die int) bool {
			_, got, ok := refMove(b, int(m.From), die)
			return ok && got == m
		})
		if i < 0 {
			tb.Fatalf("play %s from %s, dice %v: %s is not legal by the dice left %v",
				notation(p.Steps()), b.PositionID(), d, notation([]Move{m}), dice)
		}
		b, _, _ = refMove(b, int(m.From), dice[i])
		dice = slices.Delete(dice, i, i+1)
	}
	if b.Swap() != p.After {
		tb.Fatalf("play %s, dice %v: its moves leave %s, After is %s",
			notation(p.Steps()), d, idOf(b.Swap()), p.After.PositionID())
	}
}

func TestPlaysOracle(t *testing.T) {
	t.Parallel()
	var g Generator
	failures := 0
	for i, r := range loadOracle(t) {
		d := Dice(r.Dice)
		want := make(map[string]string, len(r.Plays))
		for _, p := range r.Plays {
			want[p.After] = p.Move
		}
		plays := g.Plays(r.Board, d)
		if diff := diffSets(playSet(t, plays), want); diff != "" {
			t.Errorf("record %d: position %s, dice %v:\n%s", i+1, r.Position, d, diff)
			if failures++; failures == 10 {
				t.Fatal("too many failures")
			}
		}
		for _, p := range plays {
			checkSteps(t, r.Board, d, p)
		}
	}
}

func TestPlaysOpening(t *testing.T) {
	for _, tc := range []struct {
		dice Dice
		want int
	}{
		{Dice{2, 1}, 15}, {Dice{3, 1}, 16}, {Dice{4, 1}, 14}, {Dice{5, 1}, 8},
		{Dice{6, 1}, 10}, {Dice{3, 2}, 17}, {Dice{4, 2}, 18}, {Dice{5, 2}, 8},
		{Dice{6, 2}, 14}, {Dice{4, 3}, 17}, {Dice{5, 3}, 9}, {Dice{6, 3}, 14},
		{Dice{5, 4}, 9}, {Dice{6, 4}, 14}, {Dice{6, 5}, 7}, {Dice{1, 1}, 42},
		{Dice{2, 2}, 75}, {Dice{3, 3}, 73}, {Dice{4, 4}, 52}, {Dice{5, 5}, 4},
		{Dice{6, 6}, 11},
	} {
		t.Run(tc.dice.String(), func(t *testing.T) {
			if got := len(LegalPlays(StartingBoard, tc.dice)); got != tc.want {
				t.Errorf("%d plays, want %d", got, tc.want)
			}
			swapped := Dice{tc.dice[1], tc.dice[0]}
			if got := len(LegalPlays(StartingBoard, swapped)); got != tc.want {
				t.Errorf("dice %v: %d plays, want %d", swapped, got, tc.want)
			}
		})
	}
}

// closedBoard is an opponent holding its whole home board.
var closedBoard = points{1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3}

// ruleCases are rules of play, each on a board built for it: want lists
// every legal play. FuzzPlays starts from them too.
var ruleCases = []struct {
	name            string
	mover, opponent points
	dice            Dice
	want            []string
}{
	{
		name:  "larger die when either can be played but not both",
		mover: points{12: 1}, opponent: points{24: 2}, // holds the mover's 1
		dice: Dice{5, 6}, want: []string{"12/6"},
	},
	{
		name:  "smaller die when the larger cannot be played",
		mover: points{12: 1}, opponent: points{19: 2, 24: 2}, // the mover's 6 and 1
		dice: Dice{6, 5}, want: []string{"12/7"},
	},
	{
		name:  "only the entering die when the other cannot follow",
		mover: points{Bar: 1, 13: 2}, opponent: points{6: 2, 10: 2, 18: 2}, // the mover's 19, 15, 7
		dice: Dice{6, 4}, want: []string{"bar/21"},
	},
	{
		name:  "second checker on the bar cannot enter",
		mover: points{Bar: 2, 6: 5}, opponent: points{3: 2},
		dice: Dice{3, 5}, want: []string{"bar/20"},
	},
	{
		name:  "nothing moves before the bar is empty",
		mover: points{Bar: 1, 13: 5}, opponent: points{1: 2, 6: 2}, // the mover's 24 and 19
		dice: Dice{6, 1}, want: nil,
	},
	{
		name:  "larger die bears off the highest checker only",
		mover: points{4: 2, 2: 1},
		dice:  Dice{6, 5}, want: []string{"4/off 4/off"},
	},
	{
		name:  "exact or highest bear-off, in either order",
		mover: points{5: 1, 2: 1},
		dice:  Dice{6, 2}, want: []string{"5/off 2/off", "5/3 3/off"},
	},
	{
		name:  "bear-off only once every checker is home",
		mover: points{8: 1, 3: 1},
		dice:  Dice{6, 2}, want: []string{"8/6 6/off", "8/2 3/1"},
	},
	{
		name:  "hit during bear-off",
		mover: points{3: 1}, opponent: points{24: 1}, // a blot on the mover's 1
		dice: Dice{1, 2}, want: []string{"3/1* 1/off", "3/2 2/off"},
	},
	{
		name:  "hit and go on with the same checker",
		mover: points{10: 1}, opponent: points{19: 1, 24: 2}, // blot on the mover's 6, holds 1
		dice: Dice{4, 3}, want: []string{"10/6* 6/3", "10/7 7/3"},
	},
	{
		name:  "double played as far as it goes",
		mover: points{13: 2}, opponent: points{20: 2}, // holds the mover's 5
		dice: Dice{4, 4}, want: []string{"13/9 13/9"},
	},
	{
		name:  "double entering, then blocked",
		mover: points{Bar: 1}, opponent: points{6: 2}, // the mover's 19
		dice: Dice{3, 3}, want: []string{"bar/22"},
	},
	{
		name:  "closed board dance",
		mover: points{Bar: 1, 6: 5, 8: 3, 13: 6}, opponent: closedBoard,
		dice: Dice{6, 6}, want: nil,
	},
	{
		name:  "the only checker takes the open order",
		mover: points{10: 1}, opponent: points{16: 2}, // holds the mover's 9
		dice: Dice{1, 6}, want: []string{"10/4 4/3"},
	},
	{
		name:  "each die by its own checker",
		mover: points{10: 1, 8: 1}, opponent: points{21: 2, 22: 2}, // the mover's 4 and 3
		dice: Dice{6, 5}, want: []string{"10/5 8/2"},
	},
}

func TestPlaysRules(t *testing.T) {
	for _, tc := range ruleCases {
		t.Run(tc.name, func(t *testing.T) {
			b := board(tc.mover, tc.opponent)
			if err := b.Validate(); err != nil {
				t.Fatal(err)
			}
			want := make(map[string]string)
			for _, s := range tc.want {
				want[idOf(afterNotation(t, b, s))] = s
			}
			plays := LegalPlays(b, tc.dice)
			if diff := diffSets(playSet(t, plays), want); diff != "" {
				t.Errorf("dice %v:\n%s", tc.dice, diff)
			}
			for _, p := range plays {
				checkSteps(t, b, tc.dice, p)
			}
		})
	}
}

func TestPlaysNotARoll(t *testing.T) {
	var g Generator
	for _, d := range []Dice{{0, 3}, {7, 1}, {-1, 2}, {6, 0}, {100, 1}} {
		t.Run(d.String(), func(t *testing.T) {
			if n := len(g.Plays(StartingBoard, d)); n != 0 {
				t.Errorf("Plays: %d plays, want none", n)
			}
			if n := len(g.Partials(StartingBoard, d)); n != 0 {
				t.Errorf("Partials: %d partials, want none", n)
			}
			if g.IsLegal(StartingBoard, d, StartingBoard) {
				t.Error("IsLegal of the unchanged board = true, want false")
			}
		})
	}
}

// TestPlaysAnyBoard feeds boards Validate rejects: the plays mean nothing,
// but the generator must neither panic nor make up moves.
func TestPlaysAnyBoard(t *testing.T) {
	t.Parallel()
	var full, crowded Board
	for i := range full[Mover] {
		full[Mover][i], full[Opponent][i] = 255, 255
	}
	for i := range Bar - 1 {
		crowded[Mover][i] = 15
	}
	var g Generator
	for _, tc := range []struct {
		name string
		b    Board
		d    Dice
	}{
		{"255 everywhere", full, Dice{6, 6}},
		{"255 everywhere, mixed roll", full, Dice{1, 2}},
		{"15 on every point", crowded, Dice{1, 1}},
		{"15 on every point, mixed roll", crowded, Dice{6, 5}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, p := range g.Plays(tc.b, tc.d) {
				checkMoves(t, p.Moves, p.N, tc.d)
			}
			for _, p := range g.Partials(tc.b, tc.d) {
				checkMoves(t, p.Moves, p.N, tc.d)
			}
			g.IsLegal(tc.b, tc.d, tc.b.Swap())
		})
	}
}

// checkMoves fails unless the first n of moves go forward, from a point or
// the bar to a point or off, by no more than the larger die of d.
func checkMoves(tb testing.TB, moves [MaxMoves]Move, n int8, d Dice) {
	tb.Helper()
	if n < 0 || n > MaxMoves {
		tb.Fatalf("%d moves", n)
	}
	for _, m := range moves[:n] {
		if m.From < 1 || m.From > Bar || m.To < Off || m.To >= m.From || int(m.From-m.To) > max(d[0], d[1]) {
			tb.Fatalf("%s: move %s does not go by a die of %v", notation(moves[:n]), notation([]Move{m}), d)
		}
	}
}

func TestIsLegal(t *testing.T) {
	larger := board(points{12: 1}, points{24: 2})
	blot := board(points{24: 2, 13: 5, 8: 3, 6: 5}, points{6: 5, 8: 3, 13: 5, 7: 1, 24: 1})
	dance := board(points{Bar: 1, 6: 14}, closedBoard)
	for _, tc := range []struct {
		name  string
		b     Board
		dice  Dice
		after Board
		want  bool
	}{
		{"both dice, one checker each", StartingBoard, Dice{6, 1}, afterNotation(t, StartingBoard, "13/7 8/7"), true},
		{"both dice, one checker", StartingBoard, Dice{6, 1}, afterNotation(t, StartingBoard, "13/7 7/6"), true},
		{"one die of two", StartingBoard, Dice{6, 1}, afterNotation(t, StartingBoard, "13/7"), false},
		{"nothing moved", StartingBoard, Dice{6, 1}, StartingBoard.Swap(), false},
		{"other dice", StartingBoard, Dice{6, 1}, afterNotation(t, StartingBoard, "13/11 6/5"), false},
		{"larger die", larger, Dice{6, 5}, afterNotation(t, larger, "12/6"), true},
		{"smaller die when the larger plays", larger, Dice{6, 5}, afterNotation(t, larger, "12/7"), false},
		{"hit", blot, Dice{6, 4}, afterNotation(t, blot, "24/18* 13/9"), true},
		{"hit not made", blot, Dice{6, 4}, notHit(afterNotation(t, blot, "24/18* 13/9"), 7), false},
		{"opponent moved too", StartingBoard, Dice{6, 1}, opponentMoved(afterNotation(t, StartingBoard, "13/7 8/7")), false},
		{"dance: nothing moved", dance, Dice{6, 1}, dance.Swap(), true},
		{"dance: something moved", dance, Dice{6, 1}, afterNotation(t, dance, "6/5"), false},
		{"not a roll", StartingBoard, Dice{0, 1}, StartingBoard.Swap(), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var g Generator
			if got := g.IsLegal(tc.b, tc.dice, tc.after); got != tc.want {
				t.Errorf("IsLegal(%s, %v, %s) = %v, want %v",
					tc.b.PositionID(), tc.dice, tc.after.PositionID(), got, tc.want)
			}
		})
	}
}

// notHit puts back the opponent's checker hit on its point p in after.
func notHit(after Board, p int) Board {
	after[Mover][p-1]++
	after[Mover][Bar-1]--
	return after
}

// opponentMoved moves a checker of the side that did not play from its 6 to
// its 5 point in after.
func opponentMoved(after Board) Board {
	after[Mover][5]--
	after[Mover][4]++
	return after
}

func TestIsLegalOracle(t *testing.T) {
	t.Parallel()
	var g Generator
	for i, r := range loadOracle(t) {
		for _, p := range r.Plays {
			after, err := ParsePositionID(p.After)
			if err != nil {
				t.Fatalf("record %d: %v", i+1, err)
			}
			if !g.IsLegal(r.Board, Dice(r.Dice), after) {
				t.Fatalf("record %d: position %s, dice %v: IsLegal(%s %s) = false",
					i+1, r.Position, r.Dice, p.Move, p.After)
			}
		}
	}
}

func TestGeneratorNoAllocs(t *testing.T) {
	records := loadOracle(t)
	if testmain.Trimmed() { // every tenth roll; CI runs them all (.ci/run)
		records = everyTenth(records)
	}
	var g Generator
	each := func() {
		for _, r := range records {
			d := Dice(r.Dice)
			g.Plays(r.Board, d)
			g.Partials(r.Board, d)
			g.IsLegal(r.Board, d, r.Board.Swap())
		}
	}
	each() // the buffers grow to the largest roll
	if n := testing.AllocsPerRun(2, each); n != 0 {
		t.Errorf("%v allocations for the oracle's rolls, want none", n)
	}
}

// The benchmarks cycle over the oracle's positions: one op is one roll.
// Those with a Generator of their own make a first round untimed, so its
// buffers have grown: they measure the steady state.

// warmUp runs each oracle roll once through g.
func warmUp(g *Generator, records []oracleRecord) {
	for _, r := range records {
		g.Partials(r.Board, Dice(r.Dice))
	}
}

func BenchmarkPlays(b *testing.B) {
	records := loadOracle(b)
	var g Generator
	warmUp(&g, records)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		r := &records[i%len(records)]
		g.Plays(r.Board, Dice(r.Dice))
		i++
	}
}

func BenchmarkLegalPlays(b *testing.B) {
	records := loadOracle(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		r := &records[i%len(records)]
		LegalPlays(r.Board, Dice(r.Dice))
		i++
	}
}

func BenchmarkPartials(b *testing.B) {
	records := loadOracle(b)
	var g Generator
	warmUp(&g, records)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		r := &records[i%len(records)]
		g.Partials(r.Board, Dice(r.Dice))
		i++
	}
}

// BenchmarkIsLegal asks about the last play gnubg lists (legal) and the
// unchanged board (illegal unless the roll cannot be played), each roll
// once; then again about the same roll, as the referee does while a player
// moves.
func BenchmarkIsLegal(b *testing.B) {
	records := loadOracle(b)
	legal := make([]Board, len(records))
	for i, r := range records {
		legal[i] = r.Board.Swap()
		if n := len(r.Plays); n > 0 {
			after, err := ParsePositionID(r.Plays[n-1].After)
			if err != nil {
				b.Fatalf("record %d: %v", i+1, err)
			}
			legal[i] = after
		}
	}
	for _, bc := range []struct {
		name  string
		after func(i int) Board
	}{
		{"legal", func(i int) Board { return legal[i] }},
		{"unchanged", func(i int) Board { return records[i].Board.Swap() }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var g Generator
			warmUp(&g, records)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				j := i % len(records)
				g.IsLegal(records[j].Board, Dice(records[j].Dice), bc.after(j))
				i++
			}
		})
	}
	b.Run("again", func(b *testing.B) {
		var g Generator
		r := &records[0]
		b.ReportAllocs()
		for b.Loop() {
			g.IsLegal(r.Board, Dice(r.Dice), legal[0])
		}
	})
}

// everyTenth returns every tenth oracle record, from the first: the
// oracle's spread of positions in a tenth of the time, for -short.
func everyTenth(records []oracleRecord) []oracleRecord {
	var some []oracleRecord
	for i := 0; i < len(records); i += 10 {
		some = append(some, records[i])
	}
	return some
}
