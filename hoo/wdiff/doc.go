// Package wdiff extracts HOO 2011 edits from a system's corrected text exactly as the official
// HOO 2011 tools did: batch_extract.py ran GNU wdiff 1.2.2 (over GNU diff) on the original
// and the system text, and diffextract.py 2.1 turned wdiff's output into edit XML whose
// offsets are byte offsets into the original.
//
// The official tools are not copied here; they were read to learn what they do and are run
// as an oracle by the tests (see official_test.go), which also compare us with the XML they
// wrote for the HOO 2011 reference systems, byte for byte.
//
// # wdiff's output
//
// Render reprints the texts with the edit script of internal/worddiff (GNU diff's script on
// one word per line): common words with the white space before them taken from the system
// text, each deleted run of words as "[-" … "-]" with white space from the original, each
// inserted run as "{+" … "+}" with white space from the system text, a deletion before the
// insertion that replaces it, and the system text's trailing white space at the end.
//
// # From wdiff's output to edits
//
// ExtractWdiff follows diffextract.py on that output:
//
//  1. Tags. "<?…?>" processing instructions and the tags <HOO>, <p>, <s> and their closing
//     tags are deleted everywhere, in common text too (later offsets then leave them out).
//  2. Attached punctuation. Six rewrites, in turn, move punctuation out of a one-word
//     replacement whose word is otherwise unchanged, so that only the marks are edited:
//     [-foo.-] {+foo;+} → foo[-.-] {+;+};  [-(foo-] {+[foo+} → [-(-] {+[+}foo;
//     [-foo-] {+foo;+} → foo{+;+} plus a space;  [-foo-] {+"foo+} → {+"+}foo plus a space;
//     [-foo.-] {+foo+} → foo[-.-];  [-.foo-] {+foo+} → [-.-]foo. Closing marks are
//     ' " ] ) , . : ; ! ? and opening marks ' " [ ( {. Then the white space between a
//     deleted region and the inserted region that follows it on the same line becomes one
//     space.
//  3. Regions. Deleted and inserted regions are found in order. Their patterns do not cross
//     a line break, so a region that spans one is silently dropped. Each region's offset in
//     the original is its position in the rewritten output less a running shift: four bytes
//     for each earlier deletion's markers (three if it starts the output) and, for each
//     earlier insertion, the whole marked region and one byte more for the space the
//     official assumes around it.
//  4. Replacements. A region and the next one at most one byte after it form one edit (the
//     deletion gives the span and original, the insertion the correction). Any other region
//     is a lone deletion or insertion; unless its text is a single punctuation mark
//     (' " [ ( { } ] ) . , ; : ! ?) its text gets a trailing space, and a deletion's span the
//     byte after it. Edits are numbered in order.
//  5. XML. The text is stored as Latin-1 characters, one per byte, goes through an XML
//     parser and minidom's pretty printer, and the sides of a lone edit are written as
//     <empty/>; the official recognises them by the words INSERT and DELETE, so a replaced
//     word that is exactly one of them is also written as <empty/>.
//
// These steps are faithful, oddities included; most assume the system kept the white space
// of the original and fail quietly otherwise. Options.Fixed repairs the ones that lose or
// garble edits (see Options); the offset arithmetic stays the official's either way.
//
// Cost: the punctuation rewrites backtrack as Python's regular expressions do, within one
// word, so a single "word" of n bytes full of markers costs up to n³ steps; ordinary words
// cost nothing noticeable.
package wdiff
