// Package testinputs lets a test that builds or runs what the repository's files make (the
// command with go build, the Python package with pip) declare those files as its inputs: go
// test caches a package's result until a file the test looked at changes, and such a test's
// binary holds none of them.
package testinputs

import (
	"os"
	"path/filepath"
	"sync"
)

// Repository looks at the sources under root (the repository: Go, Python, the module files,
// README, the command's embedded data), once per process; call it from each such test.
func Repository(root string) {
	once.Do(func() {
		filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if d.IsDir() && (d.Name() == ".git" || d.Name() == "__pycache__" || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			switch filepath.Ext(path) {
			case ".go", ".py", ".toml", ".mod", ".sum", ".md", ".m2", ".txt", ".css", ".js", "":
				os.Stat(path)
			}
			return nil
		})
	})
}

var once sync.Once
