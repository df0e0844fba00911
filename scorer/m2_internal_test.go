package scorer

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"maxmatch/internal/pydict"
	"maxmatch/internal/pytext"
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

func TestJoinTokens(t *testing.T) {
	tests := []struct {
		text string
		from int // tokens of text's Fields from this index
		n    int
		why  string
	}{
		{"a b c", 0, 3, "single spaces: a piece of the text"},
		{"a  b c", 0, 2, "double space: must be joined with one space"},
		{"a \tb c", 0, 2, "space then tab"},
		{"a\u00a0b c", 0, 2, "no-break space"},
		{"x a b", 1, 2, "not from the start"},
		{"a b", 0, 0, "no tokens"},
	}
	for _, tt := range tests {
		toks := pytext.Fields(tt.text)[tt.from : tt.from+tt.n]
		if got, want := joinTokens(tt.text, toks), strings.Join(toks, " "); got != want {
			t.Errorf("joinTokens(%q, %q) = %q, want %q (%s)", tt.text, toks, got, want, tt.why)
		}
	}
	if got := joinTokens("a b", []string{"a", "b"}); got != "a b" {
		t.Errorf("tokens that are not pieces of the text: %q", got)
	}
}
