package engine

import (
	"encoding/binary"
	"math/bits"
)

// halfSet is the set of positions one roll's race plays have met, so that
// each position is kept once: open addressing with linear probing over
// indexes into the plays, which hold the positions. It replaces a scan of
// every play kept so far, quadratic in a double's hundreds of plays. Its
// slots are kept from roll to roll: it allocates only to grow, and a reset
// is one increment, not a sweep (a slot is in use only with the set's
// stamp).
type halfSet struct {
	slots []halfSlot
	stamp uint32
	used  int
}

type halfSlot struct {
	stamp uint32
	index int32 // into the plays
}

// minHalfSlots holds the plays of most rolls without growing.
const minHalfSlots = 64

// reset empties the set.
func (s *halfSet) reset() {
	if s.slots == nil {
		s.slots = make([]halfSlot, minHalfSlots)
	}
	s.used = 0
	if s.stamp++; s.stamp == 0 { // wrapped: stale slots would look current
		clear(s.slots)
		s.stamp = 1
	}
}

// add reports whether h is new to the set, plays being the plays the set
// indexes; if it is, it records that h is about to be plays[len(plays)].
func (s *halfSet) add(h *Half, plays []racePlay) bool {
	mask := len(s.slots) - 1
	for i := int(h.hash()) & mask; ; i = (i + 1) & mask {
		switch sl := s.slots[i]; {
		case sl.stamp != s.stamp:
			s.slots[i] = halfSlot{stamp: s.stamp, index: int32(len(plays))}
			if s.used++; 2*s.used > len(s.slots) {
				s.grow(plays, h)
			}
			return true
		case plays[sl.index].after == *h:
			return false
		}
	}
}

// grow doubles the slots, so probes stay short. The newest entry, not yet
// in plays, is h.
func (s *halfSet) grow(plays []racePlay, newest *Half) {
	old := s.slots
	s.slots = make([]halfSlot, 2*len(old))
	mask := len(s.slots) - 1
	for _, sl := range old {
		if sl.stamp != s.stamp {
			continue
		}
		h := newest
		if int(sl.index) < len(plays) {
			h = &plays[sl.index].after
		}
		i := int(h.hash()) & mask
		for s.slots[i].stamp == s.stamp {
			i = (i + 1) & mask
		}
		s.slots[i] = sl
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
