package main

import (
	"bytes"
	"debug/buildinfo"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// module is a Go module compiled into a command, as its build information lists it (what
// go version -m prints as its dep lines).
type module struct{ path, version string }

func compareModules(a, b module) int {
	if c := strings.Compare(a.path, b.path); c != 0 {
		return c
	}
	return strings.Compare(a.version, b.version)
}

// embedded returns the Go release that built the command bin and the modules compiled into it
// (the main module aside), in the order of their paths, from its build information.
func embedded(bin string) (string, []module, error) {
	bi, err := buildinfo.ReadFile(bin)
	if err != nil {
		return "", nil, fmt.Errorf("%s: %v", bin, err)
	}
	var mods []module
	for _, d := range bi.Deps {
		if d.Replace != nil {
			d = d.Replace
		}
		mods = append(mods, module{d.Path, d.Version})
	}
	slices.SortFunc(mods, compareModules)
	return bi.GoVersion, mods, nil
}

// licenceName is a file of a module's root that states its licence or what its licence
// requires to be passed on: LICENSE, LICENCE, COPYING, NOTICE, PATENTS, with any suffix (Go
// sources aside: license.go is code).
var licenceName = regexp.MustCompile(`(?i)^(licen[cs]e|copying|notice|patents)([._-].*)?$`)

// licenceDirName is a directory of a module's root that holds the licences of code the module
// took from others (gonum's THIRD_PARTY_LICENSES), all of whose files are licences.
var licenceDirName = regexp.MustCompile(`(?i)licen[cs]es$`)

// licenceFiles returns the licence files of the module whose root is dir, relative to it, in
// the order of their names: a module without one is an error, for it cannot be redistributed.
func licenceFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []string
	for _, e := range entries {
		switch {
		case e.Type().IsRegular() && licenceName.MatchString(e.Name()) && !strings.HasSuffix(e.Name(), ".go"):
			files = append(files, e.Name())
		case e.IsDir() && licenceDirName.MatchString(e.Name()):
			inner, err := os.ReadDir(filepath.Join(dir, e.Name()))
			if err != nil {
				return nil, err
			}
			for _, f := range inner {
				if f.Type().IsRegular() {
					files = append(files, e.Name()+"/"+f.Name())
				}
			}
		}
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s has no licence file (LICENSE, COPYING, NOTICE…): its code cannot be redistributed without one", dir)
	}
	return files, nil
}

// goCommand runs the go command with env in the repository and returns its standard output.
func goCommand(c config, env []string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir, cmd.Env = c.repo, append(slices.Clone(env), "GOWORK=off", "GOFLAGS=-mod=mod")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return out, nil
}

// moduleDirs returns each module's directory in the module cache (go mod download, which
// fetches a module the cache does not hold), by module.
func moduleDirs(c config, env []string, mods []module) (map[module]string, error) {
	dirs := map[module]string{}
	if len(mods) == 0 {
		return dirs, nil
	}
	args := []string{"mod", "download", "-json"}
	for _, m := range mods {
		args = append(args, m.path+"@"+m.version)
	}
	out, err := goCommand(c, env, args...)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var d struct{ Path, Version, Dir, Error string }
		if err := dec.Decode(&d); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go mod download -json: %v", err)
		}
		if d.Error != "" || d.Dir == "" {
			return nil, fmt.Errorf("go mod download %s@%s: no directory in the module cache: %s", d.Path, d.Version, d.Error)
		}
		dirs[module{d.Path, d.Version}] = d.Dir
	}
	for _, m := range mods {
		if dirs[m] == "" {
			return nil, fmt.Errorf("go mod download did not give %s@%s's directory", m.path, m.version)
		}
	}
	return dirs, nil
}

// noticesOf returns the third-party notices of what (a command, or the commands of a source
// distribution) built by the Go release goVersion from the modules mods: Go's licence (its
// runtime and standard library are in every command) and each module's path, version and
// licence files, whole, from the module cache.
func noticesOf(c config, env []string, what, goVersion string, mods []module) ([]byte, error) {
	out, err := goCommand(c, env, "env", "GOROOT", "GOVERSION")
	if err != nil {
		return nil, err
	}
	goroot, local, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	if local != goVersion {
		return nil, fmt.Errorf("the command was built by %s, and the go command here is %s: its licence is not the one at hand", goVersion, local)
	}
	dirs, err := moduleDirs(c, env, mods)
	if err != nil {
		return nil, err
	}
	rule := strings.Repeat("=", 78) + "\n"
	var b strings.Builder
	fmt.Fprintf(&b, "Third-party notices of %s.\n\nIt is built with Go and from the Go modules below; each is given with its version and\nthe full text of its licence files. maxmatch itself is under the Apache License 2.0 (LICENSE).\n\n", what)
	sections := append([]module{{"Go (runtime and standard library)", goVersion}}, mods...)
	for i, m := range sections {
		dir := goroot
		if i > 0 {
			dir = dirs[m]
		}
		files, err := licenceFiles(dir)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %v", m.path, m.version, err)
		}
		fmt.Fprintf(&b, "%s%s %s\n%s", rule, m.path, m.version, rule)
		for _, f := range files {
			text, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f)))
			if err != nil {
				return nil, err
			}
			fmt.Fprintf(&b, "\n--- %s ---\n\n%s", f, text)
			if !bytes.HasSuffix(text, []byte("\n")) {
				b.WriteString("\n")
			}
		}
		b.WriteString("\n")
	}
	return []byte(b.String()), nil
}
