package proc

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// ExtractOfficial writes the official scorer's scripts (m2scorer.py and the two modules it
// imports) at rev of mirror, a git directory of nusnlp/m2scorer, into dir, outside this
// repository: nothing of its code enters this one. It returns m2scorer.py's path.
func ExtractOfficial(mirror, rev, dir string) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	for _, name := range []string{"m2scorer.py", "levenshtein.py", "util.py"} {
		src, err := exec.Command("git", "--git-dir", mirror, "show", rev+":scripts/"+name).Output()
		if err != nil {
			return "", fmt.Errorf("extracting %s at %s from %s: %v", name, rev, mirror, err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
			return "", err
		}
	}
	return filepath.Join(dir, "m2scorer.py"), nil
}
