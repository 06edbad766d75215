package referee

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// TestOpenTraceRules: OpenTrace judges under the rules the trace's header
// names (US when it names none): a Danish trace's referee annuls a
// Crawford double (Danish 4.4.4), which a US one refuses outright.
func TestOpenTraceRules(t *testing.T) {
	raw, err := io.ReadAll(openTestdata(t, "match-004.trace.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	header, body, _ := bytes.Cut(raw, []byte("\n"))
	for _, tc := range []struct {
		name    string
		field   string
		refused bool // as the US rules refuse an annulment
	}{{"no rules", "", true}, {"us", `, "rules": "us"`, true}, {"danish", `, "rules": "danish"`, false}} {
		trace := string(bytes.TrimSuffix(bytes.TrimSpace(header), []byte("}}"))) + tc.field + "}}\n" + string(body)
		var events []Event
		p, _, err := OpenTrace(strings.NewReader(trace), func(e Event) { events = append(events, e) })
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		p.Referee.AnnulCrawfordDouble()
		refused := len(events) == 1 && strings.Contains(events[0].Reason, "only the Danish rules")
		if refused != tc.refused {
			t.Errorf("%s: annulment before the first game gives %+v; want refused by the rule set %v", tc.name, events, tc.refused)
		}
	}
}
