package engine

import (
	"encoding/base64"
	"errors"
	"fmt"
)

// Key is the 80-bit position key of gnubg: for the side not on roll, then
// the side on roll, for each of its points 1..24 and the bar, one 1 bit per
// checker followed by a 0 bit, packed from the least significant bit of the
// first byte. Equal boards have equal keys.
type Key [10]byte

// Key returns the board's position key. A board with more than 15
// checkers a side (one the sensors misread, accepted as it stands) has
// more bits than a key holds: those past the 80th are dropped, so such
// boards may share a key, but none panics.
func (b Board) Key() Key {
	var k Key
	bit := 0
	for side := range b {
		for _, n := range b[side] {
			for range n {
				if bit < 8*len(k) {
					k[bit>>3] |= 1 << (bit & 7)
				}
				bit++
			}
			bit++
		}
	}
	return k
}

// ErrPositionID is wrapped by every error of ParsePositionID.
var ErrPositionID = errors.New("bad position ID")

// Board returns the board the key stands for.
func (k Key) Board() (Board, error) {
	var b Board
	side, point := 0, 0
	for bit := 0; bit < 80 && side < 2; bit++ {
		if k[bit>>3]&(1<<(bit&7)) != 0 {
			if b[side][point] == CheckersPerSide {
				return b, fmt.Errorf("%w: more than 15 checkers", ErrPositionID)
			}
			b[side][point]++
			continue
		}
		if point++; point == len(b[side]) {
			side, point = side+1, 0
		}
	}
	if side < 2 {
		return b, fmt.Errorf("%w: more than 80 bits of checkers", ErrPositionID)
	}
	if err := b.Validate(); err != nil {
		return b, fmt.Errorf("%w: %w", ErrPositionID, err)
	}
	return b, nil
}

// PositionID returns gnubg's position ID of the board: the key in base64,
// 14 characters.
func (b Board) PositionID() string {
	k := b.Key()
	return base64.RawStdEncoding.EncodeToString(k[:])
}

// ParsePositionID returns the board a gnubg position ID stands for.
func ParsePositionID(id string) (Board, error) {
	if len(id) != 14 {
		return Board{}, fmt.Errorf("%w %q: %d characters, want 14", ErrPositionID, id, len(id))
	}
	var k Key
	n, err := base64.RawStdEncoding.Strict().Decode(k[:], []byte(id))
	if err != nil || n != len(k) {
		return Board{}, fmt.Errorf("%w %q: not base64", ErrPositionID, id)
	}
	return k.Board()
}
