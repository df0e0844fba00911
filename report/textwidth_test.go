package report

import (
	"strings"
	"testing"
)

func TestTextWidth(t *testing.T) {
	for _, c := range []struct {
		s    string
		want int
		why  string
	}{
		{"abc", 3, "ASCII"},
		{"2-4 \"a\" → \"b\"", 13, "an arrow is one column"},
		{"日本語", 6, "wide characters take two"},
		{"ｆｕｌｌ", 8, "fullwidth letters take two"},
		{"e\u0301", 1, "a combining accent takes none"},
		{"a\u200db", 2, "a zero-width joiner takes none"},
	} {
		if got := TextWidth(c.s); got != c.want {
			t.Errorf("%s: TextWidth(%q) = %d, want %d", c.why, c.s, got, c.want)
		}
	}
}

// TestTextTableAlignment: a system name with a line break, wide characters and combining marks
// keep the columns of the aligned text table in line.
func TestTextTableAlignment(t *testing.T) {
	tb := Table{
		Columns: []Column{{Name: "system"}, {Name: "p"}},
		Rows: [][]Cell{
			{Text("sys\nA"), Float(0.5, 4)},
			{Text("日本語"), Float(0.25, 4)},
			{Text("cafe\u0301"), Float(1, 4)},
		},
	}
	var b strings.Builder
	if err := tb.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	want := []string{
		"system       p",
		"──────────────",
		"sys\\nA  0.5000",
		"日本語  0.2500",
		"cafe\u0301    1.0000",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
}
