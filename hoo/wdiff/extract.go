package wdiff

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"sync"
)

// Options choose between the official behaviour and repairs of its defects.
type Options struct {
	// Fixed repairs what the official extractor loses or garbles:
	//   - a deleted or inserted region that spans a line break is kept (the official's
	//     regular expressions stop at line ends, so it drops such regions silently, and the
	//     offsets of every later edit in the file are then off by the dropped markers);
	//   - a region whose whole text is "INSERT" (or "DELETE") is not mistaken for the
	//     empty original (correction) that the official marks with those words;
	//   - two adjacent regions of the same kind become two edits (the official crashes);
	//   - WriteXML writes the text as UTF-8 (the official decodes UTF-8 bytes as Latin-1
	//     and writes each as a character of its own) and keeps carriage returns.
	// Offsets are computed as the official computes them either way.
	Fixed bool
}

// Edit is one edit of the HOO 2011 edit XML that the official extractor writes.
type Edit struct {
	// Start and End are byte offsets into the original text, as the official computes them.
	Start, End int
	// Original is the <original> text; EmptyOriginal marks <original><empty/></original>.
	Original      string
	EmptyOriginal bool
	// Correction is the only <correction>'s text; EmptyCorrection marks <empty/> there.
	Correction      string
	EmptyCorrection bool
}

// ErrOfficialCrash is returned (wrapped) for inputs on which the official extractor stops
// with an exception: it writes no XML for the file, and batch_extract.py gives up on every
// file after it too.
var ErrOfficialCrash = errors.New("the official HOO 2011 extractor crashes on this input")

// Extract returns the edits the official HOO 2011 extractor (batch_extract.py with
// diffextract.py over GNU wdiff 1.2.2) finds between an original text and a system's
// corrected text.
func Extract(original, system []byte, opt Options) ([]Edit, error) {
	return ExtractWdiff(Render(original, system, DefaultMarkers), opt)
}

const (
	// A lone region that is one of these marks gets no trailing space.
	punctuation = `'"[({}]).,;:!?`
	// Marks moved out of a replaced word at its end and at its start.
	closingPunct = `'"]),.:;!?`
	openingPunct = `'"[({`
	// The words the official uses inside its records for an empty original or correction.
	insertSentinel = "INSERT"
	deleteSentinel = "DELETE"
	// The bytes of "[-" and "-]".
	deleteMarkLen = 4
)

// patterns are the official's regular expressions, compiled on first use rather than at the
// start of every maxmatch process.
var patterns = sync.OnceValue(func() (p struct {
	processingInstruction *regexp.Regexp
	// A deleted region then white space then an inserted region: the white space becomes
	// one space. `.` stops at line ends unless Fixed.
	spaceBetweenRegions, spaceBetweenRegionsFixed *regexp.Regexp
	// Inserted or deleted regions, in text order; an insertion is tried first at a position.
	region, regionFixed *regexp.Regexp
}) {
	p.processingInstruction = regexp.MustCompile(`<\?.+?\?>`)
	p.spaceBetweenRegions = regexp.MustCompile(`(\[-.+?-\])[\t\n\v\f\r ]+(\{\+.+?\+\})`)
	p.spaceBetweenRegionsFixed = regexp.MustCompile(`(?s)(\[-.+?-\])[\t\n\v\f\r ]+(\{\+.+?\+\})`)
	p.region = regexp.MustCompile(`\{\+(.+?)\+\}|\[-(.+?)-\]`)
	p.regionFixed = regexp.MustCompile(`(?s)\{\+(.+?)\+\}|\[-(.+?)-\]`)
	return p
})

// Groups of the punctuation patterns.
const (
	gWord = 1 + iota
	gDeletedPunct
	gInsertedPunct
	groupCount = gInsertedPunct
)

// externalisers are diffextract.py's six rewrites, applied in this order, that move
// punctuation attached to a replaced word out of the region so that the word itself stays
// common: "[-foo.-] {+foo;+}" becomes "foo[-.-] {+;+}" and so on.
var externalisers = []struct {
	pattern  pattern
	template []part
}{
	{ // Replaced at the right: [-foo.-] {+foo;+} => foo[-.-] {+;+}
		pattern{[]item{lit("[-"), lazyRun(nonSpaceClass, 1, gWord), oneOf(classOf(closingPunct), gDeletedPunct),
			lit("-]"), lazyRun(spaceClass, 0, 0), lit("{+"), backref(gWord), oneOf(classOf(closingPunct), gInsertedPunct), lit("+}")}, groupCount},
		[]part{{group: gWord}, {text: "[-"}, {group: gDeletedPunct}, {text: "-] {+"}, {group: gInsertedPunct}, {text: "+}"}},
	},
	{ // Replaced at the left: [-(foo-] {+[foo+} => [-(-] {+[+}foo
		pattern{[]item{lit("[-"), oneOf(classOf(openingPunct), gDeletedPunct), lazyRun(nonSpaceClass, 1, gWord),
			lit("-]"), lazyRun(spaceClass, 0, 0), lit("{+"), oneOf(classOf(openingPunct), gInsertedPunct), backref(gWord), lit("+}")}, groupCount},
		[]part{{text: "[-"}, {group: gDeletedPunct}, {text: "-] {+"}, {group: gInsertedPunct}, {text: "+}"}, {group: gWord}},
	},
	{ // Inserted at the right: [-foo-] {+foo;+} => foo{+;+} (and a space)
		pattern{[]item{lit("[-"), lazyRun(nonSpaceClass, 1, gWord), lit("-]"), lazyRun(spaceClass, 0, 0),
			lit("{+"), backref(gWord), oneOf(classOf(closingPunct), gInsertedPunct), lit("+}")}, groupCount},
		[]part{{group: gWord}, {text: "{+"}, {group: gInsertedPunct}, {text: "+} "}},
	},
	{ // Inserted at the left: [-foo-] {+"foo+} => {+"+}foo (and a space)
		pattern{[]item{lit("[-"), lazyRun(nonSpaceClass, 1, gWord), lit("-]"), lazyRun(spaceClass, 0, 0),
			lit("{+"), oneOf(classOf(openingPunct), gInsertedPunct), backref(gWord), lit("+}")}, groupCount},
		[]part{{text: "{+"}, {group: gInsertedPunct}, {text: "+}"}, {group: gWord}, {text: " "}},
	},
	{ // Deleted at the right: [-foo.-] {+foo+} => foo[-.-]
		pattern{[]item{lit("[-"), lazyRun(nonSpaceClass, 1, gWord), oneOf(classOf(closingPunct), gDeletedPunct),
			lit("-]"), lazyRun(spaceClass, 0, 0), lit("{+"), backref(gWord), lit("+}")}, groupCount},
		[]part{{group: gWord}, {text: "[-"}, {group: gDeletedPunct}, {text: "-]"}},
	},
	{ // Deleted at the left: [-.foo-] {+foo+} => [-.-]foo
		pattern{[]item{lit("[-"), oneOf(classOf(openingPunct), gDeletedPunct), lazyRun(nonSpaceClass, 1, gWord),
			lit("-]"), lazyRun(spaceClass, 0, 0), lit("{+"), backref(gWord), lit("+}")}, groupCount},
		[]part{{text: "[-"}, {group: gDeletedPunct}, {text: "-]"}, {group: gWord}},
	},
}

// markedRegion is a deleted ("[-...-]") or inserted ("{+...+}") region of the rewritten
// wdiff output, with the offset into the original that the official computes for it.
type markedRegion struct {
	deleted    bool
	text       string
	start, end int // in the rewritten output
	shift      int // bytes of the output before start that are not in the original
}

// ExtractWdiff turns wdiff output made with the default markers into edits as
// diffextract.py does; see the package documentation for the steps.
func ExtractWdiff(out []byte, opt Options) ([]Edit, error) {
	text := stripTags(out)
	text = externalisePunctuation(text, opt)
	regions := findRegions(text, opt)
	return consolidate(regions, opt)
}

// stripTags removes XML processing instructions and the <HOO>, <p> and <s> tags; the
// official does this to the whole output, original text included, so such tags in a source
// shift the offsets after them.
func stripTags(text []byte) []byte {
	text = patterns().processingInstruction.ReplaceAll(text, nil)
	for _, tag := range []string{"<p>", "</p>", "<s>", "</s>", "<HOO>", "</HOO>"} {
		text = bytes.ReplaceAll(text, []byte(tag), nil)
	}
	return text
}

func externalisePunctuation(text []byte, opt Options) []byte {
	for _, e := range externalisers {
		text = e.pattern.sub(text, e.template)
	}
	between := patterns().spaceBetweenRegions
	if opt.Fixed {
		between = patterns().spaceBetweenRegionsFixed
	}
	return between.ReplaceAll(text, []byte("${1} ${2}"))
}

// findRegions lists the marked regions and the official's offset shift for each. The shift
// grows by the four marker bytes after a deletion (three if it opens the text) and by the
// whole inserted region plus one space after an insertion: the official assumes one space
// separates an inserted region from the text before or after it.
func findRegions(text []byte, opt Options) []markedRegion {
	re := patterns().region
	if opt.Fixed {
		re = patterns().regionFixed
	}
	var regions []markedRegion
	shift := 0
	for _, m := range re.FindAllSubmatchIndex(text, -1) {
		r := markedRegion{start: m[0], end: m[1], shift: shift}
		if m[4] >= 0 {
			r.deleted = true
			r.text = string(text[m[4]:m[5]])
			if m[0] == 0 {
				shift += deleteMarkLen - 1
			} else {
				shift += deleteMarkLen
			}
		} else {
			r.text = string(text[m[2]:m[3]])
			shift += m[1] - m[0] + 1
		}
		regions = append(regions, r)
	}
	return regions
}

// consolidate pairs each region with the next one when they are at most one byte apart
// (a replacement), and turns the others into lone deletions and insertions.
func consolidate(regions []markedRegion, opt Options) ([]Edit, error) {
	var edits []Edit
	for i := 0; i < len(regions); i++ {
		r := regions[i]
		if i+1 < len(regions) && regions[i+1].start-r.end <= 1 {
			next := regions[i+1]
			if next.deleted == r.deleted {
				if !opt.Fixed {
					// The official merges them into one record that lacks a side.
					return nil, fmt.Errorf("%w: adjacent regions of the same kind at bytes %d and %d of the wdiff output", ErrOfficialCrash, r.start, next.start)
				}
				edits = append(edits, lone(r))
				continue
			}
			deleted, inserted := r, next
			if !r.deleted {
				deleted, inserted = next, r
			}
			e := Edit{
				Start:      deleted.start - deleted.shift,
				End:        deleted.end - deleted.shift - deleteMarkLen,
				Original:   deleted.text,
				Correction: inserted.text,
			}
			markSentinels(&e, opt)
			edits = append(edits, e)
			i++
			continue
		}
		edits = append(edits, lone(r))
	}
	return edits, nil
}

// lone makes the edit of a region without a partner. Its text gains a trailing space, and
// a deletion's span the byte after it, unless the text is a single punctuation mark. (With
// that space its text can never be mistaken for a sentinel word.)
func lone(r markedRegion) Edit {
	text, end := r.text, r.end
	if !isPunctuationMark(text) {
		text += " "
		end++
	}
	start := r.start - r.shift
	if r.deleted {
		return Edit{Start: start, End: end - r.shift - deleteMarkLen, Original: text, EmptyCorrection: true}
	}
	return Edit{Start: start, End: start, EmptyOriginal: true, Correction: text}
}

// markSentinels reproduces the official's test for empty sides of a replacement: by the
// words it uses as markers.
func markSentinels(e *Edit, opt Options) {
	if opt.Fixed {
		return
	}
	if e.Original == insertSentinel {
		e.Original, e.EmptyOriginal = "", true
	}
	if e.Correction == deleteSentinel {
		e.Correction, e.EmptyCorrection = "", true
	}
}

func isPunctuationMark(s string) bool {
	return len(s) == 1 && bytes.IndexByte([]byte(punctuation), s[0]) >= 0
}
