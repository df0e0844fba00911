// Package m2extract finds the edits of a HOO 2011 system text the MaxMatch way: instead of
// diffing the raw texts word by word (the official wdiff route, package hoo/wdiff), it
// tokenizes the source and the system text, and lets the M² engine (package scorer) choose,
// sentence by sentence, the system edit sequence that matches the gold edits best. The edits
// are then written back as byte offsets into the raw source, in the HOO edit format.
//
// # Steps
//
//  1. The source is cut into sentences (tokenize.Sentences: prose's segmenter, never across a
//     line break) and Treebank tokens.
//  2. Each gold edit becomes a token edit: the tokens its byte span touches (a span that cuts
//     a token widens to the whole token; such edits are counted in Stats.GoldWidened) are
//     replaced by the tokens of the correction, taken from the tokenization of the sentence
//     with the correction applied, so that context-dependent rules (the sentence's final
//     period, say) tokenize the correction as they tokenize a system text. Only the words
//     around the correction are tokenized again, which the tokenizer's locality allows
//     (Stats.GoldBytesTokenized counts their bytes).
//  3. The system text is aligned with the source: both are tokenized, GNU diff's token-level
//     edit script (internal/worddiff) gives the changed regions, and each source sentence
//     boundary is carried over to the system text. A boundary inside a changed region goes to
//     the region's end, an insertion at a boundary goes with the sentence it is attached to
//     (no white space between them). The system text is then tokenized piece by piece.
//  4. Sentences are merged into one scoring unit when a gold edit or a changed region crosses
//     the boundary between them (Stats.Units against Stats.Sentences).
//  5. Each unit is scored by scorer.Evaluator (u unchanged tokens per edit, every quirk of the
//     official scorer fixed), whose chosen edits are the system's edits.
//  6. Each token edit becomes a byte edit (see below). An edit equal, token for token, to a
//     gold edit is written with that gold edit's offsets and correction: the same change, in
//     the gold's spelling of its white space, which no token can tell apart.
//
// # White space
//
// HOO's gold edits follow a convention, which token edits lose and ByteEdit restores from the
// two texts:
//   - a replacement spans the replaced tokens only, and its correction is the system text's
//     bytes from its first new token to its last;
//   - a deleted word takes one adjoining space, the one after it if there is one, else the
//     one before ("the " in "of the cat"); a deleted token attached to the word before it
//     (a comma) takes none;
//   - an inserted word (after white space or an opening bracket in the system text) stands at
//     the start of the word after it and carries a trailing space ("both " before "texts"), or, at the end of a line, at the end of the word before it
//     with a leading space; inserted punctuation attached to the word before it in the system
//     text (a comma) is inserted at that word's end, and one attached to the word after it
//     (an opening bracket) at that word's start, without a space.
package m2extract
