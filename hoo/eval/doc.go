// Package eval scores HOO system edits against gold edits as the HOO shared tasks' official
// tools do, quirks included by default, so that their published figures can be reproduced and
// then recomputed fairly.
//
// # The HOO 2011 scheme (evaluate.py and batch_evaluate.py, version 2.31)
//
// Edits are byte spans of the source text with corrections (package hoo/edits). Each gold edit
// is compared with each system edit, in both directions, by an extent overlap in [0, 1]:
//
//   - two replacements (or deletions): the size of the intersection of their byte ranges over
//     the size of their union;
//   - a replacement a and an insertion b: 1/len(a) when b's point lies strictly inside a,
//     else 0;
//   - two insertions at the same point: 1; an insertion a inside a replacement b: 1/len(b);
//   - an insertion a at the end of a replacement b (b ends where a is, starting before): if a
//     has no corrections, 1/len(b); otherwise 1/len(b) when one of a's corrections is a suffix
//     of b's first correction, else 0 — and prefix for an insertion at b's start.
//
// A pair is aligned leniently when the overlap is not 0, strictly when it is 1 (which the
// suffix and prefix rules can give for a one-byte replacement next to an insertion). Then, with
// m the number of optional gold edits (those with a <correction/>) that no system edit
// overlaps when the bonus is on, and 0 otherwise:
//
//	detection    P = (detected + m) / (detected + spurious + m)   R = (detected + m) / gold
//	recognition  P = (recognised + m) / (system + m)               R = (recognised + m) / gold
//	correction   P = (corrected + m) / (system + m)                R = (corrected + m) / gold
//
// where detected and recognised count gold edits with a lenient and a strict alignment,
// spurious the system edits without a lenient one, and corrected the system edits with a
// strict alignment to a gold edit that has no corrections, or one equal to the system edit's
// first correction, or that is optional while the system edit has none. The "score" is F₁. A
// division by zero gives the integer 0 (written "0" in the CSV file, where other values are
// Python floats: "0.0", "0.44000000000000006"). batch_evaluate.py pairs each gold file NNNNGE.xml
// with the system files whose names start with NNNN, writes one row per system file sorted by
// name and an Average row, the mean of each column; it writes the file twice, with and without
// the bonus (Batch2011, WriteCSV).
//
// # Its quirks, reproduced unless Options2011.Fixed
//
//   - Corrections of an edit that also has a <correction><empty/></correction> are kept as XML
//     elements, not strings: they never equal a system correction, so only the deletion can be
//     matched, and a <correction/> among them no longer makes the edit optional.
//   - The suffix and prefix rules take only the first correction of the other edit. When the
//     other edit is a gold edit whose first correction is <correction/> (or an element, above),
//     evaluate.py raises AttributeError and the whole fragment gets no score: the reference
//     results have CRASH for fragments 0005, 0020 and 0049 of HOO 2011 develop with the
//     all-gold system. We do not stop: the comparison that raises counts as no match, and the
//     fragment's Scores.Crash says where the official would have stopped.
//
// Options2011.Fixed reads every correction as a string (the empty one as "", <correction/> as
// optional) and lets the suffix and prefix rules compare with every correction of the other
// edit, so that nothing raises.
//
// On the HOO 2011 develop data, the three reference systems' official extractions
// (reference/xml_*) give the official figures on every fragment where it did not crash, to the
// four decimals of reference/results_*.txt, and the CSV files byte for byte
// (TestReferenceResults2011, TestReferenceCSV2011).
package eval
