package eval

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"maxmatch/hoo/edits"
)

// randomEdits makes n edits over a text of length bytes, built to reach every branch of the
// comparisons: insertions and long spans, shared ends, parts, corrections that are text (with
// case), <empty/>, <correction/> or missing, originals with spaces at either end, empty, or
// None.
func randomEdits(rng *rand.Rand, prefix string, n, length int) []edits.Edit {
	texts := []string{"a", "A", "the", "The", " the", "the ", "a b", "b", ""}
	es := make([]edits.Edit, n)
	for k := range es {
		start := rng.IntN(length)
		end := start
		switch rng.IntN(4) {
		case 0: // an insertion
		case 1:
			end = min(length, start+1+rng.IntN(2))
		case 2:
			end = min(length, start+1+rng.IntN(8))
		default:
			end = min(length, start+rng.IntN(length))
		}
		e := edits.Edit{Index: fmt.Sprintf("%s%d", prefix, k), Start: start, End: end, Type: []string{"RT", "UD", "MT"}[rng.IntN(3)]}
		e.Part = []string{"", "1", "2"}[rng.IntN(3)]
		switch rng.IntN(5) {
		case 0:
			e.EmptyOriginal = true
		case 1: // None: neither text nor <empty/>
		default:
			e.Original = texts[rng.IntN(len(texts)-1)]
		}
		if rng.IntN(6) > 0 {
			e.HasCorrections = true
			for range 1 + rng.IntN(3) {
				switch rng.IntN(5) {
				case 0:
					e.Corrections = append(e.Corrections, edits.Correction{Empty: true})
				case 1:
					e.Corrections = append(e.Corrections, edits.Correction{None: true})
				default:
					e.Corrections = append(e.Corrections, edits.Correction{Text: texts[rng.IntN(len(texts)-1)]})
				}
			}
		}
		es[k] = e
	}
	return es
}

// TestSparseEqualsDense scores random fragments with Score2011 and Score2012, which compare
// only the edits that meet, and with the dense versions they replace, which compare every
// pair in the official's order: the same scores and counts, and the same first crash.
func TestSparseEqualsDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	crashes, checked := 0, 0
	for round := range 3000 {
		length := 2 + rng.IntN(40)
		gold := randomEdits(rng, "g", rng.IntN(10), length)
		sys := randomEdits(rng, "s", rng.IntN(10), length)
		for _, fixed := range []bool{false, true} {
			for _, bonus := range []bool{false, true} {
				opt := Options2011{Bonus: bonus, Fixed: fixed}
				got, want := Score2011(gold, sys, opt), score2011Dense(gold, sys, opt)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("round %d, 2011 %+v:\ngold %+v\nsys %+v\n got %+v (crash %v)\nwant %+v (crash %v)", round, opt, gold, sys, got, got.Crash, want, want.Crash)
				}
				for _, caseSensitive := range []bool{false, true} {
					opt := Options2012{Bonus: bonus, Fixed: fixed, CaseSensitive: caseSensitive}
					if rng.IntN(3) == 0 {
						opt.Types = []string{"RT", "MT"}
					}
					got, gotCrash := Score2012(gold, sys, opt)
					want, wantCrash := score2012Dense(gold, sys, opt)
					if got != want || !reflect.DeepEqual(gotCrash, wantCrash) {
						t.Fatalf("round %d, 2012 %+v:\ngold %+v\nsys %+v\n got %+v %v\nwant %+v %v", round, opt, gold, sys, got, gotCrash, want, wantCrash)
					}
					if wantCrash != nil {
						crashes++
					}
					checked++
				}
			}
		}
	}
	t.Logf("%d 2012 scorings, %d of them with a crash of the official, all equal", checked, crashes)
}

// TestMeeting checks the sweep against the definition on random spans.
func TestMeeting(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		n, m, length := rng.IntN(12), rng.IntN(12), 1+rng.IntN(20)
		span := func() edit {
			a, b := rng.IntN(length), rng.IntN(length)
			return edit{start: min(a, b), end: max(a, b)}
		}
		gold, sys := make([]edit, n), make([]edit, m)
		for i := range gold {
			gold[i] = span()
		}
		for j := range sys {
			sys[j] = span()
		}
		byGold, bySys := meeting(gold, sys)
		for i := range gold {
			var want []int32
			for j := range sys {
				if gold[i].start <= sys[j].end && sys[j].start <= gold[i].end {
					want = append(want, int32(j))
				}
			}
			if !reflect.DeepEqual(byGold[i], want) {
				t.Fatalf("gold %v, sys %v: byGold[%d] = %v, want %v", gold, sys, i, byGold[i], want)
			}
			for _, j := range want {
				if !slices.Contains(bySys[j], int32(i)) {
					t.Fatalf("bySys[%d] = %v lacks %d", j, bySys[j], i)
				}
			}
		}
	}
}
