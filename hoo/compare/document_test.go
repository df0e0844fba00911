package compare_test

import (
	"bytes"
	"strings"
	"testing"

	"maxmatch/hoo/compare"
	"maxmatch/report"
)

// TestDocument: the comparison's report (report.HOOCompareDocument) in Markdown holds Table 1's
// rows, Table 2's segment with each one-sided edit marked gold or not, and the note that counts
// the segments.
func TestDocument(t *testing.T) {
	s := compare.DifferencesSystem(t)
	var md bytes.Buffer
	if err := report.HOOCompareDocument([]*compare.System{s}).Write(&md, report.FormatMarkdown); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| sys | A | yes |", "| sys | 0001XX1 | 1 |", "✓ [15,15) \"\" → \"the \"", "✗ [15,18) \"mat\" → \"the mat\"", "sys: 2 segments where A and B differ."} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md.String())
		}
	}
}
