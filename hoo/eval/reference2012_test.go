package eval

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"
)

// hoo2012 returns the shared HOO 2012 data directory, or skips the test.
func hoo2012(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "data", "hoo2012"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("shared data not found at %s (it lives beside the repository as ../shared/data): %v", dir, err)
	}
	return dir
}

var timestampAttr = regexp.MustCompile(`timestamp="([^"]*)"`)

// TestReferenceRuns2012 scores the two HOO 2012 test systems (s12_half, s12_same) against the
// gold g12 with and without bonus and compares our report with evalrun.py's
// (run_s12_*_{bonus,nobonus}.xml, run as "evalrun.py -r REGIME g12 SYSDIR" in the data
// directory) byte for byte, the timestamp set to the official's.
func TestReferenceRuns2012(t *testing.T) {
	data := hoo2012(t)
	for _, sys := range []string{"half", "same"} {
		for _, bonus := range []bool{true, false} {
			regime := map[bool]string{true: "bonus", false: "nobonus"}[bonus]
			t.Run(sys+"_"+regime, func(t *testing.T) {
				want, err := os.ReadFile(filepath.Join(data, "run_s12_"+sys+"_"+regime+".xml"))
				if err != nil {
					t.Fatal(err)
				}
				m := timestampAttr.FindSubmatch(want)
				if m == nil {
					t.Fatal("no timestamp in the official report")
				}
				stamp, err := time.Parse("Mon 02 Jan 2006 03:04PM", string(m[1]))
				if err != nil {
					t.Fatal(err)
				}
				sysDir := "s12_" + sys
				pairs, err := Pairs2012(filepath.Join(data, "g12"), filepath.Join(data, sysDir))
				if err != nil {
					t.Fatal(err)
				}
				counts, crashes, err := Batch2012(pairs, Options2012{Bonus: bonus})
				if err != nil {
					t.Fatal(err)
				}
				if len(crashes) > 0 {
					t.Errorf("crashes found where the official ran: %v", crashes)
				}
				team, run := TeamAndRun(pairs[0].System)
				var got bytes.Buffer
				r := &Run2012{GoldPath: "g12", SysPath: sysDir, Types: "all", Bonus: bonus, Counts: counts, SysID: team, RunID: run, Time: stamp}
				if err := WriteRun2012(&got, r); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got.Bytes(), want) {
					t.Errorf("report differs:\n got\n%s\n want\n%s", got.String(), want)
				}
			})
		}
	}
}
