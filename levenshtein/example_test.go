package levenshtein_test

import (
	"fmt"
	"strings"

	"maxmatch/levenshtein"
)

// A Band holds both matrices of a pair in a diagonal band: here a few cells per row, where the
// whole grid would have 11 × 11. MarkOptimal marks the cells on an optimal path of each.
func ExampleBand() {
	var in levenshtein.Interner
	src := in.IDs(nil, strings.Fields("the cat sat on the mat near the red door ."))
	hyp := in.IDs(nil, strings.Fields("the cat sits on the mat near the red door ."))
	var b levenshtein.Band
	if err := b.Fill(src, hyp, 1, 2, nil); err != nil { // nil: no memory budget
		panic(err)
	}
	fmt.Println("distances:", b.Dist(0), b.Dist(1))
	fmt.Println("cells:", b.Cells(), "of", b.Rows()*b.Cols())
	fmt.Println("on an optimal path:", b.MarkOptimal())
	// Cell (3, 3), after "sat" → "sits": a substitution in the first matrix; in the second, where
	// it costs 2, as cheap as a deletion and an insertion (bits: left, up, diagonal).
	fmt.Printf("back-pointers of (3, 3): %03b %03b\n", b.Back(0, 3, 3), b.Back(1, 3, 3))
	// Output:
	// distances: 1 2
	// cells: 54 of 144
	// on an optimal path: 14
	// back-pointers of (3, 3): 001 111
}
