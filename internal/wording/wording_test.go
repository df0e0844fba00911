package wording

import "testing"

func TestWording(t *testing.T) {
	tests := []struct{ got, want string }{
		{Plural(0, "line"), "0 lines"},
		{Plural(1, "line"), "1 line"},
		{Plural(2, "resample"), "2 resamples"},
		{Plural(1, "segment"), "1 segment"},
		{Plural(3, "entry"), "3 entries"},
		{Plural(2, "day"), "2 days"},
		{Plural(2, "hypothesis"), "2 hypotheses"},
		{Plural(1, "hypothesis"), "1 hypothesis"},
		{Plural(2, "match"), "2 matches"},
		{Plural(0, "bonus"), "0 bonuses"},
		{Plural(-1, "byte"), "-1 byte"},
		{Noun(2, "system text"), "system texts"},
		{JoinAnd(nil), ""},
		{JoinAnd([]string{"A"}), "A"},
		{JoinAnd([]string{"A", "B"}), "A and B"},
		{JoinAnd([]string{"A", "B", "C"}), "A, B and C"},
		{JoinOr([]string{"bash", "zsh", "fish"}), "bash, zsh or fish"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}
