// Package scorer computes MaxMatch (M²) scores of grammatical error correction: the numbers of
// the official NUS M² scorer, release 3.2, sentence for sentence.
//
// Read the gold standard with ReadM2 (or an M2Reader) and the system output with ReadSystem;
// both return a *ParseError, with line and column, for malformed input. Files of any size are
// read incrementally by M2Reader.Stream and NewSystemStream, the same parsers a piece at a
// time, and paired by Pairs (CheckPairs finds their errors without building anything). Then:
//
//   - Score scores a corpus: one hypothesis per gold sentence, the annotator of each sentence
//     chosen as the official does (the choice depends on the totals of the sentences before),
//     with every sentence's result passed to a callback, in order. Totals.PRF gives the three
//     figures the official prints. ScoreStream does the same for pairs read as they are
//     scored, in memory that does not grow with the corpus.
//   - ScoreSentence scores one sentence on its own; an Evaluator scores sentences without
//     choosing an annotator.
//   - TypeBreakdown counts the chosen gold edits by error type, AnnotatorResult.MatchedGold says
//     which gold edits were matched, and Retotal re-runs the annotator choice over another order
//     or multiset of sentences (package stats uses it for bootstrap intervals), from the
//     results or from SentenceCounts, each sentence's per-annotator counts alone.
//
// Options select u, β, the official behaviour to reproduce (Compat) and corrections of its
// quirks (Fix), and the memory budget (MaxMemory): every sentence whose exact search fits in it
// is scored exactly; one that does not is scored by the bounded search (SentenceResult.Bounded
// and Cost say so, with the figures); one that not even the bounded search fits is a
// *TooLargeError.
package scorer
