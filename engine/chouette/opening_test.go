package chouette

import (
	"errors"
	"slices"
	"testing"
)

func TestRank(t *testing.T) {
	for _, tc := range []struct {
		name   string
		throws map[string][]int
		want   []string
	}{
		{"no ties", map[string][]int{"Ann": {1}, "Bob": {4}, "Cy": {3}}, []string{"Bob", "Cy", "Ann"}},
		{"a three-way tie, then two", map[string][]int{"Ann": {6, 2, 5}, "Bob": {6, 2, 1}, "Cy": {6, 4}, "Dan": {1}}, []string{"Cy", "Ann", "Bob", "Dan"}},
		{"a tie for last", map[string][]int{"Ann": {6}, "Bob": {2, 1}, "Cy": {2, 3}}, []string{"Ann", "Cy", "Bob"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Rank(tc.throws)
			noErr(t, err)
			if !slices.Equal(got, tc.want) {
				t.Fatalf("Rank(%v) = %v, want %v", tc.throws, got, tc.want)
			}
		})
	}
	if _, err := Rank(map[string][]int{"Ann": {6}, "Bob": {6}, "Cy": {2}}); !errors.Is(err, ErrOpening) {
		t.Fatalf("an unbroken tie: %v, want ErrOpening", err)
	}
}
