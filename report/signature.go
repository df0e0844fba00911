package report

import (
	"slices"
	"strconv"
	"strings"

	"maxmatch/scorer"
)

// Signature says how a report's figures were made, in one line, as sacrebleu's signatures do:
// two figures whose signatures are equal were made the same way on the same gold standard and
// can be compared. It holds everything that changes the figures:
//
//		m2|compat:3.2|u:2|beta:0.5|ws-case:no|types:all|sentences:1312|annotators:2|gold:1a2b3c4d|resamples:1000|seed:1|version:v1.2.0
//
//	  - compat: the behaviour reproduced, from the fixes in effect: 3.2, master or fixed when they
//	    are exactly a mode's, otherwise the largest mode they include and "+" each further fix
//	    (3.2+duplicate-gold+gold-order), so that equal behaviours have equal signatures however
//	    they were asked for;
//	  - u, beta, ws-case (--ignore_whitespace_casing: yes or no);
//	  - types: the error types the gold was restricted to (sorted), or all;
//	  - sentences, annotators (distinct ids) and gold, the first 8 hexadecimal digits of the
//	    SHA-256 of the gold file's text (decompressed; "sha256sum GOLD" gives it for a plain file):
//	    which gold standard;
//	  - max-work, max-edges, max-memory (in bytes): only when set to other than their defaults,
//	    which score every known corpus exactly (a sentence over a budget is scored by the bounded
//	    search, and the command warns of it);
//	  - resamples and seed: only on reports with bootstrap intervals or p-values;
//	  - version: of maxmatch.
//
// The number of workers (-j) and the output's format change no figure and are left out.
type Signature struct {
	Options    scorer.Options
	Types      []string // nil: every type
	Sentences  int
	Annotators int
	GoldHash   string // the first 8 hexadecimal digits of the SHA-256 of the gold text
	Resamples  int    // 0: no bootstrap figures
	Seed       uint64
	Version    string
}

// String returns the signature's line.
func (s Signature) String() string {
	o := s.Options
	fields := []string{"m2", "compat:" + compatName(o.Effective()), "u:" + strconv.Itoa(o.MaxUnchangedWords),
		"beta:" + strconv.FormatFloat(o.Beta, 'g', -1, 64), "ws-case:" + yesNo(o.IgnoreWhitespaceCasing)}
	types := "all"
	if s.Types != nil {
		ts := slices.Clone(s.Types)
		slices.Sort(ts)
		types = strings.Join(slices.Compact(ts), ",")
	}
	fields = append(fields, "types:"+types, "sentences:"+strconv.Itoa(s.Sentences), "annotators:"+strconv.Itoa(s.Annotators), "gold:"+s.GoldHash)
	if o.MaxWork != 0 {
		fields = append(fields, "max-work:"+strconv.Itoa(o.MaxWork))
	}
	if o.MaxEdges != 0 {
		fields = append(fields, "max-edges:"+strconv.Itoa(o.MaxEdges))
	}
	if o.MaxMemory != 0 {
		fields = append(fields, "max-memory:"+strconv.FormatInt(o.MaxMemory, 10))
	}
	if s.Resamples > 0 {
		fields = append(fields, "resamples:"+strconv.Itoa(s.Resamples), "seed:"+strconv.FormatUint(s.Seed, 10))
	}
	version := s.Version
	if version == "" {
		version = "unknown"
	}
	return strings.Join(append(fields, "version:"+version), "|")
}

// compatName names the fixes in effect by the largest compatibility mode they include, and
// the further fixes after "+".
func compatName(f scorer.Fix) string {
	mode := scorer.Compat32
	for _, c := range []scorer.Compat{scorer.CompatFixed, scorer.CompatMaster} {
		if f.Has(c.Fixes()) {
			mode = c
			break
		}
	}
	name := mode.String()
	if extra := f &^ mode.Fixes(); extra != 0 {
		name += "+" + strings.ReplaceAll(extra.String(), ",", "+")
	}
	return name
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// SignatureFields reads a signature's line (as String writes it) back into its fields by key:
// "u" → "2", "compat" → "3.2". A field without a key (the leading "m2") is left out.
func SignatureFields(line string) map[string]string {
	fields := map[string]string{}
	for _, f := range strings.Split(line, "|") {
		if k, v, ok := strings.Cut(f, ":"); ok {
			fields[k] = v
		}
	}
	return fields
}
