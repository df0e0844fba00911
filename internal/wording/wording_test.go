package wording

import "testing"

func TestWording(t *testing.T) {
	tests := []struct{ got, want string }{
		{Plural(0, "line"), "0 lines"},
		{Plural(1, "line"), "1 line"},
		{Plural(2, "resample"), "2 resamples"},
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
