package markdown

import "testing"

func TestAnchor(t *testing.T) {
	for _, c := range []struct{ heading, anchor, reason string }{
		{"Scoring one system", "scoring-one-system", "words joined by hyphens, lower case"},
		{"Several systems: one table", "several-systems-one-table", "punctuation dropped"},
		{"N-best lists, the service and Python", "n-best-lists-the-service-and-python", "hyphens kept"},
		{"The `maxmatch serve` protocol", "the-maxmatch-serve-protocol", "inline code marks dropped"},
		{"Extraction by M²", "extraction-by-m", "a superscript is a symbol, not a digit"},
		{"Paragraphs and essays: CoNLL-2014 with sentences joined", "paragraphs-and-essays-conll-2014-with-sentences-joined", "digits kept"},
		{"Run 1: the command, the package and the shared library", "run-1-the-command-the-package-and-the-shared-library", "a colon and commas dropped"},
	} {
		if got := Anchor(c.heading); got != c.anchor {
			t.Errorf("Anchor(%q) = %q, want %q (%s)", c.heading, got, c.anchor, c.reason)
		}
	}
}

func TestHeadings(t *testing.T) {
	page := "# Title\n\n## One\n\n```sh\n## not a heading\n```\n\n### Sub\n\n## One\n"
	hs := Headings(page)
	want := []Heading{{1, "Title", "title", 0}, {2, "One", "one", 2}, {3, "Sub", "sub", 8}, {2, "One", "one-1", 10}}
	if len(hs) != len(want) {
		t.Fatalf("Headings = %+v, want %+v", hs, want)
	}
	for i := range want {
		if hs[i] != want[i] {
			t.Errorf("heading %d = %+v, want %+v (a fenced line is not a heading; a repeated anchor is numbered)", i, hs[i], want[i])
		}
	}
}

func TestWithContents(t *testing.T) {
	page := "# Title\n\nIntro.\n\n## Summary\n\nText.\n\n### Detail\n\n## Method and caveats\n\nMore.\n"
	want := "# Title\n\nIntro.\n\nContents:\n\n- [Summary](#summary)\n- [Method and caveats](#method-and-caveats)\n\n## Summary\n\nText.\n\n### Detail\n\n## Method and caveats\n\nMore.\n"
	if got := WithContents(page); got != want {
		t.Errorf("WithContents:\n%s\nwant:\n%s", got, want)
	}
	if got := WithContents("# Only a title\n"); got != "# Only a title\n" {
		t.Errorf("a page without second-level headings changed: %q", got)
	}
}
