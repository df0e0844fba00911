// Package tokenize cuts text into Penn-Treebank-style word tokens and sentences, and keeps,
// for every token, the bytes of the original text it came from.
//
// # Words
//
// Words reproduces the tokens of NLTK's TreebankWordTokenizer (NLTK 3.8, tokenize with its
// defaults) on one sentence: contractions split ("don't" → "do n't", "it's" → "it 's",
// "cannot" → "can not"), punctuation split off ("cat." → "cat ." at the end of the sentence
// only, commas, colons, semicolons, brackets, "?", "!", "--", "..."), and straight double
// quotes normalised as NLTK writes them: an opening one to two backquotes, a closing one to
// two apostrophes (a pair of apostrophes after a space or an opening bracket counts as an
// opening quote too). Brackets stay as
// they are: NLTK converts them to -LRB- and the like only on request. Periods inside the
// sentence stay attached ("Mr.", "e.g.", "York."), since NLTK splits only the sentence's
// final period: Words must therefore be given one sentence at a time (see Sentences).
//
// NLTK rewrites a string with a fixed list of regular-expression substitutions, in a fixed
// order, and then splits the result on white space. Words applies the same substitutions,
// in the same order, written from their documented behaviour, to a string in which every
// byte remembers which bytes of the original it came from. Each token then has two faces:
// Text, its normalised form (what NLTK returns), and Start and End, the bytes of the
// original it covers. This is why the rules are emulated rather than the tokens aligned to
// the text afterwards: alignment guesses where a normalised quote came from; the emulation
// knows. Where Python's regular expressions and Go's differ (Unicode \d, \s and \b, the
// end-of-string $, a look-ahead) the rules are written so that they match what Python
// matches.
//
// White space is Python 3's (str.isspace: Go's unicode.IsSpace plus U+001C–U+001F), since
// NLTK splits with str.split. The invariant, fuzzed by FuzzWords: tokens are in order, do
// not overlap, are never empty, and the bytes between them are white space only; every
// byte that is not white space belongs to a token.
//
// Agreement with NLTK is measured by tokenize/nltkcompare; tokenize/testdata holds NLTK's own
// output on sentences we wrote, which the tests compare with.
//
// Words is local. Take a sentence that starts and ends with a character that is not white
// space, and its words, the runs of such characters. Each word's tokens are those of the word
// alone, given only the character before it and the one after it, or the sentence's start
// and end. No rule reads more than one character of white space beside a word: a space before
// an opening quote or a "'tis", after a closing quote or a contraction (a tab does not do),
// the sentence's start for an opening quote, its end for a final period, colon or comma. The
// one rule whose matches can follow one another across white space (an apostrophe, then a
// space, which is then not the start of the next match) changes only the spaces around
// apostrophes that stand alone, not where tokens end. FuzzWordsLocal states it;
// hoo/m2extract relies on it to tokenize again only the words around a gold correction, not
// its whole sentence.
//
// # Sentences
//
// Sentences cuts a text into lines first and each line into sentences with prose's
// segmenter (github.com/jdkato/prose/v3/segment, a Punkt model), then tokenizes each
// sentence with Words. A sentence never crosses a line break: HOO texts hold one paragraph
// per line, and a heading without a final period must not run into the next paragraph.
//
// # Offsets
//
// Offsets are byte offsets. Cover maps a byte span to the tokens it touches (widening a span
// that cuts a token to the whole token) and Span maps a token range back to bytes; RuneOffset
// and ByteOffset convert between byte and character (code point) offsets.
package tokenize
