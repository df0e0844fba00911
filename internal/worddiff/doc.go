// Package worddiff is a word diff that chooses the same edit script as GNU wdiff 1.2.2
// running over GNU diff (diffutils 3.8) with its default options.
//
// # What wdiff does
//
// wdiff writes the words of each input — maximal runs of bytes that are not white space for
// C's isspace (space, \t, \n, \v, \f, \r; nothing above 0x7F in the C and C.UTF-8 locales) —
// one per line into two temporary files, runs a plain "diff" on them and uses the hunks of
// diff's normal output to reprint the texts. Whichever of the many shortest (or nearly
// shortest) edit scripts diff picks therefore decides which words wdiff marks. To extract the
// same edits as the HOO 2011 tools we must pick the very same script, so this package
// reproduces, step by step, how GNU diff chooses it for files of one word per line. The steps were learnt
// from Myers' paper, from reading GNU diff's source (none of it is copied here) and by
// running the programs; the differential tests in this package and in hoo/wdiff compare us
// with the real programs.
//
//  1. Common ends. diff first drops the longest common prefix of lines and then the longest
//     common suffix of what remains (the two never overlap). With the normal output style its
//     "horizon" is zero lines, so none of the dropped lines takes part in anything that
//     follows: they are not counted below, and changes are never slid into them.
//
//  2. Equivalence classes. Each remaining line gets a number; equal lines (byte for byte) get
//     equal numbers.
//
//  3. Discarding confusing lines. A line whose class does not occur at all among the other
//     file's remaining lines cannot be matched: it is marked for discarding. A line whose
//     class occurs more than "many" times in the other file is marked provisionally, where
//     many is 5 doubled once for every time n/64 can be divided by 4 (n counts the remaining
//     lines of the line's own file) before reaching zero. Provisional marks survive only
//     inside a run of marked lines that begins and ends with a definite mark; if more than a
//     quarter of such a run is provisional none of its provisional marks survive; otherwise
//     blocks of at least m consecutive provisional lines are unmarked (m is 1 doubled once
//     for every time length/4 can be divided by 4, plus 1), and provisional marks are unmarked
//     from each end of the run inwards until three definite marks in a row are met, or a
//     definite mark at least eight lines in. Every line still marked is reported as changed
//     and hidden from the next step, which therefore works on shorter sequences whose lines
//     have fewer spurious matches.
//
//  4. Middle snakes. The remaining sequences are compared with the divide-and-conquer form of
//     Myers' O(ND) algorithm ("An O(ND) Difference Algorithm and its Variations",
//     Algorithmica 1, 1986, section 4.2): after trimming equal ends, a forward search from the
//     top-left corner and a backward search from the bottom-right corner each extend their
//     furthest-reaching paths one edit at a time until they overlap; the split point is where
//     they meet and each half is solved the same way. Which of several equally short scripts
//     comes out depends on details that we reproduce: diagonals are visited from the highest
//     to the lowest; each step of either search takes the move that gets further and, when
//     an insertion and a deletion get equally far, the insertion; the search ranges stop
//     widening at the sides of the rectangle; the forward search checks for overlap only
//     when the two corners lie on diagonals of odd distance and the backward search only
//     when even; the split is at the end of the snake just found. diff's
//     --speed-large-files heuristic is off by default and is not reproduced; its
//     TOO_EXPENSIVE cut-off is on and is: when the edit cost of one search reaches
//     max(4096, 2^k), k the number of base-4 digits of N+M+3 (N and M the numbers of
//     lines left after step 3), the search stops and splits at the furthest-reaching forward or backward
//     point, whichever has gone further; the part that search explored is then solved
//     exactly and the other part again with the cut-off. Both halves of a split found
//     by overlapping searches are solved exactly, so a search can give up only if it is the
//     first one or lies on the unexplored side of a search that gave up.
//
//  5. Shifting boundaries. Finally each file in turn (the old one first) has its runs of
//     changed lines slid: a run is moved up while the line above it equals its last line, then
//     down while the line below it equals its first line, merging with any run it reaches,
//     and this is repeated until the run stops growing; at last it is moved back up to the
//     lowest position at which it lies against a run of changes in the other file, if it
//     passed one. For example, with old
//     "a b" and new "b b a a" the search replaces a by the first b, matches the two other
//     b's and inserts "a a"; the inserted first b equals the matched line below it, so it
//     slides down into the insertion at the end: a deleted, "b a a" inserted after the b.
//
// Hunks are then the groups of changed lines between two consecutive pairs of matched lines,
// exactly the groups diff prints as "a", "d" and "c" commands.
//
// Inputs containing NUL bytes make diff treat the word files as binary and wdiff then reports
// no change at all; this package does not imitate that and simply compares the words.
package worddiff
