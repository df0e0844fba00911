package edits

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestRead(t *testing.T) {
	doc := `<?xml version="1.0" ?>
<edits>
  <edit end="5" index="0001-0001" start="2" type="RP">
    <corrections>
      <correction/>
      <correction>. The</correction>
    </corrections>
    <original>; the</original>
  </edit>
  <edit end="9" index="0001-0002" start="7" type="UD">
    <corrections>
      <correction>
        <empty/>
      </correction>
    </corrections>
    <original>a </original>
  </edit>
  <edit end="4" index="0001-0003" start="4" type="MT">
    <original>
      <empty/>
    </original>
  </edit>
</edits>
`
	got, err := Read("gold.xml", strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	want := []Edit{
		{Index: "0001-0001", Type: "RP", Start: 2, End: 5, Line: 3, Original: "; the", HasCorrections: true, Corrections: []Correction{{None: true}, {Text: ". The"}}},
		{Index: "0001-0002", Type: "UD", Start: 7, End: 9, Line: 10, Original: "a ", HasCorrections: true, Corrections: []Correction{{Empty: true}}},
		{Index: "0001-0003", Type: "MT", Start: 4, End: 4, Line: 18, EmptyOriginal: true}, // no <corrections>: unspecified
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
}

func TestReadErrors(t *testing.T) {
	cases := []struct{ name, doc, want string }{
		{"syntax", "<edits>\n<edit start=\"1\" end=\"2\">\n</edits>", "gold.xml:3:9: element <edit> closed by </edits>: expected </edit> first"},
		// What the decoder says, with what was expected.
		{"cut short", "<edits>\n<edit start=\"1\" end=\"2\">", "gold.xml:2:25: unexpected EOF: the file ends inside an element, expected its end (</edits> last): is the file cut short?"},
		{"HTML entity", "<edits><edit start=\"1\" end=\"2\"><original>caf&eacute;</original></edit></edits>",
			"gold.xml:1:53: invalid character entity &eacute;: expected one of XML's own five (&amp; &lt; &gt; &quot; &apos;) or a character reference (&#233;)"},
		{"Latin-1", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<edits/>", `gold.xml:1:44: encoding "ISO-8859-1" declared: expected UTF-8, the encoding of the HOO edit files`},
		{"unquoted", "<edits><edit start=1/></edits>", "gold.xml:1:21: unquoted or missing attribute value in element: expected well-formed XML"},
		{"bad start", "<edits>\n<edit index=\"x\" start=\"a\" end=\"2\"/>\n</edits>", `gold.xml:2: edit "x": start: "a" is not a byte offset`},
		{"missing end", "<edits>\n<edit index=\"x\" start=\"1\"/>\n</edits>", `gold.xml:2: edit "x": end: missing; expected a byte offset`},
		{"end before start", "<edits>\n\n<edit index=\"x\" start=\"3\" end=\"2\"/></edits>", `gold.xml:3: edit "x": end 2 before start 3`},
		{"original empty and text", "<edits><edit index=\"x\" start=\"1\" end=\"2\"><original>a<empty/></original></edit></edits>",
			`edit "x": the original holds both <empty/> and text "a"`},
		{"empty and text", "<edits><edit index=\"x\" start=\"1\" end=\"2\"><corrections><correction>a<empty/></correction></corrections></edit></edits>",
			`edit "x": a correction holds both <empty/> and text "a"`},
		// No element: the official tools' parser raises "no element found"; an empty file is
		// not a file without edits.
		{"empty file", "", "gold.xml: no XML element (the file is empty, blank or not XML)"},
		{"blank file", " \n\t\n", "gold.xml: no XML element"},
		{"declaration only", "<?xml version=\"1.0\" ?>\n<!-- nothing -->\n", "gold.xml: no XML element"},
		{"plain text", "The cat sat.\n", "gold.xml: no XML element"},
		// What the official tools' parser (expat) refuses and Go's decoder lets through.
		{"attribute twice", "<edits>\n<edit index=\"x\" start=\"4\" end=\"8\" start=\"0\"/></edits>",
			"gold.xml:2:46: element <edit> has the attribute start twice: expected each attribute once"},
		{"second root", "<edits/>\n<edits><edit index=\"x\" start=\"1\" end=\"2\"/></edits>",
			"gold.xml:2:8: a second root element <edits> after the document's end: expected one root element, <edits>"},
		{"edit after the root", "<edits></edits><edit index=\"x\" start=\"1\" end=\"2\"/>", "a second root element <edit> after the document's end"},
		{"text after the root", "<edits/>\n\njunk\n", `gold.xml:4:1: text "junk" after the root element: expected nothing but white space outside <edits>`},
		{"text before the root", "junk\n<edits/>", `gold.xml:2:9: text "junk" before the root element <edits>`},
		// A reference to a surrogate, which Go's decoder reads as U+FFFD.
		{"surrogate reference", "<edits>\n<edit index=\"x\" start=\"1\" end=\"2\">\n<original>a&#xD800;</original></edit></edits>",
			"gold.xml:3:12: reference to invalid character number &#xD800; (U+D800, one half of a UTF-16 surrogate pair, not a character): expected a reference to a character, such as &#233; or &#x1F600;"},
		{"surrogate reference in decimal", "<edits><edit index=\"x\" start=\"1\" end=\"2\"><corrections><correction>&#57343;</correction></corrections></edit></edits>",
			"gold.xml:1:67: reference to invalid character number &#57343; (U+DFFF"},
		{"surrogate reference in an attribute", "<edits>\n  <edit index=\"&#xdc00;\" start=\"1\" end=\"2\"/></edits>", "gold.xml:2:16: reference to invalid character number &#xdc00; (U+DC00"},
		{"surrogate reference outside the edits", "<edits>&#xD800;</edits>", "gold.xml:1:8: reference to invalid character number &#xD800;"},
	}
	for _, c := range cases {
		_, err := Read("gold.xml", strings.NewReader(c.doc))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error containing %q", c.name, err, c.want)
		}
	}
	// White space, comments and processing instructions around the root are no text.
	if es, err := Read("x.xml", strings.NewReader("\ufeff<?xml version=\"1.0\" ?>\n<!-- c -->\n<edits/>\n<!-- c -->\n\n")); err != nil || len(es) != 0 {
		t.Errorf("a root with comments around it: %v, %v; want no edits and no error", es, err)
	}
	// A reference is no reference in a comment or a CDATA section.
	if es, err := Read("x.xml", strings.NewReader("<edits><!-- &#xD800; --><edit start=\"1\" end=\"2\"><original><![CDATA[&#xD800;]]></original><!-- &#xD800; --></edit></edits>")); err != nil || len(es) != 1 || es[0].Original != "&#xD800;" {
		t.Errorf("&#xD800; in comments and CDATA: %+v, %v; want one edit whose original is the reference's text", es, err)
	}
	// Any root element will do, as for the official tools (they look for <edit> anywhere).
	if es, err := Read("x.xml", strings.NewReader("<other/>")); err != nil || len(es) != 0 {
		t.Errorf("<other/>: %v, %v; want no edits and no error", es, err)
	}
}

// TestReadOriginal checks the three kinds of <original> the official tools tell apart.
func TestReadOriginal(t *testing.T) {
	cases := []struct {
		xml, want string
		empty     bool
		reason    string
	}{
		{"<original>\n  <empty/>\n</original>", "", true, "<empty/>, with the indentation around it"},
		{"<original> </original>", " ", false, "a lone space is text (deleting a space), kept as it is"},
		{"<original/>", "", false, "neither text nor <empty/>: the official reads None"},
		{"", "", false, "no <original> at all"},
	}
	for _, c := range cases {
		got, err := Read("f.xml", strings.NewReader(`<edits><edit index="x" start="1" end="2">`+c.xml+`</edit></edits>`))
		if err != nil {
			t.Fatal(err)
		}
		if got[0].Original != c.want || got[0].EmptyOriginal != c.empty {
			t.Errorf("%s: got %q, empty %v; want %q, %v (%s)", c.xml, got[0].Original, got[0].EmptyOriginal, c.want, c.empty, c.reason)
		}
	}
}

// FuzzRead states what reading any file guarantees: no panic (the XML decoder expands no
// entity, so no file can grow in memory); either an *Error placed within the file, or edits
// with 0 ≤ start ≤ end, each on a line of the file, that Write writes and Read reads back alike.
func FuzzRead(f *testing.F) {
	f.Add([]byte(`<edits><edit index="F-0001" type="RT" start="3" end="6"><original>a b</original><corrections><correction>the</correction><correction/><correction><empty/></correction></corrections></edit></edits>`))
	f.Add([]byte(`<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;">]><edits>&b;</edits>`))
	f.Add([]byte("<edits/>"))
	f.Add([]byte(`<edits><edit start="5" end="2"/></edits>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		es, err := Read("f.xml", bytes.NewReader(data))
		lines := bytes.Count(data, []byte("\n")) + 1
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%T %v is not an *Error", err, err)
			}
			if e.Line < 0 || e.Line > lines {
				t.Fatalf("error on line %d of a file of %d: %v", e.Line, lines, err)
			}
			return
		}
		for _, e := range es {
			if e.Start < 0 || e.End < e.Start || e.Line < 1 || e.Line > lines {
				t.Fatalf("edit %+v of a file of %d lines", e, lines)
			}
		}
		var b bytes.Buffer
		if err := Write(&b, "F", es); err != nil {
			return // text XML cannot hold, refused with a TextError
		}
		back, err := Read("back.xml", &b)
		if err != nil || len(back) != len(es) {
			t.Fatalf("reading what Write wrote: %d edits, %v\n%s", len(back), err, b.String())
		}
	})
}
