package doctest

import (
	"fmt"
	"strings"
	"testing"
)

// A page's blocks are read with their markers and outputs, and run: a command's status and
// output, "…" standing for lines or for text within a line, and a skipped command.
func TestParseAndRun(t *testing.T) {
	page := "Intro.\n\n<!-- doctest: needs a clone -->\n```console\n$ echo a \\\n  b\na b\n$ false\n[1]\n$ skipped\n```\n\n```python\nprint(1)\n```\nprints\n```\n1\n```\n\n```console\n$ printf 'x 12 s\\ny\\nz\\n'\nx … s\n…\n```\n"
	examples, problems := Parse("page.md", []byte(page))
	if len(problems) > 0 || len(examples) != 3 {
		t.Fatalf("%d examples, problems %q; want 3, none", len(examples), problems)
	}
	if _, ok := examples[0].Marker("needs a clone"); !ok || examples[1].Lang != "python" || !examples[1].HasOutput {
		t.Errorf("markers %q, the second block %q with output %v", examples[0].Markers, examples[1].Lang, examples[1].HasOutput)
	}
	outputs := map[string]string{"echo a \\\n  b": "a b\n", "false": "", "print(1)\n": "1\n", "printf 'x 12 s\\ny\\nz\\n'": "x 12 s\ny\nz\n"}
	statuses := map[string]int{"false": 1}
	// A shell: a console block's script is its commands, each followed by the marker of its
	// status.
	mark := "\nprintf '" + sessionMark + "%d" + sessionMark + "' \"$?\"\n"
	run := func(name string, args ...string) ([]byte, int) {
		text := args[len(args)-1]
		if name != "bash" || !strings.Contains(text, mark) {
			return []byte(outputs[text]), statuses[text]
		}
		var out strings.Builder
		for _, c := range strings.Split(strings.TrimSuffix(text, mark), mark) {
			fmt.Fprintf(&out, "%s%s%d%s", outputs[c], sessionMark, statuses[c], sessionMark)
		}
		return []byte(out.String()), 0
	}
	skip := func(c Command) bool { return c.Text == "skipped" }
	var ran []string
	for _, e := range examples {
		outcomes, err := e.Run(run, "python3", skip)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range outcomes {
			ran = append(ran, o.Text)
			if !o.OK {
				t.Errorf("%s", o.Problem(e))
			}
		}
	}
	if got := strings.Join(ran, "|"); got != "echo a \\\n  b|false|print(1)\n|printf 'x 12 s\\ny\\nz\\n'" {
		t.Errorf("ran %q", got)
	}
	statuses["false"] = 0
	outcomes, _ := examples[0].Run(run, "", skip)
	if outcomes[1].OK || !strings.Contains(outcomes[1].Problem(examples[0]), "exit status 0, expected 1") {
		t.Errorf("a command that should fail and does not: %+v", outcomes[1])
	}
}
