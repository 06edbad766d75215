package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gammond/engine"
	"gammond/sensing/sim"
)

// shortSetupTrace writes, to a file in dir, the trace of a 5-point match
// whose header names rules (left out when ""), started with one of
// White's checkers missing from point 6, and played for three rolls:
// White 31 (8/5 6/5), Black 64 (13/7 13/9), White 52.
func shortSetupTrace(t *testing.T, dir string, rules engine.RuleSet) string {
	t.Helper()
	b := sim.NewBoard(3)
	var buf bytes.Buffer
	c := b.Calibration()
	g := c.Board
	field := ""
	if rules != "" {
		field = fmt.Sprintf(`, "rules": %q`, rules)
	}
	list := func(rs []uint16) string { return strings.Trim(strings.Join(strings.Fields(fmt.Sprint(rs)), ","), "[]") }
	fmt.Fprintf(&buf, `{"trace": 1, "board": {"points": %d, "slots": %d, "bar_slots": %d, "adc_bits": %d}, `+
		`"calibration": {"baseline": [%s], "white": [%s], "black": [%s]}, "match": {"length": 5, "white": "Ann", "black": "Bo"%s}}`+"\n",
		g.Points, g.Slots, g.BarSlots, g.ADCBits, list(c.Baseline), list(c.White), list(c.Black), field)
	frame := make([]uint16, g.Sensors())
	ms := 0
	hold := func() { // a second of the board standing still
		for range 20 {
			b.Frame(frame)
			fmt.Fprintf(&buf, `{"t":%d,"frame":[%s]}`+"\n", ms, list(frame))
			ms += 50
		}
	}
	move := func(side engine.Side, from, to int) {
		if err := b.Move(side, from, to); err != nil {
			t.Fatal(err)
		}
		hold()
	}
	event := func(name string, side engine.Side, dice string) {
		fmt.Fprintf(&buf, `{"t":%d,"event":%q,"side":%d%s}`+"\n", ms, name, side, dice)
		ms += 50
	}
	move(engine.White, 6, engine.Off) // the checker missing from the start
	hold()
	event("roll", engine.White, `,"dice":[3,1]`)
	move(engine.White, 8, 5)
	move(engine.White, 6, 5)
	event("done", engine.White, "")
	hold()
	event("roll", engine.Black, `,"dice":[6,4]`)
	move(engine.Black, 12, 18) // Black's 13/7 in White's numbering
	move(engine.Black, 12, 16) // 13/9
	event("done", engine.Black, "")
	hold()
	event("roll", engine.White, `,"dice":[5,2]`)
	hold()
	name := filepath.Join(dir, fmt.Sprintf("short-%s.trace.jsonl", rules))
	if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// replayReportOf runs "gammon replay" with args (a trace among them) and
// returns its report.
func replayReportOf(t *testing.T, args ...string) replayReport {
	t.Helper()
	report := filepath.Join(t.TempDir(), "report.json")
	var stdout, stderr bytes.Buffer
	if code := run(append([]string{"replay", "--report", report}, args...), &stdout, &stderr); code != exitOK {
		t.Fatalf("gammon replay %v: exit %d, stderr %s", args, code, stderr.String())
	}
	raw, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	var rep replayReport
	if err := json.Unmarshal(raw, &rep); err != nil {
		t.Fatal(err)
	}
	return rep
}

// officialAt returns the turns at which the report logs the set-up
// official, and whether the game's start named the deadline want.
func officialAt(rep replayReport, want string) (turns []int, named bool) {
	for _, irr := range rep.Irregularities {
		if strings.Contains(irr.Reason, "set-up is official") {
			turns = append(turns, irr.Turn)
		}
		if strings.Contains(irr.Reason, "game starts with the board not in the starting position") && strings.Contains(irr.Reason, want) {
			named = true
		}
	}
	return turns, named
}

// TestReplayDanishTraceSetupDeadline (Danish 4.2.4, US 4.7): a trace whose
// header names the Danish rules replays under them: a set-up wrong at the
// start is official from the third roll. "--rules us" overrides the
// header: then the deadline is the fifth roll, not reached. A header
// naming no rules (an old trace) replays as US.
func TestReplayDanishTraceSetupDeadline(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	danish := shortSetupTrace(t, dir, engine.RulesDanish)
	old := shortSetupTrace(t, dir, "")

	rep := replayReportOf(t, danish)
	turns, named := officialAt(rep, "before roll 3 (Danish 4.2.4)")
	if rep.Rules != engine.RulesDanish || !named || len(turns) != 1 || turns[0] != 3 {
		t.Errorf("Danish trace: rules %q, deadline named %v, official at turns %v; want danish, named, official at roll 3; irregularities %+v",
			rep.Rules, named, turns, rep.Irregularities)
	}
	for _, args := range [][]string{{"--rules", "us", danish}, {old}} {
		rep := replayReportOf(t, args...)
		turns, named := officialAt(rep, "before roll 5 (US 4.7)")
		if rep.Rules != engine.RulesUS || !named || len(turns) != 0 {
			t.Errorf("replay %v: rules %q, deadline named %v, official at turns %v; want us, named, not yet official; irregularities %+v",
				args, rep.Rules, named, turns, rep.Irregularities)
		}
	}
	rep = replayReportOf(t, "--rules", "danish", old)
	if turns, named := officialAt(rep, "before roll 3 (Danish 4.2.4)"); rep.Rules != engine.RulesDanish || !named || len(turns) != 1 {
		t.Errorf("--rules danish over an old trace: rules %q, named %v, official at %v; want danish, named, official at roll 3", rep.Rules, named, turns)
	}
}

// TestSimulateNamesRules: "gammon simulate --rules danish" (or us) writes
// a trace whose header names those rules, and its replay judges under
// them; --rules standard leaves the field out.
func TestSimulateNamesRules(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tc := range []struct {
		flag string
		want engine.RuleSet // in the header
	}{{"danish", engine.RulesDanish}, {"us", engine.RulesUS}, {"standard", ""}} {
		var stdout, stderr bytes.Buffer
		mat := filepath.Join("..", "..", "testdata", "matches", "match-004-1pt.mat")
		if code := run([]string{"simulate", "--rules", tc.flag, "--seed", "2", mat}, &stdout, &stderr); code != exitOK {
			t.Fatalf("simulate --rules %s: exit %d, stderr %s", tc.flag, code, stderr.String())
		}
		header, _, _ := bytes.Cut(stdout.Bytes(), []byte("\n"))
		var h struct {
			Match struct {
				Rules *string `json:"rules"`
			} `json:"match"`
		}
		if err := json.Unmarshal(header, &h); err != nil {
			t.Fatal(err)
		}
		if got := h.Match.Rules; (got == nil) != (tc.want == "") || (got != nil && *got != string(tc.want)) {
			t.Errorf("simulate --rules %s: header %s: want rules %q (none for \"\")", tc.flag, header, tc.want)
		}
		trace := filepath.Join(dir, tc.flag+".trace.jsonl")
		if err := os.WriteFile(trace, stdout.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		want := tc.want
		if want == "" {
			want = engine.RulesUS
		}
		if rep := replayReportOf(t, trace); rep.Rules != want {
			t.Errorf("replay of simulate --rules %s: judged under %q, want %q", tc.flag, rep.Rules, want)
		}
	}
}
