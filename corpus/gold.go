package corpus

import (
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"io"

	"maxmatch/input"
	"maxmatch/scorer"
)

// Gold is the gold file of a run, shared by every system scored against it. When the run's
// files are small (see Options.KeepLimit) it is read whole, parsed once and kept, and every
// system is paired with the same sentences; otherwise it is read again for each system, as
// that system is scored. It restricts the gold edits to the error types asked for, and it
// knows what a report's signature says of it: its sentences, its annotators and the hash of
// its text (Identity).
type Gold struct {
	in     *input.File
	reader scorer.M2Reader
	types  []string // the error types to keep; nil: every type

	restrict *scorer.TypeRestriction // once the types are checked against the file's
	kept     bool
	// sentences are the file's sentences, restricted, once loaded (kept); text is the file's
	// text, which they refer to.
	sentences []scorer.Sentence
	text      string
	// surveyed: summary and hash describe the whole file (loaded, or read through by survey).
	surveyed bool
	summary  scorer.GoldSummary
	hash     string // the first 8 hexadecimal digits of the SHA-256 of its text
}

// Identity is what a report's signature says of a gold file.
type Identity struct {
	Sentences, Annotators int
	Hash                  string // the first 8 hexadecimal digits of the SHA-256 of its text
}

// Name is the gold file in messages.
func (g *Gold) Name() string { return g.in.Name() }

// Sentences is the number of sentences of the file, once surveyed or loaded.
func (g *Gold) Sentences() int { return g.summary.Sentences }

// load reads the whole file, parses it once and keeps its sentences, restricted to the types.
func (g *Gold) load() error {
	text, err := g.in.ReadAll()
	if err != nil {
		return err
	}
	sentences, err := g.reader.ReadString(g.in.Name(), text)
	if err != nil {
		return err
	}
	g.text = text // hashed when a signature asks (identity)
	for i := range sentences {
		g.summary.Add(&sentences[i])
	}
	g.surveyed, g.kept = true, true
	if err := g.checkTypes(); err != nil {
		return err
	}
	if g.restrict != nil {
		for i := range sentences {
			sentences[i] = g.restrict.Sentence(&sentences[i])
		}
	}
	g.sentences = sentences
	return nil
}

// survey reads the file through once, building one sentence at a time, for what a file that is
// not kept must say before it is scored: its errors, the types it has (that the types asked
// for are among them), its identity.
func (g *Gold) survey() error {
	if g.surveyed {
		return nil
	}
	r := g.in.Reader()
	defer r.Close()
	h := sha256.New()
	stream := g.reader.Stream(g.in.Name(), io.TeeReader(r, h))
	for {
		s, err := stream.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		g.summary.Add(s)
	}
	g.hash = hashPrefix(h)
	g.surveyed = true
	return g.checkTypes()
}

func hashPrefix(h hash.Hash) string { return hex.EncodeToString(h.Sum(nil)[:4]) }

// hashString is hashPrefix of text's SHA-256, hashed a piece at a time: converting the whole
// text to bytes would copy it.
func hashString(text string) string {
	h := sha256.New()
	var buf [32 << 10]byte
	for len(text) > 0 {
		n := copy(buf[:], text)
		h.Write(buf[:n])
		text = text[n:]
	}
	return hashPrefix(h)
}

// checkTypes checks the types asked for against the file's, which it must have surveyed.
func (g *Gold) checkTypes() error {
	if g.types == nil {
		return nil
	}
	t, err := scorer.NewTypeRestriction(g.types, g.summary.Types())
	if err != nil {
		return typesError{g.in.Name(), err}
	}
	g.restrict = t
	return nil
}

// typesError is an error of the types asked for (--types), which names the gold file.
type typesError struct {
	gold string
	err  error
}

func (e typesError) Error() string { return "--types: " + e.gold + ": " + e.err.Error() }

// stream returns a reader of the file's sentences, restricted to the types, read as they are
// scored: from memory when kept, from the file otherwise (close it when done).
func (g *Gold) stream() (scorer.GoldReader, io.Closer) {
	if g.kept {
		return scorer.GoldSentences(g.in.Name(), g.sentences), io.NopCloser(nil)
	}
	r := g.in.Reader()
	var gr scorer.GoldReader = g.reader.Stream(g.in.Name(), r)
	if g.restrict != nil {
		gr = g.restrict.Reader(gr)
	}
	return gr, r
}

// Identity returns what the signature says of the file, which must have been surveyed.
func (g *Gold) Identity() Identity {
	if g.hash == "" && g.kept {
		g.hash = hashString(g.text)
	}
	return Identity{Sentences: g.summary.Sentences, Annotators: g.summary.Annotators(), Hash: g.hash}
}
