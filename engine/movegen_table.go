package engine

import "math/bits"

// table finds the boards a search has already met by their zobrist hash:
// open addressing with linear probing. The caller keeps the boards and
// confirms a match, so a hash collision never merges two positions. A slot
// belongs to the current search only when its stamp is the table's: clearing
// is one increment, not a sweep.
type table struct {
	slots []slot // a power of two, at most half in use
	shift uint   // 64 - log2(len(slots)): the top hash bits pick the home slot
	stamp uint32
	used  int
}

type slot struct {
	hash  uint64
	stamp uint32
	index int32 // where the caller keeps the board
}

// minSlots holds the plays of most rolls without growing.
const minSlots = 256

// clear forgets every board. A zero table must be cleared before use.
func (t *table) clear() {
	t.used = 0
	t.stamp++
	if t.slots == nil {
		t.slots = make([]slot, minSlots)
		t.shift = 64 - uint(bits.TrailingZeros(minSlots))
	}
	if t.stamp == 0 { // wrapped: stale slots would look current
		clear(t.slots)
		t.stamp = 1
	}
}

// find returns the index kept for a board with hash h that same accepts, or
// -1 and the slot where keep can store it.
func (t *table) find(h uint64, same func(index int32) bool) (index int32, free int) {
	mask := len(t.slots) - 1
	for i := int(h >> t.shift); ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.stamp != t.stamp {
			return -1, i
		}
		if s.hash == h && same(s.index) {
			return s.index, i
		}
	}
}

// keep stores index for hash h in the free slot find returned.
func (t *table) keep(free int, h uint64, index int32) {
	t.slots[free] = slot{hash: h, stamp: t.stamp, index: index}
	if t.used++; 2*t.used > len(t.slots) {
		t.grow()
	}
}

// grow doubles the slots, so probes stay short.
func (t *table) grow() {
	old := t.slots
	t.slots = make([]slot, 2*len(old))
	t.shift--
	mask := len(t.slots) - 1
	for _, s := range old {
		if s.stamp != t.stamp {
			continue
		}
		i := int(s.hash >> t.shift)
		for t.slots[i].stamp == t.stamp {
			i = (i + 1) & mask
		}
		t.slots[i] = s
	}
}
