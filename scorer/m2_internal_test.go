package scorer

import (
	"math/rand"
	"reflect"
	"testing"

	"maxmatch/internal/pydict"
)

func TestAnnotatorVisitOrderShortcut(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for iter := 0; iter < 5000; iter++ {
		ids := make([]int64, 1+rng.Intn(9))
		for i := range ids {
			ids[i] = int64(rng.Intn(12)) - 1
		}
		if got, want := annotatorVisitOrder(ids), pydict.Order(pydict.Order(ids)); !reflect.DeepEqual(got, want) {
			t.Fatalf("ids %v: order %v, want %v", ids, got, want)
		}
	}
}
