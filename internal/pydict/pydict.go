// Package pydict reproduces the iteration order of a CPython 2.7 dict with int keys.
//
// The official M² scorer keeps each sentence's annotators in a dict keyed by the integer
// annotator id and visits them in the dict's order; ties in the annotator choice go to the first
// one visited. For ids 0–7 that order is ascending; beyond, it is the order of the slots that
// CPython's open addressing gives the keys, which depends on the insertion order and on resizes.
package pydict

const (
	minSize      = 8 // PyDict_MINSIZE
	perturbShift = 5
)

// Order returns the keys, inserted in the given order (repeats ignored) into an empty CPython 2.7
// dict, in the order the dict iterates them.
func Order(keys []int64) []int64 {
	d := dict{slots: make([]slot, minSize)}
	for _, k := range keys {
		d.insert(k)
	}
	var out []int64
	for _, s := range d.slots {
		if s.used {
			out = append(out, s.key)
		}
	}
	return out
}

type slot struct {
	key  int64
	used bool
}

type dict struct {
	slots []slot
	used  int // also the fill: nothing is ever deleted
}

// hash is CPython 2's hash of an int: the value itself, except that -1 (the C error value)
// hashes as -2.
func hash(k int64) uint64 {
	if k == -1 {
		return uint64(1<<64 - 2)
	}
	return uint64(k)
}

// find returns the slot holding k or the empty slot where k goes (lookdict's probe sequence).
func (d *dict) find(k int64) int {
	mask := uint64(len(d.slots) - 1)
	h := hash(k)
	i := h & mask
	if !d.slots[i].used || d.slots[i].key == k {
		return int(i)
	}
	for perturb := h; ; perturb >>= perturbShift {
		i = (i << 2) + i + perturb + 1
		s := &d.slots[i&mask]
		if !s.used || s.key == k {
			return int(i & mask)
		}
	}
}

func (d *dict) insert(k int64) {
	i := d.find(k)
	if d.slots[i].used {
		return
	}
	d.slots[i] = slot{key: k, used: true}
	d.used++
	// PyDict_SetItem: resize when the table is two-thirds full.
	if d.used*3 >= len(d.slots)*2 {
		factor := 4
		if d.used > 50000 {
			factor = 2
		}
		d.resize(factor * d.used)
	}
}

// resize moves the entries, in slot order, into the smallest power-of-two table larger than
// minUsed (dictresize).
func (d *dict) resize(minUsed int) {
	size := minSize
	for size <= minUsed {
		size <<= 1
	}
	old := d.slots
	d.slots = make([]slot, size)
	for _, s := range old {
		if s.used {
			d.slots[d.find(s.key)] = s
		}
	}
}
