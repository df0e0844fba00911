package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"maxmatch/internal/testinputs"
	"maxmatch/version"
)

// epoch is the SOURCE_DATE_EPOCH of the tests' releases (2023-11-14T22:13:20Z).
const epoch = 1700000000

// platform is what a release file for one target must be.
type platform struct {
	target   string
	tags     string // the wheel's platform tags
	format   string // of the command: ELF, Mach-O or PE
	machine  string // the command's architecture, as its header names it
	archive  string // the archive's suffix
	minMacOS string // Mach-O: the tags' macOS, which the command's minimum must not exceed
}

// platforms are the release's targets, as users' tools (pip, their operating system) see them.
var platforms = []platform{
	{"linux/amd64", "manylinux_2_17_x86_64.manylinux2014_x86_64.musllinux_1_1_x86_64", "ELF", elf.EM_X86_64.String(), ".tar.gz", ""},
	{"linux/arm64", "manylinux_2_17_aarch64.manylinux2014_aarch64.musllinux_1_1_aarch64", "ELF", elf.EM_AARCH64.String(), ".tar.gz", ""},
	{"darwin/amd64", "macosx_12_0_x86_64", "Mach-O", macho.CpuAmd64.String(), ".tar.gz", "12.0"},
	{"darwin/arm64", "macosx_12_0_arm64", "Mach-O", macho.CpuArm64.String(), ".tar.gz", "12.0"},
	{"windows/amd64", "win_amd64", "PE", "AMD64", ".zip", ""},
}

// needTools skips the test without go or python3.
func needTools(t *testing.T) {
	t.Helper()
	testinputs.Repository("..")
	for _, tool := range []string{"go", "python3"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not on PATH: the release needs it", tool)
		}
	}
}

// releaseInto runs the release into dist for targets (nil: all) with env (the tests' epoch
// added), and returns the files it wrote, by name.
func releaseInto(t *testing.T, dist string, targets []string, env []string) map[string][]byte {
	t.Helper()
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	env = append(slices.Clone(env), fmt.Sprintf("SOURCE_DATE_EPOCH=%d", epoch))
	listed, err := release(config{repo: repo, out: dist, targets: targets, python: "python3", env: env, log: &log})
	if err != nil {
		t.Fatalf("release: %v\n%s", err, log.String())
	}
	files := map[string][]byte{}
	entries, err := os.ReadDir(dist)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dist, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = data
	}
	if len(listed) != len(files) {
		t.Errorf("release lists %d files and wrote %d", len(listed), len(files))
	}
	for _, f := range listed {
		if data, ok := files[f.name]; !ok || f.size != int64(len(data)) || f.sum != sha256Hex(data) {
			t.Errorf("release lists %s, %d bytes, SHA-256 %s: not what it wrote", f.name, f.size, f.sum)
		}
	}
	return files
}

// TestRelease builds the release for every platform and checks each file as its users' tools
// would: names, checksums, the archives' members, each command's format, architecture and
// linking read from its header, each wheel's tags, record and command (the archive's, byte for
// byte); the command for this machine says it is the release, and the linux/arm64 one runs
// the demo under qemu-aarch64 as this machine's does.
func TestRelease(t *testing.T) {
	needTools(t)
	files := releaseInto(t, filepath.Join(t.TempDir(), "dist"), nil, os.Environ())
	n := version.Number
	want := []string{"maxmatch-" + n + ".tar.gz", "maxmatch_" + n + "_checksums.txt"}
	for _, p := range platforms {
		goos, goarch, _ := strings.Cut(p.target, "/")
		want = append(want, fmt.Sprintf("maxmatch_%s_%s_%s%s", n, goos, goarch, p.archive), fmt.Sprintf("maxmatch-%s-py3-none-%s.whl", n, p.tags))
	}
	slices.Sort(want)
	if got := slices.Sorted(maps.Keys(files)); !slices.Equal(got, want) {
		t.Fatalf("the release's files are\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	var sums strings.Builder
	for _, name := range want {
		if !strings.HasSuffix(name, "_checksums.txt") {
			fmt.Fprintf(&sums, "%s  %s\n", sha256Hex(files[name]), name)
		}
	}
	if got := string(files["maxmatch_"+n+"_checksums.txt"]); got != sums.String() {
		t.Errorf("the checksums file is\n%s\nwant\n%s", got, sums.String())
	}

	commands := map[string][]byte{}
	for _, p := range platforms {
		t.Run(strings.ReplaceAll(p.target, "/", "_"), func(t *testing.T) {
			goos, goarch, _ := strings.Cut(p.target, "/")
			exe := "maxmatch"
			if goos == "windows" {
				exe += ".exe"
			}
			dir := fmt.Sprintf("maxmatch_%s_%s_%s", n, goos, goarch)
			members := readArchive(t, files[dir+p.archive], p.archive)
			want := []string{dir + "/", dir + "/README.md", dir + "/" + exe}
			for _, pattern := range docPages {
				pages, _ := filepath.Glob(filepath.Join("..", filepath.FromSlash(pattern)))
				if len(pages) == 0 {
					t.Fatalf("no documentation page matches %s", pattern)
				}
				want = append(want, dir+"/"+path.Dir(pattern)+"/")
				for _, p := range pages {
					want = append(want, dir+"/"+path.Dir(pattern)+"/"+filepath.Base(p))
				}
			}
			want = append(want, dir+"/docs/")
			slices.Sort(want)
			want = slices.Compact(want)
			if got := slices.Sorted(maps.Keys(members)); !slices.Equal(got, want) {
				t.Fatalf("%s%s holds %q, want %q", dir, p.archive, got, want)
			}
			for name, m := range members {
				mode := "0644"
				switch {
				case strings.HasSuffix(name, "/"):
					mode = "0755"
				case strings.HasSuffix(name, "/"+exe):
					mode = "0755"
				}
				if got := fmt.Sprintf("%04o", m.mode); got != mode || m.modTime != epoch {
					t.Errorf("%s: mode %s, time %d; want %s, SOURCE_DATE_EPOCH %d", name, got, m.modTime, mode, epoch)
				}
			}
			command := members[dir+"/"+exe].data
			commands[p.target] = command
			checkHeader(t, p, command)

			whl := fmt.Sprintf("maxmatch-%s-py3-none-%s.whl", n, p.tags)
			wheel := readArchive(t, files[whl], ".whl")
			inWheel, ok := wheel["maxmatch/bin/"+exe]
			if !ok || !bytes.Equal(inWheel.data, command) || inWheel.mode != 0o755 {
				t.Errorf("%s: maxmatch/bin/%s is not the archive's command, executable", whl, exe)
			}
			info := "maxmatch-" + n + ".dist-info/"
			var tags strings.Builder
			for _, tag := range strings.Split(p.tags, ".") {
				fmt.Fprintf(&tags, "Tag: py3-none-%s\n", tag)
			}
			if got := string(wheel[info+"WHEEL"].data); !strings.HasSuffix(got, "Root-Is-Purelib: false\n"+tags.String()) {
				t.Errorf("%s: WHEEL is\n%s\nwant its tags\n%s", whl, got, tags.String())
			}
			if got, want := string(wheel["maxmatch/_version.py"].data), fmt.Sprintf("VERSION = '%s'\n", n); !strings.HasSuffix(got, want) {
				t.Errorf("%s: _version.py is %q, want it to end %q", whl, got, want)
			}
			checkRecord(t, whl, wheel, info+"RECORD")
		})
	}

	host := runtime.GOOS + "/" + runtime.GOARCH
	command, ok := commands[host]
	if !ok {
		t.Skipf("this machine, %s, is not a platform of the release: the commands are not run", host)
	}
	bin := writeCommand(t, command)
	if got, want := output(t, bin, "version"), "maxmatch "+n+"\nrelease build: the commit is the one tagged v"+n+"\n"; !strings.HasPrefix(got, want) {
		t.Errorf("maxmatch version prints\n%s\nwant it to start\n%s", got, want)
	}
	demo := output(t, bin, "demo")
	qemu, err := exec.LookPath("qemu-aarch64")
	if err != nil {
		t.Skip("qemu-aarch64 is not on PATH: the linux/arm64 command is not run")
	}
	if got := output(t, qemu, writeCommand(t, commands["linux/arm64"]), "demo"); got != demo {
		t.Errorf("the linux/arm64 command's demo under qemu-aarch64 prints\n%s\nthis machine's\n%s", got, demo)
	}
}

// TestReproducible releases this machine's platform twice, the second time with an empty Go
// build cache and into another directory: every file must be the same, byte for byte. (The
// whole release, five platforms, is compared in the release's own runs: this keeps CI short.)
func TestReproducible(t *testing.T) {
	needTools(t)
	host := runtime.GOOS + "/" + runtime.GOARCH
	if !slices.ContainsFunc(platforms, func(p platform) bool { return p.target == host }) {
		t.Skipf("this machine, %s, is not a platform of the release", host)
	}
	first := releaseInto(t, filepath.Join(t.TempDir(), "dist"), []string{host}, os.Environ())
	second := releaseInto(t, filepath.Join(t.TempDir(), "elsewhere"), []string{host}, append(os.Environ(), "GOCACHE="+t.TempDir()))
	if len(first) != 4 {
		t.Errorf("%d files for one platform, want 4 (archive, wheel, sdist, checksums)", len(first))
	}
	for name, data := range first {
		if !bytes.Equal(second[name], data) {
			t.Errorf("%s differs between the two releases (%d and %d bytes)", name, len(data), len(second[name]))
		}
	}
	if len(second) != len(first) {
		t.Errorf("the second release wrote %d files, the first %d", len(second), len(first))
	}
}

// TestRefusals: what the release refuses, before building anything.
func TestRefusals(t *testing.T) {
	needTools(t)
	exists := t.TempDir()
	tests := []struct {
		args []string
		code int
		says string
		why  string
	}{
		{[]string{"-out", exists}, 1, "exists: remove it, or name another directory with -out", "an existing directory is not written into"},
		{[]string{"-out", filepath.Join(exists, "new"), "-targets", "plan9/arm"}, 1, `-targets: "plan9/arm" is not a platform of the release: expected some of linux/amd64, linux/arm64, darwin/amd64, darwin/arm64, windows/amd64`, "an unknown platform"},
		{[]string{"extra"}, 2, `unexpected argument "extra"`, "no arguments"},
		{[]string{"-bogus"}, 2, "flag provided but not defined: -bogus", "an unknown flag"},
	}
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(repo)
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(tt.args, &stdout, &stderr)
		if code != tt.code || !strings.Contains(stderr.String(), tt.says) || stdout.Len() > 0 {
			t.Errorf("%s: %q: exit %d, stdout %q, stderr %q; want exit %d saying %q", tt.why, tt.args, code, stdout.String(), stderr.String(), tt.code, tt.says)
		}
	}
	if entries, _ := os.ReadDir(exists); len(entries) > 0 {
		t.Errorf("the existing directory was written into")
	}
	if _, err := os.Stat(filepath.Join(exists, "new")); err == nil {
		t.Errorf("the refused release wrote its directory")
	}
}

// archived is a member of an archive.
type archived struct {
	data    []byte
	mode    os.FileMode
	modTime int64
}

// readArchive reads a tar.gz, zip or wheel file's members by name (a directory's ends in /).
func readArchive(t *testing.T, data []byte, suffix string) map[string]archived {
	t.Helper()
	out := map[string]archived{}
	if suffix == ".tar.gz" {
		gz, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		tr := tar.NewReader(gz)
		for {
			h, err := tr.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			b, err := io.ReadAll(tr)
			if err != nil {
				t.Fatal(err)
			}
			out[h.Name] = archived{b, h.FileInfo().Mode().Perm(), h.ModTime.Unix()}
		}
		return out
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range zr.File {
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		out[f.Name] = archived{b, f.Mode().Perm(), f.Modified.Unix()}
	}
	return out
}

// checkHeader checks the command's format and architecture from its header: a static ELF
// (no interpreter, no shared library), a Mach-O whose minimum macOS the wheel's tag allows, a
// PE console program.
func checkHeader(t *testing.T, p platform, command []byte) {
	t.Helper()
	r := bytes.NewReader(command)
	switch p.format {
	case "ELF":
		f, err := elf.NewFile(r)
		if err != nil {
			t.Fatalf("%s: not an ELF file: %v", p.target, err)
		}
		if f.Machine.String() != p.machine || f.Class != elf.ELFCLASS64 {
			t.Errorf("%s: ELF for %v (%v), want %s, 64-bit", p.target, f.Machine, f.Class, p.machine)
		}
		for _, prog := range f.Progs {
			if prog.Type == elf.PT_INTERP || prog.Type == elf.PT_DYNAMIC {
				t.Errorf("%s: the ELF has a %v program header: it is not static", p.target, prog.Type)
			}
		}
		if libs, _ := f.ImportedLibraries(); len(libs) > 0 {
			t.Errorf("%s: the ELF needs %q", p.target, libs)
		}
	case "Mach-O":
		f, err := macho.NewFile(r)
		if err != nil {
			t.Fatalf("%s: not a Mach-O file: %v", p.target, err)
		}
		if f.Cpu.String() != p.machine || f.Type != macho.TypeExec {
			t.Errorf("%s: Mach-O for %v (%v), want %s, an executable", p.target, f.Cpu, f.Type, p.machine)
		}
		if got := macOSMinimum(f); got == "" || !versionAtMost(got, p.minMacOS) {
			t.Errorf("%s: the command needs macOS %q; the wheel's tag says %s", p.target, got, p.minMacOS)
		}
	case "PE":
		f, err := pe.NewFile(r)
		if err != nil {
			t.Fatalf("%s: not a PE file: %v", p.target, err)
		}
		opt, ok := f.OptionalHeader.(*pe.OptionalHeader64)
		if f.Machine != pe.IMAGE_FILE_MACHINE_AMD64 || !ok || opt.Subsystem != pe.IMAGE_SUBSYSTEM_WINDOWS_CUI {
			t.Errorf("%s: PE for machine %#x (64-bit: %v), want AMD64, a console program", p.target, f.Machine, ok)
		}
	}
}

// macOSMinimum returns the minimum macOS of a Mach-O file (LC_BUILD_VERSION's minos), or "".
func macOSMinimum(f *macho.File) string {
	const lcBuildVersion = 0x32
	for _, l := range f.Loads {
		raw := l.Raw()
		if len(raw) >= 16 && f.ByteOrder.Uint32(raw) == lcBuildVersion {
			minos := binary.LittleEndian.Uint32(raw[12:])
			if f.ByteOrder == binary.BigEndian {
				minos = binary.BigEndian.Uint32(raw[12:])
			}
			return fmt.Sprintf("%d.%d", minos>>16, (minos>>8)&0xff)
		}
	}
	return ""
}

// versionAtMost says whether the version a (MAJOR.MINOR) is at most b.
func versionAtMost(a, b string) bool {
	var am, an, bm, bn int
	fmt.Sscanf(a, "%d.%d", &am, &an)
	fmt.Sscanf(b, "%d.%d", &bm, &bn)
	return am < bm || (am == bm && an <= bn)
}

// checkRecord checks a wheel's RECORD: every other member listed once with its SHA-256 and size.
func checkRecord(t *testing.T, name string, wheel map[string]archived, record string) {
	t.Helper()
	listed := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(wheel[record].data)), "\n") {
		fields := strings.Split(line, ",")
		if len(fields) != 3 {
			t.Errorf("%s: RECORD line %q", name, line)
			continue
		}
		listed[fields[0]] = true
		if fields[0] == record {
			continue
		}
		m, ok := wheel[fields[0]]
		sum := sha256.Sum256(m.data)
		if want := fmt.Sprintf("sha256=%s", base64.RawURLEncoding.EncodeToString(sum[:])); !ok || fields[1] != want || fields[2] != fmt.Sprint(len(m.data)) {
			t.Errorf("%s: RECORD says %q; the member is %s,%d", name, line, want, len(m.data))
		}
	}
	for member := range wheel {
		if !listed[member] {
			t.Errorf("%s: %s is not in RECORD", name, member)
		}
	}
}

// writeCommand writes an executable command and returns its path.
func writeCommand(t *testing.T, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "maxmatch")
	if err := os.WriteFile(path, data, 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// output runs a program and returns its stdout.
func output(t *testing.T, name string, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %q: %v\n%s", name, args, err, stderr.String())
	}
	return stdout.String()
}
