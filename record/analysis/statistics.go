package analysis

import (
	"errors"
	"strconv"
	"strings"
)

// Player is one player's column of gnubg's "show statistics match", each
// figure as gnubg prints it: totals in EMG, rates in mEMG per decision,
// errors negative.
type Player struct {
	Name string `json:"name"`

	Moves            int     `json:"moves"`             // "Total moves"
	CheckerDecisions int     `json:"checker_decisions"` // "Unforced moves": the plays analysed as decisions
	Doubtful         int     `json:"moves_doubtful"`
	Errors           int     `json:"moves_bad"`      // marked bad
	Blunders         int     `json:"moves_very_bad"` // marked very bad
	CheckerErrors    float64 `json:"checker_error_total"`
	CheckerErrorRate float64 `json:"checker_error_rate"`
	CheckerRating    string  `json:"checker_rating"`

	Luck       float64 `json:"luck_total"`
	LuckRate   float64 `json:"luck_rate"`
	LuckRating string  `json:"luck_rating"`

	CubeDecisionsTotal int     `json:"cube_decisions_total"` // "Total cube decisions"
	CubeDecisions      int     `json:"cube_decisions"`       // "Close or actual cube decisions"
	Doubles            int     `json:"doubles"`
	Takes              int     `json:"takes"`
	Passes             int     `json:"passes"`
	CubeErrors         float64 `json:"cube_error_total"`
	CubeErrorRate      float64 `json:"cube_error_rate"`
	CubeRating         string  `json:"cube_rating"`

	OverallErrors    float64 `json:"overall_error_total"`
	OverallErrorRate float64 `json:"overall_error_rate"`
	SnowieErrorRate  float64 `json:"snowie_error_rate"`
	OverallRating    string  `json:"overall_rating"`
	// Rating is gnubg's "Error based abs. FIBS rating"; nil when it
	// prints n/a.
	Rating *float64 `json:"rating"`
}

// The layout of gnubg's statistics: a label, then one column per player.
const (
	firstColumn  = 41
	secondColumn = 65
)

// row sets a figure from a player's column of a row.
type row func(p *Player, column string) error

func count(f func(*Player) *int) row {
	return func(p *Player, c string) error {
		n, err := strconv.Atoi(firstField(c))
		*f(p) = n
		return err
	}
}

// figure reads a total or a rate; gnubg prints n/a for a rate of no
// decisions, read as 0.
func figure(f func(*Player) *float64) row {
	return func(p *Player, c string) error {
		if c == "n/a" {
			*f(p) = 0
			return nil
		}
		x, err := strconv.ParseFloat(firstField(c), 64)
		*f(p) = x
		return err
	}
}

func text(f func(*Player) *string) row {
	return func(p *Player, c string) error { *f(p) = c; return nil }
}

// rows are the figures read, by section and label.
var rows = map[string]map[string]row{
	"Chequerplay statistics": {
		"Total moves":           count(func(p *Player) *int { return &p.Moves }),
		"Unforced moves":        count(func(p *Player) *int { return &p.CheckerDecisions }),
		"Moves marked doubtful": count(func(p *Player) *int { return &p.Doubtful }),
		"Moves marked bad":      count(func(p *Player) *int { return &p.Errors }),
		"Moves marked very bad": count(func(p *Player) *int { return &p.Blunders }),
		"Error total EMG":       figure(func(p *Player) *float64 { return &p.CheckerErrors }),
		"Error rate mEMG":       figure(func(p *Player) *float64 { return &p.CheckerErrorRate }),
		"Chequerplay rating":    text(func(p *Player) *string { return &p.CheckerRating }),
	},
	"Luck statistics": {
		"Luck total EMG": figure(func(p *Player) *float64 { return &p.Luck }),
		"Luck rate mEMG": figure(func(p *Player) *float64 { return &p.LuckRate }),
		"Luck rating":    text(func(p *Player) *string { return &p.LuckRating }),
	},
	"Cube statistics": {
		"Total cube decisions":           count(func(p *Player) *int { return &p.CubeDecisionsTotal }),
		"Close or actual cube decisions": count(func(p *Player) *int { return &p.CubeDecisions }),
		"Doubles":                        count(func(p *Player) *int { return &p.Doubles }),
		"Takes":                          count(func(p *Player) *int { return &p.Takes }),
		"Passes":                         count(func(p *Player) *int { return &p.Passes }),
		"Error total EMG":                figure(func(p *Player) *float64 { return &p.CubeErrors }),
		"Error rate mEMG":                figure(func(p *Player) *float64 { return &p.CubeErrorRate }),
		"Cube decision rating":           text(func(p *Player) *string { return &p.CubeRating }),
	},
	"Overall statistics": {
		"Error total EMG":              figure(func(p *Player) *float64 { return &p.OverallErrors }),
		"Error rate mEMG":              figure(func(p *Player) *float64 { return &p.OverallErrorRate }),
		"Snowie error rate":            figure(func(p *Player) *float64 { return &p.SnowieErrorRate }),
		"Overall rating":               text(func(p *Player) *string { return &p.OverallRating }),
		"Error based abs. FIBS rating": rating,
	},
}

func rating(p *Player, c string) error {
	if c == "n/a" {
		return nil
	}
	x, err := strconv.ParseFloat(c, 64)
	p.Rating = &x
	return err
}

// ErrNoStatistics: the output holds no "show statistics match".
var ErrNoStatistics = errors.New("no match statistics in gnubg's output")

// ParseStatistics reads the two players' figures from the output of
// gnubg's "show statistics match" (the last in out, if several).
func ParseStatistics(out []byte) ([]Player, error) {
	lines := strings.Split(string(out), "\n")
	start := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "Player ") && len(l) > secondColumn {
			start = i
		}
	}
	if start < 0 {
		return nil, ErrNoStatistics
	}
	players := make([]Player, 2)
	for i, name := range columns(lines[start]) {
		players[i].Name = name
	}
	section, read := "", 0
	for n, l := range lines[start+1:] {
		label := strings.TrimSpace(l[:min(len(l), firstColumn)])
		// A match's equity is in match winning chances, a money
		// session's in points: the same figures.
		label = strings.TrimSuffix(strings.TrimSuffix(label, " (MWC)"), " (Points)")
		if _, ok := rows[label]; ok {
			section = label
			continue
		}
		set, ok := rows[section][label]
		if !ok {
			continue
		}
		for i, c := range columns(l) {
			if err := set(&players[i], c); err != nil {
				return nil, &ParseError{Line: start + 2 + n, Text: l, Err: err}
			}
		}
		read++
	}
	if read < len(rows["Chequerplay statistics"]) {
		return nil, ErrNoStatistics
	}
	return players, nil
}

// ParseError is a row of gnubg's statistics that does not read.
type ParseError struct {
	Line int // in gnubg's output, from 1
	Text string
	Err  error
}

func (e *ParseError) Error() string {
	return "gnubg's statistics, line " + strconv.Itoa(e.Line) + " " + strconv.Quote(e.Text) + ": " + e.Err.Error()
}

func (e *ParseError) Unwrap() error { return e.Err }

// columns returns the two players' columns of a row.
func columns(l string) [2]string {
	cut := func(from, to int) string {
		return strings.TrimSpace(l[min(from, len(l)):min(to, len(l))])
	}
	return [2]string{cut(firstColumn, secondColumn), cut(secondColumn, len(l))}
}

// firstField is a column's first figure: "-1.064" of "-1.064 ( -4.889%)".
func firstField(c string) string {
	f, _, _ := strings.Cut(c, " ")
	return f
}
