package main

// veryVerboseNote is printed on stderr for --very_verbose, which prints the -v output.
const veryVerboseNote = "--very_verbose prints the -v output; the official scorer's further output " +
	"(its Levenshtein matrices, back-pointers, edit dictionaries, graphs and the traces of its closure and weights) " +
	"is not reproduced: it describes the official's own data structures, in CPython 2's dict order, not the scores (see the README)"
