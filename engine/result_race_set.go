package engine

import (
	"encoding/binary"
	"math/bits"
)

// halfSet is the set of positions one roll's race plays have met, so that
// each position is kept once: open addressing with linear probing over
// indexes into the plays, which hold the positions. It replaces a scan of
// every play kept so far, quadratic in a double's hundreds of plays. Its
// slots are kept from roll to roll: it allocates only to grow.
type halfSet struct {
	slots []int32 // 1 + an index into the plays; 0 is free
	used  int
}

// minHalfSlots holds the plays of most rolls without growing.
const minHalfSlots = 64

// reset empties the set.
func (s *halfSet) reset() {
	if s.slots == nil {
		s.slots = make([]int32, minHalfSlots)
	}
	clear(s.slots)
	s.used = 0
}

// add reports whether h is new to the set, plays being the plays the set
// indexes; if it is, it records that h is about to be plays[len(plays)].
func (s *halfSet) add(h *Half, plays []racePlay) bool {
	mask := len(s.slots) - 1
	for i := int(h.hash()) & mask; ; i = (i + 1) & mask {
		switch j := s.slots[i]; {
		case j == 0:
			s.slots[i] = int32(len(plays)) + 1
			if s.used++; 2*s.used > len(s.slots) {
				s.grow(plays, h)
			}
			return true
		case plays[j-1].after == *h:
			return false
		}
	}
}

// grow doubles the slots, so probes stay short. The newest entry, not yet
// in plays, is h.
func (s *halfSet) grow(plays []racePlay, newest *Half) {
	old := s.slots
	s.slots = make([]int32, 2*len(old))
	mask := len(s.slots) - 1
	for _, j := range old {
		if j == 0 {
			continue
		}
		h := newest
		if int(j-1) < len(plays) {
			h = &plays[j-1].after
		}
		i := int(h.hash()) & mask
		for s.slots[i] != 0 {
			i = (i + 1) & mask
		}
		s.slots[i] = j
	}
}

// hash mixes the side's 25 counts into 64 bits.
func (h *Half) hash() uint64 {
	v := binary.LittleEndian.Uint64(h[0:8])*0x9e3779b97f4a7c15 ^
		bits.RotateLeft64(binary.LittleEndian.Uint64(h[8:16])*0xc2b2ae3d27d4eb4f, 31) ^
		bits.RotateLeft64(binary.LittleEndian.Uint64(h[16:24])*0x165667b19e3779f9, 17) ^
		uint64(h[24])*0x27d4eb2f165667c5
	v ^= v >> 29
	v *= 0xbf58476d1ce4e5b9
	return v ^ v>>32
}
