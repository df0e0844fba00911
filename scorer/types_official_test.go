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

	"maxmatch/m2verbose"
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
// m2verbose.Sentence.String renders it (annotators visited, edit sequences, gold counts, correct
// edits, the chosen annotator). Recorded with MAXMATCH_M2SCORER set (see
// TestRestrictTypesMatchesOfficial).
var restrictedFigures = []restrictedFigure{
	{"ArtOrDet,Nn,Prep,SVA,Vform", "AMU", 287, 1176, 921, "Precision   : 0.2440\nRecall      : 0.3116\nF_0.5       : 0.2551", "2f9525b93a51a6e702339a838ab9be911a821f3eea3e08f3352f110608f7e8c6"},
	{"ArtOrDet,Nn,Prep,SVA,Vform", "CAMB", 498, 1882, 1033, "Precision   : 0.2646\nRecall      : 0.4821\nF_0.5       : 0.2909", "59e4f42a237f8db43de99bab60bc602c67bd96ef5fce261d88f84a429dadd3b0"},
	{"ArtOrDet,Nn,Prep,SVA,Vform", "CUUI", 546, 1463, 1065, "Precision   : 0.3732\nRecall      : 0.5127\nF_0.5       : 0.3947", "5f4b77761ffff71cccd70be1772c5399d2e655939b54609bb603d9be86c3ee0b"},
	{"ArtOrDet,Nn,Prep,SVA,Vform", "IITB", 17, 91, 758, "Precision   : 0.1868\nRecall      : 0.0224\nF_0.5       : 0.0758", "4a9b000388077a089c801f1c1cf6ead97e1dca78db6616b437a3a39002e39ab1"},
	{"ArtOrDet,Nn,Prep,SVA,Vform", "INPUT", 0, 0, 744, "Precision   : 1.0000\nRecall      : 0.0000\nF_0.5       : 0.0000", "7fef5b8d8e0b79e668b78b574982b714219e3f3845115e8eb7e264290c86de99"},
	{"ArtOrDet,Nn,Prep,SVA,Vform", "IPN", 40, 515, 773, "Precision   : 0.0777\nRecall      : 0.0517\nF_0.5       : 0.0706", "380178e9fff478eef82d17833ead46a71fa60607a843cd4b5618cc7cff40aa89"},
	{"ArtOrDet,Nn,Prep,SVA,Vform", "NTHU", 392, 1246, 984, "Precision   : 0.3146\nRecall      : 0.3984\nF_0.5       : 0.3284", "8996a3926ff9c98270847b4e88bf52c6726d2cd9470a7a7917b8bf020cf90a23"},
	{"ArtOrDet,Nn,Prep,SVA,Vform", "PKU", 173, 918, 865, "Precision   : 0.1885\nRecall      : 0.2000\nF_0.5       : 0.1907", "8c6b9d54d140ca47c0ce44c6d05581cb43551f4829b2114e5a574263c8bcd062"},
	{"ArtOrDet,Nn,Prep,SVA,Vform", "POST", 391, 1485, 984, "Precision   : 0.2633\nRecall      : 0.3974\nF_0.5       : 0.2824", "65527286e47a207760c0afb4409e4eddff5f927198ce0c9eb9382ccb5bb4eb0c"},
	{"ArtOrDet,Nn,Prep,SVA,Vform", "RAC", 151, 981, 858, "Precision   : 0.1539\nRecall      : 0.1760\nF_0.5       : 0.1579", "7f1ffd5c41177fcf0d4a2bf34cc0d56311a48f1a084b1f330130c280ed43dc83"},
	{"ArtOrDet,Nn,Prep,SVA,Vform", "SJTU", 94, 351, 804, "Precision   : 0.2678\nRecall      : 0.1169\nF_0.5       : 0.2129", "a4eff7305d71708e484d1e5cec8dc31e86f9574eafba43a749af4121d683da3b"},
	{"ArtOrDet,Nn,Prep,SVA,Vform", "UFC", 34, 50, 767, "Precision   : 0.6800\nRecall      : 0.0443\nF_0.5       : 0.1758", "b82927ceede1add98cb0afa9920da701f08600a3a9931c986b0cc022b02424f1"},
	{"ArtOrDet,Nn,Prep,SVA,Vform", "UMC", 183, 1022, 849, "Precision   : 0.1791\nRecall      : 0.2155\nF_0.5       : 0.1853", "90bf29a3faa85b7779ace5c6b2437109c84099f6bdbbcb1566dc2a968da2b0a5"},
	{"Wci", "AMU", 41, 1112, 199, "Precision   : 0.0369\nRecall      : 0.2060\nF_0.5       : 0.0441", "feeddeb7ec7a5ff19d77f281f39069a950adc30d0d9ae853c53c07c50c46a317"},
	{"Wci", "CAMB", 40, 1741, 197, "Precision   : 0.0230\nRecall      : 0.2030\nF_0.5       : 0.0279", "d2d99746a6235b12ba6688ced67d4e529f81228007560ba17ec0cba64a99394e"},
	{"Wci", "CUUI", 4, 1317, 170, "Precision   : 0.0030\nRecall      : 0.0235\nF_0.5       : 0.0037", "ba1f337536f3df45c93863adbe8ffc8af9fe25a9003c19b5cfda1082477f3250"},
	{"Wci", "IITB", 1, 88, 168, "Precision   : 0.0114\nRecall      : 0.0060\nF_0.5       : 0.0096", "20fff69d89120b7aeae17fad1111c49756bcb0f47aec10bace347b6dcf500747"},
	{"Wci", "INPUT", 0, 0, 168, "Precision   : 1.0000\nRecall      : 0.0000\nF_0.5       : 0.0000", "b7935178465a2f60e160f67f948fe5fa07ee2cc0d5ab5ee7412fb17ee4f7a9ea"},
	{"Wci", "IPN", 1, 511, 168, "Precision   : 0.0020\nRecall      : 0.0060\nF_0.5       : 0.0023", "7b86fcca37e8a7afd252e22768a00642cb3f3fed1c8d3eccb89e298abb10593d"},
	{"Wci", "NTHU", 3, 1132, 170, "Precision   : 0.0027\nRecall      : 0.0176\nF_0.5       : 0.0032", "efc71bd3875a2d74759387bbf9c0d85510c68745988d45a6b76a0ec1a5b3def3"},
	{"Wci", "PKU", 7, 892, 174, "Precision   : 0.0078\nRecall      : 0.0402\nF_0.5       : 0.0094", "5a5b178feaa87b8ee2847124180cb7e651d60152194b9a488579c3146472a166"},
	{"Wci", "POST", 4, 1413, 170, "Precision   : 0.0028\nRecall      : 0.0235\nF_0.5       : 0.0034", "75d101965ab5ef7ae8f96139458d5e0f78a53acaa855be52301505b7e50bb591"},
	{"Wci", "RAC", 2, 945, 171, "Precision   : 0.0021\nRecall      : 0.0117\nF_0.5       : 0.0025", "1bdc13d36175302345605dd34acc6fd0ebcd76a582d36d624bad1c0dcce127eb"},
	{"Wci", "SJTU", 0, 344, 168, "Precision   : 0.0000\nRecall      : 0.0000\nF_0.5       : 0.0000", "724aecfd46d9a0f717dd4ffa80f7aa1854cf46c28f102186ba275d19efd84974"},
	{"Wci", "UFC", 0, 50, 168, "Precision   : 0.0000\nRecall      : 0.0000\nF_0.5       : 0.0000", "0a961279c0a0793e221959c54b8715bd12066b485b29a88446c05f4771804443"},
	{"Wci", "UMC", 14, 995, 180, "Precision   : 0.0141\nRecall      : 0.0778\nF_0.5       : 0.0168", "4737fbdfc9ea106cf78e24e23479daa36b481b6768ef69d5d01d30fb1763e344"},
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
				ours, err := m2verbose.Ours(scorer.DefaultOptions(), []byte(filtered), sysText)
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
					if d := m2verbose.Diff(off, ours); d != "" {
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
func runCounts(r *m2verbose.Run) scorer.Counts {
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

func sentencesHash(r *m2verbose.Run) string {
	h := sha256.New()
	for _, s := range r.Sentences {
		fmt.Fprint(h, s.String())
	}
	return hex.EncodeToString(h.Sum(nil))
}

func runOfficial(t *testing.T, script, sys, gold string) *m2verbose.Run {
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
	run, err := m2verbose.ParseVerbose(out)
	if err != nil {
		t.Fatalf("reading the official output: %v", err)
	}
	return run
}
