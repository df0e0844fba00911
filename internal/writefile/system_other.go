//go:build !unix

package writefile

import (
	"errors"
	"os"
)

// descriptorsByPath: no path names a descriptor here.
const descriptorsByPath = false

// pathSeparators are the characters that end a directory in a path.
const pathSeparators = `\/`

func dupDescriptor(int) (*os.File, error) {
	return nil, errors.New("descriptors cannot be written by path on this system")
}

// canWrite: a read-only file shows in its mode, which writable checks.
func canWrite(string) error { return nil }

// interruptions are the signals that end the command after its temporary files are removed.
var interruptions = []os.Signal{os.Interrupt}

// raise ends the process with the status a shell gives a process ended by ^C.
func raise(os.Signal) { os.Exit(130) }
