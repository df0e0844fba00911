package main

// veryVerboseNote is printed on stderr for --very_verbose, which prints the -v output.
const veryVerboseNote = "--very_verbose prints the -v output; the official scorer's further output " +
	"(its Levenshtein matrices, back-pointers, edit dictionaries, graphs and the traces of its closure and weights) " +
	"is not reproduced: it describes the official's own data structures, in CPython 2's dict order, not the scores (see the README)"

// sentenceOutputs returns the flags of the per-sentence outputs chosen, in the order of the
// usage.
func sentenceOutputs(f scoreFlags) []string {
	var chosen []string
	for _, o := range []struct {
		on   bool
		name string
	}{{f.verbose, "-v"}, {f.explain, "--explain"}, {f.jsonl, "--jsonl"}, {f.perSentence, "--per-sentence"}} {
		if o.on {
			chosen = append(chosen, o.name)
		}
	}
	return chosen
}

// exclusiveSentenceOutputs returns why the per-sentence outputs chosen cannot be combined, or "":
// each prints every sentence in its own format.
func exclusiveSentenceOutputs(f scoreFlags) string {
	chosen := sentenceOutputs(f)
	if len(chosen) < 2 {
		return ""
	}
	// --jsonl with --per-sentence adds fields to each sentence's object: they combine.
	if len(chosen) == 2 && f.jsonl && f.perSentence {
		return ""
	}
	return chosen[0] + " and " + chosen[1] + " are exclusive: each prints every sentence in its own format"
}
