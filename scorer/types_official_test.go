package scorer_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"maxmatch/internal/oracle"
	"maxmatch/scorer"
)

// restrictM2Text is the type restriction done on the text of an M2 file, independently of
// RestrictTypes, to make the files the official scorer is run on: in each block, the A lines
// of other types are removed, and an annotator whose every A line went gets a noop line, so
// that it stays in the sentence as RestrictTypes keeps it.
func restrictM2Text(text string, types []string) string {
	var out strings.Builder
	for _, block := range strings.Split(strings.TrimRight(text, "\n"), "\n\n") {
		var seen, kept []string
		for _, line := range strings.Split(block, "\n") {
			if !strings.HasPrefix(line, "A ") {
				out.WriteString(line + "\n")
				continue
			}
			fields := strings.Split(line, "|||")
			annotator := strings.TrimSpace(fields[len(fields)-1])
			if !slices.Contains(seen, annotator) {
				seen = append(seen, annotator)
			}
			if fields[1] == "noop" || slices.Contains(types, fields[1]) {
				out.WriteString(line + "\n")
				kept = append(kept, annotator)
			}
		}
		for _, a := range seen {
			if !slices.Contains(kept, a) {
				out.WriteString("A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||" + a + "\n")
			}
		}
		out.WriteString("\n")
	}
	return out.String()
}

// restrictedFigures are the official scorer's (release 3.2, -v) results on the CoNLL-2014
// submissions against official-2014.combined.m2 restricted to error types by restrictM2Text:
// the chosen annotators' totals, the three printed lines, and the SHA-256 of every sentence as
// oracle.Sentence.String renders it (annotators visited, edit sequences, gold counts, correct
// edits, the chosen annotator). Recorded with MAXMATCH_M2SCORER set (see
// TestRestrictTypesMatchesOfficial).
var restrictedFigures = []restrictedFigure{
	{"ArtOrDet,Nn,Prep,SVA,Vform", "AMU", 287, 1176, 921, "Precision   : 0.2440\nRecall      : 0.3116\nF_0.5       : 0.2551", "093f27c9559190eb6f3883a346b100e0be3abdde24a6a91245d3422598e87e24"},
	{"ArtOrDet,Nn,Prep,SVA,Vform", "CAMB", 498, 1882, 1033, "Precision   : 0.2646\nRecall      : 0.4821\nF_0.5       : 0.2909", "a32002a62d0c3e198311af08d22b157f2ca2ff86cba107b8fe2701ec99174aa9"},
	{"ArtOrDet,Nn,Prep,SVA,Vform", "CUUI", 546, 1463, 1065, "Precision   : 0.3732\nRecall      : 0.5127\nF_0.5       : 0.3947", "abc88a57edcc0b4de93efc75a8da06874e76077fbe5b6774d691b0878111dd29"},
	{"ArtOrDet,Nn,Prep,SVA,Vform", "IITB", 17, 91, 758, "Precision   : 0.1868\nRecall      : 0.0224\nF_0.5       : 0.0758", "4a9b000388077a089c801f1c1cf6ead97e1dca78db6616b437a3a39002e39ab1"},
	{"ArtOrDet,Nn,Prep,SVA,Vform", "INPUT", 0, 0, 744, "Precision   : 1.0000\nRecall      : 0.0000\nF_0.5       : 0.0000", "7fef5b8d8e0b79e668b78b574982b714219e3f3845115e8eb7e264290c86de99"},
	{"ArtOrDet,Nn,Prep,SVA,Vform", "IPN", 40, 515, 773, "Precision   : 0.0777\nRecall      : 0.0517\nF_0.5       : 0.0706", "efea8a115d9322d0ecaae2bdda4ab780e08d75c27c038b61e3f99f5c3dba5c71"},
	{"ArtOrDet,Nn,Prep,SVA,Vform", "NTHU", 392, 1246, 984, "Precision   : 0.3146\nRecall      : 0.3984\nF_0.5       : 0.3284", "a1cabdb9960b1b2b24d5e8bb2c33b8516a4d68102e6dea8f8f1acb74d9887554"},
	{"ArtOrDet,Nn,Prep,SVA,Vform", "PKU", 173, 918, 865, "Precision   : 0.1885\nRecall      : 0.2000\nF_0.5       : 0.1907", "9c5738c186e4b2c769105caada4e3010400ecae26cde16c7218dc8a0683542c9"},
	{"ArtOrDet,Nn,Prep,SVA,Vform", "POST", 391, 1485, 984, "Precision   : 0.2633\nRecall      : 0.3974\nF_0.5       : 0.2824", "bae408904f19b12aec234bd7c74922ff3fffa73d998ed00c225611f427f5e7e7"},
	{"ArtOrDet,Nn,Prep,SVA,Vform", "RAC", 151, 981, 858, "Precision   : 0.1539\nRecall      : 0.1760\nF_0.5       : 0.1579", "81f3056ed94355d3113ec363708284fc5a626be4605c01aea283a15913f204f7"},
	{"ArtOrDet,Nn,Prep,SVA,Vform", "SJTU", 94, 351, 804, "Precision   : 0.2678\nRecall      : 0.1169\nF_0.5       : 0.2129", "0ce21d42a8987b83d4883861d2c1ee4d07c9433cd64961489e79671da5758440"},
	{"ArtOrDet,Nn,Prep,SVA,Vform", "UFC", 34, 50, 767, "Precision   : 0.6800\nRecall      : 0.0443\nF_0.5       : 0.1758", "b82927ceede1add98cb0afa9920da701f08600a3a9931c986b0cc022b02424f1"},
	{"ArtOrDet,Nn,Prep,SVA,Vform", "UMC", 183, 1022, 849, "Precision   : 0.1791\nRecall      : 0.2155\nF_0.5       : 0.1853", "cb405900be53471803822ebc6c406f9d10742b267eb42a7425aebf4f3b07b09b"},
	{"Wci", "AMU", 41, 1112, 199, "Precision   : 0.0369\nRecall      : 0.2060\nF_0.5       : 0.0441", "904403bdae40508917b11649fde80b7dbb8872a79df98fb8d1e43baf4bbbc4ff"},
	{"Wci", "CAMB", 40, 1741, 197, "Precision   : 0.0230\nRecall      : 0.2030\nF_0.5       : 0.0279", "7c854ac4551aded61cc31c13b43cc03fed9ac5664d8a52a451764daa85f1700e"},
	{"Wci", "CUUI", 4, 1317, 170, "Precision   : 0.0030\nRecall      : 0.0235\nF_0.5       : 0.0037", "3bdc63b41620c88f38b00bfd5e18c113d3d224ebd58994e0addb9b3bb96f0c41"},
	{"Wci", "IITB", 1, 88, 168, "Precision   : 0.0114\nRecall      : 0.0060\nF_0.5       : 0.0096", "20fff69d89120b7aeae17fad1111c49756bcb0f47aec10bace347b6dcf500747"},
	{"Wci", "INPUT", 0, 0, 168, "Precision   : 1.0000\nRecall      : 0.0000\nF_0.5       : 0.0000", "b7935178465a2f60e160f67f948fe5fa07ee2cc0d5ab5ee7412fb17ee4f7a9ea"},
	{"Wci", "IPN", 1, 511, 168, "Precision   : 0.0020\nRecall      : 0.0060\nF_0.5       : 0.0023", "ad75fc3c590ee7b5ad82245540bbdba032ca44f23460d4747ab422aff85e5aad"},
	{"Wci", "NTHU", 3, 1132, 170, "Precision   : 0.0027\nRecall      : 0.0176\nF_0.5       : 0.0032", "00ae3807e428e010c609012847810d6d0feea1224d3b555625f66992953a73d8"},
	{"Wci", "PKU", 7, 892, 174, "Precision   : 0.0078\nRecall      : 0.0402\nF_0.5       : 0.0094", "32b806e5f529f21c2dc085025774d87a6697f9eeebc76a0f0dc5f6afc3c69c0c"},
	{"Wci", "POST", 4, 1413, 170, "Precision   : 0.0028\nRecall      : 0.0235\nF_0.5       : 0.0034", "40ce5d4f5e55ff9488196afc42f46e99dd6e1cc5d105abd3a72408e0c3f292ca"},
	{"Wci", "RAC", 2, 945, 171, "Precision   : 0.0021\nRecall      : 0.0117\nF_0.5       : 0.0025", "c5b85253abb2eeac422f5663ce0840c2bfff65a11b7e2795800db66cc99f2b6d"},
	{"Wci", "SJTU", 0, 344, 168, "Precision   : 0.0000\nRecall      : 0.0000\nF_0.5       : 0.0000", "23dbd6f1018c601e05d34c8555ba7900b4e5496a45800d6c3149b7e420a645fe"},
	{"Wci", "UFC", 0, 50, 168, "Precision   : 0.0000\nRecall      : 0.0000\nF_0.5       : 0.0000", "0a961279c0a0793e221959c54b8715bd12066b485b29a88446c05f4771804443"},
	{"Wci", "UMC", 14, 995, 180, "Precision   : 0.0141\nRecall      : 0.0778\nF_0.5       : 0.0168", "c90065a67648c63dc0213f4c1115e538b0860f524741a88ee05bfc53f617ec98"},
}

type restrictedFigure struct {
	types, system           string
	correct, proposed, gold int
	figures, sentences      string
}

// conll2013Types are the five error types CoNLL-2013 scored.
var conll2013Types = []string{"ArtOrDet", "Nn", "Prep", "SVA", "Vform"}

var restrictedTypeSets = [][]string{conll2013Types, {"Wci"}}

// TestRestrictTypesMatchesOfficial checks RestrictTypes on CoNLL-2014 against the official
// scorer run on a type-restricted M2 file: the restricted gold standard must be the one
// restrictM2Text's file gives, and scoring it must give the official's figures, sentence for
// sentence (restrictedFigures). With MAXMATCH_M2SCORER set to release 3.2's m2scorer.py (and
// MAXMATCH_PYTHON2 to a Python 2.7, default "python2"), it runs the official scorer itself
// and prints the rows of restrictedFigures; the 26 runs take about 15 minutes.
func TestRestrictTypesMatchesOfficial(t *testing.T) {
	conll := filepath.Join(scorer.SharedData(t), "conll14")
	goldText, err := os.ReadFile(filepath.Join(conll, "gold", "official-2014.combined.m2"))
	if err != nil {
		t.Fatal(err)
	}
	gold, err := scorer.ReadM2("official-2014.combined.m2", goldText, 0)
	if err != nil {
		t.Fatal(err)
	}
	official := os.Getenv("MAXMATCH_M2SCORER")
	dir := t.TempDir()
	systems := []string{"AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN", "NTHU", "PKU", "POST", "RAC", "SJTU", "UFC", "UMC"}
	for _, types := range restrictedTypeSets {
		name := strings.Join(types, ",")
		filtered := restrictM2Text(string(goldText), types)
		restricted, err := scorer.RestrictTypes(gold, types)
		if err != nil {
			t.Fatal(err)
		}
		fromText, err := scorer.ReadM2("filtered.m2", []byte(filtered), 0)
		if err != nil {
			t.Fatal(err)
		}
		var a, b bytes.Buffer
		if err := scorer.WriteM2(&a, restricted); err != nil {
			t.Fatal(err)
		}
		if err := scorer.WriteM2(&b, fromText); err != nil {
			t.Fatal(err)
		}
		if a.String() != b.String() {
			t.Fatalf("%s: RestrictTypes differs from the filtered file", name)
		}
		goldPath := filepath.Join(dir, "gold-"+strings.ReplaceAll(name, ",", "-")+".m2")
		if err := os.WriteFile(goldPath, []byte(filtered), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, sys := range systems {
			t.Run(name+"/"+sys, func(t *testing.T) {
				if official != "" {
					t.Parallel() // two official runs at a time
				}
				sysPath := filepath.Join(conll, "systems", sys)
				sysText, err := os.ReadFile(sysPath)
				if err != nil {
					t.Fatal(err)
				}
				ours, err := oracle.Ours(scorer.DefaultOptions(), []byte(filtered), sysText)
				if err != nil {
					t.Fatal(err)
				}
				hyps, err := scorer.ReadSystem(sys, sysText)
				if err != nil {
					t.Fatal(err)
				}
				totals, err := scorer.Score(hyps, restricted, scorer.DefaultOptions(), nil)
				if err != nil {
					t.Fatal(err)
				}
				if got, want := totals.Counts(), runCounts(ours); got != want {
					t.Errorf("RestrictTypes gives %+v, the filtered file %+v", got, want)
				}
				if official != "" {
					off := runOfficial(t, official, sysPath, goldPath)
					if d := oracle.Diff(off, ours); d != "" {
						t.Errorf("differs from the official: %s", d)
					}
					c := runCounts(off)
					t.Logf("{%q, %q, %d, %d, %d, %q, %q},", name, sys, c.Correct, c.Proposed, c.Gold,
						strings.Join(off.Figures, "\n"), sentencesHash(off))
				}
				i := slices.IndexFunc(restrictedFigures, func(f restrictedFigure) bool {
					return f.types == name && f.system == sys
				})
				if i < 0 {
					t.Fatalf("no official figures recorded for %s", sys)
				}
				want := restrictedFigures[i]
				c := totals.Counts()
				if c != (scorer.Counts{Correct: want.correct, Proposed: want.proposed, Gold: want.gold}) {
					t.Errorf("counts %+v, official {%d %d %d}", c, want.correct, want.proposed, want.gold)
				}
				if got := strings.Join(ours.Figures, "\n"); got != want.figures {
					t.Errorf("figures\n%s\nofficial\n%s", got, want.figures)
				}
				if got := sentencesHash(ours); got != want.sentences {
					t.Errorf("the sentences differ from the official's (hash %s, official %s)", got, want.sentences)
				}
			})
		}
	}
}

// runCounts adds up the chosen annotators' counts of a run.
func runCounts(r *oracle.Run) scorer.Counts {
	var c scorer.Counts
	for _, s := range r.Sentences {
		for _, a := range s.Annotators {
			if a.ID == s.Chosen {
				c = c.Add(scorer.Counts{Correct: len(a.Correct), Proposed: len(a.Edits), Gold: a.Gold})
				break
			}
		}
	}
	return c
}

func sentencesHash(r *oracle.Run) string {
	h := sha256.New()
	for _, s := range r.Sentences {
		fmt.Fprint(h, s.String())
	}
	return hex.EncodeToString(h.Sum(nil))
}

func runOfficial(t *testing.T, script, sys, gold string) *oracle.Run {
	python := os.Getenv("MAXMATCH_PYTHON2")
	if python == "" {
		python = "python2"
	}
	cmd := exec.Command(python, script, "-v", sys, gold)
	cmd.Dir = filepath.Dir(script)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("official scorer: %v\n%s", err, stderr.Bytes())
	}
	run, err := oracle.ParseVerbose(out)
	if err != nil {
		t.Fatalf("reading the official output: %v", err)
	}
	return run
}
