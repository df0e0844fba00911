// Package fragment finds and reads the files of HOO shared-task directories. A fragment is one
// text of the data, numbered NNNN (four digits); its files are named by one pattern each:
//
//	NNNN.txt      the raw text (the source)
//	NNNNGE.xml    its gold edits
//	NNNNxxN.txt   a system's corrected text (xx: two letters, the team; N: one digit, the run)
//	NNNNxxN.xml   a system's edits
//
// Every HOO command finds its files through ReadDir, so that they all agree on what a file of
// the data is. The official tools pair files by prefix instead (a system file belongs to
// fragment NNNN when its name starts with NNNN), so that 0001XX1.txt.bak or "0001XX1 copy.txt"
// is scored as a system of its own, or overwrites the output of 0001XX1.txt; here such a name
// is no file of the data, and ReadDir lists it among the ignored ones for a warning.
//
// Texts are read by ReadText and edit files by ReadEdits, which give one kind of error for
// text that is not UTF-8 (file, line, column and byte offset); CheckSpans checks gold edits
// against their raw text.
package fragment

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"maxmatch/hoo/edits"
	"maxmatch/internal/textcheck"
	"maxmatch/internal/wording"
	"maxmatch/membudget"
)

// Kind is the role of a file in the data.
type Kind uint8

const (
	Raw         Kind = iota + 1 // NNNN.txt
	Gold                        // NNNNGE.xml
	SystemText                  // NNNNxxN.txt
	SystemEdits                 // NNNNxxN.xml
)

// Patterns lists the names of the four kinds, for messages.
const Patterns = "NNNN.txt, NNNNGE.xml, NNNNxxN.txt or NNNNxxN.xml"

// Noun names the kind in messages ("raw text").
func (k Kind) Noun() string {
	switch k {
	case Raw:
		return "raw text"
	case Gold:
		return "gold edit file"
	case SystemText:
		return "system text"
	case SystemEdits:
		return "system edit file"
	}
	return "file"
}

// Count is n files of the kind ("2 raw texts").
func (k Kind) Count(n int) string { return wording.Plural(n, k.Noun()) }

// Pattern is the kind's name pattern ("NNNN.txt").
func (k Kind) Pattern() string {
	switch k {
	case Raw:
		return "NNNN.txt"
	case Gold:
		return "NNNNGE.xml"
	case SystemText:
		return "NNNNxxN.txt"
	case SystemEdits:
		return "NNNNxxN.xml"
	}
	return ""
}

// Name is a file name of the data, taken apart.
type Name struct {
	Kind     Kind
	Fragment string // NNNN
	Team     string // xx, for the system kinds
	Run      string // N, for the system kinds
}

// ParseName takes a file name (without directory) apart; ok is false when it is none of the
// four patterns.
func ParseName(file string) (n Name, ok bool) {
	stem, ext, found := strings.Cut(file, ".")
	if !found || (ext != "txt" && ext != "xml") || len(stem) < 4 || !isDigits(stem[:4]) {
		return Name{}, false
	}
	n.Fragment = stem[:4]
	rest := stem[4:]
	switch {
	case rest == "" && ext == "txt":
		n.Kind = Raw
	case rest == "GE" && ext == "xml":
		n.Kind = Gold
	case len(rest) == 3 && isLetter(rest[0]) && isLetter(rest[1]) && isDigits(rest[2:]):
		n.Team, n.Run = rest[:2], rest[2:]
		n.Kind = SystemText
		if ext == "xml" {
			n.Kind = SystemEdits
		}
	default:
		return Name{}, false
	}
	return n, true
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isLetter(c byte) bool { return 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' }

// Stem is the file's name without its extension: NNNN, NNNNGE or NNNNxxN.
func (n Name) Stem() string {
	switch n.Kind {
	case Gold:
		return n.Fragment + "GE"
	case SystemText, SystemEdits:
		return n.Fragment + n.Team + n.Run
	}
	return n.Fragment
}

// File is the file's name: the stem and its extension.
func (n Name) File() string {
	if n.Kind == Gold || n.Kind == SystemEdits {
		return n.Stem() + ".xml"
	}
	return n.Stem() + ".txt"
}

// Dir is the files of one kind in a directory.
type Dir struct {
	Path  string
	Kind  Kind
	Files []Name // sorted by name
	// Ignored are the paths of the entries that are no file of the data (hidden ones, whose
	// names start with a dot, aside), each with the reason, for a warning.
	Ignored []Ignored
	// Others counts the files of the other kinds, which ReadDir skips without a warning: a
	// system's texts and its edit files may share a directory.
	Others map[Kind]int
}

// Ignored is an entry of a directory that is no file of the data.
type Ignored struct {
	Path   string
	Reason string
}

func (ig Ignored) String() string { return ig.Path + ": " + ig.Reason }

// ReadDir lists the files of kind in dir. Names that start with a dot are skipped, as the
// official tools skip them; other entries that are not regular files of one of the four
// patterns are listed in Ignored. It is an error when there is no file of the kind.
func ReadDir(dir string, kind Kind) (*Dir, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the path is said first
		}
		return nil, fmt.Errorf("%s: cannot read the directory: %w; expected a directory of %s %s", dir, err, wording.Noun(2, kind.Noun()), kind.Pattern())
	}
	d := &Dir{Path: dir, Kind: kind, Others: map[Kind]int{}}
	for _, e := range entries {
		file := e.Name()
		if strings.HasPrefix(file, ".") {
			continue
		}
		path := filepath.Join(dir, file)
		n, ok := ParseName(file)
		if !ok && isDir(e, path) {
			d.Ignored = append(d.Ignored, Ignored{path, "ignored: a directory; subdirectories are not read"})
			continue
		}
		if !ok {
			d.Ignored = append(d.Ignored, Ignored{path, "ignored: not a file name of the HOO data (" + Patterns + ")"})
			continue
		}
		if !regular(e, path) {
			d.Ignored = append(d.Ignored, Ignored{path, "ignored: not a regular file"})
			continue
		}
		if n.Kind != kind {
			d.Others[n.Kind]++
			continue
		}
		d.Files = append(d.Files, n)
	}
	slices.SortFunc(d.Files, func(a, b Name) int { return strings.Compare(a.File(), b.File()) })
	if len(d.Files) == 0 {
		return nil, d.noFiles()
	}
	return d, nil
}

// isDir reports whether a directory entry is a directory, or a link to one.
func isDir(e fs.DirEntry, path string) bool {
	if e.IsDir() {
		return true
	}
	fi, err := os.Stat(path)
	return e.Type()&fs.ModeSymlink != 0 && err == nil && fi.IsDir()
}

// regular reports whether a directory entry is a regular file, or a link to one.
func regular(e fs.DirEntry, path string) bool {
	if e.Type().IsRegular() {
		return true
	}
	if e.Type()&fs.ModeSymlink == 0 {
		return false
	}
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}

func (d *Dir) noFiles() error {
	msg := fmt.Sprintf("%s: no %s (%s): expected e.g. %s", d.Path, d.Kind.Noun(), d.Kind.Pattern(),
		Name{Kind: d.Kind, Fragment: "0001", Team: "XX", Run: "1"}.File())
	var others []string
	for _, k := range []Kind{Raw, Gold, SystemText, SystemEdits} {
		if n := d.Others[k]; n > 0 {
			others = append(others, k.Count(n)+" "+k.Pattern())
		}
	}
	if len(others) > 0 {
		msg += "; it holds " + strings.Join(others, ", ")
	}
	if len(d.Ignored) > 0 {
		// The warnings are not printed when there is nothing to read: the first is named here.
		first := d.Ignored[0].Path + ": " + strings.TrimPrefix(d.Ignored[0].Reason, "ignored: ")
		if len(d.Ignored) > 1 {
			first = "the first " + first
		}
		msg += fmt.Sprintf("; %s ignored (%s)", wording.Plural(len(d.Ignored), "other entry"), first)
	}
	return errors.New(msg)
}

// PathOf returns the path of n in the directory.
func (d *Dir) PathOf(n Name) string { return filepath.Join(d.Path, n.File()) }

// Find returns the path of fragment n.Fragment's file in d, a directory of raw texts or gold
// edits, for the file n at needPath (a system text needs its raw text, say); it is an error
// naming both when there is none.
func (d *Dir) Find(n Name, needPath string) (string, error) {
	for _, m := range d.Files {
		if m.Fragment == n.Fragment {
			return d.PathOf(m), nil
		}
	}
	want := d.PathOf(Name{Kind: d.Kind, Fragment: n.Fragment})
	return "", fmt.Errorf("%s: no %s %s: expected the %s of every %s", needPath, d.Kind.Noun(), want, d.Kind.Noun(), n.Kind.Noun())
}

// ReadText reads a raw or system text, which must be UTF-8.
func ReadText(path string) (string, error) {
	data, err := readWhole(path)
	if err != nil {
		return "", err
	}
	if err := CheckUTF8(path, data); err != nil {
		return "", err
	}
	return string(data), nil
}

// ReadEdits reads an edit file (gold or system): UTF-8 XML with an <edits> element (package
// edits; an empty file is an error).
func ReadEdits(path string) ([]edits.Edit, error) {
	data, err := readWhole(path)
	if err != nil {
		return nil, err
	}
	if err := CheckUTF8(path, data); err != nil {
		return nil, err
	}
	return edits.Read(path, bytes.NewReader(data))
}

// FileTooLargeError is a HOO file longer than the most one file read whole may take.
type FileTooLargeError struct {
	Path   string
	Limit  int64  // bytes
	Budget string // the memory budget the limit is a share of, and where it comes from
}

func (e *FileTooLargeError) Error() string {
	return fmt.Sprintf("%s: the file is longer than %s, the most a HOO file may take (it is read whole: a sixteenth of the memory budget, %s); expected a text of one shared-task fragment", e.Path, membudget.Bytes(e.Limit), e.Budget)
}

// readWhole reads the file at path whole, as the HOO tools do (a fragment is a short text),
// within what one line may take of the default memory budget (membudget.LineBytes): a larger
// file, or a stream that never ends, is a FileTooLargeError rather than the runtime's
// out-of-memory error.
func readWhole(path string) ([]byte, error) {
	budget, source := membudget.Default()
	return readWithin(path, &FileTooLargeError{Path: path, Limit: membudget.LineBytes(budget), Budget: membudget.Bytes(budget) + ": " + source})
}

// readWithin reads the file at path whole if it holds at most tooLarge.Limit bytes, and
// returns tooLarge otherwise; a regular file is refused by its size before it is read.
func readWithin(path string, tooLarge *FileTooLargeError) ([]byte, error) {
	limit := tooLarge.Limit
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && info.Mode().IsRegular() && info.Size() > limit {
		return nil, tooLarge
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, tooLarge
	}
	return data, nil
}

// CheckUTF8 returns an error naming the first byte of data that is not UTF-8: its line, column
// and offset in the file called name.
func CheckUTF8(name string, data []byte) error {
	if utf8.Valid(data) {
		return nil
	}
	off := textcheck.FirstInvalidUTF8(data)
	line, col := textcheck.LineCol(data, off)
	return fmt.Errorf("%s:%d:%d: invalid UTF-8: byte 0x%02x at byte offset %d of the file; expected UTF-8 text", name, line, col, data[off], off)
}

// CheckSpans checks that every gold edit lies within its raw text, raw, and that its offsets
// fall between characters (an offset inside a multi-byte character would split it, and the
// text with the edit applied would not be UTF-8): the first that does not is an *edits.Error.
func CheckSpans(goldPath string, gold []edits.Edit, rawPath, raw string) error {
	for _, e := range gold {
		bad := func(format string, args ...any) error {
			return &edits.Error{File: goldPath, Line: e.Line, Index: e.Index, Msg: fmt.Sprintf("span %d–%d ", e.Start, e.End) + fmt.Sprintf(format, args...)}
		}
		if e.End > len(raw) {
			return bad("ends beyond the %s of %s: expected byte offsets into the raw text", wording.Plural(len(raw), "byte"), rawPath)
		}
		for _, off := range []int{e.Start, e.End} {
			if off < len(raw) && !utf8.RuneStart(raw[off]) {
				first := off
				for first > 0 && !utf8.RuneStart(raw[first]) {
					first--
				}
				r, size := utf8.DecodeRuneInString(raw[first:])
				return bad("splits the character %q, bytes %d–%d of %s, at %d: expected byte offsets between characters", r, first, first+size, rawPath, off)
			}
		}
	}
	return nil
}

// ReadSource reads a raw text and its gold edit file and checks that every gold edit lies
// within the text: what every tool that applies, extracts against or compares with gold edits
// reads first.
func ReadSource(rawPath, goldPath string) (raw string, gold []edits.Edit, err error) {
	if raw, err = ReadText(rawPath); err != nil {
		return "", nil, err
	}
	if gold, err = ReadEdits(goldPath); err != nil {
		return "", nil, err
	}
	if err := CheckSpans(goldPath, gold, rawPath, raw); err != nil {
		return "", nil, err
	}
	return raw, gold, nil
}

// A TextPair is a system text and the raw text it corrects.
type TextPair struct {
	System, Raw string // paths
	Name        Name   // the system text's
}

// PairTexts pairs each system text of sys with its raw text in raw, which it must have.
func PairTexts(raw, sys *Dir) ([]TextPair, error) {
	pairs := make([]TextPair, 0, len(sys.Files))
	for _, n := range sys.Files {
		p := TextPair{System: sys.PathOf(n), Name: n}
		var err error
		if p.Raw, err = raw.Find(n, p.System); err != nil {
			return nil, err
		}
		pairs = append(pairs, p)
	}
	return pairs, nil
}
