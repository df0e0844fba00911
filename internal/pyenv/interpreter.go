package pyenv

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
)

// interpreters are the programs the Pythons named run as, found once per process.
var interpreters struct {
	sync.Mutex
	byName map[string]string
}

// Interpreter returns the program that python (a name on PATH, or a path) runs as, its
// sys.executable, or "" when it cannot be run. The tests call it rather than a name on PATH:
// python3 there is often a version manager's shim (pyenv's is a shell script that runs pyenv,
// which costs half a second of CPU a call, six times Python's own start), and they run Python
// dozens of times.
func Interpreter(python string) string {
	interpreters.Lock()
	defer interpreters.Unlock()
	if path, ok := interpreters.byName[python]; ok {
		return path
	}
	path := ""
	if out, err := exec.Command(python, "-c", "import sys; print(sys.executable)").Output(); err == nil {
		path = strings.TrimSpace(string(out))
	}
	if interpreters.byName == nil {
		interpreters.byName = map[string]string{}
	}
	interpreters.byName[python] = path
	return path
}

// LinkInterpreter links dir/python3 to the program python runs as (Interpreter), so that a PATH
// with dir first runs it, as a version manager's shim would, without the shim's cost. It returns
// "" and links nothing when python cannot be run.
func LinkInterpreter(python, dir string) (string, error) {
	path := Interpreter(python)
	if path == "" {
		return "", nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	return path, os.Symlink(path, filepath.Join(dir, "python3"))
}
