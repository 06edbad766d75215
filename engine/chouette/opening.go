package chouette

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// ErrOpening is wrapped by every error of Rank.
var ErrOpening = errors.New("bad opening throw")

// Rank ranks the members by their opening throws (laws 2, 3): throws holds
// each member's single die, and, for members who tied, the throws that
// followed, among those tying only. The highest is the box, the next the
// captain. Every tie must be broken by the throws given, and only members
// who tied may throw again.
func Rank(throws map[string][]int) ([]string, error) {
	names := make([]string, 0, len(throws))
	for name, t := range throws {
		if err := checkName(name); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrOpening, err)
		}
		for i, v := range t {
			if v < 1 || v > 6 {
				return nil, fmt.Errorf("%w: %s's %s is %d, not a die's face (1 to 6)", ErrOpening, name, throwName(i), v)
			}
		}
		names = append(names, name)
	}
	slices.Sort(names)
	if len(names) < MinMembers {
		return nil, fmt.Errorf("%w: %d members: %w", ErrOpening, len(names), ErrTooFew)
	}
	return rankFrom(throws, names, 0)
}

// rankFrom ranks members who tied on every throw before round: by their
// throw of round, the ties among them by the rounds after.
func rankFrom(throws map[string][]int, members []string, round int) ([]string, error) {
	for _, m := range members {
		if len(throws[m]) <= round {
			return nil, fmt.Errorf("%w: %s tied with %s and has no %s", ErrOpening, m, others(members, m), throwName(round))
		}
	}
	slices.SortStableFunc(members, func(a, b string) int { return throws[b][round] - throws[a][round] })
	var ranked []string
	for start := 0; start < len(members); {
		end := start + 1
		for end < len(members) && throws[members[end]][round] == throws[members[start]][round] {
			end++
		}
		group := members[start:end]
		start = end
		if len(group) > 1 {
			tied, err := rankFrom(throws, slices.Clone(group), round+1)
			if err != nil {
				return nil, err
			}
			ranked = append(ranked, tied...)
			continue
		}
		if n := len(throws[group[0]]); n > round+1 {
			return nil, fmt.Errorf("%w: %s threw %d without a tie to break (law 3: only those tying throw again)", ErrOpening, group[0], throws[group[0]][round+1])
		}
		ranked = append(ranked, group[0])
	}
	return ranked, nil
}

// throwName names a member's round'th throw.
func throwName(round int) string {
	if round == 0 {
		return "opening throw"
	}
	return fmt.Sprintf("rethrow %d", round)
}

// others lists the members but m.
func others(members []string, m string) string {
	return strings.Join(slices.DeleteFunc(slices.Clone(members), func(o string) bool { return o == m }), ", ")
}
