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
//     matched, and a <correction/> among them does not make the edit optional.
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
//
// # The HOO 2012 scheme (evalfrag.py 0.81 and evalrun.py 0.6)
//
// The extents are compared as in HOO 2011, with two additions: edits in different parts (the
// part attribute) never overlap, and a deletion whose original has a space at its start (end)
// has overlap 1 with a non-deletion spanning the same bytes but that space, either way round
// (evalfrag.py 0.8: a gold deletion of " the" against a system replacement of "the"). Each
// fragment is counted (Score2012):
//
//	gold, system      the gold and system edits (after type filtering)
//	detected          gold edits with a lenient alignment (overlap ≠ 0, seen from the gold edit)
//	recognised        gold edits with a strict one (overlap 1)
//	corrected         recognised gold edits with no corrections, or one of whose corrections
//	                  equals the first correction of one of the strictly aligned system edits,
//	                  or optional ones with a system edit that has no correction
//	missed_optional   optional gold edits without a lenient alignment
//	spurious          system edits without a lenient alignment (seen from the system edit)
//
// evalrun.py sums the counts over the fragments and scores the sums once (so a fragment
// weighs by its edits; Batch2012, Scores2012), with m = missed_optional under the bonus regime
// and 0 otherwise:
//
//	detection    P = (detected + m) / (detected + spurious + m)   R = (detected + m) / gold
//	recognition  P = (recognised + m) / (system + m)               R = (recognised + m) / gold
//	correction   P = (corrected + m) / (system + m)                R = (corrected + m) / gold
//
// A precision or recall of 0/0 is the integer 1 (written "1"), an F-score of 0/0 the integer 0;
// other numbers are written as Python 2's str() writes floats, to 12 significant digits. The
// default regime is nobonus (the reverse of HOO 2011), and corrections are compared
// lower-cased (-c nomatch; CaseSensitive is -c match). Types (-t, DecomposeTypes): "all", a
// comma-separated list of primitive types (not trimmed), or an aggregate of types.config
// ("aggregate Prep UT MT RT"; the first of several definitions); gold and system edits of other
// types are dropped before counting, so a system that writes no type attribute scores nothing
// under -t. WriteRun2012 writes evalrun.py's XML report; the counts and scores come in CPython
// 2.7's dict order, as the official writes them.
//
// # Its quirks, reproduced unless Options2012.Fixed
//
//   - Precisions count gold edits over system edits: one system edit that recognises two gold
//     edits counts twice, and recognition precision can exceed 1 (on the shared data, s12_half
//     has 1.00427350427). Fixed counts system edits in the numerators (the system_* counts,
//     added to the report).
//   - The corrections of an edit with a <correction><empty/></correction> are kept as XML
//     elements (as in HOO 2011). Comparing corrections lower-cases the gold correction first:
//     an element there, or None (<correction/>, an optional edit), raises AttributeError. So
//     under the default -c nomatch, any optional gold edit that a system edit recognises
//     crashes evalrun.py, unless an earlier correction of it already matched; a system edit
//     whose first correction is <correction/> does too.
//   - The suffix and prefix rules raise AttributeError when the other edit's first correction
//     is <correction/> or an element, and the space rule raises TypeError when the deleting
//     edit's <original> has neither text nor <empty/>.
//
// Where evalrun.py raises, it dies and reports nothing for the whole run. We do not stop:
// each comparison that raises counts as no match (the next correction, or system edit, is
// tried as the official would have), and Score2012 returns the first such comparison, which
// the command reports as a warning. Fixed reads every correction as a string (<empty/> as "",
// <correction/> as optional), lets the affix rules compare with every correction of the other
// edit, and never raises.
//
// Parts are compared as attributes: a system edit without a part attribute never overlaps a
// gold edit that has one (HOO 2012 gold edits all have one), so a system file written without
// parts scores nothing; this is kept under Fixed too, since the part is the system's to copy.
//
// evalrun.py's other corners: it names the run and team after the first file that the
// directory listing returns (in the file system's order), taking the characters before the
// first dot of its whole path (a system directory given as "./sys" crashes it); we take the
// alphabetically first system file's name. It pairs files when the directories hold as many
// files and it finds as many pairs as gold files; we also require each gold file to have
// exactly one system file, where it would score one twice and another not at all. Its stdout
// carries progress lines and notes before the report; we print only the report.
//
// On the HOO 2012 data (g12 against s12_half and s12_same, bonus and nobonus) our report is
// evalrun.py's byte for byte, timestamp aside (TestReferenceRuns2012), and the counts of
// every fragment equal evalfrag.py's under six type selections and both case options
// (TestReferenceFragments2012, 1,200 fragment counts); 27 crafted cases, crashes included,
// are checked against it too (TestScore2012Official).
package eval
