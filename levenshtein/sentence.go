package levenshtein

import "hash/maphash"

// SentenceInterner is an Interner for one sentence at a time, as a scorer uses it: token ids
// need only agree within a sentence, and Reset forgets every token without visiting them. Its
// table holds one sentence's tokens and so stays in the processor's cache, where a map of every
// token met does not (CoNLL-2014's 1,312 sentences of system output have tens of thousands of
// distinct tokens), and a Go map's clear costs its capacity. The zero SentenceInterner is ready
// to use.
type SentenceInterner struct {
	slots  []internSlot // open addressing, linear probing; a power of two, at most half full
	tokens []string     // by id
	hashes []uint32     // by id: the table grows without hashing the tokens again
	gen    uint32       // the slots of another generation are empty; 0 before the first table
}

type internSlot struct {
	gen, hash uint32
	id        int32
}

// internSeed seeds the tokens' hash: random for each process, so that no input can be made to
// collide (and make every lookup a walk of the table).
var internSeed = maphash.MakeSeed()

// minInternSlots is the smallest table, and maxKeptInternSlots the largest that Reset keeps for
// a sentence that fills less than an eighth of it.
const (
	minInternSlots     = 64
	maxKeptInternSlots = 1 << 12
)

// ID returns the integer of token s, assigning the next free one (0, 1, … in the order of first
// sight since the last Reset) on first sight.
func (in *SentenceInterner) ID(s string) int32 {
	if 2*(len(in.tokens)+1) > len(in.slots) {
		in.grow()
	}
	h := uint32(maphash.String(internSeed, s))
	mask := uint32(len(in.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		sl := &in.slots[i]
		if sl.gen != in.gen {
			id := int32(len(in.tokens))
			*sl = internSlot{gen: in.gen, hash: h, id: id}
			in.tokens = append(in.tokens, s)
			in.hashes = append(in.hashes, h)
			return id
		}
		if sl.hash == h && in.tokens[sl.id] == s {
			return sl.id
		}
	}
}

// IDs appends the integers of tokens to dst.
func (in *SentenceInterner) IDs(dst []int32, tokens []string) []int32 {
	for _, t := range tokens {
		dst = append(dst, in.ID(t))
	}
	return dst
}

// Len returns how many tokens have an id: the ids are 0 to Len()-1.
func (in *SentenceInterner) Len() int { return len(in.tokens) }

// Reset forgets every token. The table is kept for the next sentence, unless it is large and
// this sentence used little of it: one long sentence does not make every later one pay for
// its table.
func (in *SentenceInterner) Reset() {
	if len(in.slots) > maxKeptInternSlots && 8*len(in.tokens) < len(in.slots) {
		*in = SentenceInterner{gen: in.gen}
		return
	}
	clear(in.tokens) // the strings are the caller's: not held after the sentence
	in.tokens, in.hashes = in.tokens[:0], in.hashes[:0]
	in.gen++
	if in.gen == 0 { // a slot may still carry generation 1
		clear(in.slots)
		in.gen = 1
	}
}

// grow doubles the table (or makes the first) and inserts the tokens again.
func (in *SentenceInterner) grow() {
	in.slots = make([]internSlot, max(minInternSlots, 2*len(in.slots)))
	if in.gen == 0 {
		in.gen = 1
	}
	mask := uint32(len(in.slots) - 1)
	for id, h := range in.hashes {
		i := h & mask
		for in.slots[i].gen == in.gen {
			i = (i + 1) & mask
		}
		in.slots[i] = internSlot{gen: in.gen, hash: h, id: int32(id)}
	}
}
