package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"maxmatch/internal/cli"
)

// The command reference, docs/reference/*.md, and the manual pages, docs/man/*.1, are made from
// the same definitions as the help: every command, its usage, what it does, every flag with
// the values it accepts, its default and its meaning. TestReference fails when they are not
// current; "go generate ./cmd/maxmatch" (go test -run ^TestReference$ -update) rewrites them.

const (
	referenceDir = "../../docs/reference"
	manDir       = "../../docs/man"
)

// documentedCommands are the commands the reference describes: all but the hidden ones, in
// the order of the help.
func documentedCommands(root *cobra.Command) []*cobra.Command {
	cmds := []*cobra.Command{root}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			if sub.Hidden || sub.Name() == "help" && c != root || strings.HasPrefix(sub.Name(), "__") {
				continue
			}
			cmds = append(cmds, sub)
			walk(sub)
		}
	}
	walk(root)
	return cmds
}

// referenceName is the file name of cmd's page: "maxmatch_hoo_eval".
func referenceName(cmd *cobra.Command) string {
	return strings.ReplaceAll(cmd.CommandPath(), " ", "_")
}

// markdownCell escapes text for a cell of a Markdown table.
func markdownCell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ", "<", "&lt;", ">", "&gt;").Replace(s)
}

// flagValueText is what a flag accepts, in words, for the reference.
func flagValueText(fl *pflag.Flag) string {
	if fl.NoOptDefVal != "" {
		return "" // a boolean: given or not
	}
	text := ""
	if v, ok := fl.Value.(cli.Value); ok {
		text = v.Expect()
	}
	if iv, ok := fl.Value.(*cli.IntValue); ok && iv.R.ClampNote != "" {
		text += "; " + iv.R.ClampNote
	}
	return text
}

// flagDefaultText is a flag's default, for the reference: a description when it depends on
// the machine.
func flagDefaultText(fl *pflag.Flag) string {
	if d, ok := fl.Annotations[cli.ReferenceDefault]; ok {
		return d[0]
	}
	if fl.NoOptDefVal != "" {
		return ""
	}
	return fl.DefValue
}

// markdownPage is cmd's page of the reference.
func markdownPage(cmd *cobra.Command) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", cmd.CommandPath())
	if cmd.Short != "" {
		fmt.Fprintf(&b, "%s.\n\n", strings.ToUpper(cmd.Short[:1])+cmd.Short[1:])
	}
	b.WriteString("## Usage\n\n")
	for _, u := range cli.UsageOf(cmd) {
		fmt.Fprintf(&b, "    %s\n", cli.UsageLine(cmd, u))
	}
	fmt.Fprintf(&b, "\n%s\n", strings.TrimSpace(cmd.Long))
	if subs := documentedSubcommands(cmd); len(subs) > 0 {
		b.WriteString("\n## Commands\n\n")
		for _, sub := range subs {
			fmt.Fprintf(&b, "- [%s](%s.md): %s\n", sub.CommandPath(), referenceName(sub), sub.Short)
		}
	}
	b.WriteString("\n## Flags\n\n| Flag | Accepts | Default | Meaning |\n| --- | --- | --- | --- |\n")
	for _, fl := range cli.VisibleFlags(cmd) {
		listed, old := cli.Spellings(cmd.Flags(), fl)
		names := "`" + strings.Join(listed, "`, `") + "`"
		for i, o := range old {
			name, stands, _ := strings.Cut(o, " ")
			old[i] = strings.TrimSpace("`" + name + "` " + stands)
		}
		if len(old) > 0 {
			names += "; old name: " + strings.Join(old, ", ")
		}
		def := flagDefaultText(fl)
		if def != "" {
			def = "`" + def + "`"
			if _, ok := fl.Annotations[cli.ReferenceDefault]; ok {
				def = flagDefaultText(fl)
			}
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", names, markdownCell(flagValueText(fl)), markdownCell(def), markdownCell(fl.Usage))
	}
	b.WriteString("\n## See also\n\n")
	if cmd.HasParent() {
		p := cmd.Parent()
		fmt.Fprintf(&b, "- [%s](%s.md): %s\n", p.CommandPath(), referenceName(p), parentSummary(p))
	}
	if cmd.HasParent() && cmd.Parent().HasParent() {
		root := cmd.Root()
		fmt.Fprintf(&b, "- [%s](%s.md): %s\n", root.CommandPath(), referenceName(root), parentSummary(root))
	}
	if !cmd.HasParent() {
		b.WriteString("- [The guide](../guide.md): what the figures mean, the reports and formats; " +
			"[exactness](../exactness.md): the compatibility modes, the fixes, the bounded cost; " +
			"[the FAQ](../faq.md): every error message and what to do.\n")
	}
	b.WriteString("\nThis page is generated from the command's own definitions (`go generate ./cmd/maxmatch`).\n")
	return b.String()
}

// parentSummary is what a link to a group's page says.
func parentSummary(c *cobra.Command) string {
	if !c.HasParent() {
		return "every command"
	}
	return c.Short
}

// documentedSubcommands are the commands right under cmd that the reference describes.
func documentedSubcommands(cmd *cobra.Command) []*cobra.Command {
	var subs []*cobra.Command
	for _, sub := range cmd.Commands() {
		if !sub.Hidden && sub.Name() != "help" && !strings.HasPrefix(sub.Name(), "__") {
			subs = append(subs, sub)
		}
	}
	if !cmd.HasParent() {
		for _, sub := range cmd.Commands() {
			if sub.Name() == "help" {
				subs = append(subs, sub)
			}
		}
	}
	return subs
}

// roff escapes text for a manual page: backslashes, and a line that starts with a control
// character.
func roff(text string) string {
	text = strings.ReplaceAll(text, `\`, `\e`)
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, ".") || strings.HasPrefix(l, "'") {
			lines[i] = `\&` + l
		}
	}
	return strings.Join(lines, "\n")
}

// manDashes writes the dashes before a flag's name as roff's minus signs: "\-\-beta", "\-j".
func manDashes(flag string) string {
	name := strings.TrimLeft(flag, "-")
	return strings.Repeat(`\-`, len(flag)-len(name)) + name
}

// manName is the name of cmd's manual page: "maxmatch-hoo-eval".
func manName(cmd *cobra.Command) string {
	return strings.ReplaceAll(cmd.CommandPath(), " ", "-")
}

// manPage is cmd's manual page, section 1.
func manPage(cmd *cobra.Command) string {
	var b strings.Builder
	name := manName(cmd)
	short := cmd.Short
	if !cmd.HasParent() {
		short = "the MaxMatch (M²) scorer of grammatical error correction"
	}
	fmt.Fprintf(&b, ".TH %s 1 \"\" \"maxmatch\" \"maxmatch manual\"\n", strings.ToUpper(name))
	fmt.Fprintf(&b, ".SH NAME\n%s \\- %s\n", name, roff(short))
	b.WriteString(".SH SYNOPSIS\n.nf\n")
	for _, u := range cli.UsageOf(cmd) {
		fmt.Fprintf(&b, "%s\n", roff(cli.UsageLine(cmd, u)))
	}
	b.WriteString(".fi\n.SH DESCRIPTION\n")
	for _, para := range strings.Split(strings.TrimSpace(cmd.Long), "\n\n") {
		if strings.HasPrefix(para, "    ") {
			fmt.Fprintf(&b, ".PP\n.RS\n.nf\n%s\n.fi\n.RE\n", roff(strings.TrimSpace(para)))
		} else {
			fmt.Fprintf(&b, ".PP\n%s\n", roff(para))
		}
	}
	if subs := documentedSubcommands(cmd); len(subs) > 0 {
		b.WriteString(".SH COMMANDS\n")
		for _, sub := range subs {
			fmt.Fprintf(&b, ".TP\n.BR %s (1)\n%s\n", manName(sub), roff(sub.Short))
		}
	}
	b.WriteString(".SH OPTIONS\n")
	for _, fl := range cli.VisibleFlags(cmd) {
		listed, old := cli.Spellings(cmd.Flags(), fl)
		for i, name := range listed {
			listed[i] = manDashes(name)
		}
		names := strings.Join(listed, ", ")
		if fl.NoOptDefVal == "" {
			names += " " + strings.ToUpper(fl.Value.Type())
		}
		text := cli.FlagDescription(fl, true)
		if len(old) > 0 {
			text += " Old name, still taken: " + strings.Join(old, ", ") + "."
		}
		fmt.Fprintf(&b, ".TP\n.B %s\n%s\n", names, roff(text))
	}
	b.WriteString(".SH SEE ALSO\n")
	var also []string
	for p := cmd.Parent(); p != nil; p = p.Parent() {
		also = append(also, ".BR "+manName(p)+" (1)")
	}
	if len(also) == 0 {
		also = append(also, "In maxmatch's repository: docs/guide.md (the figures, the reports and formats), "+
			"docs/exactness.md (the modes, the fixes, the bounded cost), docs/faq.md (every error message) and docs/reference.")
	}
	b.WriteString(strings.Join(also, ",\n") + "\n")
	return b.String()
}

// referenceFiles are the reference's and the manual's files, by path.
func referenceFiles() map[string]string {
	files := map[string]string{}
	root := (&app{}).newRoot()
	var index strings.Builder
	for _, cmd := range documentedCommands(root) {
		files[filepath.Join(referenceDir, referenceName(cmd)+".md")] = markdownPage(cmd)
		files[filepath.Join(manDir, manName(cmd)+".1")] = manPage(cmd)
		fmt.Fprintf(&index, "- [%s](%s.md): %s\n", cmd.CommandPath(), referenceName(cmd), parentSummary(cmd))
	}
	files[filepath.Join(referenceDir, "README.md")] = "# The maxmatch command reference\n\n" +
		"Every command, its usage and every flag: the values it accepts, its default, its meaning. The\n" +
		"same text as `maxmatch help COMMAND`; the manual pages in `docs/man` hold it too\n" +
		"(`man docs/man/maxmatch-score.1`).\n\n" + index.String() +
		"\nEach flag is listed under every name it is taken by: the official scorer's flags in its\n" +
		"spelling, with underscores, and in ours, with dashes (`--max_unchanged_words`,\n" +
		"`--max-unchanged-words`); any other flag may be written with underscores too (`--max_memory`).\n" +
		"An old name, kept for scripts, is still taken, with a warning that names the flag it stands for.\n" +
		"\nThese pages are generated from the command's own definitions: `go generate ./cmd/maxmatch`\n" +
		"rewrites them, and `go test ./cmd/maxmatch` fails when they are not current.\n"
	return files
}

// TestReference checks that docs/reference and docs/man hold what the command's definitions
// make, no more and no less; -update rewrites them.
func TestReference(t *testing.T) {
	want := referenceFiles()
	var have []string
	for _, dir := range []string{referenceDir, manDir} {
		entries, err := os.ReadDir(dir)
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		for _, e := range entries {
			have = append(have, filepath.Join(dir, e.Name()))
		}
	}
	if *update {
		for _, path := range have {
			if _, ok := want[path]; !ok {
				if err := os.Remove(path); err != nil {
					t.Fatal(err)
				}
			}
		}
		for path, text := range want {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	for _, path := range have {
		if _, ok := want[path]; !ok {
			t.Errorf("%s is not made by any command's definitions: run go generate ./cmd/maxmatch", path)
		}
	}
	paths := make([]string, 0, len(want))
	for p := range want {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	for _, path := range paths {
		got, err := os.ReadFile(path)
		if err != nil || !bytes.Equal(got, []byte(want[path])) {
			t.Errorf("%s is not current (%v): run go generate ./cmd/maxmatch", path, err)
		}
	}
}

// TestREADMECommands checks that the README's table of commands links every command's
// reference page, as its help lists them: "maxmatch merge" had a page and no row.
func TestREADMECommands(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(readme), "\n## Commands\n")
	if !ok {
		t.Fatal("README.md has no section ## Commands")
	}
	table, _, _ = strings.Cut(table, "\n## ")
	for _, cmd := range documentedCommands((&app{}).newRoot()) {
		if cmd.HasSubCommands() || cmd.Name() == "help" {
			continue // the command itself, and hoo, which groups the HOO commands
		}
		row := fmt.Sprintf("| [`%s`](docs/reference/%s.md) |", cmd.CommandPath(), referenceName(cmd))
		if !strings.Contains(table, "\n"+row) {
			t.Errorf("README.md's table of commands has no row %s…", row)
		}
	}
}
