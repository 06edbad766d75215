package engine

import (
	"errors"
	"strings"
	"testing"
)

func TestApply(t *testing.T) {
	for _, tc := range []struct {
		name          string
		before, after Board
		moves         []Move
	}{
		{"dance", StartingBoard, StartingBoard, nil},
		{"opening 31", StartingBoard, setUp(map[int]uint8{24: 2, 13: 5, 8: 2, 6: 4, 5: 2}, map[int]uint8{1: 2, 12: 5, 17: 3, 19: 5}),
			[]Move{mv(8, 5), mv(6, 5)}},
		{"hit", setUp(map[int]uint8{13: 1}, map[int]uint8{9: 1}), setUp(map[int]uint8{9: 1}, map[int]uint8{Bar: 1}),
			[]Move{hit(13, 9)}},
		{"hit though not marked", setUp(map[int]uint8{13: 1}, map[int]uint8{9: 1}), setUp(map[int]uint8{9: 1}, map[int]uint8{Bar: 1}),
			[]Move{mv(13, 9)}},
		{"marked but no blot", setUp(map[int]uint8{13: 1}, nil), setUp(map[int]uint8{9: 1}, nil),
			[]Move{hit(13, 9)}},
		{"hit on the way", setUp(map[int]uint8{24: 1}, map[int]uint8{20: 1, Bar: 1}), setUp(map[int]uint8{16: 1}, map[int]uint8{Bar: 2}),
			[]Move{mv(24, 20), mv(20, 16)}},
		{"enter from the bar", setUp(map[int]uint8{Bar: 2, 6: 1}, map[int]uint8{22: 1}), setUp(map[int]uint8{22: 1, 20: 1, 6: 1}, map[int]uint8{Bar: 1}),
			[]Move{mv(25, 22), mv(25, 20)}},
		{"bear off", setUp(map[int]uint8{2: 2, 1: 1}, nil), setUp(map[int]uint8{1: 1}, nil),
			[]Move{mv(2, 0), mv(2, 0)}},
		{"one move, two dice", StartingBoard, setUp(map[int]uint8{24: 1, 16: 1, 13: 5, 8: 3, 6: 5}, map[int]uint8{1: 2, 12: 5, 17: 3, 19: 5}),
			[]Move{mv(24, 16)}},
		{"illegal but possible", StartingBoard, setUp(map[int]uint8{24: 2, 13: 4, 8: 3, 6: 5, 3: 1}, map[int]uint8{1: 2, 12: 5, 17: 3, 19: 5}),
			[]Move{mv(13, 3)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.before.Apply(tc.moves)
			if err != nil {
				t.Fatalf("Apply(%v): %v", tc.moves, err)
			}
			if got != tc.after {
				t.Fatalf("Apply(%v) = %v, want %v", tc.moves, got, tc.after)
			}
		})
	}
}

func TestApplyErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		board Board
		moves []Move
		want  string
	}{
		{"no checker", StartingBoard, []Move{mv(12, 7)}, "no checker on 12"},
		{"none left", StartingBoard, []Move{mv(24, 20), mv(24, 20), mv(24, 20)}, "24/20 (move 3): no checker on 24"},
		{"none on the bar", StartingBoard, []Move{mv(25, 20)}, "no checker on the bar"},
		{"held point", StartingBoard, []Move{mv(6, 1)}, "2 opponent checkers hold point 1"},
		{"from off", StartingBoard, []Move{mv(0, 3)}, "no point 0 to move from"},
		{"from 26", StartingBoard, []Move{mv(26, 20)}, "no point 26 to move from"},
		{"from below off", StartingBoard, []Move{mv(-1, 3)}, "no point -1 to move from"},
		{"to the bar", StartingBoard, []Move{mv(6, 25)}, "no point 25 to move to"},
		{"to below off", StartingBoard, []Move{mv(6, -2)}, "no point -2 to move to"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.board.Apply(tc.moves)
			if !errors.Is(err, ErrImpossibleMove) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Apply(%v) error %v, want ErrImpossibleMove saying %q", tc.moves, err, tc.want)
			}
			if got != tc.board {
				t.Fatalf("Apply(%v) failed but changed the board to %v", tc.moves, got)
			}
		})
	}
}
