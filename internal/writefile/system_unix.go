//go:build unix

package writefile

import (
	"os"
	"syscall"
	"time"
)

// descriptorsByPath: /dev/stdout, /dev/fd/N and /proc/self/fd/N name this process's
// descriptors.
const descriptorsByPath = true

// pathSeparators are the characters that end a directory in a path.
const pathSeparators = "/"

// dupDescriptor returns a new descriptor of what fd refers to, sharing its position and mode
// (O_APPEND), for one write: closing it leaves fd open.
func dupDescriptor(fd int) (*os.File, error) {
	d, err := syscall.Dup(fd)
	if err != nil {
		return nil, err
	}
	syscall.CloseOnExec(d)
	return os.NewFile(uintptr(d), ""), nil
}

// canWrite asks the system whether this process may write path (access(2), W_OK).
func canWrite(path string) error {
	const writeOK = 2 // W_OK
	if err := syscall.Access(path, writeOK); err != nil {
		return err
	}
	return nil
}

// interruptions are the signals that end the command after its temporary files are removed:
// ^C, kill's default, and a terminal closed.
var interruptions = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}

// raise ends the process by sig, as if it had not been caught (a shell shows status 128+N), its
// default action restored first.
func raise(sig os.Signal) {
	s, ok := sig.(syscall.Signal)
	if ok {
		resetSignal(sig)
		syscall.Kill(syscall.Getpid(), s)
		time.Sleep(time.Second) // the signal is delivered to some thread meanwhile
	}
	os.Exit(128 + int(s))
}
