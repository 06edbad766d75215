package engine

import (
	"encoding/binary"
	"math/bits"
)

// hash mixes the side's 25 counts into 64 bits: how racePlays finds the
// positions it has met in a table.
func (h *Half) hash() uint64 {
	v := binary.LittleEndian.Uint64(h[0:8])*0x9e3779b97f4a7c15 ^
		bits.RotateLeft64(binary.LittleEndian.Uint64(h[8:16])*0xc2b2ae3d27d4eb4f, 31) ^
		bits.RotateLeft64(binary.LittleEndian.Uint64(h[16:24])*0x165667b19e3779f9, 17) ^
		uint64(h[24])*0x27d4eb2f165667c5
	v ^= v >> 29
	v *= 0xbf58476d1ce4e5b9
	return v ^ v>>32
}
