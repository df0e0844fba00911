package main

import (
	"slices"
	"strings"
	"testing"

	"maxmatch/benchcases"
)

func TestParseJoinedChoice(t *testing.T) {
	c, err := parseJoinedChoice(defaultOfficialJoined)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		group  int
		system string
		want   bool
		reason string
	}{
		{5, "NTHU", true, "5:all chooses every file joined by 5"},
		{26, "CAMB", true, "26:CAMB chooses CAMB"},
		{26, "AMU", false, "26:CAMB chooses no other file"},
		{13, "CAMB", false, "no item for 13"},
	} {
		if got := c.has(tc.group, tc.system); got != tc.want {
			t.Errorf("has(%d, %s) = %v: %s", tc.group, tc.system, got, tc.reason)
		}
	}
	if got := c.String(); got != "groups of 5: every file; groups of 26: CAMB" {
		t.Errorf("describe() = %q", got)
	}
	if none, err := parseJoinedChoice("none"); err != nil || none.has(5, "CAMB") || none.String() != "none" {
		t.Errorf("none: %v %v", none, err)
	}
	for _, bad := range []string{"5", "1:all", "x:CAMB", "5:", "5:all,,"} {
		if _, err := parseJoinedChoice(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestSelectFamilies(t *testing.T) {
	defaults, _ := familyNames()
	short, long, err := selectFamilies(strings.Join(defaults, ","))
	if err != nil || len(short) != 4 || !slices.Equal(names(long), []string{"near-identical", "edited", "unrelated-line"}) {
		t.Errorf("defaults: %d short, %v long (%v); want the 4 short families, near-identical, edited and unrelated-line", len(short), names(long), err)
	}
	short, long, err = selectFamilies("unrelated-line,many-gold")
	if err != nil || len(short) != 1 || short[0].Name != "many-gold" || len(long) != 1 || long[0].Name != "unrelated-line" {
		t.Errorf("a short and a long family named: %v %v %v", names(short), names(long), err)
	}
	if short, long, err := selectFamilies("none"); err != nil || len(short)+len(long) != 0 {
		t.Errorf("none: %v %v %v", short, long, err)
	}
	if _, _, err := selectFamilies("near-identical,nosuch"); err == nil || !strings.Contains(err.Error(), `"nosuch"`) {
		t.Errorf("an unknown family: %v", err)
	}
}

func names(fs []benchcases.Family) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Name)
	}
	return out
}

func TestLongSizesAreCapped(t *testing.T) {
	cfg, _, ok := parseFlags(nil) // the defaults
	if !ok {
		t.Fatal("the defaults do not parse")
	}
	run, capped := longSizes(cfg, "edited")
	if !slices.Equal(run, []int{1_000, 3_162, 10_000, 31_623, 100_000}) || !slices.Equal(capped, []int{316_228, 1_000_000}) {
		t.Errorf("edited: run %v, capped %v; its band needs 120 GB at 10⁶ tokens", run, capped)
	}
	if run, capped := longSizes(cfg, "near-identical"); len(run) != 7 || len(capped) != 0 {
		t.Errorf("near-identical: run %v, capped %v; want every size", run, capped)
	}
	for _, bad := range []string{"edited", "edited=0", "short=10", "edited=1e5"} {
		if _, err := parseLongMax(bad); err == nil {
			t.Errorf("-long-max %q accepted", bad)
		}
	}
}

func TestParseChecks(t *testing.T) {
	if got, err := parseChecks(strings.Join(checkNames, ",")); err != nil || !slices.Equal(got, checkNames) {
		t.Errorf("all checks: %v %v", got, err)
	}
	if got, err := parseChecks("none"); err != nil || got != nil {
		t.Errorf("none: %v %v", got, err)
	}
	if _, err := parseChecks("bounded,speed"); err == nil {
		t.Error("an unknown check accepted")
	}
}
