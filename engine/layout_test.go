package engine

import (
	"errors"
	"testing"
)

func TestLayoutRoundTrip(t *testing.T) {
	b := StartingBoard
	b[Mover][5] = 4 // one of the mover's 6-point checkers on the bar
	b[Mover][Bar-1] = 1
	b[Opponent][0] = 0 // nothing special: an opponent's checker borne off
	b[Opponent][5] = 4
	for _, onRoll := range []Side{White, Black} {
		l := LayoutOf(&b, onRoll)
		if got := l[onRoll][Bar]; got != 1 {
			t.Errorf("on roll %v: %d on the bar, want 1", onRoll, got)
		}
		if got := l[onRoll.Other()][Off]; got != 1 {
			t.Errorf("on roll %v: opponent has %d off, want 1", onRoll, got)
		}
		if got := l[White][BoardPoint(White, 24)] + l[Black][BoardPoint(Black, 24)]; onRoll == White && got != 4 {
			t.Errorf("back checkers: %d, want 4", got)
		}
		for side := range Side(2) {
			if n := l.Total(side); n != CheckersPerSide {
				t.Errorf("on roll %v: %v totals %d", onRoll, side, n)
			}
		}
		if got, want := [2]int{l.Pips(onRoll), l.Pips(onRoll.Other())}, [2]int{b[Mover].Pips(), b[Opponent].Pips()}; got != want {
			t.Errorf("on roll %v: pips %v, want the mover's and the opponent's %v", onRoll, got, want)
		}
		back, err := l.Board(onRoll)
		if err != nil || back != b {
			t.Errorf("on roll %v: Board() = %v, %v; want %v", onRoll, back, err, b)
		}
	}
}

func TestLayoutBoardRefusesImpossible(t *testing.T) {
	l := LayoutOf(&StartingBoard, White)
	l[Black][19]-- // a Black checker from its 6-point to White's ace point
	l[Black][1] = 1
	if _, err := l.Board(White); err != nil {
		t.Fatalf("a legal layout refused: %v", err)
	}
	l[White][6]--
	l[White][1] = 1
	if _, err := l.Board(White); !errors.Is(err, ErrSharedPoint) {
		t.Errorf("both colours on point 1: err %v, want ErrSharedPoint", err)
	}
	l = LayoutOf(&StartingBoard, White)
	l[White][6] = 16
	if _, err := l.Board(White); err == nil {
		t.Error("16 checkers on one point: no error")
	}
}
