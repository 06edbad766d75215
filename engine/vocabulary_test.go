package engine

import (
	"fmt"
	"testing"
)

func TestRuleSetValidate(t *testing.T) {
	for _, r := range RuleSets {
		if err := r.Validate(); err != nil {
			t.Errorf("%q: %v", r, err)
		}
	}
	for _, r := range []RuleSet{"", "uk", "US", "Welsh"} {
		err := r.Validate()
		want := `"` + string(r) + `": want one of ["us" "danish" "welsh"]`
		if err == nil || err.Error() != want {
			t.Errorf("%q: error %v, want %s", r, err, want)
		}
	}
}

func TestClockNameValidate(t *testing.T) {
	for _, c := range ClockNames {
		if err := c.Validate(); err != nil {
			t.Errorf("%q: %v", c, err)
		}
		if _, err := ClockRulesNamed(c); (err == nil) != c.Clocked() {
			t.Errorf("%q: Clocked %v, but ClockRulesNamed's error is %v", c, c.Clocked(), err)
		}
	}
	want := `"fide": want one of ["none" "us" "us-doubles" "us-doubles-2009" "danish"]`
	if err := ClockName("fide").Validate(); err == nil || err.Error() != want {
		t.Errorf("fide: error %v, want %s", err, want)
	}
	if ClockName("").Clocked() {
		t.Error(`"" (a journal from before clocks) is clocked`)
	}
}

func TestClockNameCheckLength(t *testing.T) {
	for _, tc := range []struct {
		clock  ClockName
		length int
		want   string
	}{
		{ClockUS, 5, ""},
		{ClockNone, 0, ""},
		{"", 0, ""},
		{ClockDanish, 0, `"danish": money play has no clock`},
	} {
		err := tc.clock.CheckLength(tc.length)
		if got := fmt.Sprint(err); (err == nil) != (tc.want == "") || err != nil && got != tc.want {
			t.Errorf("%q.CheckLength(%d) = %v, want %q", tc.clock, tc.length, err, tc.want)
		}
	}
	for _, c := range ClockNames {
		if c.Clocked() {
			rules, _ := ClockRulesNamed(c)
			if _, err := NewClock(rules, 0, [2]int{}); err == nil {
				t.Errorf("%q: NewClock takes money play, CheckLength refuses it", c)
			}
		}
	}
}
