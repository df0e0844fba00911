package pydict

import (
	"reflect"
	"testing"
)

func TestOrder(t *testing.T) {
	// Expected orders printed by Python 2.7.18: d = {}; for k in keys: d[k] = 1; print d.keys()
	tests := []struct {
		keys, want []int64
		why        string
	}{
		{[]int64{1, 0}, []int64{0, 1}, "small ids come out ascending"},
		{[]int64{4, 3, 2, 1, 0}, []int64{0, 1, 2, 3, 4}, "five small ids, no resize yet"},
		{[]int64{9, 1}, []int64{9, 1}, "9 takes slot 1 of 8; 1 collides and is probed to slot 7"},
		{[]int64{1, 9}, []int64{1, 9}, "same keys, other insertion order"},
		{[]int64{8, 0}, []int64{8, 0}, "8 takes slot 0 first; 0 is probed to a later slot"},
		{[]int64{-1, 0, 1}, []int64{0, 1, -1}, "-1 hashes as -2"},
		{[]int64{5, 13, 0, 0, 436154794390}, []int64{0, 5, 436154794390, 13}, "random keys and insertion order (Python 2.7.18 output)"},
		{[]int64{34, 6}, []int64{34, 6}, "random keys and insertion order (Python 2.7.18 output)"},
		{[]int64{13, 6, 329597298675, 1, 316590920572, 2, 734711104124, 344969038562, 501603066419}, []int64{1, 2, 6, 734711104124, 13, 501603066419, 329597298675, 344969038562, 316590920572}, "random keys and insertion order (Python 2.7.18 output)"},
		{[]int64{66706741093, 25, 5, 64821069563, 429853744470, 604115568868, 6, 12, 1, 2, 1047942251524, 19}, []int64{1, 2, 604115568868, 66706741093, 6, 12, 19, 429853744470, 25, 64821069563, 1047942251524, 5}, "random keys and insertion order (Python 2.7.18 output)"},
		{[]int64{6, 14, 1, -1, 0, 2, 6, 0, 8, 4, 1075873494163}, []int64{0, 1, 2, 4, 6, 8, 14, 1075873494163, -1}, "random keys and insertion order (Python 2.7.18 output)"},
		{[]int64{183664659298, 20, 937475278399, 5, 12, 5, 7, 6, 7}, []int64{183664659298, 5, 6, 7, 12, 20, 937475278399}, "random keys and insertion order (Python 2.7.18 output)"},
		{[]int64{726321603542, 31, 880514825799, 1041014317752, 166191952616, 908757881618, 25, 7, 958491485756}, []int64{880514825799, 166191952616, 7, 908757881618, 726321603542, 1041014317752, 25, 958491485756, 31}, "random keys and insertion order (Python 2.7.18 output)"},
		{[]int64{2, 144117031411, 641398757909, 7}, []int64{2, 144117031411, 641398757909, 7}, "random keys and insertion order (Python 2.7.18 output)"},
		{[]int64{-3, 520610984912, 2, 31, 6, 7, 4}, []int64{2, 4, 6, 7, 520610984912, -3, 31}, "random keys and insertion order (Python 2.7.18 output)"},
		{[]int64{768798191806, 615191936146, 1, 80397133518, 169815858704, 970684965989, 7}, []int64{1, 970684965989, 7, 80397133518, 169815858704, 615191936146, 768798191806}, "random keys and insertion order (Python 2.7.18 output)"},
		{[]int64{1, 350222566131, -3, 11, 40, 8, 1002110088610, 1, 63251069334, 0, 32, 3}, []int64{0, 1, 1002110088610, 3, 32, 8, 11, 40, 350222566131, 63251069334, -3}, "random keys and insertion order (Python 2.7.18 output)"},
		{[]int64{8, 1, 10, 19, 0, 5, 544259985784, 756180035299, 6, 14, 0, 957166456881}, []int64{0, 1, 756180035299, 5, 6, 8, 10, 14, 957166456881, 19, 544259985784}, "random keys and insertion order (Python 2.7.18 output)"},
		{[]int64{10, 2, 3, 4, 5, 6, 7}, []int64{2, 3, 4, 5, 6, 7, 10}, "a resize to 32 slots reorders 10 after the small ids"},
	}
	for _, tt := range tests {
		if got := Order(tt.keys); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Order(%v) = %v, want %v (%s)", tt.keys, got, tt.want, tt.why)
		}
	}
}
